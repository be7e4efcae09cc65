import type { PricesBatch, StockBatch } from '@spesa/shared/contracts/integration';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { Failure, Result } from '../../lib/result';
import type { BatchApply, RowRefusal } from './integration-batches';

/**
 * Stock by store and list prices (decision 095's functions, the catalogue module's): what the integration API
 * needs of them. Both apply a batch whole or refuse it on the caller's transaction, in a few set-based
 * statements, and lock stock rows in the order a purchase does (no deadlock, never negative).
 */
export interface StoreStockPort {
  applyStockLevels(
    batch: {
      mode: 'full' | 'delta';
      warehouseId?: number;
      rows: ReadonlyArray<{ productId: number; warehouseId: number; quantity: number }>;
      owed?: (warehouseIds: readonly number[]) => Promise<ReadonlyArray<StockOwed>>;
    },
    tx: Db,
  ): Promise<Result<{ rows: number; removed: number; clamped: number }>>;
  applyPriceListPrices(
    batch: {
      priceListCode: string;
      rows: ReadonlyArray<{
        productId: number;
        priceCents: number;
        validFrom: string;
        validTo: string | null;
      }>;
    },
    tx: Db,
  ): Promise<Result<{ priceListId: number; rows: number }>>;
}

/** A quantity of a product the shop owes from a store's shelves. */
export interface StockOwed {
  warehouseId: number;
  productId: number;
  quantity: number;
}

/**
 * The orders module's port: per product, what the shop's orders at these stores took from their stock and
 * nobody has picked yet (decision 100: a full level is the store's count on hand, this is subtracted).
 */
export type OwedStockPort = (warehouseIds: readonly number[], tx: Db) => Promise<StockOwed[]>;

/** The catalogue's field names as the integrator's (a product is its code, a warehouse its store). */
const COLUMN: Record<string, string> = { productId: 'code', warehouseId: 'storeId' };

/** A refusal of decision 095's functions as a batch's bad row (row 0: the batch itself). */
function refusalOf(failure: Failure): RowRefusal {
  const m = /^rows\.(\d+)\.(\w+)$/.exec(failure.field ?? '');
  if (!m) return { row: 0, column: failure.field ?? 'rows', message: failure.message };
  const column = m[2] ?? '';
  return {
    row: Number(m[1]) + 1,
    column: COLUMN[column] ?? column,
    message: failure.message.replace(/^Riga \d+: /, ''),
  };
}

/** The products of these codes, by code (one statement for the batch). */
async function productIdsOf(codes: readonly string[], tx: Db): Promise<Map<string, number>> {
  const unique = [...new Set(codes)];
  const rows = await queryRows<{ id: number; code: string }>(
    tx,
    sql`SELECT p.product_id AS id, p.cod_int AS code
          FROM unnest(string_to_array(${unique.join('\u001f')}, ${'\u001f'})) AS c(code)
          JOIN products p ON p.cod_int = c.code`,
  );
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Every row whose code is unknown (all of them, the route shows the first fifty). */
function unknownCodes(rows: ReadonlyArray<{ code: string }>, ids: Map<string, number>): RowRefusal[] {
  return rows.flatMap((r, i) =>
    ids.has(r.code) ? [] : [{ row: i + 1, column: 'code', message: `prodotto sconosciuto: "${r.code}".` }],
  );
}

/** The stores among these warehouses (only a store holds goods, decision 095). */
async function storesAmong(ids: readonly number[], tx: Db): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT warehouse_id AS id FROM warehouses
        WHERE warehouse_type = 'store' AND warehouse_id = ANY(string_to_array(${[...new Set(ids)].join(',')}, ',')::int[])`,
  );
  return new Set(rows.map((r) => r.id));
}

export function applyStock(port: StoreStockPort, owedStock: OwedStockPort, batch: StockBatch): BatchApply {
  return async (tx) => {
    const ids = await productIdsOf(
      batch.rows.map((r) => r.code),
      tx,
    );
    const known = await storesAmong(
      [...batch.rows.map((r) => r.storeId), ...(batch.storeId ? [batch.storeId] : [])],
      tx,
    );
    // every bad row, in the batch's order (the catalogue's check stops at the first)
    const unknown = [
      ...unknownCodes(batch.rows, ids),
      ...batch.rows.flatMap((r, i) =>
        known.has(r.storeId)
          ? []
          : [
              {
                row: i + 1,
                column: 'storeId',
                message: `negozio ${r.storeId} sconosciuto o che non tiene merce.`,
              },
            ],
      ),
    ];
    if (unknown.length > 0) return { ok: false, refusals: unknown };
    const done = await port.applyStockLevels(
      {
        mode: batch.mode,
        ...(batch.storeId !== undefined ? { warehouseId: batch.storeId } : {}),
        owed: (warehouseIds) => owedStock(warehouseIds, tx),
        rows: batch.rows.map((r) => ({
          productId: ids.get(r.code) ?? 0,
          warehouseId: r.storeId,
          quantity: r.quantity,
        })),
      },
      tx,
    );
    if (!done.ok) return { ok: false, refusals: [refusalOf(done)] };
    const { rows, removed, clamped } = done.data;
    return { ok: true, counts: { created: 0, updated: rows, unchanged: 0, removed, clamped } };
  };
}

export function applyPrices(port: StoreStockPort, batch: PricesBatch): BatchApply {
  return async (tx) => {
    const ids = await productIdsOf(
      batch.rows.map((r) => r.code),
      tx,
    );
    const unknown = unknownCodes(batch.rows, ids);
    if (unknown.length > 0) return { ok: false, refusals: unknown };
    const done = await port.applyPriceListPrices(
      {
        priceListCode: batch.priceListCode,
        rows: batch.rows.map((r) => ({
          productId: ids.get(r.code) ?? 0,
          priceCents: r.priceCents,
          validFrom: r.validFrom,
          validTo: r.validTo ?? null,
        })),
      },
      tx,
    );
    if (!done.ok) return { ok: false, refusals: [refusalOf(done)] };
    return { ok: true, counts: { created: 0, updated: done.data.rows, unchanged: 0 } };
  };
}
