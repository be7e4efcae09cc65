import { sql } from 'drizzle-orm';
import type { Db } from './db';

/**
 * The demo company site of "Spesa al lavoro" (decision 042), with the demo accounts only and only once: the
 * chain's own head office in Milan, code SEDE-MILANO (README, "Demo accounts"). Real sites are the chain's
 * agreements with companies.
 */
export async function ensureWorkSites(opts: { demoAccounts: boolean }, db: Db): Promise<void> {
  if (!opts.demoAccounts) return;
  await db.execute(
    sql`INSERT INTO work_sites (company_name, subscription_code, address1, address_number, postal_code, city, province)
        VALUES ('Spesa S.p.A. – Sede di Milano', 'SEDE-MILANO', 'Via Gustavo Fara', '28', '20124', 'Milano', 'MI')
        ON CONFLICT DO NOTHING`,
  );
}
