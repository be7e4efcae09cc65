import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';
import { fail, ok, type Failure, type Result } from '../../lib/result';
import { incrementCatalogueVersion } from './catalogue.repository';

/**
 * Stock levels fed by the chain's systems (ERP, stores, warehouse; decision 095): a batch applied whole in
 * the caller's transaction, in a few set-based statements whatever its size. Stock is kept per warehouse
 * holding the goods (`product_stock`); a missing row is no stock there.
 */

/** One product's stock at one warehouse: pieces, or kg / l for a loose (Sfuso) product. */
export interface StockLevelRow {
  productId: number;
  warehouseId: number;
  quantity: number;
}

export interface StockLevelsBatch {
  /**
   * `full`: the rows are the whole stock of their warehouses (of `warehouseId` when given): each row sets
   * its product's stock, and every product of those warehouses the batch does not name has none left.
   * `delta`: each row adds its quantity (negative: takes it) to what the warehouse holds; a result below
   * zero is kept at zero (counted in `clamped`).
   */
  mode: 'full' | 'delta';
  /** the one warehouse the batch is about: every row must name it (and `full` with no row empties it) */
  warehouseId?: number;
  rows: readonly StockLevelRow[];
  /**
   * `full` only: what the shop owes from these warehouses' shelves (its orders sold and not yet picked),
   * read after the batch's rows are locked. Given, a full level is the pieces the store holds (on hand):
   * each product's stock becomes its level less what is owed, never below zero (counted in `clamped`).
   */
  owed?: (warehouseIds: readonly number[]) => Promise<readonly StockLevelRow[]>;
}

export interface StockLevelsApplied {
  /** rows written */
  rows: number;
  /** `full`: products of the warehouses left with no stock because the batch did not name them */
  removed: number;
  /** rows whose result would have been below zero, kept at zero (`full`: owed more than the level) */
  clamped: number;
  warehouseIds: number[];
}

/** numeric(12,3): up to 999,999,999.999 */
const QUANTITY_MAX = 999_999_999;

export const STOCK_TEXT = {
  empty: { code: 'msg.stock.empty', text: 'Nessuna riga di giacenza da applicare.' },
  badRow: { code: 'msg.stock.badRow', text: 'giacenza non valida' },
  negative: { code: 'msg.stock.negative', text: 'una giacenza completa non può essere negativa' },
  otherWarehouse: { code: 'msg.stock.otherWarehouse', text: 'il magazzino non è quello del lotto' },
  duplicate: { code: 'msg.stock.duplicate', text: 'prodotto ripetuto per lo stesso magazzino' },
  unknownProduct: { code: 'msg.stock.unknownProduct', text: 'prodotto sconosciuto' },
  unknownWarehouse: {
    code: 'msg.stock.unknownWarehouse',
    text: 'magazzino sconosciuto o che non tiene merce (solo negozi e magazzini)',
  },
} as const;

/** A refusal naming the batch's row (1-based, as a person counts) and its field. */
export function rowFailure(index: number, field: string, message: { code: string; text: string }): Failure {
  return {
    ...fail(message.code, `Riga ${index + 1}: ${message.text}.`, 'validation'),
    field: `rows.${index}.${field}`,
  };
}

const isId = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0 && (n as number) < 2 ** 31;

/** The rows' shape, before any database read. */
function checkRows(batch: StockLevelsBatch): Failure | null {
  if (batch.warehouseId !== undefined && !isId(batch.warehouseId))
    return { ...fail(STOCK_TEXT.badRow.code, 'Magazzino non valido.', 'validation'), field: 'warehouseId' };
  if (batch.rows.length === 0 && (batch.mode === 'delta' || batch.warehouseId === undefined))
    return fail(STOCK_TEXT.empty.code, STOCK_TEXT.empty.text, 'validation');
  const seen = new Set<string>();
  for (const [i, r] of batch.rows.entries()) {
    if (!isId(r.productId)) return rowFailure(i, 'productId', STOCK_TEXT.unknownProduct);
    if (!isId(r.warehouseId)) return rowFailure(i, 'warehouseId', STOCK_TEXT.unknownWarehouse);
    if (batch.warehouseId !== undefined && r.warehouseId !== batch.warehouseId)
      return rowFailure(i, 'warehouseId', STOCK_TEXT.otherWarehouse);
    if (typeof r.quantity !== 'number' || !Number.isFinite(r.quantity) || Math.abs(r.quantity) > QUANTITY_MAX)
      return rowFailure(i, 'quantity', STOCK_TEXT.badRow);
    if (batch.mode === 'full' && r.quantity < 0) return rowFailure(i, 'quantity', STOCK_TEXT.negative);
    const key = `${r.warehouseId}:${r.productId}`;
    if (seen.has(key)) return rowFailure(i, 'productId', STOCK_TEXT.duplicate);
    seen.add(key);
  }
  return null;
}

const intList = (ns: readonly number[]): SQL => sql`string_to_array(${ns.join(',')}, ',')::int[]`;

/** The batch's rows as a relation `input(warehouse_id, product_id, quantity)`, in lock order. */
function inputRows(rows: readonly StockLevelRow[]): SQL {
  return sql`SELECT * FROM unnest(${intList(rows.map((r) => r.warehouseId))}, ${intList(rows.map((r) => r.productId))},
      string_to_array(${rows.map((r) => r.quantity.toFixed(3)).join(',')}, ',')::numeric[])
    AS i(warehouse_id, product_id, quantity)`;
}

/** The first row naming a product or a warehouse the shop does not know (one statement for the batch). */
async function unknownRow(rows: readonly StockLevelRow[], tx: Db): Promise<Failure | null> {
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const warehouseIds = [...new Set(rows.map((r) => r.warehouseId))];
  const [found] = await queryRows<{ products: string | null; warehouses: string | null }>(
    tx,
    sql`SELECT
          (SELECT string_agg(id::text, ',') FROM unnest(${intList(productIds)}) AS x(id)
            WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.product_id = x.id)) AS products,
          (SELECT string_agg(id::text, ',') FROM unnest(${intList(warehouseIds)}) AS x(id)
            WHERE NOT EXISTS (SELECT 1 FROM warehouses w
                              WHERE w.warehouse_id = x.id AND w.warehouse_type = 'store')) AS warehouses`,
  );
  const badProducts = new Set((found?.products ?? '').split(',').filter(Boolean).map(Number));
  const badWarehouses = new Set((found?.warehouses ?? '').split(',').filter(Boolean).map(Number));
  for (const [i, r] of rows.entries()) {
    if (badProducts.has(r.productId)) return rowFailure(i, 'productId', STOCK_TEXT.unknownProduct);
    if (badWarehouses.has(r.warehouseId)) return rowFailure(i, 'warehouseId', STOCK_TEXT.unknownWarehouse);
  }
  return null;
}

/** Full levels less what the shop owes from the same shelves; a level below it is kept at zero. */
function lessOwed(
  rows: readonly StockLevelRow[],
  owed: readonly StockLevelRow[],
): { rows: StockLevelRow[]; clamped: number } {
  const owedOf = new Map(owed.map((o) => [`${o.warehouseId}:${o.productId}`, o.quantity]));
  let clamped = 0;
  const less = rows.map((r) => {
    const quantity = r.quantity - (owedOf.get(`${r.warehouseId}:${r.productId}`) ?? 0);
    if (quantity < 0) clamped++;
    return { ...r, quantity: Math.max(Math.round(quantity * 1000) / 1000, 0) };
  });
  return { rows: less, clamped };
}

/**
 * Applies a batch of stock levels in the caller's transaction (`tx`), whole or not at all: a bad row
 * answers which row and why and writes nothing. Rows are locked in (warehouse, product) order, the order a
 * purchase locks them in, so a feed and the customers buying the last pieces wait for each other instead
 * of deadlocking, and stock never goes below zero. The read caches see the new stock with the commit.
 */
export async function applyStockLevels(batch: StockLevelsBatch, tx: Db): Promise<Result<StockLevelsApplied>> {
  const refused = checkRows(batch);
  if (refused) return refused;
  const rows = [...batch.rows].sort((a, b) => a.warehouseId - b.warehouseId || a.productId - b.productId);
  if (rows.length > 0) {
    // the batch's own order: a refused row is named by its line in what the caller sent
    const unknown = await unknownRow(batch.rows, tx);
    if (unknown) return unknown;
  } else if (batch.warehouseId !== undefined) {
    const unknown = await unknownRow([{ productId: 0, warehouseId: batch.warehouseId, quantity: 0 }], tx);
    if (unknown && unknown.field?.endsWith('warehouseId'))
      return {
        ...unknown,
        message: `Magazzino ${batch.warehouseId}: ${STOCK_TEXT.unknownWarehouse.text}.`,
        field: 'warehouseId',
      };
  }
  const warehouseIds = [
    ...new Set([...rows.map((r) => r.warehouseId), ...(batch.warehouseId ? [batch.warehouseId] : [])]),
  ].sort((a, b) => a - b);
  let input = inputRows(rows);
  // the rows the batch changes, locked in (warehouse, product) order before any write
  await tx.execute(
    batch.mode === 'full'
      ? sql`SELECT 1 FROM product_stock s WHERE s.warehouse_id = ANY(${intList(warehouseIds)})
            ORDER BY s.warehouse_id, s.product_id FOR UPDATE`
      : sql`SELECT 1 FROM product_stock s JOIN (${input}) i
              ON i.warehouse_id = s.warehouse_id AND i.product_id = s.product_id
            ORDER BY s.warehouse_id, s.product_id FOR UPDATE OF s`,
  );
  let removed = 0;
  let clamped = 0;
  if (batch.mode === 'full') {
    if (batch.owed) {
      // read once the rows are locked: a purchase that took stock has committed, the next one waits
      const less = lessOwed(rows, await batch.owed(warehouseIds));
      clamped = less.clamped;
      input = inputRows(less.rows);
    }
    const [gone] = await queryRows<{ n: number }>(
      tx,
      sql`WITH gone AS (
            DELETE FROM product_stock s WHERE s.warehouse_id = ANY(${intList(warehouseIds)})
              AND NOT EXISTS (SELECT 1 FROM (${input}) i
                              WHERE i.warehouse_id = s.warehouse_id AND i.product_id = s.product_id)
            RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
    removed = gone?.n ?? 0;
    if (rows.length > 0)
      await tx.execute(
        sql`INSERT INTO product_stock (warehouse_id, product_id, stock, updated_at)
            SELECT warehouse_id, product_id, quantity, now() FROM (${input}) i ORDER BY warehouse_id, product_id
            ON CONFLICT (warehouse_id, product_id) DO UPDATE SET stock = EXCLUDED.stock, updated_at = now()`,
      );
  } else {
    const [below] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM (${input}) i
          LEFT JOIN product_stock s ON s.warehouse_id = i.warehouse_id AND s.product_id = i.product_id
          WHERE COALESCE(s.stock, 0) + i.quantity < 0`,
    );
    clamped = below?.n ?? 0;
    await tx.execute(
      sql`UPDATE product_stock s SET stock = GREATEST(s.stock + i.quantity, 0), updated_at = now()
          FROM (${input}) i WHERE s.warehouse_id = i.warehouse_id AND s.product_id = i.product_id`,
    );
    // the products the warehouse had no row of (a row made meanwhile by a returned order adds the delta)
    await tx.execute(
      sql`INSERT INTO product_stock AS s (warehouse_id, product_id, stock, updated_at)
          SELECT i.warehouse_id, i.product_id, GREATEST(i.quantity, 0), now() FROM (${input}) i
          WHERE NOT EXISTS (SELECT 1 FROM product_stock x
                            WHERE x.warehouse_id = i.warehouse_id AND x.product_id = i.product_id)
          ORDER BY i.warehouse_id, i.product_id
          ON CONFLICT (warehouse_id, product_id) DO UPDATE SET stock = s.stock + EXCLUDED.stock, updated_at = now()`,
    );
  }
  await incrementCatalogueVersion(tx);
  return ok({ rows: rows.length, removed, clamped, warehouseIds });
}

/** A product's stock per warehouse that holds some (the back office's product page). */
export async function stockByWarehouse(
  productId: number,
  db: Db,
): Promise<Array<{ warehouseId: number; stock: number; updatedAt: string }>> {
  return queryRows(
    db,
    sql`SELECT warehouse_id AS "warehouseId", stock::float8 AS stock,
          ${wireTimestamp('updated_at', 'seconds')} AS "updatedAt"
        FROM product_stock WHERE product_id = ${productId} ORDER BY warehouse_id`,
  );
}
