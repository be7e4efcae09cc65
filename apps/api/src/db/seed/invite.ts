import { sql } from 'drizzle-orm';
import type { Db } from './db';

/** Mario Rossi's invite code in the demo (README, "Invite a friend"): easy to type, made once. */
export const DEMO_INVITE_CODE = 'AMICO-SPESA2';

/**
 * Demo data of invite a friend (issue 21, decision 045), only with the demo accounts: Mario Rossi's code is
 * AMICO-SPESA2, so a newcomer can open /invito/AMICO-SPESA2 and join with it from a new account.
 */
export async function ensureInviteData(opts: { demoAccounts: boolean }, db: Db): Promise<void> {
  if (!opts.demoAccounts) return;
  await db.execute(
    sql`INSERT INTO invite_codes (user_id, code)
        SELECT user_id, ${DEMO_INVITE_CODE} FROM users WHERE email = 'mario.rossi@spesa.demo'
        ON CONFLICT DO NOTHING`,
  );
}
