import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

const S = ORDER_STATUS;
/** statuses of an order whose goods may still be on its store's shelves (its stock taken, not yet picked) */
const OWING_STATUSES = [
  S.inPayment,
  S.awaitingPayment,
  S.ordered,
  S.atWarehouse,
  S.inPreparation,
  S.invalidated,
  S.preparing,
];

/**
 * What the shop owes from these warehouses' shelves (decision 100): per product, the quantity of the lines not
 * yet picked of orders whose goods are still there — in payment, ordered, at the warehouse, in preparation, or
 * with a failed payment the customer may retry (they all still hold their stock). A store's full stock count
 * (its pieces on hand) less this is what the shop may still sell there.
 */
export function owedStock(
  warehouseIds: readonly number[],
  db: Db,
): Promise<Array<{ warehouseId: number; productId: number; quantity: number }>> {
  if (warehouseIds.length === 0) return Promise.resolve([]);
  return queryRows(
    db,
    sql`SELECT o.warehouse_id AS "warehouseId", i.product_id AS "productId", sum(i.quantity)::float8 AS quantity
        FROM orders o JOIN order_items i ON i.order_id = o.order_id
        WHERE o.warehouse_id = ANY(string_to_array(${warehouseIds.join(',')}, ',')::int[])
          AND o.order_status_id = ANY(string_to_array(${OWING_STATUSES.join(',')}, ',')::int[])
          AND i.delivered_quantity IS NULL
        GROUP BY o.warehouse_id, i.product_id`,
  );
}
