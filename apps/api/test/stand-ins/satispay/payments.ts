import { randomUUID } from 'node:crypto';
import { illegalTransition, malformed, notFound, SatispayApiError } from './satispay-errors';

/**
 * The stand-in's payments, kept in memory, moved as Satispay's reference describes them
 * (developers.satispay.com/reference/create-a-payment, get-the-details-of-a-payment, update-a-payment, refund):
 * - MATCH_CODE: PENDING until the consumer acts in the app -> ACCEPTED (paid) or CANCELED (refused); CANCEL by the
 *   shop while PENDING; CANCELED with `expired: true` when `expire_date` passes (default 2 hours after creation);
 * - FUND_LOCK (funds locked now, captured later): PENDING -> AUTHORIZED when the consumer authorises in the app
 *   (or CANCELED: refused, expired); AUTHORIZED -> ACCEPTED by the shop's ACCEPT with `amount_unit` at most the
 *   locked amount, or CANCELED by the shop's CANCEL or the expiry (default 10 days after creation), the funds
 *   unlocked;
 * - REFUND: a payment of its own (`type: REFUND_TO_BUSINESS`, created ACCEPTED) of an ACCEPTED parent, never above
 *   what is left of it, within 365 days of the parent's creation (else 400 code 131);
 * - CANCEL_OR_REFUND cancels a PENDING or AUTHORIZED payment, and refunds what is left of an ACCEPTED one (the
 *   answer is then the refund).
 * ACCEPTED and CANCELED are final. Every change of status calls the payment's `callback_url` (callbacks.ts).
 *
 * Where the reference is silent, the stand-in chooses (and the provider must not lean on it):
 * - an accepted fund lock's `amount_unit` becomes the captured amount; the rest is unlocked;
 * - ACCEPT of a PENDING payment the shop created is refused (403 code 44): only the consumer confirms it (the
 *   reference's PENDING ACCEPT is for check-in payments the consumer started, which the stand-in does not serve);
 * - a refund above what is left, a capture above the lock, or a capture of 0 answer 400 code 36;
 * - unknown body fields answer 400 code 36; the flows MATCH_USER, PRE_AUTHORIZED, PRE_AUTHORIZED_FUND_LOCK and
 *   HOTP_AUTH are refused with 400 code 36 (not served).
 */
export type PaymentStatus = 'PENDING' | 'AUTHORIZED' | 'ACCEPTED' | 'CANCELED';
export type ServedFlow = 'MATCH_CODE' | 'FUND_LOCK' | 'REFUND';
export type UpdateAction = 'ACCEPT' | 'CANCEL' | 'CANCEL_OR_REFUND';

interface Actor {
  id?: string;
  type: 'CONSUMER' | 'SHOP';
  name?: string;
}

/** The payment as the API answers it (the create, get, update and list answers share it). */
export interface PaymentObject {
  id: string;
  code_identifier?: string;
  type: 'TO_BUSINESS' | 'REFUND_TO_BUSINESS';
  amount_unit: number;
  currency: 'EUR';
  status: PaymentStatus;
  expired: boolean;
  metadata: Record<string, unknown>;
  sender: Actor;
  receiver: Actor;
  insert_date: string;
  expire_date: string;
  /** deprecated by Satispay: the external_code again */
  description?: string;
  /** deprecated by Satispay; its examples answer 'CHARGE' */
  flow: 'CHARGE';
  external_code?: string;
  /** the Satispay page the consumer pays on (MATCH_CODE and FUND_LOCK) */
  redirect_url?: string;
}

export interface PaymentRecord {
  object: PaymentObject;
  flow: ServedFlow;
  /** the keyId's shop: another shop's payment is unknown (404) */
  shopId: string;
  callbackUrl: string | null;
  /** where the Satispay page sends the browser afterwards */
  merchantRedirectUrl: string | null;
  parentId: string | null;
  /** the amount locked or asked for at creation */
  requestedAmount: number;
  refunded: number;
}

export type Notify = (payment: PaymentRecord) => void;

const TWO_HOURS = 2 * 60 * 60 * 1000;
const TEN_DAYS = 10 * 24 * 60 * 60 * 1000;
const REFUND_WINDOW = 365 * 24 * 60 * 60 * 1000;
const ALL_FLOWS = [
  'MATCH_CODE',
  'MATCH_USER',
  'REFUND',
  'PRE_AUTHORIZED',
  'FUND_LOCK',
  'PRE_AUTHORIZED_FUND_LOCK',
  'HOTP_AUTH',
];
const CREATE_FIELDS = new Set([
  'flow',
  'amount_unit',
  'currency',
  'parent_payment_uid',
  'external_code',
  'callback_url',
  'redirect_url',
  'metadata',
  'expiration_date',
]);

/** Satispay's dates: ISO 8601 in UTC with milliseconds (`2020-07-01T09:18:17.166Z`) */
const iso = (ms: number) => new Date(ms).toISOString();

function absoluteUrl(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > 2000) throw malformed(`Invalid ${field}`);
  try {
    const url = new URL(value.replace('{uuid}', '00000000-0000-0000-0000-000000000000'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    throw malformed(`Invalid ${field}`);
  }
  return value;
}

function checkMetadata(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw malformed('Invalid metadata');
  const entries = Object.entries(value);
  if (entries.length > 20) throw malformed('Invalid metadata: at most 20 keys');
  for (const [key, v] of entries) {
    if (key.length > 45) throw malformed(`Invalid metadata: key ${key.slice(0, 45)}… longer than 45`);
    if ((typeof v === 'string' ? v : JSON.stringify(v)).length > 500)
      throw malformed(`Invalid metadata: value of ${key} longer than 500`);
  }
  return structuredClone(value as Record<string, unknown>);
}

function amount(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    throw malformed('Invalid amount_unit');
  return value;
}

export interface LedgerOptions {
  now(): number;
  baseUrl: string;
  notify: Notify;
  /** default expiry of MATCH_CODE payments (2 hours) and of fund locks (10 days) */
  matchCodeLifetimeMs?: number;
  fundLockLifetimeMs?: number;
}

export class PaymentLedger {
  readonly payments = new Map<string, PaymentRecord>();
  /** the test consumer who pays on the hosted page */
  readonly consumer = { id: randomUUID(), type: 'CONSUMER' as const, name: 'Mario R.' };

  constructor(private readonly options: LedgerOptions) {}

  private notify(record: PaymentRecord): void {
    this.options.notify(record);
  }

  /** a payment of this shop, 404 code 41 otherwise */
  get(id: string, shopId: string): PaymentRecord {
    const record = this.payments.get(id);
    if (!record || record.shopId !== shopId) throw notFound();
    return record;
  }

  /** any shop's payment, for the hosted page */
  find(id: string): PaymentRecord | undefined {
    return this.payments.get(id);
  }

  /** POST /g_business/v1/payments */
  create(body: Record<string, unknown>, shopId: string): PaymentRecord {
    for (const key of Object.keys(body)) if (!CREATE_FIELDS.has(key)) throw malformed(`Unknown field ${key}`);
    const flow = body.flow;
    if (typeof flow !== 'string' || !ALL_FLOWS.includes(flow)) throw malformed('Invalid flow');
    if (flow !== 'MATCH_CODE' && flow !== 'FUND_LOCK' && flow !== 'REFUND')
      throw malformed(`Flow ${flow} is not served by the stand-in`);
    const amountUnit = amount(body.amount_unit);
    if (body.currency !== 'EUR') throw malformed('Invalid currency: only EUR is supported');
    const externalCode = body.external_code;
    if (externalCode !== undefined && (typeof externalCode !== 'string' || externalCode.length > 50))
      throw malformed('Invalid external_code: at most 50 characters');
    const callbackUrl =
      body.callback_url === undefined ? null : absoluteUrl(body.callback_url, 'callback_url');
    const redirectUrl =
      body.redirect_url === undefined ? null : absoluteUrl(body.redirect_url, 'redirect_url');
    const metadata = checkMetadata(body.metadata);
    const now = this.options.now();
    if (flow === 'REFUND') {
      if (body.expiration_date !== undefined) throw malformed('expiration_date cannot be used with REFUND');
      if (typeof body.parent_payment_uid !== 'string') throw malformed('parent_payment_uid is required');
      return this.refund(this.get(body.parent_payment_uid, shopId), amountUnit, {
        externalCode,
        callbackUrl,
        metadata,
      });
    }
    if (body.parent_payment_uid !== undefined) throw malformed('parent_payment_uid is for REFUND only');
    let expiresAt =
      now +
      (flow === 'FUND_LOCK'
        ? (this.options.fundLockLifetimeMs ?? TEN_DAYS)
        : (this.options.matchCodeLifetimeMs ?? TWO_HOURS));
    if (body.expiration_date !== undefined) {
      const at = typeof body.expiration_date === 'string' ? Date.parse(body.expiration_date) : NaN;
      if (Number.isNaN(at) || at <= now) throw malformed('Invalid expiration_date');
      expiresAt = at;
    }
    const id = randomUUID();
    const page = new URL(`/pay/${id}`, this.options.baseUrl);
    if (redirectUrl) page.searchParams.set('redirect_url', redirectUrl);
    const object: PaymentObject = {
      id,
      code_identifier: `S6Y-PAY--${id.toUpperCase()}`,
      type: 'TO_BUSINESS',
      amount_unit: amountUnit,
      currency: 'EUR',
      status: 'PENDING',
      expired: false,
      metadata,
      sender: { type: 'CONSUMER' },
      receiver: { id: shopId, type: 'SHOP' },
      insert_date: iso(now),
      expire_date: iso(expiresAt),
      flow: 'CHARGE',
      ...(externalCode !== undefined ? { description: externalCode, external_code: externalCode } : {}),
      redirect_url: page.toString(),
    };
    const record: PaymentRecord = {
      object,
      flow,
      shopId,
      callbackUrl,
      merchantRedirectUrl: redirectUrl,
      parentId: null,
      requestedAmount: amountUnit,
      refunded: 0,
    };
    this.payments.set(id, record);
    return record;
  }

  private refund(
    parent: PaymentRecord,
    amountUnit: number,
    extra: { externalCode?: unknown; callbackUrl: string | null; metadata: Record<string, unknown> },
  ): PaymentRecord {
    if (parent.object.type !== 'TO_BUSINESS' || parent.object.status !== 'ACCEPTED')
      throw illegalTransition(`Payment ${parent.object.id} is not ACCEPTED: it cannot be refunded`);
    const now = this.options.now();
    if (now - Date.parse(parent.object.insert_date) > REFUND_WINDOW)
      throw new SatispayApiError(131, 'Payment too old to be refunded');
    const left = parent.object.amount_unit - parent.refunded;
    if (amountUnit > left)
      throw malformed(`Refund of ${amountUnit} above what is left of the payment (${left})`);
    parent.refunded += amountUnit;
    const id = randomUUID();
    const object: PaymentObject = {
      id,
      type: 'REFUND_TO_BUSINESS',
      amount_unit: amountUnit,
      currency: 'EUR',
      status: 'ACCEPTED',
      expired: false,
      metadata: extra.metadata,
      sender: { id: parent.shopId, type: 'SHOP' },
      receiver: { id: parent.object.sender.id ?? this.consumer.id, type: 'CONSUMER' },
      insert_date: iso(now),
      expire_date: iso(now + TWO_HOURS),
      flow: 'CHARGE',
      ...(typeof extra.externalCode === 'string'
        ? { description: extra.externalCode, external_code: extra.externalCode }
        : {}),
    };
    const record: PaymentRecord = {
      object,
      flow: 'REFUND',
      shopId: parent.shopId,
      callbackUrl: extra.callbackUrl,
      merchantRedirectUrl: null,
      parentId: parent.object.id,
      requestedAmount: amountUnit,
      refunded: 0,
    };
    this.payments.set(id, record);
    return record;
  }

  private move(record: PaymentRecord, status: PaymentStatus, changes: Partial<PaymentObject> = {}): void {
    Object.assign(record.object, changes, { status });
    this.notify(record);
  }

  /** PUT /g_business/v1/payments/{id} */
  update(id: string, body: Record<string, unknown>, shopId: string): PaymentRecord {
    const record = this.get(id, shopId);
    for (const key of Object.keys(body))
      if (!['action', 'amount_unit', 'metadata'].includes(key)) throw malformed(`Unknown field ${key}`);
    const action = body.action;
    if (action !== 'ACCEPT' && action !== 'CANCEL' && action !== 'CANCEL_OR_REFUND')
      throw malformed('Invalid action');
    const { object } = record;
    if (body.amount_unit !== undefined && action !== 'ACCEPT')
      throw malformed('amount_unit applies only to ACCEPT of an AUTHORIZED payment');
    const metadata = body.metadata === undefined ? undefined : checkMetadata(body.metadata);
    const withMetadata = metadata ? { metadata: { ...object.metadata, ...metadata } } : {};
    if (object.type !== 'TO_BUSINESS') throw illegalTransition('A refund cannot be updated');
    switch (action) {
      case 'ACCEPT': {
        if (object.status !== 'AUTHORIZED')
          throw illegalTransition(`Illegal state transition: ${object.status} -> ACCEPTED`);
        const captured = body.amount_unit === undefined ? object.amount_unit : amount(body.amount_unit);
        if (captured > object.amount_unit)
          throw malformed(`amount_unit ${captured} above the locked amount ${object.amount_unit}`);
        this.move(record, 'ACCEPTED', { amount_unit: captured, ...withMetadata });
        return record;
      }
      case 'CANCEL':
        if (object.status !== 'PENDING' && object.status !== 'AUTHORIZED')
          throw illegalTransition(`Illegal state transition: ${object.status} -> CANCELED`);
        this.move(record, 'CANCELED', withMetadata);
        return record;
      case 'CANCEL_OR_REFUND':
        if (object.status === 'PENDING' || object.status === 'AUTHORIZED') {
          this.move(record, 'CANCELED', withMetadata);
          return record;
        }
        if (object.status === 'ACCEPTED' && object.amount_unit > record.refunded)
          return this.refund(record, object.amount_unit - record.refunded, {
            callbackUrl: null,
            metadata: {},
          });
        throw illegalTransition(`Illegal state transition: ${object.status} -> CANCELED`);
    }
  }

  /** the consumer confirms in the app (the hosted page): MATCH_CODE is paid, FUND_LOCK is authorised */
  consumerAccepts(id: string): PaymentRecord {
    const record = this.payments.get(id);
    if (!record || record.object.status !== 'PENDING') throw notFound('This payment cannot be confirmed');
    this.move(record, record.flow === 'FUND_LOCK' ? 'AUTHORIZED' : 'ACCEPTED', {
      sender: { ...this.consumer },
    });
    return record;
  }

  /** the consumer refuses in the app */
  consumerRefuses(id: string): PaymentRecord {
    const record = this.payments.get(id);
    if (!record || record.object.status !== 'PENDING') throw notFound('This payment cannot be refused');
    this.move(record, 'CANCELED');
    return record;
  }

  /** payments (PENDING, or AUTHORIZED fund locks) past their expire_date become CANCELED and expired */
  lapse(): void {
    const now = this.options.now();
    for (const record of this.payments.values()) {
      const { object } = record;
      if (
        (object.status === 'PENDING' || object.status === 'AUTHORIZED') &&
        Date.parse(object.expire_date) <= now
      )
        this.move(record, 'CANCELED', { expired: true });
    }
  }

  /** GET /g_business/v1/payments: newest first, cursor on the id */
  list(
    shopId: string,
    q: { status?: string; limit?: number; startingAfter?: string; startingAfterTimestamp?: number },
  ) {
    if (q.status !== undefined && !['ACCEPTED', 'PENDING', 'CANCELED'].includes(q.status))
      throw malformed('Invalid query parament status');
    let all = [...this.payments.values()]
      .filter((r) => r.shopId === shopId && (!q.status || r.object.status === q.status))
      .reverse();
    if (q.startingAfter) all = all.slice(all.findIndex((r) => r.object.id === q.startingAfter) + 1);
    if (q.startingAfterTimestamp !== undefined)
      all = all.filter((r) => Date.parse(r.object.insert_date) < q.startingAfterTimestamp!);
    const limit = Math.min(Math.max(q.limit ?? 20, 1), 100);
    return { has_more: all.length > limit, data: all.slice(0, limit).map((r) => r.object) };
  }
}
