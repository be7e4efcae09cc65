import {
  columnKey,
  columnOf,
  MASTER_COLUMNS,
  readMasterRow,
  REQUIRED_COLUMNS,
  type RowIssue,
} from '@spesa/shared/catalogue/product-master';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  type AdminImport,
  type AdminImportRefusal,
} from '@spesa/shared/contracts/admin-assortment';
import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';
import type { JobQueue } from '../../lib/jobs';
import { fail, failWith, ok, type Result } from '../../lib/result';
import { romeNow } from '../../lib/rome-time';
import { ASSORTMENT_TEXT, headerText } from './assortment.messages';
import type { AssortmentAdmin, UpsertOutcome } from './catalogue-assortment';
import { FileTooLarge, importKindOf, readImportFile, UnreadableFile, type FileRow } from './import-files';

/**
 * The assortment import (decision 092). `stage` reads the uploaded file as it streams in and keeps its rows
 * (column -> text) in catalogue_import_rows, 500 at a time; the file itself is not kept. A run (`start`),
 * dry or real, is background work on the job queue: each job runs chunks of CHUNK rows, one transaction
 * each, for at most RUN_BUDGET_MS, then hands over to a new job; each chunk moves the import's cursor and
 * counts in its transaction, so a restart resumes after the last finished chunk and never applies a row
 * twice. A real run writes the rows that pass (upsert by code) and moves the catalogue version once per
 * chunk that changed something; a dry run does the same inside a savepoint it rolls back.
 */
export const IMPORT_JOB = 'catalogue.import';
const STAGE_BATCH = 500;
const CHUNK = 200;
const RUN_BUDGET_MS = 10_000;

type Mode = 'dryRun' | 'apply';
interface Staff {
  userId: number;
  name: string;
}
/** The audit log of the back office, as the catalogue writes it. */
export interface CatalogueAuditPort {
  record(
    e: { staff: Staff; action: string; resource: string; id: number; before: unknown; after: unknown },
    tx: Db,
  ): Promise<void>;
}

const SUMMARY = sql`import_id AS id, file_name AS "fileName", file_kind AS "fileKind", columns,
  total_rows AS "totalRows", state, mode, done_rows AS "doneRows", counts,
  ${wireTimestamp('created_at', 'microseconds')} AS "createdAt"`;
const NO_COUNTS = { created: 0, updated: 0, unchanged: 0, refused: 0 };
const RUNNING = new Set(['checking', 'importing']);

const ROW_FAILED = 'Riga non importata per un errore imprevisto: riprova o correggi la riga.';

/** Thrown to roll a dry run's savepoint back. */
class DryRun extends Error {}

/** What the header row says: its column per position, or why the file is refused. */
export function headerOf(cells: string[]): { columns: Array<string | null> } | { refused: string } {
  const keys = cells.map(columnKey);
  const known = Object.keys(MASTER_COLUMNS);
  const unknown = keys.filter((k) => k !== '' && !known.includes(k));
  if (unknown.length > 0) return { refused: headerText.unknown(unknown, known) };
  const missing = REQUIRED_COLUMNS.filter((c) => !keys.includes(c));
  if (missing.length > 0) return { refused: headerText.missing(missing) };
  const repeated = keys.find((k, i) => k !== '' && keys.indexOf(k) !== i);
  if (repeated) return { refused: headerText.repeated(repeated) };
  return { columns: keys.map((k) => (k === '' ? null : k)) };
}

export class CatalogueImports {
  constructor(
    private readonly db: Db,
    private readonly assortment: AssortmentAdmin,
    private readonly jobs: JobQueue,
    private readonly audit: CatalogueAuditPort,
    private readonly now: () => Date,
    private readonly onRowError: (err: unknown, line: number) => void = () => {},
  ) {}

  /** Reads an uploaded file into a new import (nothing kept when it is refused). */
  async stage(staff: Staff, fileName: string, file: Readable): Promise<Result<{ data: AdminImport }>> {
    const kind = importKindOf(fileName);
    if (!kind) {
      file.resume();
      return failWith(ASSORTMENT_TEXT.fileKind);
    }
    const [created] = await queryRows<{ id: number }>(
      this.db,
      sql`INSERT INTO catalogue_imports (file_name, file_kind, columns, total_rows, state, staff_user_id)
          VALUES (${fileName.slice(0, 200)}, ${kind}, '{}', 0, 'staged', ${staff.userId})
          RETURNING import_id AS id`,
    );
    if (!created) throw new Error('import row not created');
    const id = created.id;
    const forget = () => this.db.execute(sql`DELETE FROM catalogue_imports WHERE import_id = ${id}`);
    const staged = await this.stageRows(id, readImportFile(file, kind, IMPORT_MAX_BYTES)).catch(
      async (err: unknown) => {
        if (err instanceof FileTooLarge) return failWith(ASSORTMENT_TEXT.fileTooLarge);
        if (err instanceof UnreadableFile) return failWith(ASSORTMENT_TEXT.fileUnreadable);
        // an upload cut short (the connection dropped) keeps nothing either
        await forget();
        throw err;
      },
    );
    if (!staged.ok) {
      await forget();
      return staged;
    }
    return this.status(id);
  }

  private async stageRows(id: number, rows: AsyncGenerator<FileRow>): Promise<Result<number>> {
    let columns: Array<string | null> | null = null;
    let batch: Array<{ line: number; code: string; cells: Record<string, string> }> = [];
    let total = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await this.db.execute(
        sql`INSERT INTO catalogue_import_rows (import_id, line, code, cells)
            SELECT ${id}::int, r.line, r.code, r.cells
            FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(line int, code text, cells jsonb)`,
      );
      batch = [];
    };
    for await (const row of rows) {
      if (!columns) {
        const header = headerOf(row.cells);
        if ('refused' in header) return fail('msg.admin.importColumns', header.refused);
        columns = header.columns;
        continue;
      }
      if (row.cells.every((c) => c.trim() === '')) continue;
      if (++total > IMPORT_MAX_ROWS) return failWith(ASSORTMENT_TEXT.fileTooLarge);
      const cells: Record<string, string> = {};
      columns.forEach((c, i) => {
        if (c) cells[c] = (row.cells[i] ?? '').slice(0, 10_000);
      });
      batch.push({ line: row.line, code: (cells.codice ?? '').trim(), cells });
      if (batch.length >= STAGE_BATCH) await flush();
    }
    await flush();
    if (!columns || total === 0) return failWith(ASSORTMENT_TEXT.fileEmpty);
    await this.db.execute(
      sql`UPDATE catalogue_imports SET total_rows = ${total},
            columns = string_to_array(${columns.filter((c) => c !== null).join(',')}, ',')::text[]
          WHERE import_id = ${id}`,
    );
    return ok(total);
  }

  async status(id: number, db: Db = this.db): Promise<Result<{ data: AdminImport }>> {
    const [row] = await queryRows<AdminImport>(
      db,
      sql`SELECT ${SUMMARY} FROM catalogue_imports WHERE import_id = ${id}`,
    );
    return row
      ? ok({ data: { ...row, counts: { ...NO_COUNTS, ...row.counts } } })
      : failWith(ASSORTMENT_TEXT.importNotFound, 'notFound');
  }

  /** The first rows with what each would be refused for (duplicates among them included). */
  async preview(id: number) {
    const found = await this.status(id);
    if (!found.ok) return found;
    const staged = await queryRows<{ line: number; code: string; cells: Record<string, string> }>(
      this.db,
      sql`SELECT line, code, cells FROM catalogue_import_rows WHERE import_id = ${id}
          ORDER BY line LIMIT ${IMPORT_PREVIEW_ROWS}`,
    );
    const categories = await this.assortment.categoryIndex(this.db);
    const firstLines = await this.firstLines(
      id,
      staged.map((r) => r.code),
      this.db,
    );
    const rows = staged.map((r) => ({
      line: r.line,
      cells: r.cells,
      issues: this.rowIssues(r, categories, firstLines),
    }));
    return ok({ data: { columns: found.data.data.columns, rows } });
  }

  /** Starts a dry run or the import: the progress restarts from the first row. */
  async start(staff: Staff, id: number, mode: Mode): Promise<Result<{ data: AdminImport }>> {
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<{ state: string; fileName: string; totalRows: number }>(
        tx,
        sql`SELECT state, file_name AS "fileName", total_rows AS "totalRows"
            FROM catalogue_imports WHERE import_id = ${id} FOR UPDATE`,
      );
      if (!row) return failWith(ASSORTMENT_TEXT.importNotFound, 'notFound');
      if (RUNNING.has(row.state)) return failWith(ASSORTMENT_TEXT.importBusy);
      await tx.execute(
        sql`UPDATE catalogue_imports SET state = ${mode === 'apply' ? 'importing' : 'checking'}, mode = ${mode},
              done_rows = 0, cursor_line = 0, counts = '{}'::jsonb, finished_at = NULL
            WHERE import_id = ${id}`,
      );
      await tx.execute(
        sql`UPDATE catalogue_import_rows SET outcome = NULL, issues = NULL WHERE import_id = ${id}`,
      );
      await this.audit.record(
        {
          staff,
          action: mode === 'apply' ? 'import' : 'import-check',
          resource: 'catalogue-imports',
          id,
          before: null,
          after: { fileName: row.fileName, rows: row.totalRows },
        },
        tx,
      );
      await this.jobs.enqueue(IMPORT_JOB, { importId: id }, { db: tx });
      return this.status(id, tx);
    });
  }

  /** The job: chunks of the run until it ends or its time is up (then a new job goes on). */
  async runJob(payload: unknown): Promise<void> {
    const importId = (payload as { importId?: unknown }).importId;
    if (typeof importId !== 'number') return;
    const until = Date.now() + RUN_BUDGET_MS;
    while (Date.now() < until) if (!(await this.runChunk(importId))) return;
    await this.jobs.enqueue(IMPORT_JOB, { importId });
  }

  /** One chunk of the run in one transaction; false when the run is over. */
  async runChunk(importId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [run] = await queryRows<{ state: string; mode: Mode; cursor: number; by: number }>(
        tx,
        sql`SELECT state, mode, cursor_line AS cursor, staff_user_id AS by
            FROM catalogue_imports WHERE import_id = ${importId} FOR UPDATE`,
      );
      if (!run || !RUNNING.has(run.state)) return false;
      const rows = await queryRows<{ line: number; code: string; cells: Record<string, string> }>(
        tx,
        sql`SELECT line, code, cells FROM catalogue_import_rows
            WHERE import_id = ${importId} AND line > ${run.cursor} ORDER BY line LIMIT ${CHUNK}`,
      );
      if (rows.length === 0) {
        await tx.execute(
          sql`UPDATE catalogue_imports SET state = ${run.mode === 'apply' ? 'imported' : 'checked'},
                finished_at = now() WHERE import_id = ${importId}`,
        );
        return false;
      }
      const outcomes = await this.applyRows(rows, importId, run, tx);
      const counts = { ...NO_COUNTS };
      for (const o of outcomes) counts[o.kind] += 1;
      await tx.execute(
        sql`UPDATE catalogue_import_rows r SET outcome = o.kind, issues = o.issues
            FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) AS o(line int, kind text, issues jsonb)
            WHERE r.import_id = ${importId} AND r.line = o.line`,
      );
      await tx.execute(
        sql`UPDATE catalogue_imports SET done_rows = done_rows + ${rows.length},
              cursor_line = ${rows.at(-1)?.line ?? run.cursor},
              counts = jsonb_build_object(
                'created', COALESCE((counts->>'created')::int, 0) + ${counts.created},
                'updated', COALESCE((counts->>'updated')::int, 0) + ${counts.updated},
                'unchanged', COALESCE((counts->>'unchanged')::int, 0) + ${counts.unchanged},
                'refused', COALESCE((counts->>'refused')::int, 0) + ${counts.refused})
            WHERE import_id = ${importId}`,
      );
      if (run.mode === 'apply' && counts.created + counts.updated > 0) await this.assortment.touched(tx);
      return true;
    });
  }

  /**
   * Each row's outcome: refused with its reasons, or what writing it did (a dry run rolls it back). The rows
   * are checked up front and the ones that pass written together (`upsertMany`); should the database refuse
   * that write, the chunk is written again row by row, each in its own savepoint, so that a row the database
   * refuses refuses only itself.
   */
  private async applyRows(
    rows: Array<{ line: number; code: string; cells: Record<string, string> }>,
    importId: number,
    run: { mode: Mode; by: number },
    tx: Db,
  ): Promise<Array<{ line: number; kind: UpsertOutcome['kind']; issues: RowIssue[] | null }>> {
    const categories = await this.assortment.categoryIndex(tx);
    const firstLines = await this.firstLines(
      importId,
      rows.map((r) => r.code),
      tx,
    );
    const opts = { createOnly: false, day: romeNow(this.now()).date, by: run.by };
    const checked = rows.map((r) => {
      const issues = this.rowIssues(r, categories, firstLines);
      const read =
        issues.length === 0 ? readMasterRow(r.cells, (t) => categories.get(t.toLowerCase()) ?? null) : null;
      return { line: r.line, issues, product: read?.ok ? read.product : null };
    });
    const passing = checked.flatMap((c) => (c.product ? [c.product] : []));
    const passingLines = checked.flatMap((c) => (c.product ? [c.line] : []));
    const oneByOne = async (sp: Db) => {
      const done: UpsertOutcome[] = [];
      for (const [i, p] of passing.entries())
        done.push(
          await sp
            .transaction((row) => this.assortment.upsert(p, opts, row))
            .catch((err: unknown): UpsertOutcome => {
              this.onRowError(err, passingLines[i] ?? 0);
              return { kind: 'refused', field: 'code', message: ROW_FAILED };
            }),
        );
      return done;
    };
    let written: UpsertOutcome[] = [];
    await tx
      .transaction(async (sp) => {
        written = await sp
          .transaction((all) => this.assortment.upsertMany(passing, opts, all))
          .catch(() => oneByOne(sp));
        if (run.mode === 'dryRun') throw new DryRun();
      })
      .catch((err: unknown) => {
        if (!(err instanceof DryRun)) throw err;
      });
    let next = 0;
    return checked.map((c) => {
      if (!c.product) return { line: c.line, kind: 'refused', issues: c.issues };
      const done = written[next++] as UpsertOutcome;
      return done.kind === 'refused'
        ? { line: c.line, kind: 'refused', issues: [{ column: columnOf(done.field), message: done.message }] }
        : { line: c.line, kind: done.kind, issues: null };
    });
  }

  /** The first line of each of these codes in the file (a later line with the same code is a duplicate). */
  private async firstLines(importId: number, codes: string[], db: Db): Promise<Map<string, number>> {
    const unique = [...new Set(codes.filter((c) => c !== ''))];
    if (unique.length === 0) return new Map();
    const rows = await queryRows<{ code: string; line: number }>(
      db,
      sql`SELECT code, min(line)::int AS line FROM catalogue_import_rows
          WHERE import_id = ${importId}
            AND code = ANY(string_to_array(${unique.join('\u001f')}, ${'\u001f'}))
          GROUP BY code`,
    );
    return new Map(rows.map((r) => [r.code, r.line]));
  }

  private rowIssues(
    r: { line: number; code: string; cells: Record<string, string> },
    categories: Map<string, number>,
    firstLines: Map<string, number>,
  ): RowIssue[] {
    const read = readMasterRow(r.cells, (t) => categories.get(t.toLowerCase()) ?? null);
    const issues = read.ok ? [] : [...read.issues];
    const first = firstLines.get(r.code);
    if (first !== undefined && first < r.line)
      issues.unshift({ column: 'codice', message: `Codice duplicato: è già alla riga ${first} del file.` });
    return issues;
  }

  /** The refused rows' reasons, one per refused cell, in line order. */
  async refusals(
    id: number,
    page: number,
    perPage: number,
  ): Promise<Result<{ data: AdminImportRefusal[]; total: number }>> {
    const found = await this.status(id);
    if (!found.ok) return found;
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM catalogue_import_rows r, jsonb_array_elements(r.issues) i
          WHERE r.import_id = ${id} AND r.outcome = 'refused'`,
    );
    const data = await this.refusalRows(id, perPage, (page - 1) * perPage);
    return ok({ data, total: count?.n ?? 0 });
  }

  /** Refusals from `offset` (the CSV report reads them all, page by page). */
  async refusalRows(id: number, limit: number, offset: number): Promise<AdminImportRefusal[]> {
    return queryRows<AdminImportRefusal>(
      this.db,
      sql`SELECT r.line, i->>'column' AS column, COALESCE(r.cells->>(i->>'column'), '') AS value,
            i->>'message' AS message
          FROM catalogue_import_rows r, jsonb_array_elements(r.issues) WITH ORDINALITY AS e(i, n)
          WHERE r.import_id = ${id} AND r.outcome = 'refused'
          ORDER BY r.line, e.n LIMIT ${limit} OFFSET ${offset}`,
    );
  }
}
