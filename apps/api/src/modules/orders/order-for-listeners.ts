import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { orderColumns, type OrderRow } from './order-rows';

/** An order as the listeners of its status change read it (`orderForListeners`). */
export interface OrderForListeners {
  order: OrderRow;
  customer: { email: string; firstName: string } | null;
  lines: number;
}

/**
 * What the listeners of a status change read of the order, in one statement: the order, its customer's e-mail
 * and first name, and how many lines it has (the confirmation's mail and message share it, `once('order')`).
 */
export async function orderForListeners(orderId: number, db: Db): Promise<OrderForListeners | null> {
  const [row] = await queryRows<
    OrderRow & { customerEmail: string | null; customerFirstName: string | null; lineCount: number }
  >(
    db,
    sql`SELECT ${orderColumns('o')}, u.email AS "customerEmail", u.first_name AS "customerFirstName",
          (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.order_id) AS "lineCount"
        FROM orders o LEFT JOIN users u ON u.user_id = o.user_id
        WHERE o.order_id = ${orderId}`,
  );
  if (!row) return null;
  const { customerEmail, customerFirstName, lineCount, ...order } = row;
  return {
    order,
    customer: customerEmail === null ? null : { email: customerEmail, firstName: customerFirstName ?? '' },
    lines: lineCount,
  };
}
