import { SmartCartRepository } from '../../modules/smartcart/smartcart.repository';
import type { Db } from './db';

/**
 * The demo stores with self-scanning (README, "Self-scanning"): Milano Città Studi and Milano Navigli, whose
 * demo till systems (CASSE-13, CASSE-14, seed/receipts.ts) read the sessions back. Only with the demo
 * accounts, as those tills; written through the smartcart module's repository.
 */
export const DEMO_SELF_SCANNING_STORES = [13, 14] as const;

export async function ensureSmartCartData(opts: { demoAccounts: boolean }, db: Db): Promise<void> {
  if (!opts.demoAccounts) return;
  await new SmartCartRepository(db).enableStores(DEMO_SELF_SCANNING_STORES);
}
