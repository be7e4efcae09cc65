import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { JobQueue } from '../../lib/jobs';
import type { PaymentProviders } from './payment-providers';
import type { PaymentService } from './payment.service';

/**
 * Reconciliation (decision 083): a recurring job (lib/jobs.ts: one run at a time in the cluster, after restarts
 * too) asks the provider about every authorisation still waiting ('created' or 'pending') a few minutes after it
 * started, and applies the answer as a notification of the 'lookup' channel. A payment whose webhook never came,
 * or whose customer never came back from the provider's page, is settled this way. Applying is idempotent
 * (PaymentService.apply), so a run that overlaps a late webhook, or runs twice, changes nothing twice.
 * How far back depends on the provider (`reconcileWithinMs`): a Checkout page expires after 24 hours, a Satispay
 * fund lock may be authorised in the app for 10 days. An attempt older than a day is asked once an hour (the
 * run in an hour's first minutes), not every two minutes: an abandoned Satispay page would otherwise be asked
 * some 7,000 times before it expires.
 */
export const RECONCILE_JOB = 'payment.reconcile';
export const RECONCILE_EVERY_MS = 2 * 60_000;
/** an attempt younger than this is left to the webhook and the return */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** older attempts are left alone, unless their provider says otherwise (a Checkout page lasts 24 hours) */
export const RECONCILE_UNTIL_MS = 3 * 24 * 60 * 60_000;
/** attempts older than this are asked once an hour */
export const RECONCILE_HOURLY_AFTER_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

interface Waiting {
  provider: string;
  providerRef: string;
}

export class PaymentReconciliation {
  constructor(
    private readonly d: {
      db: Db;
      providers: PaymentProviders;
      payments: PaymentService;
      now: () => Date;
      onError: (err: unknown, a: Waiting) => void;
    },
  ) {}

  /** the attempts waiting for an answer, of providers this shop has (payment_authorizations: a read) */
  private async waiting(): Promise<Waiting[]> {
    const now = this.d.now().getTime();
    const providers = this.d.providers.all;
    if (providers.length === 0) return [];
    const at = (ms: number) => sql`${new Date(now - ms).toISOString()}::timestamptz`;
    // the first run of each hour also asks about the attempts older than a day
    const hourly = Math.floor(now / HOUR_MS) !== Math.floor((now - RECONCILE_EVERY_MS) / HOUR_MS);
    const oldest = hourly ? null : RECONCILE_HOURLY_AFTER_MS;
    const windows = providers.map(
      (p) =>
        sql`(provider = ${p.name} AND created_at > ${at(
          Math.min(p.reconcileWithinMs ?? RECONCILE_UNTIL_MS, oldest ?? Number.MAX_SAFE_INTEGER),
        )})`,
    );
    return queryRows<Waiting>(
      this.d.db,
      sql`SELECT provider, provider_ref AS "providerRef" FROM payment_authorizations
          WHERE status IN ('created', 'pending')
            AND (${sql.join(windows, sql` OR `)})
            AND created_at <= ${at(RECONCILE_AFTER_MS)}
          ORDER BY authorization_id DESC LIMIT 500`,
    );
  }

  /** One run: answers how many authorisations the providers' answers moved or confirmed. */
  async run(): Promise<number> {
    let settled = 0;
    for (const a of await this.waiting()) {
      const provider = this.d.providers.byName(a.provider);
      if (!provider) continue;
      try {
        const n = await provider.lookup(a.providerRef);
        if (!n) continue;
        const applied = await this.d.payments.apply(provider.name, n, 'lookup');
        if (applied.ok) settled += 1;
      } catch (err) {
        // one provider's failure (network, an unexpected answer) leaves the others to be settled
        this.d.onError(err, a);
      }
    }
    return settled;
  }

  register(jobs: JobQueue): void {
    jobs.every(RECONCILE_JOB, RECONCILE_EVERY_MS, async () => {
      await this.run();
    });
  }
}
