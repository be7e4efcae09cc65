import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SatispayError } from '../../../src/lib/satispay-client';
import {
  createSatispayClient,
  satispayDate,
  satispayDigest,
  signedHeaders,
  type SatispayClient,
  type SatispayPayment,
} from '../../../src/lib/satispay-client';
import { SatispayStandIn, type SatispayStandInOptions } from './satispay-stand-in';

/**
 * The stand-in driven over real HTTP by the shop's signing client (src/lib/satispay-client.ts) and by hand-made
 * requests where a test needs a request the client would never send (a bad signature, an old date).
 */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let offset = 0;
const now = () => Date.now() + offset;

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const shopKeys = pair();
const otherKeys = pair();

let standIn: SatispayStandIn;
let client: SatispayClient;
let keyId: string;
const closers: (() => Promise<void>)[] = [];

async function start(options: SatispayStandInOptions = {}): Promise<void> {
  standIn = await SatispayStandIn.start({ now, ...options });
  keyId = standIn.registerKey(shopKeys.publicKey).keyId;
  client = createSatispayClient({
    keyId,
    privateKey: shopKeys.privateKey,
    baseUrl: standIn.url,
    now,
    retryDelayMs: 10,
  });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as SatispayError,
  );

/** the shop's callback endpoint: records the URLs Satispay GETs */
async function callbackReceiver(answer = 200) {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(req.url ?? '');
    res.writeHead(answer);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { callbackUrl: `${base}/callback?payment_id={uuid}`, received };
}

/** the consumer on Satispay's page: confirms or refuses; answers the redirect the browser would follow */
async function consumer(payment: SatispayPayment, outcome: 'accept' | 'refuse') {
  const page = new URL(payment.redirect_url!);
  const res = await fetch(new URL(page.pathname, standIn.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

/** a request signed by hand, so a test can break one part of it */
async function signedFetch(
  method: string,
  path: string,
  body: string,
  tweak: {
    key?: string;
    keyId?: string;
    date?: number;
    bodySent?: string;
    headers?: (h: Record<string, string>) => Record<string, string>;
  } = {},
) {
  const host = new URL(standIn.url).host;
  let headers = signedHeaders({
    method,
    path,
    host,
    body,
    keyId: tweak.keyId ?? keyId,
    privateKey: createPrivateKey(tweak.key ?? shopKeys.privateKey),
    now: tweak.date ?? now(),
  });
  if (tweak.headers) headers = tweak.headers(headers);
  const sent = tweak.bodySent ?? body;
  const res = await fetch(`${standIn.url}${path}`, {
    method,
    headers: { ...headers, ...(sent ? { 'Content-Type': 'application/json' } : {}) },
    ...(method === 'GET' ? {} : { body: sent }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const matchCode = (amount = 1240, extra: object = {}) =>
  client.createPayment({ flow: 'MATCH_CODE', amount_unit: amount, currency: 'EUR', ...extra });
const fundLock = (amount = 5000, extra: object = {}) =>
  client.createPayment({ flow: 'FUND_LOCK', amount_unit: amount, currency: 'EUR', ...extra });

beforeEach(() => {
  offset = 0;
});

afterEach(async () => {
  await standIn?.stop();
  for (const close of closers.splice(0)) await close();
});

describe('authentication as Satispay documents it', () => {
  beforeEach(() => start());

  it("writes the reference's own digests and date format", () => {
    // developers.satispay.com/reference/create-the-digest and create-the-string: the documented examples
    expect(satispayDigest('{\n  "flow": "MATCH_CODE",\n  "amount_unit": 100,\n  "currency": "EUR"\n}')).toBe(
      'SHA-256=ZML76UQPYzw5yDTmhySnU1S8nmqGde/jhqOG5rpfVSI=',
    );
    expect(satispayDigest('')).toBe('SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
    expect(satispayDate(Date.UTC(2019, 2, 18, 15, 10, 24))).toBe('Mon, 18 Mar 2019 15:10:24 +0000');
  });

  it('accepts a signed request, the query included in the signed request target', async () => {
    await matchCode();
    const listed = await signedFetch('GET', '/g_business/v1/payments?status=PENDING&limit=5', '');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      has_more: false,
      data: [expect.objectContaining({ status: 'PENDING' })],
    });
  });

  it('refuses every broken signature with 401 code 34 in the error shape, and creates nothing', async () => {
    const body = JSON.stringify({ flow: 'MATCH_CODE', amount_unit: 100, currency: 'EUR' });
    const post = (tweak: Parameters<typeof signedFetch>[3]) =>
      signedFetch('POST', '/g_business/v1/payments', body, tweak);
    const refused = [
      await post({ key: otherKeys.privateKey }), // another private key
      await post({ keyId: 'unknown-key-id' }),
      await post({ bodySent: body.replace('100', '1') }), // the body changed after signing: digest
      await post({
        // the digest fits the changed body, but the signature was made over the first digest
        bodySent: body.replace('100', '1'),
        headers: (h) => ({ ...h, Digest: satispayDigest(body.replace('100', '1')) }),
      }),
      await post({ date: now() - 10 * 60 * 1000 }), // ten minutes old
      await post({ date: now() + 10 * 60 * 1000 }),
      await post({
        headers: (h) => ({ ...h, Authorization: h.Authorization!.replace(' digest"', '"') }),
      }),
      await post({ headers: ({ Authorization: _, ...h }) => h }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 34, message: expect.any(String), wlt: expect.any(String) });
    }
    expect((await client.createPayment({ flow: 'MATCH_CODE', amount_unit: 1, currency: 'EUR' })).status).toBe(
      'PENDING',
    );
    expect(standIn.requests.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it("answers 404 code 41 for an unknown payment and for another shop's", async () => {
    const mine = await matchCode();
    const other = standIn.registerKey(otherKeys.publicKey);
    const otherClient = createSatispayClient({
      keyId: other.keyId,
      privateKey: otherKeys.privateKey,
      baseUrl: standIn.url,
    });
    for (const error of [
      await failure(client.getPayment('9d1bd1bb-2d52-4f0e-8a38-3a3c51e0c6d1')),
      await failure(otherClient.getPayment(mine.id)),
      await failure(otherClient.updatePayment(mine.id, { action: 'CANCEL' })),
    ])
      expect([error.status, error.code]).toEqual([404, '41']);
    expect((await client.getPayment(mine.id)).status).toBe('PENDING');
  });

  it('refuses malformed payments with 400 code 36', async () => {
    for (const body of [
      { flow: 'CHARGE', amount_unit: 100, currency: 'EUR' },
      { flow: 'MATCH_CODE', amount_unit: 10.5, currency: 'EUR' },
      { flow: 'MATCH_CODE', amount_unit: 0, currency: 'EUR' },
      { flow: 'MATCH_CODE', amount_unit: 100, currency: 'USD' },
      { flow: 'MATCH_CODE', amount_unit: 100, currency: 'EUR', external_code: 'x'.repeat(51) },
      { flow: 'MATCH_CODE', amount_unit: 100, currency: 'EUR', callback_url: 'not a url' },
      { flow: 'MATCH_CODE', amount_unit: 100, currency: 'EUR', amount: 5 },
      { flow: 'REFUND', amount_unit: 100, currency: 'EUR' },
    ]) {
      const error = await failure(client.createPayment(body as never));
      expect([error.status, error.code]).toEqual([400, '36']);
    }
    expect(standIn.requests.every((r) => r.status === 400)).toBe(true);
  });
});

describe('a MATCH_CODE payment on the web-redirect page', () => {
  beforeEach(() => start());

  it('is paid in the app: the callback (GET, {uuid} replaced, no status in it), then the redirect', async () => {
    const hook = await callbackReceiver();
    const payment = await matchCode(1240, {
      external_code: 'order-7',
      callback_url: hook.callbackUrl,
      redirect_url: 'http://shop.test/return?order_id=7',
      metadata: { order_id: '7' },
    });
    expect(payment).toMatchObject({
      type: 'TO_BUSINESS',
      status: 'PENDING',
      amount_unit: 1240,
      currency: 'EUR',
      expired: false,
      external_code: 'order-7',
      metadata: { order_id: '7' },
    });
    expect(Date.parse(payment.expire_date!) - Date.parse(payment.insert_date!)).toBe(2 * HOUR);
    const page = new URL(payment.redirect_url!);
    expect(page.origin).toBe(standIn.url);
    expect(page.searchParams.get('redirect_url')).toBe('http://shop.test/return?order_id=7');
    const html = await (await fetch(payment.redirect_url!)).text();
    expect(html).toContain('12,40 €');

    expect(hook.received).toEqual([]);
    const back = await consumer(payment, 'accept');
    expect([back.status, back.location]).toEqual([303, 'http://shop.test/return?order_id=7']);
    expect(hook.received).toEqual([`/callback?payment_id=${payment.id}`]);
    expect(await client.getPayment(payment.id)).toMatchObject({ status: 'ACCEPTED', amount_unit: 1240 });
    // a finished payment's page takes nothing more
    expect((await consumer(payment, 'refuse')).status).toBe(409);
    expect((await client.getPayment(payment.id)).status).toBe('ACCEPTED');
  });

  it('is refused in the app: CANCELED, not expired, callback and redirect all the same', async () => {
    const hook = await callbackReceiver();
    const payment = await matchCode(990, {
      callback_url: hook.callbackUrl,
      redirect_url: 'http://shop.test/r',
    });
    expect((await consumer(payment, 'refuse')).location).toBe('http://shop.test/r');
    expect(hook.received).toHaveLength(1);
    expect(await client.getPayment(payment.id)).toMatchObject({ status: 'CANCELED', expired: false });
  });

  it('expires after two hours (or its expiration_date): CANCELED and expired, with a callback', async () => {
    const hook = await callbackReceiver();
    const plain = await matchCode(100, { callback_url: hook.callbackUrl });
    const short = await matchCode(100, {
      callback_url: hook.callbackUrl,
      expiration_date: new Date(now() + 30 * 60 * 1000).toISOString(),
    });
    offset = 31 * 60 * 1000;
    expect((await client.getPayment(short.id)).status).toBe('CANCELED');
    expect((await client.getPayment(plain.id)).status).toBe('PENDING');
    offset = 2 * HOUR + 1000;
    expect(await client.getPayment(plain.id)).toMatchObject({ status: 'CANCELED', expired: true });
    await standIn.callbacks.idle();
    expect(hook.received.sort()).toEqual(
      [`/callback?payment_id=${plain.id}`, `/callback?payment_id=${short.id}`].sort(),
    );
    expect((await consumer(plain, 'accept')).status).toBe(409);
  });

  it('is cancelled by the shop while PENDING, and cannot be accepted by the shop', async () => {
    const payment = await matchCode();
    const accept = await failure(client.updatePayment(payment.id, { action: 'ACCEPT' }));
    expect([accept.status, accept.code]).toEqual([403, '44']);
    expect((await client.updatePayment(payment.id, { action: 'CANCEL' })).status).toBe('CANCELED');
    const again = await failure(client.updatePayment(payment.id, { action: 'CANCEL' }));
    expect([again.status, again.code]).toEqual([403, '44']);
    expect((await consumer(payment, 'accept')).status).toBe(409);
  });
});

describe('a FUND_LOCK: authorised in the app, captured later by the shop', () => {
  beforeEach(() => start());

  it('is AUTHORIZED by the consumer, then ACCEPTED for less: amount_unit is what was taken', async () => {
    const payment = await fundLock(5000, { redirect_url: 'http://shop.test/r' });
    expect(Date.parse(payment.expire_date!) - Date.parse(payment.insert_date!)).toBe(10 * DAY);
    await consumer(payment, 'accept');
    expect((await client.getPayment(payment.id)).status).toBe('AUTHORIZED');

    const above = await failure(client.updatePayment(payment.id, { action: 'ACCEPT', amount_unit: 5001 }));
    expect([above.status, above.code]).toEqual([400, '36']);
    expect((await client.getPayment(payment.id)).status).toBe('AUTHORIZED');

    const accepted = await client.updatePayment(payment.id, { action: 'ACCEPT', amount_unit: 4210 });
    expect([accepted.status, accepted.amount_unit]).toEqual(['ACCEPTED', 4210]);
    const twice = await failure(client.updatePayment(payment.id, { action: 'ACCEPT', amount_unit: 4210 }));
    expect([twice.status, twice.code]).toEqual([403, '44']);
    // the refundable amount is the captured one, not the lock
    const tooMuch = await failure(
      client.createPayment({
        flow: 'REFUND',
        amount_unit: 4211,
        currency: 'EUR',
        parent_payment_uid: payment.id,
      }),
    );
    expect([tooMuch.status, tooMuch.code]).toEqual([400, '36']);
  });

  it('cannot be captured before the consumer authorises it, and CANCEL unlocks it', async () => {
    const payment = await fundLock(3000);
    const early = await failure(client.updatePayment(payment.id, { action: 'ACCEPT', amount_unit: 3000 }));
    expect([early.status, early.code]).toEqual([403, '44']);
    await consumer(payment, 'accept');
    expect((await client.updatePayment(payment.id, { action: 'CANCEL' })).status).toBe('CANCELED');
    const late = await failure(client.updatePayment(payment.id, { action: 'ACCEPT', amount_unit: 3000 }));
    expect([late.status, late.code]).toEqual([403, '44']);
  });

  it('lapses ten days after creation when nobody captured it', async () => {
    const hook = await callbackReceiver();
    const payment = await fundLock(3000, { callback_url: hook.callbackUrl });
    await consumer(payment, 'accept');
    offset = 10 * DAY - 1000;
    expect((await client.getPayment(payment.id)).status).toBe('AUTHORIZED');
    offset = 10 * DAY + 1000;
    expect(await client.getPayment(payment.id)).toMatchObject({ status: 'CANCELED', expired: true });
    const error = await failure(client.updatePayment(payment.id, { action: 'ACCEPT', amount_unit: 100 }));
    expect(error.code).toBe('44');
    await standIn.callbacks.idle();
    expect(hook.received).toHaveLength(2); // authorised, then lapsed
  });
});

describe('refunds', () => {
  beforeEach(() => start());

  const paid = async (amount: number) => {
    const payment = await matchCode(amount);
    await consumer(payment, 'accept');
    return payment;
  };
  const refund = (parent: string, amount: number, key?: string) =>
    client.createPayment(
      { flow: 'REFUND', amount_unit: amount, currency: 'EUR', parent_payment_uid: parent },
      key,
    );

  it('are payments of their own, partial ones allowed, never above what is left', async () => {
    const payment = await paid(2000);
    const first = await refund(payment.id, 1500);
    expect(first).toMatchObject({ type: 'REFUND_TO_BUSINESS', status: 'ACCEPTED', amount_unit: 1500 });
    const above = await failure(refund(payment.id, 501));
    expect([above.status, above.code]).toEqual([400, '36']);
    expect((await refund(payment.id, 500)).status).toBe('ACCEPTED');
    expect((await failure(refund(payment.id, 1))).code).toBe('36');
    expect(standIn.refundsOf(payment.id).map((r) => r.object.amount_unit)).toEqual([1500, 500]);
  });

  it('refuse a payment that was not ACCEPTED (403 44) and one older than 365 days (400 131)', async () => {
    const pending = await matchCode(1000);
    expect((await failure(refund(pending.id, 100))).code).toBe('44');
    const old = await paid(1000);
    offset = 366 * DAY;
    const error = await failure(refund(old.id, 100));
    expect([error.status, error.code]).toEqual([400, '131']);
  });

  it('CANCEL_OR_REFUND cancels what is pending and refunds what is left of an accepted payment', async () => {
    const pending = await matchCode(700);
    expect((await client.updatePayment(pending.id, { action: 'CANCEL_OR_REFUND' })).status).toBe('CANCELED');
    const payment = await paid(2000);
    await refund(payment.id, 500);
    const answer = await client.updatePayment(payment.id, { action: 'CANCEL_OR_REFUND' });
    expect(answer).toMatchObject({ type: 'REFUND_TO_BUSINESS', status: 'ACCEPTED', amount_unit: 1500 });
    expect((await failure(client.updatePayment(payment.id, { action: 'CANCEL_OR_REFUND' }))).code).toBe('44');
  });
});

describe('idempotency keys on POST', () => {
  beforeEach(() => start());

  it('replay the first answer for the same body, refuse another body with 403 45', async () => {
    const body = { flow: 'MATCH_CODE', amount_unit: 1000, currency: 'EUR' } as const;
    const first = await client.createPayment(body, 'order-1-attempt-1');
    const again = await client.createPayment(body, 'order-1-attempt-1');
    expect(again.id).toBe(first.id);
    expect(standIn.requests.map((r) => r.replayed)).toEqual([false, true]);
    const other = await failure(client.createPayment({ ...body, amount_unit: 999 }, 'order-1-attempt-1'));
    expect([other.status, other.code]).toEqual([403, '45']);
    expect((await signedFetch('GET', '/g_business/v1/payments', '')).body.data).toHaveLength(1);
  });

  it('replay a refused refund too, so a retried refund never moves money twice', async () => {
    const payment = await matchCode(1000);
    await consumer(payment, 'accept');
    const body = {
      flow: 'REFUND',
      amount_unit: 600,
      currency: 'EUR',
      parent_payment_uid: payment.id,
    } as const;
    const a = await client.createPayment(body, 'refund-1');
    const b = await client.createPayment(body, 'refund-1');
    expect(b.id).toBe(a.id);
    expect(standIn.refundsOf(payment.id)).toHaveLength(1);
    expect((await failure(client.createPayment({ ...body, amount_unit: 500 }, 'refund-2'))).code).toBe('36');
    expect((await failure(client.createPayment({ ...body, amount_unit: 500 }, 'refund-2'))).code).toBe('36');
  });

  it('keep nothing for a request refused before it ran (bad signature)', async () => {
    const body = JSON.stringify({ flow: 'MATCH_CODE', amount_unit: 100, currency: 'EUR' });
    const bad = await signedFetch('POST', '/g_business/v1/payments', body, {
      key: otherKeys.privateKey,
      headers: (h) => ({ ...h, 'Idempotency-Key': 'k-1' }),
    });
    expect(bad.status).toBe(401);
    const good = await signedFetch('POST', '/g_business/v1/payments', body, {
      headers: (h) => ({ ...h, 'Idempotency-Key': 'k-1' }),
    });
    expect([good.status, good.body.status]).toEqual([200, 'PENDING']);
  });

  it('make the client retry of a lost answer safe: one payment, the second answer replayed', async () => {
    standIn.dropResponses(1);
    const payment = await client.createPayment(
      { flow: 'FUND_LOCK', amount_unit: 5000, currency: 'EUR' },
      'order-9-attempt-1',
    );
    expect(standIn.requests.map((r) => [r.dropped, r.replayed])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect((await client.getPayment(payment.id)).amount_unit).toBe(5000);
  });
});

describe('callback controls', () => {
  beforeEach(() => start());

  it('hold callbacks back until released, lose them, or send them twice', async () => {
    const hook = await callbackReceiver();
    standIn.callbacks.mode = 'hold';
    const held = await matchCode(100, { callback_url: hook.callbackUrl, redirect_url: 'http://shop.test/r' });
    expect((await consumer(held, 'accept')).status).toBe(303);
    expect(hook.received).toEqual([]);
    expect(standIn.callbacks.heldCallbacks()).toEqual([held.id]);
    await standIn.callbacks.release();
    expect(hook.received).toEqual([`/callback?payment_id=${held.id}`]);

    standIn.callbacks.mode = 'never';
    const lost = await matchCode(100, { callback_url: hook.callbackUrl });
    await consumer(lost, 'accept');
    expect(standIn.callbacks.lostCallbacks()).toEqual([lost.id]);
    expect(hook.received).toHaveLength(1);

    standIn.callbacks.mode = 'send';
    standIn.callbacks.duplicate = true;
    const twice = await matchCode(100, { callback_url: hook.callbackUrl });
    await consumer(twice, 'refuse');
    expect(hook.received.slice(1)).toEqual([
      `/callback?payment_id=${twice.id}`,
      `/callback?payment_id=${twice.id}`,
    ]);
    await standIn.callbacks.deliver(held.id);
    expect(hook.received).toHaveLength(4);
  });
});
