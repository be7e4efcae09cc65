import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { JobQueue } from '../../lib/jobs';
import { slotStartOf, type AttemptRecordsPort, type StartedAttempt } from './payment-attempts';
import type { PaymentProvider } from './payment-provider';
import type { PaymentProviders } from './payment-providers';
import type { OrderStatusPort, PaymentRecordsPort } from './payment.service';

/**
 * The renewal of card holds that would lapse before the order is prepared (decision 083). A card hold lasts about
 * 7 days; an order whose slot starts further away kept the card at payment (StripePaymentProvider). A recurring
 * job (lib/jobs.ts: one run at a time in the cluster) finds the authorised orders not yet in preparation whose
 * live hold is older than 6 days, and for each, in one transaction holding the order's lock:
 * - asks the provider for a new hold with the saved card, off-session (`renewHold`, keyed by the new attempt);
 * - records it as the order's next attempt ('authorized'), then cancels the old hold ('voided');
 * - a refusal (the bank wants the cardholder, or declines) is recorded as a declined attempt, the old hold is
 *   released, and the order goes to payment failed (11): the orders module's mail tells the customer, who may
 *   retry from the order's page as after any failed payment.
 * The order's lock and the check that the hold is still the live attempt make a second run, or another process
 * running at once, find nothing to do; the idempotency key makes a run retried after a crash place the same hold.
 */
export const RENEW_HOLDS_JOB = 'payment.renew-holds';
export const RENEW_HOLDS_EVERY_MS = 15 * 60_000;
/** a hold older than this is renewed (Stripe's card holds lapse after 7 days) */
export const RENEW_HOLD_AFTER_MS = 6 * 24 * 60 * 60_000;
/** the orders whose hold is renewed: confirmed, not yet in preparation (nor cancelled) */
const RENEWABLE = [ORDER_STATUS.ordered, ORDER_STATUS.atWarehouse] as const;

/** An order whose hold may be renewed: its attempt and its slot's start. */
type HeldOrder = Pick<
  StartedAttempt,
  'authorizationId' | 'orderId' | 'attempt' | 'provider' | 'providerRef' | 'paymentTypeId' | 'amountCents'
> & { slotDate: string; beginTime: string };

export type RenewalOutcome = 'renewed' | 'refused' | 'skipped';

export class HoldRenewals {
  constructor(
    private readonly d: {
      db: Db;
      providers: PaymentProviders;
      records: PaymentRecordsPort & AttemptRecordsPort;
      status: OrderStatusPort;
      now: () => Date;
      onError: (err: unknown, a: { provider: string; providerRef: string }) => void;
    },
  ) {}

  /**
   * The live authorised holds of orders not yet in preparation, recorded more than 6 days ago, of providers that
   * renew holds (payment_authorizations and orders: a read). The provider decides from its own record whether
   * the hold itself is that old (the row is written before the customer pays).
   */
  private async due(): Promise<HeldOrder[]> {
    const names = this.d.providers.all.filter((p) => p.renewHold).map((p) => p.name);
    if (names.length === 0) return [];
    const before = new Date(this.d.now().getTime() - RENEW_HOLD_AFTER_MS);
    return queryRows<HeldOrder>(
      this.d.db,
      sql`SELECT a.authorization_id AS "authorizationId", a.order_id AS "orderId", a.attempt::int AS attempt,
            a.provider, a.provider_ref AS "providerRef", a.payment_type_id AS "paymentTypeId",
            a.amount_cents AS "amountCents", to_char(o.slot_date, 'YYYY-MM-DD') AS "slotDate",
            o.begin_time AS "beginTime"
          FROM payment_authorizations a JOIN orders o ON o.order_id = a.order_id
          WHERE a.status = 'authorized'
            AND a.provider IN (${sql.join(
              names.map((n) => sql`${n}`),
              sql`, `,
            )})
            AND o.order_status_id IN (${sql.join(
              RENEWABLE.map((s) => sql`${s}`),
              sql`, `,
            )})
            AND a.created_at <= ${before.toISOString()}::timestamptz
            AND a.attempt = (SELECT max(b.attempt) FROM payment_authorizations b WHERE b.order_id = a.order_id)
          ORDER BY a.authorization_id LIMIT 200`,
    );
  }

  /** One run: answers what happened to each hold found due. */
  async run(): Promise<RenewalOutcome[]> {
    const outcomes: RenewalOutcome[] = [];
    for (const held of await this.due()) {
      const provider = this.d.providers.byName(held.provider);
      if (!provider?.renewHold) continue;
      try {
        outcomes.push(await this.renew(provider, held));
      } catch (err) {
        // one order's failure (network, an unexpected answer) leaves the others to be renewed; retried next run
        this.d.onError(err, held);
      }
    }
    return outcomes;
  }

  private async renew(provider: PaymentProvider, held: HeldOrder): Promise<RenewalOutcome> {
    const { records, status } = this.d;
    return this.d.db.transaction(async (tx) => {
      const order = await records.lockOrder(held.orderId, null, tx);
      if (!order || !(RENEWABLE as readonly number[]).includes(order.orderStatusId)) return 'skipped';
      const live = await records.latestAuthorization(held.orderId, tx);
      if (live?.authorizationId !== held.authorizationId || live.status !== 'authorized') return 'skipped';
      const attempt = await records.nextAttempt(held.orderId, tx);
      const renewal = await provider.renewHold!(held.providerRef, {
        orderId: held.orderId,
        attempt,
        amountCents: held.amountCents,
        description: `Ordine ${held.orderId} - Spesa`,
        authorisedBefore: new Date(this.d.now().getTime() - RENEW_HOLD_AFTER_MS),
        slotStartsAt: slotStartOf(held),
      });
      if (renewal.status === 'not_due' || renewal.status === 'not_renewable') return 'skipped';
      const next = {
        orderId: held.orderId,
        attempt,
        provider: provider.name,
        paymentTypeId: held.paymentTypeId,
        amountCents: held.amountCents,
      };
      if (renewal.status === 'renewed') {
        const id = await records.insertAuthorization(
          { ...next, providerRef: renewal.providerRef, status: 'authorized' },
          tx,
        );
        if (renewal.cardLast4)
          await records.fillCard(id, { cardBrand: renewal.cardBrand, cardLast4: renewal.cardLast4 }, tx);
        await this.release(provider, held, tx);
        return 'renewed';
      }
      await records.insertAuthorization(
        {
          ...next,
          providerRef: renewal.providerRef ?? `${held.providerRef}:renewal-${attempt}`,
          status: 'declined',
        },
        tx,
      );
      await this.release(provider, held, tx);
      const moved = await status.transition(
        { orderId: held.orderId, from: order.orderStatusId, to: ORDER_STATUS.invalidated, actor: 'provider' },
        tx,
      );
      if (!moved.ok) throw new Error(`payment: hold renewal refused, order ${held.orderId} not moved to 11`);
      return 'refused';
    });
  }

  /** the old hold cancelled at the provider (a hold that lapsed already is gone) and voided in our records */
  private async release(provider: PaymentProvider, held: HeldOrder, tx: Db): Promise<void> {
    const released = await provider.void(held.providerRef, tx);
    if (!released.ok) this.d.onError(new Error(`old hold not released: ${released.reason}`), held);
    await this.d.records.setAuthorizationStatus(held.authorizationId, ['authorized'], 'voided', null, tx);
  }

  register(jobs: JobQueue): void {
    jobs.every(RENEW_HOLDS_JOB, RENEW_HOLDS_EVERY_MS, async () => {
      await this.run();
    });
  }
}
