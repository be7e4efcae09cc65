import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { orderColumns, type OrderRow } from './order-rows';

/** An order as the listeners of its status change read it (`orderForListeners`). */
export interface OrderForListeners {
  order: OrderRow;
  customer: { email: string; firstName: string } | null;
  lines: number;
}

/** The key the listeners of one change share the order's read under (`SharedRead`). */
export const ORDER_FOR_LISTENERS = 'order';

/** The row of `listenerColumns`: the order with its customer's e-mail and first name and its number of lines. */
export type OrderForListenersRow = OrderRow & {
  customerEmail: string | null;
  customerFirstName: string | null;
  lineCount: number;
};

/**
 * The columns of what the listeners read of the order `t` (an `orders` row in a SELECT, or the row an
 * UPDATE of the order returns): the order, its customer's e-mail and first name, its number of lines.
 */
export function listenerColumns(t: string): SQL {
  return sql`${orderColumns(t)},
    (SELECT u.email FROM users u WHERE u.user_id = ${sql.raw(t)}.user_id) AS "customerEmail",
    (SELECT u.first_name FROM users u WHERE u.user_id = ${sql.raw(t)}.user_id) AS "customerFirstName",
    (SELECT count(*)::int FROM order_items i WHERE i.order_id = ${sql.raw(t)}.order_id) AS "lineCount"`;
}

/** A row of `listenerColumns` as the listeners take it. */
export function orderForListenersOf(row: OrderForListenersRow): OrderForListeners {
  const { customerEmail, customerFirstName, lineCount, ...order } = row;
  return {
    order,
    customer: customerEmail === null ? null : { email: customerEmail, firstName: customerFirstName ?? '' },
    lines: lineCount,
  };
}

/**
 * What the listeners of a status change read of the order, in one statement (the confirmation's mail and
 * message share it, `once(ORDER_FOR_LISTENERS)`); a status change that has listeners hands it to them from
 * its own UPDATE instead (OrderStatusService.transition).
 */
export async function orderForListeners(orderId: number, db: Db): Promise<OrderForListeners | null> {
  const [row] = await queryRows<OrderForListenersRow>(
    db,
    sql`SELECT ${listenerColumns('o')} FROM orders o WHERE o.order_id = ${orderId}`,
  );
  return row ? orderForListenersOf(row) : null;
}
