import { sql } from 'drizzle-orm';
import { NOTIFICATION_TYPE } from '@spesa/shared/contracts/notifications';
import { NOTIFICATION_TEXT } from '../../modules/notifications/notifications.messages';
import { queryRows } from '../rows';
import type { Db } from './db';

/** Mario's demo certificates (seed/gift-certificates.ts) and when their message was sent and read. */
const DEMO_MESSAGES = [
  { code: 'MARIO-BENVENUTO3', sent: '60 days', read: '59 days' },
  { code: 'MARIO-BUONO5', sent: '2 hours', read: null },
] as const;

/**
 * Demo messages of the notifications history (decision 048), only with the demo accounts: Mario Rossi's
 * "Notifiche" shows his two certificates issued, the 5 € one new, the invite reward already read. Made once:
 * the dedupe keys are the ones the real event uses (`voucher:<certificate>`), so a restart writes nothing.
 * Runs after the certificates' seed.
 */
export async function ensureNotificationsData(opts: { demoAccounts: boolean }, db: Db): Promise<void> {
  if (!opts.demoAccounts) return;
  for (const m of DEMO_MESSAGES) {
    const [gift] = await queryRows<{
      id: number;
      userId: number;
      name: string;
      code: string;
      validTo: string;
    }>(
      db,
      sql`SELECT gift_certificate_id AS id, owner_user_id AS "userId", name, code, valid_to::text AS "validTo"
          FROM gift_certificates WHERE code = ${m.code} AND owner_user_id IS NOT NULL`,
    );
    if (!gift) continue;
    const text = NOTIFICATION_TEXT.voucherIssued(gift);
    await db.execute(
      sql`INSERT INTO notifications (user_id, message_type_id, title, body, gift_certificate_id, dedupe_key,
            created_at, read_at)
          VALUES (${gift.userId}, ${NOTIFICATION_TYPE.voucherIssued}, ${text.title}, ${text.body}, ${gift.id},
            ${`voucher:${gift.id}`}, now() - ${m.sent}::interval,
            ${m.read === null ? null : sql`now() - ${m.read}::interval`})
          ON CONFLICT DO NOTHING`,
    );
  }
}
