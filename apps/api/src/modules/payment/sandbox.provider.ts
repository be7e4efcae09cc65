import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ComposedWrite } from '../../lib/composed-write';
import { PreparedSql } from '../../db/rows';
import { sandboxPayments } from '../../db/schema';
import type {
  HostedSession,
  PaymentOutcome,
  PaymentProvider,
  ProviderActionResult,
  ShopTransaction,
  StartSessionInput,
  VerifiedNotification,
  WebhookRequest,
} from './payment-provider';
import { SANDBOX_SECRET_MIN_LENGTH } from './sandbox-secret';

/**
 * The built-in sandbox payment provider (decision 017): behaves like a real hosted payment page without
 * any money. Its page is served by the API (payment.routes.ts, /ebsn/api/payment-sandbox/pay/:ref); the
 * session travels in an HMAC-signed token, the browser returns to our feedback URL with a signed query, and
 * a signed webhook follows (or precedes) it. Like a real acquirer it keeps its own ledger (table
 * sandbox_payments): a capture, void or refund succeeds only against what its card page authorised.
 * The signing key is never in the source: PAYMENT_SANDBOX_SECRET, or outside production one generated once
 * and kept in the database (decision 026).
 *
 * Test cards (any future expiry, any 3-digit CVC; README "Test cards"):
 *   4242 4242 4242 4242  authorised
 *   4000 0000 0000 0002  declined
 *   4000 0000 0000 9995  declined (insufficient funds)
 *   4000 0000 0000 3220  pending: the return says pending, the webhook then confirms it
 * Any other number is declined. The card number is only read to pick the outcome: brand and last four digits
 * are all that leaves this module.
 */
export const SANDBOX_PROVIDER = 'sandbox';
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  pending: '4000000000003220',
} as const;

export interface SandboxSession {
  providerRef: string;
  orderId: number;
  attempt: number;
  amountCents: number;
  description: string;
  feedbackUrl: string;
}

/** What the card form decides: the return's outcome, and the webhook's (a pending card is confirmed later). */
export interface CardDecision {
  returnOutcome: PaymentOutcome;
  webhookOutcome: PaymentOutcome;
  cardBrand: string;
  cardLast4: string;
  reason: string | null;
}

export interface SandboxWebhookBody {
  eventId: string;
  session: string;
  outcome: PaymentOutcome;
  amountCents: number;
  cardBrand: string | null;
  cardLast4: string | null;
  ts: number;
}

const OUTCOMES: readonly PaymentOutcome[] = ['success', 'declined', 'pending', 'cancelled'];
const b64url = (s: string) => Buffer.from(s).toString('base64url');

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrandOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Carta';
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER;
  /** in development and demos the sandbox takes every online type (cards and the mobile pay app) */
  readonly paymentTypeIds = [12, 1, 24] as const;
  private readonly key: string;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    opts: { secret: string; now?: () => Date },
  ) {
    if (opts.secret.length < SANDBOX_SECRET_MIN_LENGTH)
      throw new Error(`the sandbox payment secret must have ${SANDBOX_SECRET_MIN_LENGTH} characters or more`);
    this.key = opts.secret;
    this.now = opts.now ?? (() => new Date());
  }

  private sign(purpose: string, text: string): string {
    return createHmac('sha256', this.key).update(`${purpose}|${text}`).digest('hex');
  }

  private verify(purpose: string, text: string, sig: string): boolean {
    const expected = Buffer.from(this.sign(purpose, text), 'hex');
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sessionToken(s: SandboxSession): string {
    const payload = b64url(
      JSON.stringify({
        r: s.providerRef,
        o: s.orderId,
        n: s.attempt,
        a: s.amountCents,
        d: s.description,
        f: s.feedbackUrl,
      }),
    );
    return `${payload}.${this.sign('session', payload)}`;
  }

  private hosted(s: SandboxSession): HostedSession {
    return {
      providerRef: s.providerRef,
      redirectUrl: `/ebsn/api/payment-sandbox/pay/${s.providerRef}?t=${this.sessionToken(s)}`,
    };
  }

  async startSession(input: StartSessionInput): Promise<HostedSession> {
    return this.hosted({ providerRef: `sbx_${randomBytes(12).toString('hex')}`, ...input });
  }

  async resumeSession(providerRef: string, input: StartSessionInput): Promise<HostedSession | null> {
    return /^sbx_[0-9a-f]{24}$/.test(providerRef) ? this.hosted({ providerRef, ...input }) : null;
  }

  /** The session of the hosted page, when its token is ours and names this reference. */
  openSession(providerRef: string, token: string): SandboxSession | null {
    const [payload, sig] = token.split('.');
    if (!payload || !sig || !/^[a-f0-9]{64}$/.test(sig) || !this.verify('session', payload, sig)) return null;
    try {
      const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        r: string;
        o: number;
        n: number;
        a: number;
        d: string;
        f: string;
      };
      if (p.r !== providerRef) return null;
      return {
        providerRef: p.r,
        orderId: p.o,
        attempt: p.n,
        amountCents: p.a,
        description: p.d,
        feedbackUrl: p.f,
      };
    } catch {
      return null;
    }
  }

  /** What the test card decides. Null: the number is not a card number at all. */
  decide(cardNumber: string): CardDecision | null {
    const digits = cardNumber.replace(/[\s-]/g, '');
    if (!luhnValid(digits)) return null;
    const base = { cardBrand: cardBrandOf(digits), cardLast4: digits.slice(-4) };
    switch (digits) {
      case SANDBOX_TEST_CARDS.success:
        return { ...base, returnOutcome: 'success', webhookOutcome: 'success', reason: null };
      case SANDBOX_TEST_CARDS.pending:
        return { ...base, returnOutcome: 'pending', webhookOutcome: 'success', reason: null };
      case SANDBOX_TEST_CARDS.insufficientFunds:
        return {
          ...base,
          returnOutcome: 'declined',
          webhookOutcome: 'declined',
          reason: 'Fondi insufficienti.',
        };
      default:
        return { ...base, returnOutcome: 'declined', webhookOutcome: 'declined', reason: 'Carta rifiutata.' };
    }
  }

  /** The signed URL the browser returns to (our feedback endpoint). */
  returnUrl(session: SandboxSession, outcome: PaymentOutcome): string {
    const ts = Math.floor(this.now().getTime() / 1000);
    const sig = this.sign('return', `${session.providerRef}|${outcome}|${ts}`);
    const q = new URLSearchParams({ session: session.providerRef, outcome, ts: String(ts), sig });
    return `${session.feedbackUrl}?${q.toString()}`;
  }

  /** The webhook the sandbox posts: raw JSON body and its signature header. */
  webhook(
    session: SandboxSession,
    outcome: PaymentOutcome,
    card: { cardBrand: string; cardLast4: string } | null,
  ) {
    const body: SandboxWebhookBody = {
      eventId: `${session.providerRef}:${outcome}`,
      session: session.providerRef,
      outcome,
      amountCents: session.amountCents,
      cardBrand: card?.cardBrand ?? null,
      cardLast4: card?.cardLast4 ?? null,
      ts: Math.floor(this.now().getTime() / 1000),
    };
    const raw = JSON.stringify(body);
    return { raw, signature: this.sign('webhook', raw) };
  }

  async verifyReturn(query: Record<string, string>): Promise<VerifiedNotification | null> {
    const { session, outcome, ts, sig } = query;
    if (!session || !outcome || !ts || !sig || !/^[a-f0-9]{64}$/.test(sig)) return null;
    if (!(OUTCOMES as readonly string[]).includes(outcome)) return null;
    if (!this.verify('return', `${session}|${outcome}|${ts}`, sig)) return null;
    // a return link is good for a day (the customer may come back late from the bank's page)
    if (Math.abs(this.now().getTime() / 1000 - Number(ts)) > 86_400) return null;
    return {
      providerRef: session,
      outcome: outcome as PaymentOutcome,
      eventId: `${session}:${outcome}`,
      cardBrand: null,
      cardLast4: null,
      amountCents: null,
    };
  }

  async verifyWebhook({ rawBody, headers }: WebhookRequest): Promise<VerifiedNotification | null> {
    const signature = headers['x-sandbox-signature'];
    if (!signature || !/^[a-f0-9]{64}$/.test(signature) || !this.verify('webhook', rawBody, signature))
      return null;
    try {
      const b = JSON.parse(rawBody) as SandboxWebhookBody;
      if (typeof b.session !== 'string' || !(OUTCOMES as readonly string[]).includes(b.outcome)) return null;
      const last4 = typeof b.cardLast4 === 'string' && /^\d{4}$/.test(b.cardLast4) ? b.cardLast4 : null;
      return {
        providerRef: b.session,
        outcome: b.outcome,
        eventId: String(b.eventId),
        cardBrand: typeof b.cardBrand === 'string' ? b.cardBrand.slice(0, 30) : null,
        cardLast4: last4,
        amountCents: Number.isSafeInteger(b.amountCents) ? b.amountCents : null,
      };
    } catch {
      return null;
    }
  }

  /** Where the sandbox's ledger says an authorisation stands (what reconciliation asks a provider). */
  async lookup(providerRef: string): Promise<VerifiedNotification | null> {
    const [row] = await this.db
      .select({ status: sandboxPayments.status, amountCents: sandboxPayments.amountCents })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerRef, providerRef));
    if (!row) return null;
    const outcome: PaymentOutcome =
      row.status === 'authorized'
        ? 'success'
        : row.status === 'pending'
          ? 'pending'
          : row.status === 'declined'
            ? 'declined'
            : 'cancelled';
    return {
      providerRef,
      outcome,
      // the same event as the return's and the webhook's of that outcome: applied once whichever comes first
      eventId: `${providerRef}:${outcome}`,
      cardBrand: null,
      cardLast4: null,
      amountCents: row.amountCents,
    };
  }

  /** The ledger's handle: the shop's transaction when the call is part of one. */
  private ledger(tx: ShopTransaction | undefined): Db {
    return (tx as Db | undefined) ?? this.db;
  }

  /**
   * The card page's decision, in the sandbox's ledger: authorised, pending (confirmed by the webhook) or
   * declined. A session already authorised keeps its authorisation. `alongside`: another write made by the
   * same statement (the delayed webhook's job: one commit for both).
   */
  async record(session: SandboxSession, outcome: PaymentOutcome, alongside?: ComposedWrite): Promise<void> {
    const status = outcome === 'success' ? 'authorized' : outcome === 'pending' ? 'pending' : 'declined';
    const values = {
      providerRef: session.providerRef,
      orderId: session.orderId,
      amountCents: session.amountCents,
      status,
    };
    if (!alongside) {
      await this.#record.rows(this.db, values);
      return;
    }
    // the ledger's write and what goes with it (the delayed webhook's job) in one statement: one commit
    const v = (key: keyof typeof values) => sql`${values[key]}`;
    await this.db.execute(sql`WITH ${alongside.ctes('alongside', sql`true`)} ${recordSql(v)}`);
    alongside.written?.();
  }

  /** `record`'s upsert: its text built once, prepared by name. */
  readonly #record = new PreparedSql<never>('sandbox_payment_record', () =>
    recordSql((name) => sql`${sql.placeholder(name)}`),
  );

  /** A pending authorisation confirmed (what the delayed webhook of a pending card reports). */
  async confirmPending(providerRef: string): Promise<void> {
    await this.db
      .update(sandboxPayments)
      .set({ status: 'authorized', updatedAt: sql`now()` })
      .where(and(eq(sandboxPayments.providerRef, providerRef), eq(sandboxPayments.status, 'pending')));
  }

  /** Takes `amountCents` of an authorisation the card page gave, never more than it authorised. */
  async capture(
    providerRef: string,
    amountCents: number,
    tx?: ShopTransaction,
  ): Promise<ProviderActionResult> {
    if (!Number.isSafeInteger(amountCents) || amountCents < 0) return { ok: false, reason: 'invalid amount' };
    const taken = await this.ledger(tx)
      .update(sandboxPayments)
      .set({ capturedCents: sql`${sandboxPayments.capturedCents} + ${amountCents}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(sandboxPayments.providerRef, providerRef),
          eq(sandboxPayments.status, 'authorized'),
          sql`${sandboxPayments.capturedCents} + ${amountCents} <= ${sandboxPayments.amountCents}`,
        ),
      )
      .returning({ ref: sandboxPayments.providerRef });
    return taken.length === 1 ? { ok: true, amountCents } : { ok: false, reason: 'not authorised' };
  }

  /** Releases a hold; nothing to release (declined, already voided) is not an error. */
  async void(providerRef: string, tx?: ShopTransaction): Promise<ProviderActionResult> {
    await this.ledger(tx)
      .update(sandboxPayments)
      .set({ status: 'voided', updatedAt: sql`now()` })
      .where(
        and(
          eq(sandboxPayments.providerRef, providerRef),
          inArray(sandboxPayments.status, ['authorized', 'pending']),
          eq(sandboxPayments.capturedCents, 0),
        ),
      );
    return { ok: true, amountCents: 0 };
  }

  /**
   * Gives back captured money, never more than was captured. The key is not kept here: the sandbox's ledger is
   * written in the shop's transaction, whose refund record is unique by key.
   */
  async refund(
    providerRef: string,
    amountCents: number,
    _key: string,
    tx?: ShopTransaction,
  ): Promise<ProviderActionResult> {
    if (!Number.isSafeInteger(amountCents) || amountCents < 0) return { ok: false, reason: 'invalid amount' };
    const given = await this.ledger(tx)
      .update(sandboxPayments)
      .set({ refundedCents: sql`${sandboxPayments.refundedCents} + ${amountCents}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(sandboxPayments.providerRef, providerRef),
          sql`${sandboxPayments.refundedCents} + ${amountCents} <= ${sandboxPayments.capturedCents}`,
        ),
      )
      .returning({ ref: sandboxPayments.providerRef });
    return given.length === 1 ? { ok: true, amountCents } : { ok: false, reason: 'nothing captured' };
  }
}

/** The payment used by payment types without a provider (on delivery, deferred): a record, no hold. */
export const NO_PROVIDER = 'none';

/** The ledger's upsert of a card page's decision (`SandboxProvider.record`), its values given as SQL. */
function recordSql(v: (key: 'providerRef' | 'orderId' | 'amountCents' | 'status') => SQL): SQL {
  return sql`INSERT INTO sandbox_payments (provider_ref, order_id, amount_cents, status)
    VALUES (${v('providerRef')}, ${v('orderId')}, ${v('amountCents')}, ${v('status')})
    ON CONFLICT (provider_ref) DO UPDATE SET status = excluded.status, updated_at = now()
    WHERE sandbox_payments.status NOT IN ('authorized', 'voided')`;
}
