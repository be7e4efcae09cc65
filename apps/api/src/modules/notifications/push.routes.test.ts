import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PUSH_KEY_TEXT,
  PUSH_PLATFORM_TEXT,
  PUSH_UUID_TEXT,
  type PushDeviceData,
  type PushPayload,
} from '@spesa/shared/contracts/notifications';
import { sql } from 'drizzle-orm';
// http_ece: the reference implementation of RFC 8188/8291 content encoding, used here as a browser would
import ece from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { placeOrder } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { PUSH_TEXT } from './notifications.messages';
import { endpointAllowed } from './push.service';

/**
 * Push notifications (decision 055): devices registered through `/externalregistration/*`, the history's
 * messages sent to them by jobs with Web Push, received here by a push endpoint started by the test that
 * decrypts the payload (aes128gcm, RFC 8291) with the subscription's private key and checks it. Bad input
 * and another customer's devices change nothing. Runs on both engines.
 */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestApp;
let server: Server;
let base = '';
const received: Received[] = [];
/** what the push endpoint answers next (a status per path; default 201) */
const answers = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // the test's push service: this address and port only
  t = await buildTestApp({ runJobs: false, env: { PUSH_ENDPOINTS: [base] } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answers.clear();
});

type Customer = { userId: number; token: string };

/** A browser's subscription: its own P-256 key pair and auth secret, and an endpoint at the test's server. */
function subscription(path = `/push/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    path,
    query: {
      external_id: `${base}${path}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    },
  };
}

const register = (c: Customer | null, q: Record<string, string>, headers: Record<string, string> = {}) =>
  callAs<PushDeviceData>(
    t.app,
    c?.token ?? null,
    'GET',
    api(`/externalregistration/register?${new URLSearchParams(q).toString()}`),
    { headers },
  );
const unregister = (c: Customer, q: Record<string, string>) =>
  callAs(t.app, c.token, 'GET', api(`/externalregistration/unregister?${new URLSearchParams(q).toString()}`));
const devicesOf = (userId: number) =>
  queryRows<{ uuid: string; endpoint: string }>(
    t.db,
    sql`SELECT uuid, endpoint FROM push_devices WHERE user_id = ${userId} ORDER BY device_id`,
  );
const wantsPush = (userId: number, on: boolean) =>
  t.db.execute(sql`UPDATE users SET contact_push = ${on} WHERE user_id = ${userId}`);
const newDeviceId = () => randomUUID();

/** A prepared order: the status listener writes "Ordine N preparato" with the amount charged. */
async function orderPrepared(c: Customer): Promise<number> {
  const product = await testProduct(t.db, { stock: 50, priceCents: 400 });
  const { orderId } = await placeOrder(t, {
    userId: c.userId,
    lines: [{ product, quantity: 2 }],
    status: 3,
    deliveryServiceId: 2,
    paymentTypeId: 2,
  });
  await t.db.execute(sql`UPDATE orders SET captured_cents = 812 WHERE order_id = ${orderId}`);
  for (const [from, to] of [
    [3, 18],
    [18, 6],
  ] as const)
    expect((await t.app.orderStatus.transition({ orderId, from, to, actor: 'staff' }, t.db)).ok).toBe(true);
  return orderId;
}

function decrypt(r: Received, sub: ReturnType<typeof subscription>): PushPayload {
  const plain = ece.decrypt(r.body, {
    version: 'aes128gcm',
    privateKey: sub.ecdh,
    authSecret: sub.authSecret,
  });
  return JSON.parse(plain.toString('utf8')) as PushPayload;
}

describe('GET /externalregistration/vapid-key', () => {
  it('answers one P-256 public key to anyone, the same on every call', async () => {
    const a = await callAs<{ publicKey: string }>(t.app, null, 'GET', api('/externalregistration/vapid-key'));
    const b = await callAs<{ publicKey: string }>(t.app, null, 'GET', api('/externalregistration/vapid-key'));
    expect(a.body.response.status).toBe(0);
    const key = Buffer.from(a.body.data.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(b.body.data.publicKey).toBe(a.body.data.publicKey);
  });
});

describe('GET /externalregistration/register and /unregister', () => {
  it('stores the device; registering it again replaces its subscription', async () => {
    const c = await newCustomer(t, { tag: 'push-reg' });
    const uuid = newDeviceId();
    const first = subscription();
    const res = await register(c, {
      ...first.query,
      platform: 'web',
      uuid,
      model: 'Chromium',
      platform_version: '131',
      manufacturer: 'Debian',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toMatchObject({ platform: 'web', uuid });
    const second = subscription();
    expect((await register(c, { ...second.query, platform: 'web', uuid })).body.response.status).toBe(0);
    expect(await devicesOf(c.userId)).toEqual([{ uuid, endpoint: second.query.external_id }]);

    const gone = await unregister(c, { platform: 'web', uuid });
    expect(gone.body.response.status).toBe(0);
    expect(await devicesOf(c.userId)).toEqual([]);
  });

  it('refuses bad input with an Italian message and stores nothing', async () => {
    const c = await newCustomer(t, { tag: 'push-bad' });
    const ok = { ...subscription().query, platform: 'web', uuid: newDeviceId() };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...ok, platform: 'blackberry' }, PUSH_PLATFORM_TEXT],
      [{ ...ok, p256dh: '' }, PUSH_KEY_TEXT],
      [{ ...ok, external_id: '' }, 'L’indirizzo del servizio di notifiche non è valido.'],
      [{ ...ok, uuid: 'a b' }, PUSH_UUID_TEXT],
      [{ ...ok, uuid: 'x'.repeat(65) }, PUSH_UUID_TEXT],
      [{ ...ok, p256dh: 'not-a-key' }, PUSH_KEY_TEXT],
      [{ ...ok, auth: '%%%' }, PUSH_KEY_TEXT],
      [{ ...ok, external_id: 'javascript:alert(1)' }, 'L’indirizzo del servizio di notifiche non è valido.'],
      [{ ...ok, model: 'm'.repeat(101) }, 'La descrizione del dispositivo è troppo lunga.'],
    ];
    for (const [query, text] of cases) {
      const res = await register(c, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errors[0]?.error).toBe(text);
    }
    const { uuid: _uuid, ...noUuid } = ok;
    expect((await register(c, noUuid)).statusCode).toBe(400);
    // an endpoint at a push service the shop does not send to (the server would POST anywhere)
    // the test's push service at another port is another address
    const otherPort = new URL(base);
    otherPort.port = String(Number(otherPort.port) + 1);
    for (const external_id of ['https://attacker.example/push', `${otherPort.origin}/push/x`]) {
      const elsewhere = await register(c, { ...ok, external_id });
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.body.response.errors[0], external_id).toMatchObject({
        code: PUSH_TEXT.endpointRefused.code,
        error: PUSH_TEXT.endpointRefused.text,
      });
    }
    expect(await devicesOf(c.userId)).toEqual([]);
  });

  it('needs a signed-in customer, and refuses a registration started by another site', async () => {
    const q = { ...subscription().query, platform: 'web', uuid: newDeviceId() };
    expect((await register(null, q)).statusCode).toBe(401);
    const c = await newCustomer(t, { tag: 'push-csrf' });
    expect((await register(c, q, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(await devicesOf(c.userId)).toEqual([]);
  });

  it('another customer’s device is not taken over without its subscription; with it (a shared browser) it moves', async () => {
    const owner = await newCustomer(t, { tag: 'push-keep' });
    const other = await newCustomer(t, { tag: 'push-take' });
    const uuid = newDeviceId();
    const owners = subscription();
    expect((await register(owner, { ...owners.query, platform: 'web', uuid })).body.response.status).toBe(0);

    // the device's id with a subscription of the caller's own: refused, the owner keeps the device
    const res = await register(other, { ...subscription().query, platform: 'web', uuid });
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]).toMatchObject({
      code: PUSH_TEXT.deviceTaken.code,
      error: 'Questo dispositivo riceve già le notifiche di un altro account.',
    });
    expect(await devicesOf(owner.userId)).toEqual([{ uuid, endpoint: owners.query.external_id }]);
    expect(await devicesOf(other.userId)).toEqual([]);

    // the same browser's subscription (another customer signed in on it): the device moves
    const moved = await register(other, { ...owners.query, platform: 'web', uuid });
    expect(moved.body.response.status).toBe(0);
    expect(await devicesOf(owner.userId)).toEqual([]);
    expect(await devicesOf(other.userId)).toEqual([{ uuid, endpoint: owners.query.external_id }]);
  });

  it('another customer’s device: not found, and it stays', async () => {
    const owner = await newCustomer(t, { tag: 'push-owner' });
    const other = await newCustomer(t, { tag: 'push-other' });
    const uuid = newDeviceId();
    await register(owner, { ...subscription().query, platform: 'web', uuid });
    const res = await unregister(other, { platform: 'web', uuid });
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]).toMatchObject({ code: PUSH_TEXT.deviceNotFound.code });
    expect(await devicesOf(owner.userId)).toHaveLength(1);
    // bad input on unregister
    expect((await unregister(other, { platform: 'web', uuid: '!' })).statusCode).toBe(400);
  });
});

describe('sending', () => {
  it('the staff mark an order prepared: each device gets the message, encrypted for it (RFC 8291)', async () => {
    const c = await newCustomer(t, { tag: 'push-send' });
    await wantsPush(c.userId, true);
    const phone = subscription();
    const laptop = subscription();
    await register(c, { ...phone.query, platform: 'web', uuid: newDeviceId() });
    await register(c, { ...laptop.query, platform: 'web', uuid: newDeviceId() });
    const orderId = await orderPrepared(c);
    await t.app.jobs.runDue();

    const forPhone = received.filter((r) => r.path === phone.path);
    const forLaptop = received.filter((r) => r.path === laptop.path);
    expect(forPhone).toHaveLength(1);
    expect(forLaptop).toHaveLength(1);
    const r = forPhone[0]!;
    expect(r.headers['content-encoding']).toBe('aes128gcm');
    expect(r.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(Number(r.headers.ttl)).toBeGreaterThan(0);
    const payload = decrypt(r, phone);
    expect(payload).toMatchObject({
      title: `Ordine ${orderId} preparato`,
      url: `/profile/orders/${orderId}`,
      messageTypeId: 2,
    });
    expect(payload.body).toMatch(/addebitato 8,12\s€/);
    expect(decrypt(forLaptop[0]!, laptop).title).toBe(payload.title);
    // the phone's key cannot read the laptop's copy
    expect(() => decrypt(forLaptop[0]!, phone)).toThrow();
  });

  it('respects the contact preference "push": without it nothing is sent', async () => {
    const c = await newCustomer(t, { tag: 'push-pref' });
    await wantsPush(c.userId, false);
    const sub = subscription();
    await register(c, { ...sub.query, platform: 'web', uuid: newDeviceId() });
    await orderPrepared(c);
    await t.app.jobs.runDue();
    expect(received.filter((r) => r.path === sub.path)).toEqual([]);
  });

  it('a subscription the push service calls gone (410, 404) removes the device; a 500 is retried', async () => {
    const c = await newCustomer(t, { tag: 'push-gone' });
    await wantsPush(c.userId, true);
    const expired = subscription();
    const unknown = subscription();
    const failing = subscription();
    answers.set(expired.path, 410);
    answers.set(unknown.path, 404);
    answers.set(failing.path, 500);
    for (const s of [expired, unknown, failing])
      await register(c, { ...s.query, platform: 'web', uuid: newDeviceId() });
    await orderPrepared(c);
    await t.app.jobs.runDue();
    expect(received.map((r) => r.path).sort()).toEqual([expired.path, unknown.path, failing.path].sort());
    expect((await devicesOf(c.userId)).map((d) => d.endpoint)).toEqual([failing.query.external_id]);
    const [job] = await queryRows<{ lastError: string | null; done: boolean }>(
      t.db,
      sql`SELECT last_error AS "lastError", done_at IS NOT NULL AS done FROM scheduled_jobs
          WHERE kind = 'notifications.push-device' AND last_error LIKE '%HTTP 500%' ORDER BY job_id DESC LIMIT 1`,
    );
    expect(job).toMatchObject({ done: false });
  });
});

describe('endpointAllowed', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', true],
    ['https://wns2-db5p.notify.windows.com/w/?token=x', true],
    ['https://web.push.apple.com/QG', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com.attacker.example/x', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['https://127.0.0.1/x', false],
    ['not a url', false],
    // the port: the scheme's default only, unless the entry names one
    ['https://fcm.googleapis.com:443/fcm/send/abc', true],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['https://fcm.googleapis.com:80/fcm/send/abc', false],
    ['https://updates.push.services.mozilla.com:4443/wpush/v2/x', false],
    ['https://push.example:8443/x', true],
    ['https://push.example/x', false],
    ['https://push.example:8444/x', false],
    ['https://other.example:443/x', true],
    ['http://127.0.0.1:5000/x', true],
    ['http://127.0.0.1/x', true],
  ])('%s → %s', (endpoint, allowed) => {
    expect(
      endpointAllowed(endpoint, [
        'https://fcm.googleapis.com',
        'https://*.push.services.mozilla.com',
        'https://web.push.apple.com',
        'https://*.notify.windows.com',
        'https://push.example:8443',
        'https://other.example:443',
        'http://127.0.0.1:*',
      ]),
    ).toBe(allowed);
  });
});
