import type { AdminDelivery, AdminIntegrationClient } from '@spesa/shared/contracts/admin-integration';
import type { BatchResult, FeedEvent, TokenResponse } from '@spesa/shared/contracts/integration';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { pickers } from '../../../test/cart-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type EnvelopeBody, type TestApp } from '../../../test/helper';
import { FakeProvider, makeStaff, placeOrder } from '../../../test/order-fixtures';
import { SIGNATURE_HEADER, verifyWebhook } from './integration-webhooks';

/**
 * The integration API as a chain's systems call it (decision 096): OAuth 2.0 client credentials, scopes,
 * idempotent batches applied whole or not at all, the orders' feed by cursor and the signed webhooks with
 * their retries, dead letters and "riprova". Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let admin: string;
let erp: { clientId: string; secret: string; id: number };
let store: { clientId: string; secret: string; id: number };
let category: string;

const api = (path: string) => `/ebsn/api${path}`;
const post = <T>(token: string | null, url: string, payload: unknown = {}) =>
  callAs<T>(t.app, token, 'POST', api(url), { via: 'staff', payload });

async function register(name: string, scopes: string[]) {
  const res = await post<{ client: AdminIntegrationClient; clientSecret: string }>(
    admin,
    '/admin/integration/clients/create',
    { name, scopes },
  );
  expect(res.body.response.status).toBe(0);
  return {
    clientId: res.body.data.client.clientId,
    secret: res.body.data.clientSecret,
    id: res.body.data.client.id,
  };
}

async function tokenCall(form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/integration/oauth/token'),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
  return {
    status: res.statusCode,
    body: res.json<TokenResponse & { error?: string; error_description?: string }>(),
    headers: res.headers,
  };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function tokenOf(c: { clientId: string; secret: string }, scope?: string): Promise<string> {
  const res = await tokenCall(
    { grant_type: 'client_credentials', ...(scope ? { scope } : {}) },
    { authorization: basic(c.clientId, c.secret) },
  );
  expect(res.status).toBe(200);
  return res.body.access_token;
}

async function call<T>(token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: api(url),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  return { status: res.statusCode, body: res.json<EnvelopeBody<T>>(), headers: res.headers };
}

const row = (code: string, extra: Record<string, unknown> = {}) => ({
  codice: code,
  nome: `Prodotto ${code}`,
  marca: 'Marca Test',
  formato: 'g 500',
  categoria: category,
  iva: 10,
  tipologia: 'Pezzo',
  prezzo: '1,99',
  ...extra,
});

const productCount = async (codes: string[]) => {
  const [r] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM products WHERE cod_int = ANY(${`{${codes.join(',')}}`}::text[])`,
  );
  return r?.n ?? 0;
};

beforeAll(async () => {
  t = await buildTestApp({
    runJobs: false,
    paymentProviders: [new FakeProvider()],
    env: { INTEGRATION_WEBHOOK_RETRY_BASE_MS: 0, INTEGRATION_WEBHOOK_MAX_ATTEMPTS: 3 },
  });
  admin = await makeStaff(t, (await newCustomer(t, { tag: 'int-admin' })).userId, [], 'administrator');
  erp = await register('ERP di sede', ['products', 'orders']);
  store = await register('Cassa negozio', ['stock']);
  const [c] = await queryRows<{ slug: string }>(
    t.db,
    sql`SELECT slug FROM categories WHERE category_type_id = 1 AND level = 3 AND show_in_menu
        ORDER BY category_id LIMIT 1`,
  );
  category = c!.slug;
});
afterAll(() => t?.close());

describe('the token endpoint (OAuth 2.0 client credentials)', () => {
  it('issues a bearer token by Basic or by the body, with the scopes asked or all granted', async () => {
    const byBasic = await tokenCall(
      { grant_type: 'client_credentials' },
      { authorization: basic(erp.clientId, erp.secret) },
    );
    expect(byBasic.status).toBe(200);
    expect(byBasic.body).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'products orders' });
    expect(byBasic.headers['cache-control']).toBe('no-store');
    const byBody = await tokenCall({
      grant_type: 'client_credentials',
      client_id: erp.clientId,
      client_secret: erp.secret,
      scope: 'orders',
    });
    expect(byBody.status).toBe(200);
    expect(byBody.body.scope).toBe('orders');
  });

  it('refuses a wrong secret, a wrong grant type, two methods, a scope not granted and a JSON body', async () => {
    const wrong = await tokenCall(
      { grant_type: 'client_credentials' },
      { authorization: basic(erp.clientId, 'sec_x') },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toContain('Basic');
    const unknown = await tokenCall({
      grant_type: 'client_credentials',
      client_id: 'cli_nobody',
      client_secret: 'x',
    });
    expect(unknown.body.error).toBe('invalid_client');
    const grant = await tokenCall(
      { grant_type: 'password' },
      { authorization: basic(erp.clientId, erp.secret) },
    );
    expect(grant.status).toBe(400);
    expect(grant.body.error).toBe('unsupported_grant_type');
    const two = await tokenCall(
      { grant_type: 'client_credentials', client_id: erp.clientId, client_secret: erp.secret },
      { authorization: basic(erp.clientId, erp.secret) },
    );
    expect(two.body.error).toBe('invalid_request');
    const scope = await tokenCall(
      { grant_type: 'client_credentials', scope: 'orders stock' },
      { authorization: basic(erp.clientId, erp.secret) },
    );
    expect(scope.status).toBe(400);
    expect(scope.body.error).toBe('invalid_scope');
    expect(scope.body.error_description).toContain('stock');
    const json = await t.app.inject({
      method: 'POST',
      url: api('/integration/oauth/token'),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: erp.clientId,
        client_secret: erp.secret,
      }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json<{ error: string }>().error).toBe('invalid_request');
  });

  it('a revoked client gets no token, and the tokens it held stop working at once', async () => {
    const gone = await register('Sistema dismesso', ['orders']);
    const token = await tokenOf(gone);
    expect((await call(token, 'GET', '/integration/v1/orders/events')).status).toBe(200);
    const revoked = await post(admin, `/admin/integration/clients/${gone.id}/revoke`);
    expect(revoked.body.response.status).toBe(0);
    const again = await post(admin, `/admin/integration/clients/${gone.id}/revoke`);
    expect(again.body.response.errors[0]?.code).toBe('msg.integration.alreadyRevoked');
    expect(
      (
        await tokenCall(
          { grant_type: 'client_credentials' },
          { authorization: basic(gone.clientId, gone.secret) },
        )
      ).status,
    ).toBe(401);
    const old = await call(token, 'GET', '/integration/v1/orders/events');
    expect(old.status).toBe(401);
    expect(old.body.response.errors[0]?.code).toBe('msg.integration.tokenInvalid');
  });
});

describe('who may call', () => {
  it('no token, a made-up token, a shop or back-office session: 401; another scope: 403; all audited', async () => {
    expect((await call(null, 'GET', '/integration/v1/orders/events')).status).toBe(401);
    expect((await call('at_madeup', 'GET', '/integration/v1/orders/events')).status).toBe(401);
    const staff = await callAs(t.app, admin, 'GET', api('/integration/v1/orders/events'), { via: 'staff' });
    expect(staff.statusCode).toBe(401);
    const stockToken = await tokenOf(store);
    const other = await call(stockToken, 'POST', '/integration/v1/products', {
      batchId: 'b-x',
      rows: [row('INT-X')],
    });
    expect(other.status).toBe(403);
    expect(other.body.response.errors[0]?.error).toMatch(/permesso/);
    expect(other.headers['www-authenticate']).toContain('insufficient_scope');
    expect(await productCount(['INT-X'])).toBe(0);
    // the audit row is written after the answer
    const lastOutcome = async () =>
      (
        await queryRows<{ outcome: string }>(
          t.db,
          sql`SELECT outcome FROM integration_calls WHERE client_id = ${store.id} ORDER BY call_id DESC LIMIT 1`,
        )
      )[0]?.outcome;
    await expect.poll(lastOutcome, { timeout: 5_000 }).toBe('scopeMissing');
  });
});

describe('product batches', () => {
  it('applies a batch, answers a replay with the stored result, refuses the same id with another body', async () => {
    const token = await tokenOf(erp, 'products');
    const batch = {
      batchId: 'prod-1',
      rows: [row('INT-A1'), row('INT-A2', { ean: '8000000000002', attivo: true })],
    };
    const first = await call<BatchResult>(token, 'POST', '/integration/v1/products', batch);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ replayed: false, rows: 2, created: 2, updated: 0 });
    const replay = await call<BatchResult>(token, 'POST', '/integration/v1/products', batch);
    expect(replay.body.data).toMatchObject({ replayed: true, created: 2 });
    const changed = await call(token, 'POST', '/integration/v1/products', {
      ...batch,
      rows: [row('INT-A1', { prezzo: '2,49' })],
    });
    expect(changed.status).toBe(409);
    expect(changed.body.response.errors[0]?.code).toBe('msg.integration.batchConflict');
    const [price] = await queryRows<{ cents: number }>(
      t.db,
      sql`SELECT price_cents AS cents FROM products WHERE cod_int = 'INT-A1'`,
    );
    expect(price?.cents).toBe(199);
    const update = await call<BatchResult>(token, 'POST', '/integration/v1/products', {
      batchId: 'prod-2',
      rows: [row('INT-A1', { prezzo: '2,49' }), row('INT-A2', { ean: '8000000000002', attivo: true })],
    });
    expect(update.body.data).toMatchObject({ updated: 1, unchanged: 1, created: 0 });
  });

  it('a batch with bad rows names every one of them and applies nothing', async () => {
    const token = await tokenOf(erp, 'products');
    const res = await call(token, 'POST', '/integration/v1/products', {
      batchId: 'prod-bad',
      rows: [
        row('INT-B1'),
        row('INT-B2', { prezzo: 'uno e venti' }),
        row('INT-B3', { categoria: 'non-esiste' }),
        row('INT-B1'),
        row('INT-B5', { ean: '8000000000002' }),
      ],
    });
    expect(res.status).toBe(422);
    const errors = res.body.response.errors;
    expect(errors[0]?.code).toBe('msg.integration.rowsRefused');
    expect(errors.slice(1).map((e) => (e as { field?: string }).field)).toEqual([
      'rows[1].prezzo',
      'rows[2].categoria',
      'rows[3].codice',
    ]);
    expect(errors[1]?.error).toMatch(/^Riga 2, prezzo: Prezzo non valido/);
    expect(errors[3]?.error).toContain('Codice duplicato');
    expect(await productCount(['INT-B1', 'INT-B2', 'INT-B3', 'INT-B5'])).toBe(0);
    // the database's own refusal (an EAN of another code) rolls the good rows back too
    const ean = await call(token, 'POST', '/integration/v1/products', {
      batchId: 'prod-ean',
      rows: [row('INT-C1'), row('INT-C2', { ean: '8000000000002' })],
    });
    expect(ean.status).toBe(422);
    expect(ean.body.response.errors[1]?.error).toContain('EAN già usato dal prodotto con codice INT-A2');
    expect(await productCount(['INT-C1', 'INT-C2'])).toBe(0);
    // the batch id of a refused batch stays free for the corrected one
    const fixed = await call<BatchResult>(token, 'POST', '/integration/v1/products', {
      batchId: 'prod-ean',
      rows: [row('INT-C1')],
    });
    expect(fixed.body.data.created).toBe(1);
  });

  it('refuses bad input with an Italian message and changes nothing', async () => {
    const token = await tokenOf(erp, 'products');
    for (const [what, body] of [
      ['no rows', { batchId: 'x1', rows: [] }],
      ['unknown column', { batchId: 'x2', rows: [{ ...row('INT-D1'), colore: 'rosso' }] }],
      ['bad batch id', { batchId: 'a b', rows: [row('INT-D1')] }],
      ['a row of the wrong type', { batchId: 'x3', rows: ['INT-D1'] }],
      ['too many rows', { batchId: 'x4', rows: Array.from({ length: 1001 }, (_, i) => row(`INT-D${i}`)) }],
    ] as const) {
      const res = await call(token, 'POST', '/integration/v1/products', body);
      expect(res.status, what).toBe(400);
      expect(res.body.response.errors[0]?.error, what).toMatch(/[a-zà-ù]/i);
    }
    const huge = await call(token, 'POST', '/integration/v1/products', {
      batchId: 'x5',
      rows: [row('INT-D1', { ingredienti: 'x'.repeat(3000) })],
      pad: 'y'.repeat(2_200_000),
    });
    expect(huge.status).toBe(413);
    expect(await productCount(['INT-D1'])).toBe(0);
  });
});

async function feedPage(token: string, cursor: number) {
  const res = await call<{ events: FeedEvent[]; nextCursor: number; hasMore: boolean }>(
    token,
    'GET',
    `/integration/v1/orders/events?cursor=${cursor}&limit=50`,
  );
  expect(res.status).toBe(200);
  return res.body.data;
}

describe("the orders' feed", () => {
  it('a new order, its changes, prepared with real weights, in order after a cursor; an empty page keeps the cursor', async () => {
    const token = await tokenOf(erp, 'orders');
    let cursor = 0;
    for (;;) {
      const page = await feedPage(token, cursor);
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    const customer = await newCustomer(t, { tag: 'int-feed' });
    const [product] = await pickers.pieces(t.db, 1);
    const order = await placeOrder(t, {
      userId: customer.userId,
      lines: [{ product: product!, quantity: 2 }],
      announce: true,
    });
    await t.db.transaction(async (tx) => {
      const moved = await t.app.orderStatus.transition(
        { orderId: order.orderId, from: ORDER_STATUS.ordered, to: ORDER_STATUS.atWarehouse, actor: 'system' },
        tx,
      );
      expect(moved.ok).toBe(true);
    });
    const page = await feedPage(token, cursor);
    const mine = page.events.filter((e) => e.orderId === order.orderId);
    expect(mine.map((e) => e.type)).toEqual(['order.new', 'order.changed']);
    expect(mine[0]?.order?.lines[0]).toMatchObject({ quantity: 2, realWeight: null });
    expect(page.nextCursor).toBeGreaterThan(cursor);
    const seqs = page.events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const empty = await feedPage(token, page.nextCursor);
    expect(empty).toEqual({ events: [], nextCursor: page.nextCursor, hasMore: false });
    // picked with its real weight, then prepared: the event carries the weighed quantities
    await t.db.execute(
      sql`UPDATE order_items SET delivered_quantity = 2, real_weight = 0.734 WHERE order_id = ${order.orderId}`,
    );
    await t.db.transaction(async (tx) => {
      const steps = [
        [ORDER_STATUS.atWarehouse, ORDER_STATUS.inPreparation, 'system'],
        [ORDER_STATUS.inPreparation, ORDER_STATUS.prepared, 'system'],
      ] as const;
      for (const [from, to, actor] of steps) {
        const moved = await t.app.orderStatus.transition({ orderId: order.orderId, from, to, actor }, tx);
        expect(moved.ok).toBe(true);
      }
    });
    const prepared = await feedPage(token, page.nextCursor);
    const last = prepared.events.filter((e) => e.orderId === order.orderId);
    expect(last.map((e) => e.type)).toEqual(['order.changed', 'order.prepared']);
    expect(last[1]?.order?.lines[0]).toMatchObject({ deliveredQuantity: 2, realWeight: 0.734 });
    const bad = await call(token, 'GET', '/integration/v1/orders/events?cursor=-1&limit=100000');
    expect(bad.status).toBe(400);
  });
});

describe('signed webhooks', () => {
  let server: Server;
  let url: string;
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  let answer = 200;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const deliver = async () => {
    await t.app.integration.service.publish();
    for (let i = 0; i < 10 && (await t.app.jobs.runDue()) > 0; i++);
  };

  it('posts each wanted event signed; retries a failing receiver, then lists it as dead; "riprova" delivers it', async () => {
    await deliver();
    const set = await post<{ signingSecret: string | null }>(
      admin,
      `/admin/integration/clients/${erp.id}/webhook`,
      {
        url,
        events: ['order.new', 'order.cancelled'],
      },
    );
    expect(set.body.response.status).toBe(0);
    const secret = set.body.data.signingSecret!;
    expect(secret).toMatch(/^whsec_/);
    const customer = await newCustomer(t, { tag: 'int-hook' });
    const [product] = await pickers.pieces(t.db, 1);
    const order = await placeOrder(t, {
      userId: customer.userId,
      lines: [{ product: product!, quantity: 1 }],
      announce: true,
    });
    received.length = 0;
    await deliver();
    expect(received).toHaveLength(1);
    const got = received[0]!;
    const header = String(got.headers[SIGNATURE_HEADER]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(secret, header, got.body, now)).toBe(true);
    expect(verifyWebhook('whsec_other', header, got.body, now)).toBe(false);
    expect(verifyWebhook(secret, header, got.body.replace('order.new', 'order.xxx'), now)).toBe(false);
    expect(verifyWebhook(secret, header, got.body, now + 3600)).toBe(false);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'order.new', orderId: order.orderId });

    answer = 500;
    received.length = 0;
    await t.db.transaction(async (tx) => {
      const moved = await t.app.orderStatus.transition(
        { orderId: order.orderId, from: ORDER_STATUS.ordered, to: ORDER_STATUS.cancelled, actor: 'customer' },
        tx,
      );
      expect(moved.ok).toBe(true);
    });
    await deliver();
    expect(received.length).toBe(3);
    const dead = await callAs<{ deliveries: AdminDelivery[] }>(
      t.app,
      admin,
      'GET',
      api('/admin/integration/deliveries?state=dead'),
      { via: 'staff' },
    );
    const mine = dead.body.data.deliveries.find((d) => d.eventType === 'order.cancelled');
    expect(mine).toMatchObject({ attempts: 3, lastStatus: 500, state: 'dead' });

    answer = 204;
    const retried = await post<{ delivery: AdminDelivery }>(
      admin,
      `/admin/integration/deliveries/${mine!.id}/retry`,
    );
    expect(retried.body.data.delivery.state).toBe('pending');
    await deliver();
    expect(received.length).toBe(4);
    const [state] = await queryRows<{ state: string }>(
      t.db,
      sql`SELECT state FROM integration_deliveries WHERE delivery_id = ${mine!.id}`,
    );
    expect(state?.state).toBe('delivered');
    const twice = await post(admin, `/admin/integration/deliveries/${mine!.id}/retry`);
    expect(twice.body.response.errors[0]?.code).toBe('msg.integration.deliveryNotDead');
    const badUrl = await post(admin, `/admin/integration/clients/${erp.id}/webhook`, {
      url: 'ftp://x',
      events: ['order.nope'],
    });
    expect(badUrl.statusCode).toBe(400);
  });
});
