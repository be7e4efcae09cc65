import { sql, type SQL } from 'drizzle-orm';
import type { CartDeliveryPatch } from './cart.repository';

// The cart's writes as statements another module's write composes in its data-modifying CTEs (one round trip
// for a flow that writes the cart and its own table: checkout/prepare and checkout/buy, decision 059 session
// 46). The cart module owns the SQL; CartPurchase hands it out.

/**
 * The cart's status moved from `from` to `to` (as `moveStatus`), as a statement another module's write
 * composes in a data-modifying CTE (checkout/prepare's one write, decision 059 session 46). Returns the cart's
 * id when moved.
 */
export const moveStatusSql = (cartId: number, from: number, to: number): SQL =>
  sql`UPDATE carts SET cart_status_id = ${to}, updated_at = now()
      WHERE cart_id = ${cartId} AND cart_status_id = ${from} AND closed_at IS NULL
      RETURNING cart_id`;

/** The cart's infos written (as `setCartInfo`, name by name), as a statement for a composing CTE. */
export const setInfosSql = (cartId: number, infos: Readonly<Record<string, string>>): SQL =>
  sql`INSERT INTO cart_infos (cart_id, name, value)
      VALUES ${sql.join(
        Object.entries(infos).map(([name, value]) => sql`(${cartId}, ${name}, ${value})`),
        sql`, `,
      )}
      ON CONFLICT (cart_id, name) DO UPDATE SET value = excluded.value, updated_at = now()
      RETURNING cart_id`;

/**
 * A cart bought inside one data-modifying statement that another module composes (decision 059, session 46:
 * checkout's one-statement purchase), as `lockForPurchase`, `closeBought` and `createOpenCart` do it in a
 * transaction:
 * - `lock`: the cart's row locked first (buyers of one cart queue here), answering its status, closed_at and
 *   slot as they stand once locked (a CTE body);
 * - `ready(locked)`: the locked cart is still open, locked for payment (`lockedStatus`) and on `slotId`;
 * - `close(when)`: the cart closed when `when` holds (answering its id);
 * - `openNext(closed)`: the customer's next open cart, keeping the delivery choice, once `closed` answered.
 */
export function buyCartSql(
  cart: { cartId: number; userId: number; lockedStatus: number; slotId: number },
  next: Required<
    Pick<CartDeliveryPatch, 'deliveryServiceId' | 'storeId' | 'warehouseId' | 'shippingAddressId'>
  >,
) {
  return {
    lock: sql`SELECT cart_id, cart_status_id, closed_at, slot_id FROM carts
              WHERE cart_id = ${cart.cartId} AND user_id = ${cart.userId} FOR UPDATE`,
    ready: (locked: SQL) =>
      sql`EXISTS (SELECT 1 FROM ${locked} c WHERE c.closed_at IS NULL
                    AND c.cart_status_id = ${cart.lockedStatus} AND c.slot_id = ${cart.slotId})`,
    close: (when: SQL) =>
      sql`UPDATE carts SET closed_at = now(), updated_at = now()
          WHERE cart_id = ${cart.cartId} AND ${when}
          RETURNING cart_id`,
    openNext: (closed: SQL) =>
      sql`INSERT INTO carts (user_id, delivery_service_id, store_id, warehouse_id, shipping_address_id,
            address_auto_assigned, store_auto_assigned)
          SELECT ${cart.userId}, ${next.deliveryServiceId}::int, ${next.storeId}::int, ${next.warehouseId}::int,
            ${next.shippingAddressId}::int, false, false
          FROM ${closed}
          ON CONFLICT (user_id) WHERE closed_at IS NULL DO NOTHING
          RETURNING cart_id`,
  };
}
