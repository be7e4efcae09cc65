import { sql } from 'drizzle-orm';
import { queryRows } from '../rows';
import type { Db } from './db';

/** The CRM segment of the demo advantage ("famiglie"); Mario Rossi is put in it. */
export const DEMO_SEGMENT = 7;

/**
 * Demo gift certificates and advantages (issue 21, decision 040), only with the demo accounts and only once
 * (their codes are unique), so a newcomer finds something in "I miei buoni" (README, "Gift certificates"):
 * Mario Rossi has a personal 5 € certificate for a spend of at least 30 €, a 3 € one already used by one of
 * his orders, and the advantage of the "famiglie" segment, which he is in (10 % from 40 € of goods).
 */
export async function ensureGiftCertificateData(opts: { demoAccounts: boolean }, db: Db): Promise<void> {
  if (!opts.demoAccounts) return;
  const [mario] = await queryRows<{ userId: number }>(
    db,
    sql`SELECT user_id AS "userId" FROM users WHERE email = 'mario.rossi@spesa.demo'`,
  );
  if (!mario) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE users SET crm_segment_ids = array_append(crm_segment_ids, ${DEMO_SEGMENT})
          WHERE user_id = ${mario.userId} AND NOT (${DEMO_SEGMENT} = ANY(crm_segment_ids))`,
    );
    await tx.execute(
      sql`INSERT INTO gift_certificates (code, name, descr, kind, value, min_spend_cents, valid_from, valid_to,
            max_uses, once_per_user, owner_user_id, source, reason, conditions)
          VALUES ('MARIO-BUONO5', 'Buono di 5,00 €', '', 'amount', 500, 3000, current_date,
            current_date + 365, 1, true, ${mario.userId}, 'manual', 'Scuse per un prodotto mancante',
            'Vale una volta, su una spesa di almeno 30,00 €.')
          ON CONFLICT DO NOTHING`,
    );
    const used = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO gift_certificates (code, name, descr, kind, value, min_spend_cents, valid_from, valid_to,
            max_uses, uses, once_per_user, owner_user_id, source, reason, conditions)
          VALUES ('MARIO-BENVENUTO3', 'Buono di 3,00 €', '', 'amount', 300, 0, current_date - 60,
            current_date + 30, 1, 1, true, ${mario.userId}, 'invite', 'Premio per un amico invitato',
            'Vale una volta, su qualsiasi spesa.')
          ON CONFLICT DO NOTHING RETURNING gift_certificate_id AS id`,
    );
    const [order] = await queryRows<{ orderId: number }>(
      tx,
      sql`SELECT order_id AS "orderId" FROM orders WHERE user_id = ${mario.userId} AND order_status_id IN (8, 9)
          ORDER BY order_id LIMIT 1`,
    );
    if (used[0] && order)
      await tx.execute(
        sql`INSERT INTO gift_certificate_uses (gift_certificate_id, order_id, user_id, discount_cents)
            VALUES (${used[0].id}, ${order.orderId}, ${mario.userId}, 300) ON CONFLICT DO NOTHING`,
      );
    await tx.execute(
      sql`INSERT INTO gift_certificates (code, name, descr, kind, value, min_spend_cents, valid_from, valid_to,
            max_uses, once_per_user, crm_segment_id, conditions)
          VALUES ('FAMIGLIE10', 'Vantaggio famiglie: 10 %', 'Il 10 % di sconto sulla spesa delle famiglie.',
            'percent', 1000, 4000, current_date, current_date + 365, NULL, true, ${DEMO_SEGMENT},
            'Una volta per cliente, su una spesa di almeno 40,00 €.')
          ON CONFLICT DO NOTHING`,
    );
  });
}
