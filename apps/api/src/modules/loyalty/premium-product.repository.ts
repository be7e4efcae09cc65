import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

/** A premium customer's chosen product (premium_products). */
export interface PremiumProductRow {
  productId: number;
  /** YYYY-MM-DD, the Italian day of the choice */
  chosenOn: string;
}

const COLUMNS = sql.raw(`product_id AS "productId", to_char(chosen_on, 'YYYY-MM-DD') AS "chosenOn"`);

/**
 * Whether a customer has chosen a product (any month), as a subquery another module's hot-path read may
 * compose (decision 059, session 45: checkout's read of a prepared cart); `userId` is that read's value.
 */
export const hasChoiceSql = (userId: SQL): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM premium_products WHERE user_id = ${userId})`;

/** The loyalty module's SQL about the premium card's 20 % product (decision 043). */
export class PremiumProductRepository {
  constructor(readonly db: Db) {}

  async choiceOf(userId: number, db: Db = this.db): Promise<PremiumProductRow | null> {
    const [row] = await queryRows<PremiumProductRow>(
      db,
      sql`SELECT ${COLUMNS} FROM premium_products WHERE user_id = ${userId}`,
    );
    return row ?? null;
  }

  /**
   * Records the choice when the customer has none, or made theirs before `monthStart` (YYYY-MM-01): the
   * once-a-month rule held by the statement itself, so two simultaneous choices (or two processes) cannot
   * both land. Null: refused (a choice of this month is there already).
   */
  async choose(
    userId: number,
    productId: number,
    today: string,
    monthStart: string,
  ): Promise<PremiumProductRow | null> {
    const [row] = await queryRows<PremiumProductRow>(
      this.db,
      sql`INSERT INTO premium_products (user_id, product_id, chosen_on)
          VALUES (${userId}, ${productId}, ${today}::date)
          ON CONFLICT (user_id) DO UPDATE
            SET product_id = EXCLUDED.product_id, chosen_on = EXCLUDED.chosen_on, chosen_at = now()
            WHERE premium_products.chosen_on < ${monthStart}::date
          RETURNING ${COLUMNS}`,
    );
    return row ?? null;
  }
}
