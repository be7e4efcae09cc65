import { sql } from 'drizzle-orm';
import { PHYSICAL_CARD_DAYS } from '@spesa/shared/loyalty/premium';
import { queryRows } from '../rows';
import { LoyaltyCardRepository } from '../../modules/loyalty/loyalty-card.repository';
import type { Db } from './db';

/**
 * Demo premium-card data (issue 21, decision 038), only with the demo accounts (README, "Demo accounts"):
 * Mario Rossi holds a fidelity card (he can become premium), Giulia Bianchi a premium card, and Anna Verdi is
 * excluded from the premium programme by customer service (her premium page says that access is not
 * available). The cards themselves are seeded with the accounts (seed/accounts.ts). Once: not again when
 * she is excluded already, nor once customer service changed her exclusion (the audit log has it).
 */
const DEMO_EXCLUSIONS = [
  { email: 'anna.verdi@spesa.demo', reason: 'Verifica in corso sull’uso delle consegne gratuite' },
] as const;

export async function ensureLoyaltyCardData(opts: { demoAccounts: boolean }, db: Db): Promise<void> {
  if (!opts.demoAccounts) return;
  const repo = new LoyaltyCardRepository(db, PHYSICAL_CARD_DAYS);
  for (const e of DEMO_EXCLUSIONS) {
    const [user] = await queryRows<{ userId: number; seeded: boolean }>(
      db,
      sql`SELECT u.user_id AS "userId",
            EXISTS (SELECT 1 FROM premium_exclusions x WHERE x.user_id = u.user_id)
              OR EXISTS (SELECT 1 FROM admin_audit a WHERE a.resource = 'customers'
                           AND a.resource_id = u.user_id::text AND a.action LIKE 'premium-%') AS seeded
          FROM users u WHERE u.email = ${e.email}`,
    );
    if (!user || user.seeded) continue;
    await db.transaction((tx) => repo.setExclusion(user.userId, e.reason, null, tx));
  }
}
