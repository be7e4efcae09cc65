import type { BatchResult } from '@spesa/shared/contracts/integration';
import { INTEGRATION_LIMITS } from '@spesa/shared/contracts/integration';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { sha256 } from './integration-clients';

/**
 * Batches idempotent by their batch id (decision 096). A batch runs in one transaction that first claims
 * (client, kind, batch id) in integration_batches: a second call with the same id waits for the first one's
 * commit on the unique index, then answers the stored result when its body is the same (its SHA-256), and
 * is refused otherwise. A batch with a bad row rolls back whole, the claim with it: the corrected batch may
 * be sent again under the same id.
 */
export interface RowRefusal {
  /** 1-based, the position in `rows` */
  row: number;
  /** the column (products: as a file names it) or field of the row */
  column: string;
  message: string;
}

export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  removed?: number;
  clamped?: number;
}

export type BatchApply = (
  tx: Db,
) => Promise<{ ok: true; counts: BatchCounts } | { ok: false; refusals: RowRefusal[] }>;

export type BatchOutcome =
  | { kind: 'applied'; result: BatchResult }
  | { kind: 'replayed'; result: BatchResult }
  | { kind: 'conflict' }
  | { kind: 'refused'; refusals: RowRefusal[]; total: number };

class Refused extends Error {
  constructor(readonly refusals: RowRefusal[]) {
    super('batch refused');
  }
}

/** The refusals shown, in row order, at most INTEGRATION_LIMITS.refusedRowsShown rows. */
export function capRefusals(refusals: RowRefusal[]): { shown: RowRefusal[]; rows: number } {
  const sorted = [...refusals].sort((a, b) => a.row - b.row);
  const rows = [...new Set(sorted.map((r) => r.row))];
  const kept = new Set(rows.slice(0, INTEGRATION_LIMITS.refusedRowsShown));
  return { shown: sorted.filter((r) => kept.has(r.row)), rows: rows.length };
}

export class IntegrationBatches {
  constructor(private readonly db: Db) {}

  async run(
    b: { clientId: number; kind: string; batchId: string; body: unknown; rows: number },
    apply: BatchApply,
  ): Promise<BatchOutcome> {
    const bodyHash = sha256(JSON.stringify(b.body));
    try {
      return await this.db.transaction(async (tx) => {
        const [claimed] = await queryRows<{ batchId: string }>(
          tx,
          sql`INSERT INTO integration_batches (client_id, kind, batch_id, body_hash, result)
              VALUES (${b.clientId}, ${b.kind}, ${b.batchId}, ${bodyHash}, '{}'::jsonb)
              ON CONFLICT (client_id, kind, batch_id) DO NOTHING RETURNING batch_id AS "batchId"`,
        );
        if (!claimed) return this.stored(b, bodyHash, tx);
        const done = await apply(tx);
        if (!done.ok) throw new Refused(done.refusals);
        const result: BatchResult = { batchId: b.batchId, replayed: false, rows: b.rows, ...done.counts };
        await tx.execute(
          sql`UPDATE integration_batches SET result = ${JSON.stringify(result)}::jsonb
              WHERE client_id = ${b.clientId} AND kind = ${b.kind} AND batch_id = ${b.batchId}`,
        );
        return { kind: 'applied' as const, result };
      });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      return {
        kind: 'refused',
        refusals: capRefusals(err.refusals).shown,
        total: capRefusals(err.refusals).rows,
      };
    }
  }

  private async stored(
    b: { clientId: number; kind: string; batchId: string },
    bodyHash: string,
    tx: Db,
  ): Promise<BatchOutcome> {
    const [row] = await queryRows<{ bodyHash: string; result: BatchResult }>(
      tx,
      sql`SELECT body_hash AS "bodyHash", result FROM integration_batches
          WHERE client_id = ${b.clientId} AND kind = ${b.kind} AND batch_id = ${b.batchId}`,
    );
    if (!row || row.bodyHash !== bodyHash) return { kind: 'conflict' };
    return { kind: 'replayed', result: { ...row.result, replayed: true } };
  }

  async deleteOld(): Promise<void> {
    await this.db.execute(sql`DELETE FROM integration_batches WHERE created_at < now() - interval '30 days'`);
  }
}
