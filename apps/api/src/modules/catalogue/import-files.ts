import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import yauzl from 'yauzl';

/**
 * An import file read row by row (decision 092), never whole in memory:
 * - CSV (UTF-8, with or without BOM; `;`, `,` or tab between fields, told by the header line) is parsed as it
 *   streams in, one record at a time (a record of more than 64 kB is refused);
 * - .xlsx is written to a temporary file while it streams in (the upload's byte limit counts it), its zip
 *   directory is checked (at most XLSX_MAX_UNZIPPED bytes once unpacked: no zip bomb), then its first sheet
 *   is read row by row by exceljs's streaming reader, which keeps only the shared strings table in memory
 *   (bounded by the same check). A formula cell gives its cached value, never a computed one; without a
 *   cached value, its formula as text.
 * Every row comes with its line in the file (the header is line 1 of a CSV; a sheet's row number).
 */
export type ImportKind = 'csv' | 'xlsx';

export class FileTooLarge extends Error {}
export class UnreadableFile extends Error {}

/** The most an .xlsx may unpack to (all its parts). */
export const XLSX_MAX_UNZIPPED = 100 * 1024 * 1024;
const CSV_MAX_RECORD = 64 * 1024;

export interface FileRow {
  line: number;
  cells: string[];
}

/** A stream cut at `maxBytes` (FileTooLarge). */
export function capped(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new FileTooLarge());
      else done(null, chunk);
    },
  });
}

/** The kind of a file by its name (the content decides too: a non-zip .xlsx or a binary .csv is unreadable). */
export function importKindOf(fileName: string): ImportKind | null {
  const lower = fileName.toLowerCase();
  return lower.endsWith('.csv') || lower.endsWith('.txt') ? 'csv' : lower.endsWith('.xlsx') ? 'xlsx' : null;
}

/** The rows of a file, header first. */
export async function* readImportFile(
  input: Readable,
  kind: ImportKind,
  maxBytes: number,
): AsyncGenerator<FileRow> {
  const limited = input.pipe(capped(maxBytes));
  input.on('error', (err) => limited.destroy(err));
  // once cut, the rest of the upload is read and dropped (the request ends)
  limited.on('error', () => input.resume());
  if (kind === 'csv') yield* csvRows(limited);
  else yield* xlsxRows(limited);
}

/** The field separator a header line uses. */
function delimiterOf(firstLine: string): string {
  const count = (c: string) => firstLine.split(c).length - 1;
  const [best] = [';', '\t', ','].sort((a, b) => count(b) - count(a));
  return best ?? ',';
}

async function* csvRows(input: Readable): AsyncGenerator<FileRow> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  if (first.done) return;
  const head = first.value
    .subarray(0, 8192)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (head.includes('\u0000')) throw new UnreadableFile();
  const delimiter = delimiterOf(head.split(/\r?\n/)[0] ?? '');
  async function* all() {
    yield first.value as Buffer;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const parser = parse({
    bom: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: CSV_MAX_RECORD,
    info: true,
  });
  // an error of the upload (too large) destroys the parser with it: the loop below throws it
  pipeline(Readable.from(all()), parser).catch(() => {});
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>)
      yield { line: item.info.lines, cells: item.record };
  } catch (err) {
    if (err instanceof FileTooLarge) throw err;
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof FileTooLarge) throw cause;
    throw new UnreadableFile((err as Error).message);
  }
}

/** The sum of an .xlsx's parts once unpacked, as its zip directory declares them (null: not a zip). */
function unzippedSize(path: string): Promise<number | null> {
  return new Promise((resolve) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return resolve(null);
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        zip.readEntry();
      });
      zip.on('end', () => resolve(total));
      zip.on('error', () => resolve(null));
      zip.readEntry();
    });
  });
}

/** A cell as text: a formula's cached result, rich text joined, a date as AAAA-MM-GG. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    if (result !== undefined && result !== null && typeof result !== 'object') return String(result);
    if (result instanceof Date) return result.toISOString().slice(0, 10);
    return `=${'formula' in value ? value.formula : value.sharedFormula}`;
  }
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}

async function* xlsxRows(input: Readable): AsyncGenerator<FileRow> {
  const dir = await mkdtemp(join(tmpdir(), 'spesa-import-'));
  const path = join(dir, 'upload.xlsx');
  try {
    await pipeline(input, createWriteStream(path, { mode: 0o600 }));
    const size = await unzippedSize(path);
    if (size === null) throw new UnreadableFile('not a zip');
    if (size > XLSX_MAX_UNZIPPED) throw new FileTooLarge();
    // loaded on the first .xlsx (about half a second): a process that never imports a spreadsheet never pays it
    const { default: excel } = await import('exceljs');
    const reader = new excel.stream.xlsx.WorkbookReader(createReadStream(path), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    });
    try {
      for await (const sheet of reader) {
        for await (const row of sheet) {
          const values = Array.isArray(row.values) ? row.values : [];
          const cells: string[] = [];
          for (let i = 1; i < values.length; i++) cells.push(cellText(values[i] as ExcelJS.CellValue));
          yield { line: row.number, cells };
        }
        break; // the first sheet only
      }
    } catch (err) {
      if (err instanceof FileTooLarge) throw err;
      throw new UnreadableFile((err as Error).message);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
