import { sql, type SQL } from 'drizzle-orm';

// The cart's writes as statements another module's write composes in its data-modifying CTEs (one round trip
// for a flow that writes the cart and its own table: checkout/prepare, decision 059 session 46). The cart
// module owns the SQL; CartPurchase hands it out.

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
