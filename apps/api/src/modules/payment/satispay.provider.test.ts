import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SatispayStandIn } from '../../../test/stand-ins/satispay/satispay-stand-in';
import { createSatispayClient } from '../../lib/satispay-client';
import type { StartSessionInput, VerifiedNotification } from './payment-provider';
import { SATISPAY_PAYMENT_TYPE, SatispayProvider } from './satispay.provider';

/**
 * The Satispay provider against the stand-in (test/stand-ins/satispay) over real HTTP: the shop's callback endpoint
 * is a small server here that hands Satispay's GET to `verifyWebhook`, as the generic webhook route does; the
 * browser's return is the redirect the stand-in's page answers, handed to `verifyReturn`.
 */
const DAY = 24 * 60 * 60 * 1000;
const keys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const shop = keys();

let offset = 0;
const now = () => Date.now() + offset;
let standIn: SatispayStandIn;
let provider: SatispayProvider;
/** the shop's records: (order, attempt) -> Satispay payment id */
let refs: Map<string, string>;
/** what the shop's webhook route made of each callback */
let notified: (VerifiedNotification | null)[];
let closeShop: () => Promise<void>;

beforeEach(async () => {
  offset = 0;
  refs = new Map();
  notified = [];
  standIn = await SatispayStandIn.start({ now });
  const { keyId } = standIn.registerKey(shop.publicKey);
  // the shop's public side: Satispay's callback GET reaches the webhook route, which asks the provider
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop');
    void provider
      .verifyWebhook({ rawBody: '', headers: {}, query: Object.fromEntries(url.searchParams) })
      .then((n) => {
        notified.push(n);
        res.writeHead(n ? 200 : 400);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeShop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  provider = new SatispayProvider({
    client: createSatispayClient({
      keyId,
      privateKey: shop.privateKey.replace(/\n/g, '\\n'), // as a one-line environment variable
      baseUrl: standIn.url,
      retryDelayMs: 10,
      now,
    }),
    publicUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    paymentRefOf: async (orderId, attempt) => refs.get(`${orderId}/${attempt}`) ?? null,
    now,
  });
});

afterEach(async () => {
  await standIn.stop();
  await closeShop();
});

const input = (
  orderId: number,
  amountCents = 5000,
  extra: Partial<StartSessionInput> = {},
): StartSessionInput => ({
  orderId,
  attempt: 1,
  amountCents,
  currency: 'EUR',
  description: `Ordine ${orderId} - Spesa`,
  feedbackUrl: '/ebsn/api/payment/feedback/satispay',
  ...extra,
});

/** a session started and recorded by the shop */
async function started(orderId: number, amountCents = 5000, extra: Partial<StartSessionInput> = {}) {
  const session = await provider.startSession(input(orderId, amountCents, extra));
  refs.set(`${orderId}/${extra.attempt ?? 1}`, session.providerRef);
  return session;
}

/** the customer on Satispay's page; answers the query of the shop's feedback URL the browser comes back to */
async function customer(redirectUrl: string, outcome: 'accept' | 'refuse') {
  const page = new URL(redirectUrl);
  const res = await fetch(new URL(page.pathname, standIn.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe('/ebsn/api/payment/feedback/satispay');
  return Object.fromEntries(back.searchParams);
}

describe('a payment in the Satispay app', () => {
  it('locks the pre-authorised amount: the callback and the return, each checked with Satispay, agree once', async () => {
    expect(provider.paymentTypeIds).toEqual([SATISPAY_PAYMENT_TYPE]);
    const session = await started(41, 5230);
    expect(new URL(session.redirectUrl).origin).toBe(standIn.url);
    const created = standIn.payment(session.providerRef)!;
    expect(created.flow).toBe('FUND_LOCK');
    expect(created.object).toMatchObject({ amount_unit: 5230, metadata: { order_id: '41', attempt: '1' } });
    expect(created.callbackUrl).toMatch(/\/ebsn\/api\/payment\/webhook\/satispay\?payment_id=\{uuid\}$/);

    const query = await customer(session.redirectUrl, 'accept');
    expect(query).toEqual({ order_id: '41', attempt: '1' });
    const expected = {
      providerRef: session.providerRef,
      outcome: 'success',
      eventId: `${session.providerRef}:AUTHORIZED`,
      cardBrand: null,
      cardLast4: null,
      amountCents: 5230,
    };
    expect(notified).toEqual([expected]);
    expect(await provider.verifyReturn(query)).toEqual(expected);
    expect(standIn.payment(session.providerRef)!.object.status).toBe('AUTHORIZED');
  });

  it('refused in the app: declined, by the callback and by the return', async () => {
    const session = await started(42);
    const query = await customer(session.redirectUrl, 'refuse');
    expect(notified.map((n) => n?.outcome)).toEqual(['declined']);
    expect(await provider.verifyReturn(query)).toMatchObject({ outcome: 'declined' });
  });

  it('trusts neither the return nor the callback: a return before paying is pending, a forged one is nothing', async () => {
    const session = await started(43);
    // the browser comes back (or someone types the URL) without paying: Satispay says PENDING
    expect(await provider.verifyReturn({ order_id: '43', attempt: '1' })).toMatchObject({
      outcome: 'pending',
    });
    expect(await provider.verifyReturn({ order_id: '43', attempt: '2' })).toBeNull();
    expect(await provider.verifyReturn({ order_id: '999', attempt: '1' })).toBeNull();
    expect(await provider.verifyReturn({ order_id: '43' })).toBeNull();
    expect(await provider.verifyReturn({ order_id: '43; drop', attempt: '1' })).toBeNull();
    // a callback naming an unknown payment, junk, or a refund instead of a payment
    const hook = (query: Record<string, string>) =>
      provider.verifyWebhook({ rawBody: '', headers: {}, query });
    expect(await hook({ payment_id: randomUUID() })).toBeNull();
    expect(await hook({ payment_id: '../../payments?status=ACCEPTED' })).toBeNull();
    expect(await hook({})).toBeNull();
    await customer(session.redirectUrl, 'accept');
    await provider.capture(session.providerRef, 1000);
    const refund = await provider.refund(session.providerRef, 100, 'order-43-refund-1');
    expect(refund.ok).toBe(true);
    expect(await hook({ payment_id: standIn.refundsOf(session.providerRef)[0]!.object.id })).toBeNull();
  });

  it("does not see another shop's payment", async () => {
    const other = keys();
    const otherShop = createSatispayClient({
      keyId: standIn.registerKey(other.publicKey).keyId,
      privateKey: other.privateKey,
      baseUrl: standIn.url,
    });
    const foreign = await otherShop.createPayment({ flow: 'FUND_LOCK', amount_unit: 100, currency: 'EUR' });
    expect(await provider.lookup(foreign.id)).toBeNull();
    expect(await provider.void(foreign.id)).toMatchObject({ ok: false });
    expect((await otherShop.getPayment(foreign.id)).status).toBe('PENDING');
  });

  it('a lost callback is settled by lookup', async () => {
    standIn.callbacks.mode = 'never';
    const session = await started(44);
    await customer(session.redirectUrl, 'accept'); // the browser is closed: the return never reaches the shop
    expect(notified).toEqual([]);
    expect(await provider.lookup(session.providerRef)).toMatchObject({
      outcome: 'success',
      eventId: `${session.providerRef}:AUTHORIZED`,
    });
  });

  it('a callback delivered twice is the same notification twice (applied once by its eventId)', async () => {
    standIn.callbacks.duplicate = true;
    const session = await started(45);
    await customer(session.redirectUrl, 'accept');
    expect(notified).toHaveLength(2);
    expect(notified[0]).toEqual(notified[1]);
  });

  it('a lock that lapsed is cancelled, and cannot be captured', async () => {
    const session = await started(46);
    await customer(session.redirectUrl, 'accept');
    offset = 10 * DAY + 1000;
    expect(await provider.lookup(session.providerRef)).toMatchObject({
      outcome: 'cancelled',
      eventId: `${session.providerRef}:CANCELED:expired`,
    });
    expect(await provider.capture(session.providerRef, 4000)).toMatchObject({ ok: false });
  });

  it('asks for a longer lock when the slot starts beyond Satispay’s ten days', async () => {
    const near = await started(47, 1000, { slotStartsAt: new Date(now() + 3 * DAY) });
    const far = await started(48, 1000, { slotStartsAt: new Date(now() + 12 * DAY) });
    const expiry = (ref: string) => Date.parse(standIn.payment(ref)!.object.expire_date);
    expect(expiry(near.providerRef) - now()).toBeGreaterThan(9.9 * DAY);
    expect(expiry(near.providerRef) - now()).toBeLessThanOrEqual(10 * DAY);
    expect(expiry(far.providerRef) - now()).toBeGreaterThanOrEqual(13 * DAY - 60_000);
  });

  it('resumes the page of a lock not yet authorised, and of nothing else', async () => {
    const session = await started(49, 2500);
    expect(await provider.resumeSession(session.providerRef, input(49, 2500))).toEqual(session);
    expect(await provider.resumeSession(session.providerRef, input(49, 2600))).toBeNull();
    await customer(session.redirectUrl, 'accept');
    expect(await provider.resumeSession(session.providerRef, input(49, 2500))).toBeNull();
    expect(await provider.resumeSession(randomUUID(), input(49, 2500))).toBeNull();
  });
});

describe('after picking', () => {
  const authorised = async (orderId: number, amountCents: number) => {
    const session = await started(orderId, amountCents);
    await customer(session.redirectUrl, 'accept');
    return session.providerRef;
  };

  it('captures less than the lock: Satispay takes the picked amount, the difference stays with the customer', async () => {
    const ref = await authorised(51, 5000);
    expect(await provider.capture(ref, 5001)).toMatchObject({ ok: false });
    expect(standIn.payment(ref)!.object.status).toBe('AUTHORIZED');
    expect(await provider.capture(ref, 4210)).toEqual({ ok: true, amountCents: 4210 });
    expect(standIn.payment(ref)!.object).toMatchObject({ status: 'ACCEPTED', amount_unit: 4210 });
    expect(await provider.lookup(ref)).toMatchObject({ outcome: 'success', eventId: `${ref}:ACCEPTED` });
  });

  it('a capture whose answer was lost, retried, takes the money once and answers what was taken', async () => {
    const ref = await authorised(52, 5000);
    standIn.dropResponses(1);
    expect(await provider.capture(ref, 3000)).toEqual({ ok: true, amountCents: 3000 });
    const accepts = standIn.requests.filter((r) => r.method === 'PUT');
    expect(accepts.map((r) => r.status)).toEqual([200, 403]);
    expect(standIn.payment(ref)!.object.amount_unit).toBe(3000);
  });

  it('captures 0 (nothing delivered) by releasing the lock', async () => {
    const ref = await authorised(53, 5000);
    expect(await provider.capture(ref, 0)).toEqual({ ok: true, amountCents: 0 });
    expect(standIn.payment(ref)!.object.status).toBe('CANCELED');
  });

  it('voids a payment still pending, so the customer can no longer pay it; twice is still done', async () => {
    const session = await started(54);
    expect(await provider.void(session.providerRef)).toEqual({ ok: true, amountCents: 5000 });
    const page = await fetch(new URL(new URL(session.redirectUrl).pathname, standIn.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome=accept',
      redirect: 'manual',
    });
    expect(page.status).toBe(409);
    expect(await provider.void(session.providerRef)).toEqual({ ok: true, amountCents: 5000 });
  });

  it('voids an authorised lock, but not a captured payment', async () => {
    const held = await authorised(55, 5000);
    expect(await provider.void(held)).toMatchObject({ ok: true });
    expect(standIn.payment(held)!.object.status).toBe('CANCELED');
    const captured = await authorised(56, 5000);
    await provider.capture(captured, 4000);
    expect(await provider.void(captured)).toMatchObject({ ok: false });
    expect(standIn.payment(captured)!.object.status).toBe('ACCEPTED');
  });

  it('refunds twice with the same key: money moves once; never above what was captured', async () => {
    const ref = await authorised(57, 5000);
    await provider.capture(ref, 4000);
    expect(await provider.refund(ref, 1500, 'order-57-refund-1')).toEqual({ ok: true, amountCents: 1500 });
    expect(await provider.refund(ref, 1500, 'order-57-refund-1')).toEqual({ ok: true, amountCents: 1500 });
    expect(standIn.refundsOf(ref).map((r) => r.object.amount_unit)).toEqual([1500]);
    expect(await provider.refund(ref, 2501, 'order-57-refund-2')).toMatchObject({ ok: false });
    expect(await provider.refund(ref, 2500, 'order-57-refund-3')).toEqual({ ok: true, amountCents: 2500 });
    expect(standIn.refundsOf(ref).reduce((sum, r) => sum + r.object.amount_unit, 0)).toBe(4000);
  });

  it('refuses to refund a lock never captured', async () => {
    const ref = await authorised(58, 5000);
    expect(await provider.refund(ref, 100, 'order-58-refund-1')).toMatchObject({ ok: false });
    expect(standIn.refundsOf(ref)).toEqual([]);
  });
});
