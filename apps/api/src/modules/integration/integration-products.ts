import {
  columnOf,
  readMasterRow,
  type MasterField,
  type ProductMaster,
} from '@spesa/shared/catalogue/product-master';
import type { ProductRow, ProductsBatch } from '@spesa/shared/contracts/integration';
import type { Db } from '../../db/client';
import type { BatchApply, BatchCounts, RowRefusal } from './integration-batches';

/**
 * What the integration API needs of the catalogue's product master (decision 092; the catalogue module gives
 * it): the categories a row may name, the upsert by code on the caller's transaction, and the catalogue
 * version moved once when something changed.
 */
export interface ProductMasterPort {
  categoryIndex(db: Db): Promise<Map<string, number>>;
  upsert(
    p: ProductMaster,
    opts: { createOnly: boolean; day: string; by: number | null },
    tx: Db,
  ): Promise<
    | { kind: 'created' | 'updated' | 'unchanged'; productId: number }
    | { kind: 'refused'; field: MasterField; message: string }
  >;
  touched(tx: Db): Promise<number>;
}

/** A row's cells as a file's text: numbers as written, yes/no as "sì"/"no", null as empty. */
function cellsOf(row: ProductRow): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [column, value] of Object.entries(row)) {
    if (value === undefined || value === null) cells[column] = '';
    else if (typeof value === 'boolean') cells[column] = value ? 'sì' : 'no';
    else cells[column] = String(value);
  }
  return cells;
}

/**
 * A products batch read row by row exactly as an import file's rows (`readMasterRow`: the same columns and
 * reasons), duplicate codes refused as in a file; when every row reads, each is upserted by code on the
 * batch's transaction; a refusal of the write (an EAN of another code) is one more bad row.
 */
export function applyProducts(port: ProductMasterPort, batch: ProductsBatch, day: string): BatchApply {
  return async (tx) => {
    const categories = await port.categoryIndex(tx);
    const refusals: RowRefusal[] = [];
    const firstRow = new Map<string, number>();
    const masters: Array<{ row: number; product: ProductMaster }> = [];
    batch.rows.forEach((r, i) => {
      const row = i + 1;
      const read = readMasterRow(cellsOf(r), (t) => categories.get(t.toLowerCase()) ?? null);
      if (!read.ok) {
        for (const issue of read.issues) refusals.push({ row, column: issue.column, message: issue.message });
        return;
      }
      const first = firstRow.get(read.product.code);
      if (first !== undefined) {
        refusals.push({
          row,
          column: 'codice',
          message: `Codice duplicato: è già alla riga ${first} del batch.`,
        });
        return;
      }
      firstRow.set(read.product.code, row);
      masters.push({ row, product: read.product });
    });
    if (refusals.length > 0) return { ok: false, refusals };
    const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0 };
    for (const { row, product } of masters) {
      const done = await port.upsert(product, { createOnly: false, day, by: null }, tx);
      if (done.kind === 'refused')
        refusals.push({ row, column: columnOf(done.field), message: done.message });
      else counts[done.kind] += 1;
    }
    if (refusals.length > 0) return { ok: false, refusals };
    if (counts.created + counts.updated > 0) await port.touched(tx);
    return { ok: true, counts };
  };
}
