import { sql } from 'drizzle-orm';
import { queryRows } from '../rows';
import { WalletRepository } from '../../modules/loyalty/wallet.repository';
import type { Db } from './db';

/**
 * Demo wallet credits (issue 21, decision 037), only with the demo accounts and only once (one idempotency
 * key per credit), so a newcomer finds a balance to look at (README, "Demo accounts"): Mario Rossi 5,00 € for
 * a late delivery and Giulia Bianchi 2,40 € for a product missing from an order. Written through the wallet's
 * own repository (numbered, balanced movements).
 */
const DEMO_CREDITS = [
  {
    email: 'mario.rossi@spesa.demo',
    cents: 500,
    cause: 'goodwill',
    reason: 'Scuse per la consegna in ritardo',
  },
  { email: 'giulia.bianchi@spesa.demo', cents: 240, cause: 'refund', reason: null },
] as const;

export async function ensureWalletData(opts: { demoAccounts: boolean }, db: Db): Promise<void> {
  if (!opts.demoAccounts) return;
  const repo = new WalletRepository(db);
  for (const credit of DEMO_CREDITS) {
    const key = `demo:${credit.email}`;
    if (await repo.byKey(key)) continue;
    const [user] = await queryRows<{ userId: number }>(
      db,
      sql`SELECT user_id AS "userId" FROM users WHERE email = ${credit.email}`,
    );
    if (!user) continue;
    await db.transaction((tx) =>
      repo.append(
        user.userId,
        {
          amountCents: credit.cents,
          cause: credit.cause,
          reason: credit.reason,
          idempotencyKey: key,
        },
        tx,
      ),
    );
  }
}
