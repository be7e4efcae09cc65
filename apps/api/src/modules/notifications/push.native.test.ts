import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUSH_UUID_TEXT, type PushDeviceData } from '@spesa/shared/contracts/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { placeOrder } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';

/**
 * The native app's form of `/externalregistration/register` (spec section 7: external_id, model, platform,
 * platform_version, manufacturer, uuid = the token of the app's push service; decision 055) and its messages
 * sent through the configured native sender: Firebase Cloud Messaging's HTTP v1 API, here a stand-in started
 * by the test that follows Google's public reference (the service account's JWT exchanged for an access
 * token at the key file's token_uri, then `POST /v1/projects/{project}/messages:send`, errors as FcmError).
 */
interface FcmCall {
  authorization: string | undefined;
  message: {
    token: string;
    notification: { title: string; body: string };
    data: Record<string, string>;
  };
}

const PROJECT = 'spesa-test';
const CLIENT_EMAIL = 'push@spesa-test.iam.gserviceaccount.com';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ACCESS_TOKEN = `ya29.${randomBytes(24).toString('base64url')}`;

let t: TestApp;
let fcm: Server;
let dir = '';
const sent: FcmCall[] = [];
const tokenGrants: Array<{ header: unknown; claims: Record<string, unknown> }> = [];
/** tokens FCM calls unregistered (the app was uninstalled) */
const unregistered = new Set<string>();

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

beforeAll(async () => {
  fcm = createServer((req, res) => {
    void read(req).then((text) => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/token') {
        const form = new URLSearchParams(text);
        const [h = '', c = '', sig = ''] = (form.get('assertion') ?? '').split('.');
        const valid =
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
          createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, sig, 'base64url');
        if (!valid) return json(400, { error: 'invalid_grant' });
        tokenGrants.push({
          header: JSON.parse(Buffer.from(h, 'base64url').toString()),
          claims: JSON.parse(Buffer.from(c, 'base64url').toString()) as Record<string, unknown>,
        });
        return json(200, { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' });
      }
      if (req.method === 'POST' && req.url === `/v1/projects/${PROJECT}/messages:send`) {
        if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`)
          return json(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
        const { message } = JSON.parse(text) as { message: FcmCall['message'] };
        sent.push({ authorization: req.headers.authorization, message });
        if (unregistered.has(message.token))
          return json(404, {
            error: {
              code: 404,
              message: 'Requested entity was not found.',
              status: 'NOT_FOUND',
              details: [
                { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
              ],
            },
          });
        return json(200, { name: `projects/${PROJECT}/messages/${sent.length}` });
      }
      return json(404, {});
    });
  });
  await new Promise<void>((resolve) => fcm.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(fcm.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'spesa-fcm-'));
  const keyFile = join(dir, 'service-account.json');
  await writeFile(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      project_id: PROJECT,
      client_email: CLIENT_EMAIL,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: `${base}/token`,
    }),
  );
  t = await buildTestApp({
    runJobs: false,
    env: { PUSH_FCM_CREDENTIALS_FILE: keyFile, PUSH_FCM_API_URL: base },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fcm?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sent.length = 0;
  unregistered.clear();
});

type Customer = { userId: number; token: string };

/** a token as FCM gives an app: an instance id, a colon, base64url */
const fcmToken = () =>
  `${randomBytes(16).toString('base64url')}:APA91b${randomBytes(105).toString('base64url')}`;

const register = (c: Customer, q: Record<string, string>) =>
  callAs<PushDeviceData>(
    t.app,
    c.token,
    'GET',
    api(`/externalregistration/register?${new URLSearchParams(q).toString()}`),
  );
const devicesOf = (userId: number) =>
  queryRows<{ platform: string; uuid: string; externalId: string | null; endpoint: string | null }>(
    t.db,
    sql`SELECT platform, uuid, external_id AS "externalId", endpoint FROM push_devices
        WHERE user_id = ${userId} ORDER BY device_id`,
  );

async function orderPrepared(c: Customer): Promise<number> {
  await t.db.execute(sql`UPDATE users SET contact_push = true WHERE user_id = ${c.userId}`);
  const product = await testProduct(t.db, { stock: 50, priceCents: 400 });
  const { orderId } = await placeOrder(t, {
    userId: c.userId,
    lines: [{ product, quantity: 1 }],
    status: 3,
    deliveryServiceId: 2,
    paymentTypeId: 2,
  });
  for (const [from, to] of [
    [3, 18],
    [18, 6],
  ] as const)
    expect((await t.app.orderStatus.transition({ orderId, from, to, actor: 'staff' }, t.db)).ok).toBe(true);
  await t.app.jobs.runDue();
  return orderId;
}

describe('GET /externalregistration/register: the native app’s form', () => {
  it('accepts exactly the spec’s parameters (android and ios) and keeps the app’s token', async () => {
    const c = await newCustomer(t, { tag: 'push-native' });
    const android = fcmToken();
    const ios = randomBytes(32).toString('hex');
    const res = await register(c, {
      external_id: 'b5f6a1c2d3e4f506',
      model: 'Pixel 8',
      platform: 'Android',
      platform_version: '14',
      manufacturer: 'Google',
      uuid: android,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toMatchObject({ platform: 'android', uuid: android });
    const apple = await register(c, {
      external_id: '4C1A6E2B-7F3D-4E8A-9B0C-1D2E3F405162',
      model: 'iPhone15,2',
      platform: 'iOS',
      platform_version: '17.4',
      manufacturer: 'Apple',
      uuid: ios,
    });
    expect(apple.body.response.status).toBe(0);
    expect(await devicesOf(c.userId)).toEqual([
      { platform: 'android', uuid: android, externalId: 'b5f6a1c2d3e4f506', endpoint: null },
      {
        platform: 'ios',
        uuid: ios,
        externalId: '4C1A6E2B-7F3D-4E8A-9B0C-1D2E3F405162',
        endpoint: null,
      },
    ]);
    // a token that is no push service's: an Italian refusal, nothing stored
    const bad = await register(c, { platform: 'android', uuid: 'short', external_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.response.errors[0]?.error).toBe(PUSH_UUID_TEXT);
    expect(await devicesOf(c.userId)).toHaveLength(2);
  });

  it('the staff mark an order prepared: FCM gets the message for the app’s token, authorised by the service account', async () => {
    const c = await newCustomer(t, { tag: 'push-fcm' });
    const token = fcmToken();
    await register(c, { external_id: 'a1', platform: 'android', uuid: token, model: 'Pixel 8' });
    const orderId = await orderPrepared(c);

    const mine = sent.filter((s) => s.message.token === token);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.message.notification.title).toBe(`Ordine ${orderId} preparato`);
    expect(mine[0]!.message.data).toMatchObject({ url: `/profile/orders/${orderId}`, messageTypeId: '2' });
    expect(tokenGrants.at(-1)).toMatchObject({
      header: { alg: 'RS256' },
      claims: { iss: CLIENT_EMAIL, scope: 'https://www.googleapis.com/auth/firebase.messaging' },
    });
  });

  it('a token FCM calls unregistered removes the device; the app unregisters with (platform, uuid)', async () => {
    const c = await newCustomer(t, { tag: 'push-fcm-gone' });
    const [gone, kept] = [fcmToken(), fcmToken()];
    unregistered.add(gone);
    await register(c, { external_id: 'g', platform: 'android', uuid: gone });
    await register(c, { external_id: 'k', platform: 'android', uuid: kept });
    await orderPrepared(c);
    expect(sent.map((s) => s.message.token).sort()).toEqual([gone, kept].sort());
    expect((await devicesOf(c.userId)).map((d) => d.uuid)).toEqual([kept]);

    const off = await callAs(
      t.app,
      c.token,
      'GET',
      api(`/externalregistration/unregister?${new URLSearchParams({ platform: 'Android', uuid: kept })}`),
    );
    expect(off.body.response.status).toBe(0);
    expect(await devicesOf(c.userId)).toEqual([]);
  });

  it('the same app token signed in as another customer moves to them: the token is the proof of the device', async () => {
    const first = await newCustomer(t, { tag: 'push-fcm-a' });
    const second = await newCustomer(t, { tag: 'push-fcm-b' });
    const token = fcmToken();
    await register(first, { external_id: 'phone', platform: 'android', uuid: token });
    const res = await register(second, { external_id: 'phone', platform: 'android', uuid: token });
    expect(res.body.response.status).toBe(0);
    expect(await devicesOf(first.userId)).toEqual([]);
    expect((await devicesOf(second.userId)).map((d) => d.uuid)).toEqual([token]);
  });
});
