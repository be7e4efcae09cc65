import { sql } from 'drizzle-orm';
import { queryRows } from '../rows';
import { RatingsRepository } from '../../modules/ratings/ratings.repository';
import type { Db } from './db';

/**
 * Demo shopping lists and ratings (issue 20), only with the demo accounts and only once (when Mario Rossi has
 * no list yet), so a newcomer finds something to try (README, "Demo accounts"):
 * - Mario's default list "Spesa settimanale" (the chain's best sellers of a few food shelves) and his list
 *   "Colazione", shared read-only with Giulia Bianchi;
 * - star-only votes of the three demo customers on some best sellers (counted, with their summaries), and one
 *   vote with text by Giulia waiting for moderation in the back office.
 * The votes are demo data written here directly: in the shop only a customer who received a product votes.
 */
export async function ensureListsAndRatingsData(opts: { demoAccounts: boolean }, db: Db): Promise<void> {
  if (!opts.demoAccounts) return;
  const people = await queryRows<{ userId: number; email: string }>(
    db,
    sql`SELECT user_id AS "userId", email FROM users
        WHERE email IN ('mario.rossi@spesa.demo', 'giulia.bianchi@spesa.demo', 'anna.verdi@spesa.demo')`,
  );
  const idOf = (email: string) => people.find((p) => p.email === email)?.userId;
  const mario = idOf('mario.rossi@spesa.demo');
  const giulia = idOf('giulia.bianchi@spesa.demo');
  const anna = idOf('anna.verdi@spesa.demo');
  if (mario === undefined || giulia === undefined || anna === undefined) return;
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM wishlists WHERE user_id = ${mario}`,
  );
  if ((existing?.n ?? 0) > 0) return;

  // the best seller, sold by the piece, of each of these shelves
  const bestOf = (slugs: readonly string[]) =>
    queryRows<{ productId: number }>(
      db,
      sql`SELECT DISTINCT ON (c.slug) p.product_id AS "productId"
          FROM products p JOIN categories c ON c.category_id = p.category_id
          WHERE p.active AND EXISTS (SELECT 1 FROM product_stock s WHERE s.product_id = p.product_id) AND p.selling_type <> 'Sfuso'
            AND c.slug = ANY(string_to_array(${slugs.join(',')}, ','))
          ORDER BY c.slug, p.sales_rank DESC, p.product_id`,
    );
  const weekly = await bestOf([
    'latte-fresco',
    'pasta-di-semola',
    'polpa-e-pelati',
    'mozzarella',
    'yogurt-bianco-e-greco',
    'acqua-naturale',
    'biscotti',
    'pane-comune',
  ]);
  const breakfast = await bestOf(['biscotti', 'fette-biscottate', 'creme-spalmabili', 'te-e-tisane']);

  const summaries = new RatingsRepository(db);
  await db.transaction(async (tx) => {
    const list = async (name: string, isDefault: boolean, items: Array<{ productId: number }>) => {
      const [row] = await queryRows<{ listId: number }>(
        tx,
        sql`INSERT INTO wishlists (user_id, name, is_default) VALUES (${mario}, ${name}, ${isDefault})
            RETURNING list_id AS "listId"`,
      );
      for (const item of items)
        await tx.execute(
          sql`INSERT INTO wishlist_items (list_id, product_id, quantity)
              VALUES (${row!.listId}, ${item.productId}, 1) ON CONFLICT DO NOTHING`,
        );
      return row!.listId;
    };
    await list('Spesa settimanale', true, weekly);
    const shared = await list('Colazione', false, breakfast);
    await tx.execute(
      sql`INSERT INTO wishlist_shares (list_id, user_id, "grant") VALUES (${shared}, ${giulia}, 'READ')`,
    );

    // star-only votes, counted at once by the ratings module's own summary update
    const votes: Array<[number, number, number]> = [];
    weekly.forEach((p, i) => {
      votes.push([p.productId, mario, [5, 4.5, 4, 5, 3.5, 4, 5, 4.5][i] ?? 4]);
      if (i % 2 === 0) votes.push([p.productId, anna, [4, 5, 3, 4.5][i / 2] ?? 4]);
    });
    for (const [productId, userId, rating] of votes) {
      await tx.execute(
        sql`INSERT INTO product_votes (product_id, user_id, rating, status, approval_date)
            VALUES (${productId}, ${userId}, ${rating}, 'approved', now())`,
      );
      await summaries.count(productId, rating, tx);
    }
    // a vote with text, waiting for a moderator (not counted until approved)
    const first = weekly[0];
    if (first)
      await tx.execute(
        sql`INSERT INTO product_votes (product_id, user_id, rating, title, comment, status)
            VALUES (${first.productId}, ${giulia}, 4.5, 'Buono e sempre fresco',
                    'Lo compro ogni settimana: la data di scadenza è sempre lontana.', 'pending')`,
      );
  });
}
