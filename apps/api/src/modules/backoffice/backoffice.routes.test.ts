import type { AdminProduct, AdminLoginData } from '@spesa/shared/contracts/admin';
import { STALE_EDIT_CODE } from '@spesa/shared/contracts/admin';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buy,
  checkoutCustomer,
  driveSlot,
  DRIVE_STORE,
  preparedCart,
  testProduct,
} from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { callAs } from '../../../test/helper';
import { buildTestApp, DEMO_PASSWORD, type EnvelopeBody, type TestApp } from '../../../test/helper';
import { TOTP_PERIOD_SECONDS } from './totp';

/**
 * The back office's API (decision 030): sign-in with a one-time code, roles on every route, stale edits,
 * and the audit log of every write and refusal.
 */
let t: TestApp;
// the app's clock: each sign-in below moves it one TOTP period ahead, so each code is a new one
let clock = new Date();
const tick = () => {
  clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
};
beforeAll(async () => {
  // this file signs the same demo staff in a dozen times: the sign-in throttle (tested elsewhere) stays out of the way
  t = await buildTestApp({ now: () => clock, versionCheckMs: 0, env: { AUTH_RATE_MAX_PER_ACCOUNT: 100 } });
});
afterAll(() => t?.close());

const api = (path: string) => `/ebsn/api${path}`;
const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(clock.getTime() / 1000) });

interface Call<T> {
  status: number;
  body: EnvelopeBody<T>;
  cookie: string | null;
}

async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  opts: { cookie?: string | null; body?: unknown; customer?: string } = {},
): Promise<Call<T>> {
  const cookies: Record<string, string> = {};
  if (opts.cookie) cookies['spesa-staff'] = opts.cookie;
  if (opts.customer) cookies['x-ebsn-account'] = opts.customer;
  const res = await t.app.inject({
    method,
    url: api(path),
    cookies,
    ...(opts.body !== undefined
      ? { payload: JSON.stringify(opts.body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  return {
    status: res.statusCode,
    body: res.json<EnvelopeBody<T>>(),
    cookie: res.cookies.find((c) => c.name === 'spesa-staff')?.value ?? null,
  };
}

/** Signs a demo staff member in, enrolling the authenticator at the first sign-in; answers the cookie. */
const secrets = new Map<string, string>();
async function signIn(email: string): Promise<string> {
  const first = await call<AdminLoginData>('POST', '/admin/auth/login', {
    body: { login: email, password: DEMO_PASSWORD },
  });
  expect(first.body.response.status).toBe(0);
  const data = first.body.data;
  if (data.state === 'enrol') {
    secrets.set(email, data.secret);
    const enrolled = await call<{ recoveryCodes: string[] }>('POST', '/admin/auth/enrol', {
      body: { enrolmentToken: data.enrolmentToken, otp: await codeOf(data.secret) },
    });
    expect(enrolled.body.response.status).toBe(0);
    tick();
    return enrolled.cookie ?? '';
  }
  expect(data.state).toBe('codeRequired');
  const secret = secrets.get(email) ?? '';
  const done = await call<AdminLoginData>('POST', '/admin/auth/login', {
    body: { login: email, password: DEMO_PASSWORD, otp: await codeOf(secret) },
  });
  expect(done.body.data.state).toBe('signedIn');
  tick();
  return done.cookie ?? '';
}

async function auditRows(cookie: string, query = '') {
  const res = await call<{ data: Array<Record<string, unknown>>; total: number }>(
    'GET',
    `/admin/audit?order=DESC&perPage=50${query}`,
    { cookie },
  );
  expect(res.body.response.status).toBe(0);
  return res.body.data.data;
}

describe('back-office sign-in', () => {
  it('enrols the authenticator at the first sign-in, then asks its code; a code and a recovery code sign in once', async () => {
    const email = 'catalogo@spesa.demo';
    const first = await call<AdminLoginData>('POST', '/admin/auth/login', {
      body: { login: email, password: DEMO_PASSWORD },
    });
    const enrol = first.body.data;
    if (enrol.state !== 'enrol') throw new Error(`expected enrolment, got ${enrol.state}`);
    expect(enrol.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(enrol.qrSvg).toContain('<svg');
    expect(first.cookie).toBeNull();
    // a wrong first code enrols nothing
    const wrong = await call('POST', '/admin/auth/enrol', {
      body: { enrolmentToken: enrol.enrolmentToken, otp: '000000' },
    });
    expect(wrong.body.response.errors[0]?.code).toBe('msg.admin.badCode');
    const enrolled = await call<{ recoveryCodes: string[]; staff: { role: string } }>(
      'POST',
      '/admin/auth/enrol',
      { body: { enrolmentToken: enrol.enrolmentToken, otp: await codeOf(enrol.secret) } },
    );
    expect(enrolled.body.data.staff.role).toBe('catalogue_manager');
    expect(enrolled.body.data.recoveryCodes).toHaveLength(10);
    expect(enrolled.cookie).toBeTruthy();
    secrets.set(email, enrol.secret);
    const me = await call<{ staff: { email: string } }>('GET', '/admin/auth/me', { cookie: enrolled.cookie });
    expect(me.body.data.staff.email).toBe(email);

    // the same code (same time step) does not sign in twice
    const password = await call<AdminLoginData>('POST', '/admin/auth/login', {
      body: { login: email, password: DEMO_PASSWORD },
    });
    expect(password.body.data.state).toBe('codeRequired');
    expect(password.cookie).toBeNull();
    const replay = await call('POST', '/admin/auth/login', {
      body: { login: email, password: DEMO_PASSWORD, otp: await codeOf(enrol.secret) },
    });
    expect(replay.body.response.errors[0]?.code).toBe('msg.admin.badCode');
    expect(replay.cookie).toBeNull();
    tick();
    const fresh = await call<AdminLoginData>('POST', '/admin/auth/login', {
      body: { login: email, password: DEMO_PASSWORD, otp: await codeOf(enrol.secret) },
    });
    expect(fresh.body.data.state).toBe('signedIn');

    // a recovery code signs in once
    const recovery = enrolled.body.data.recoveryCodes[0] ?? '';
    const withRecovery = await call<AdminLoginData>('POST', '/admin/auth/login', {
      body: { login: email, password: DEMO_PASSWORD, otp: recovery.toLowerCase() },
    });
    expect(withRecovery.body.data.state).toBe('signedIn');
    const again = await call('POST', '/admin/auth/login', {
      body: { login: email, password: DEMO_PASSWORD, otp: recovery },
    });
    expect(again.body.response.errors[0]?.code).toBe('msg.admin.badCode');

    // signing out ends the session on the server
    const out = await call('POST', '/admin/auth/logout', { cookie: fresh.cookie });
    expect(out.body.response.status).toBe(0);
    expect((await call('GET', '/admin/auth/me', { cookie: fresh.cookie })).status).toBe(401);
  });

  it('one code signs in once, however many sign-ins race with it', async () => {
    const email = 'catalogo@spesa.demo';
    const secret = secrets.get(email) ?? '';
    expect(secret).not.toBe('');
    tick();
    const code = await codeOf(secret);
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        call<AdminLoginData>('POST', '/admin/auth/login', {
          body: { login: email, password: DEMO_PASSWORD, otp: code },
        }),
      ),
    );
    expect(tries.filter((r) => r.body.data?.state === 'signedIn')).toHaveLength(1);
    expect(tries.filter((r) => r.body.response.errors[0]?.code === 'msg.admin.badCode')).toHaveLength(7);
    tick();
  });

  it('refuses a wrong password, a customer and an unknown login with the same answer', async () => {
    const customer = await newCustomer(t, { tag: 'admin' });
    for (const body of [
      { login: 'catalogo@spesa.demo', password: 'wrong-password' },
      { login: customer.email, password: DEMO_PASSWORD },
      { login: 'nobody@spesa.demo', password: DEMO_PASSWORD },
    ]) {
      const res = await call('POST', '/admin/auth/login', { body });
      expect(res.body.response.errors[0]?.code).toBe('msg.admin.badCredentials');
      expect(res.cookie).toBeNull();
    }
  });

  it('answers bad input with the Italian envelope, never a 500', async () => {
    for (const body of [{}, { login: 'x' }, { login: 'x', password: 'y', otp: '12' }, 'not json']) {
      const res = await call('POST', '/admin/auth/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.response.status).not.toBe(0);
    }
    const enrol = await call('POST', '/admin/auth/enrol', {
      body: { enrolmentToken: 'x'.repeat(43), otp: '123456' },
    });
    expect(enrol.body.response.errors[0]?.code).toBe('msg.admin.enrolmentExpired');
  });
});

describe('roles on every admin route', () => {
  it('refuses anonymous callers and customer sessions: the shop session is not a back-office session', async () => {
    const customer = await newCustomer(t, { tag: 'admin2' });
    for (const [method, path] of [
      ['GET', '/admin/auth/me'],
      ['GET', '/admin/products'],
      ['GET', '/admin/products/1'],
      ['POST', '/admin/products/1'],
      ['GET', '/admin/audit'],
    ] as const) {
      expect((await call(method, path, { body: method === 'POST' ? {} : undefined })).status).toBe(401);
      const res = await call(method, path, {
        customer: customer.token,
        body: method === 'POST' ? {} : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.response.errors[0]?.code).toBe('msg.admin.signInRequired');
    }
  });

  it('customer service reads products but cannot change a price; a picker cannot see products; both refusals audited', async () => {
    const service = await signIn('clienti@spesa.demo');
    const list = await call<{ data: AdminProduct[] }>('GET', '/admin/products?perPage=1', {
      cookie: service,
    });
    const product = list.body.data.data[0];
    if (!product) throw new Error('no product');
    const refused = await call('POST', `/admin/products/${product.id}`, {
      cookie: service,
      body: { updatedAt: product.updatedAt, price: 0.5 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.response.errors[0]?.code).toBe('msg.admin.notAllowed');
    const picker = await signIn('picker@spesa.demo');
    expect((await call('GET', '/admin/products', { cookie: picker })).status).toBe(403);
    expect((await call('GET', '/admin/audit', { cookie: picker })).status).toBe(403);

    const admin = await signIn('admin@spesa.demo');
    const refusals = await auditRows(admin, '&resource=access');
    expect(refusals.slice(0, 3).map((r) => [r.staffName, r.action, r.allowed])).toEqual([
      ['Piero Preparatore', 'GET /ebsn/api/admin/audit', false],
      ['Piero Preparatore', 'GET /ebsn/api/admin/products', false],
      ['Sara Servizio', 'POST /ebsn/api/admin/products/:id', false],
    ]);
    const after = await call<{ data: AdminProduct }>('GET', `/admin/products/${product.id}`, {
      cookie: admin,
    });
    expect(after.body.data.data.price).toBe(product.price);
  });
});

describe('products', () => {
  it('a catalogue manager changes a price: the shop serves it, the audit log holds before and after', async () => {
    const manager = await signIn('catalogo@spesa.demo');
    const list = await call<{ data: AdminProduct[]; total: number }>(
      'GET',
      '/admin/products?q=pasta&sort=price&order=DESC&perPage=5',
      { cookie: manager },
    );
    expect(list.body.data.total).toBeGreaterThan(0);
    const prices = list.body.data.data.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const product = list.body.data.data[0];
    if (!product) throw new Error('no pasta');
    const newPrice = Math.round((product.price - 0.1) * 100) / 100;
    const saved = await call<{ data: AdminProduct }>('POST', `/admin/products/${product.id}`, {
      cookie: manager,
      body: { updatedAt: product.updatedAt, price: newPrice },
    });
    expect(saved.body.response.status).toBe(0);
    expect(saved.body.data.data.price).toBe(newPrice);
    expect(saved.body.data.data.updatedAt).not.toBe(product.updatedAt);

    const shop = await t.app.inject({ method: 'GET', url: api(`/products?product_id=${product.id}`) });
    const shown = shop.json<EnvelopeBody<{ productId: number; price: number }>>();
    expect(shown.data).toMatchObject({ productId: product.id, price: newPrice });

    const admin = await signIn('admin@spesa.demo');
    const [entry] = await auditRows(admin, `&resource=products`);
    expect(entry).toMatchObject({
      staffName: 'Carlo Catalogo',
      action: 'update',
      resourceId: String(product.id),
      allowed: true,
      before: expect.objectContaining({ price: product.price }),
      after: expect.objectContaining({ price: newPrice }),
    });
  });

  it("refuses a stale edit with the other person's change shown, and audits it", async () => {
    const manager = await signIn('catalogo@spesa.demo');
    const admin = await signIn('admin@spesa.demo');
    const read = await call<{ data: AdminProduct }>('GET', '/admin/products/2', { cookie: manager });
    const seen = read.body.data.data;
    const first = await call<{ data: AdminProduct }>('POST', '/admin/products/2', {
      cookie: admin,
      body: { updatedAt: seen.updatedAt, name: `${seen.name} (nuovo formato)` },
    });
    expect(first.body.response.status).toBe(0);
    const stale = await call<{ data: AdminProduct }>('POST', '/admin/products/2', {
      cookie: manager,
      body: { updatedAt: seen.updatedAt, stock: 3 },
    });
    expect(stale.body.response.errors[0]?.code).toBe(STALE_EDIT_CODE);
    expect(stale.body.data.data.name).toBe(`${seen.name} (nuovo formato)`);
    expect(stale.body.data.data.stock).toBe(seen.stock);
    const [entry] = await auditRows(admin, '&resource=products');
    expect(entry).toMatchObject({ staffName: 'Carlo Catalogo', allowed: false, resourceId: '2' });
  });

  it('answers bad input and unknown ids with the Italian envelope, changing nothing', async () => {
    const manager = await signIn('catalogo@spesa.demo');
    const read = await call<{ data: AdminProduct }>('GET', '/admin/products/3', { cookie: manager });
    const seen = read.body.data.data;
    for (const body of [
      {},
      { updatedAt: seen.updatedAt, price: -1 },
      { updatedAt: seen.updatedAt, name: 'x' },
    ]) {
      const res = await call('POST', '/admin/products/3', { cookie: manager, body });
      expect(res.status).toBe(400);
    }
    expect((await call('GET', '/admin/products/abc', { cookie: manager })).status).toBe(400);
    const missing = await call('GET', '/admin/products/99999999', { cookie: manager });
    expect(missing.body.response.errors[0]?.code).toBe('msg.admin.productNotFound');
    expect((await call('GET', '/admin/products?sort=password', { cookie: manager })).status).toBe(400);
    expect((await call('GET', '/admin/products?perPage=100000&page=-1', { cookie: manager })).status).toBe(
      400,
    );
    const admin = await signIn('admin@spesa.demo');
    for (const query of ['sort=at;drop', 'perPage=abc', 'staffUserId=-3', 'order=sideways'])
      expect((await call('GET', `/admin/audit?${query}`, { cookie: admin })).status, query).toBe(400);
    const after = await call<{ data: AdminProduct }>('GET', '/admin/products/3', { cookie: manager });
    expect(after.body.data.data).toEqual(seen);
  });
});

describe('stores and slot days', () => {
  /** A day a few days ahead with Drive windows at the test store, and one order booked on it. */
  async function dayWithAnOrder(): Promise<{ date: string; orderId: number }> {
    const product = await testProduct(t.db, { stock: 50 });
    for (let ahead = 2; ahead < 9; ahead++) {
      const date = new Date(clock.getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
      const slot = await driveSlot(t.db, date).catch(() => null);
      if (!slot) continue;
      const c = await checkoutCustomer(t);
      const prepared = await preparedCart(t, c.token, {
        slot,
        items: [{ productId: product.productId, quantity: 1 }],
      });
      if (prepared.body.response.status !== 0) continue;
      const bought = await buy(t, c.token);
      expect(bought.body.response.status).toBe(0);
      return { date, orderId: bought.body.data.orderId };
    }
    throw new Error('no bookable Drive day in the next week');
  }

  it('a store manager sees their store only, closes a day: customers cannot book it, its orders are listed', async () => {
    const manager = await signIn('negozio@spesa.demo');
    const stores = await call<{ data: Array<{ id: number }> }>('GET', '/admin/stores', { cookie: manager });
    expect(stores.body.data.data.map((s) => s.id)).toEqual([DRIVE_STORE]);

    const { date, orderId } = await dayWithAnOrder();
    const before = await call<{
      data: Array<{ closed: boolean; open: number; orders: Array<{ orderId: number }> }>;
    }>('GET', `/admin/stores/${DRIVE_STORE}/slot-days?from=${date}&days=1`, { cookie: manager });
    expect(before.body.data.data[0]?.closed).toBe(false);
    expect(before.body.data.data[0]?.open).toBeGreaterThan(0);

    const closed = await call<{
      data: { closed: boolean; open: number; orders: Array<{ orderId: number }> };
    }>('POST', `/admin/stores/${DRIVE_STORE}/slot-days`, { cookie: manager, body: { date, closed: true } });
    expect(closed.body.response.status).toBe(0);
    expect(closed.body.data.data).toMatchObject({ closed: true, open: 0 });
    expect(closed.body.data.data.orders.map((o) => o.orderId)).toContain(orderId);

    // a customer can no longer choose a slot of that day at this store
    const c = await checkoutCustomer(t);
    await callAs(t.app, c.token, 'POST', api(`/store/select?store_id=${DRIVE_STORE}`));
    const slot = await driveSlot(t.db, date);
    const chosen = await callAs(
      t.app,
      c.token,
      'GET',
      api(`/timeslot/select?sel_date=${date}&timeslot_id=${slot.timeslotId}`),
    );
    expect(chosen.body.response.status).not.toBe(0);

    // opened again, it can
    const opened = await call<{ data: { closed: boolean } }>(
      'POST',
      `/admin/stores/${DRIVE_STORE}/slot-days`,
      {
        cookie: manager,
        body: { date, closed: false },
      },
    );
    expect(opened.body.data.data.closed).toBe(false);
    const again = await callAs(
      t.app,
      c.token,
      'GET',
      api(`/timeslot/select?sel_date=${date}&timeslot_id=${slot.timeslotId}`),
    );
    expect(again.body.response.status).toBe(0);

    const admin = await signIn('admin@spesa.demo');
    const log = await auditRows(admin, '&resource=slot-days');
    expect(log.slice(0, 2).map((r) => [r.staffName, r.action, r.resourceId, r.allowed])).toEqual([
      ['Nadia Negozio', 'open-day', `${DRIVE_STORE}-${date}`, true],
      ['Nadia Negozio', 'close-day', `${DRIVE_STORE}-${date}`, true],
    ]);
  });

  it("refuses another store's days to a store manager, and the slot days to a picker; bad input answers 400", async () => {
    const manager = await signIn('negozio@spesa.demo');
    const admin = await signIn('admin@spesa.demo');
    const all = await call<{ data: Array<{ id: number }> }>('GET', '/admin/stores', { cookie: admin });
    const other = all.body.data.data.find((s) => s.id !== DRIVE_STORE);
    if (!other) throw new Error('one store only');
    const refused = await call('POST', `/admin/stores/${other.id}/slot-days`, {
      cookie: manager,
      body: { date: '2026-12-01', closed: true },
    });
    expect(refused.body.response.errors[0]?.code).toBe('msg.admin.notYourStore');
    const read = await call('GET', `/admin/stores/${other.id}/slot-days`, { cookie: manager });
    expect(read.body.response.errors[0]?.code).toBe('msg.admin.notYourStore');
    const picker = await signIn('picker@spesa.demo');
    expect((await call('GET', '/admin/stores', { cookie: picker })).status).toBe(403);
    for (const body of [{}, { date: '2026-13-40', closed: true }, { date: '2026-12-01', closed: 'yes' }])
      expect(
        (await call('POST', `/admin/stores/${DRIVE_STORE}/slot-days`, { cookie: manager, body })).status,
      ).toBe(400);
    expect(
      (await call('GET', '/admin/stores/99999/slot-days', { cookie: admin })).body.response.errors[0]?.code,
    ).toBe('msg.admin.storeNotFound');
    const [entry] = await auditRows(admin, '&resource=slot-days');
    expect(entry).toMatchObject({
      staffName: 'Nadia Negozio',
      allowed: false,
      resourceId: `${other.id}-2026-12-01`,
    });
  });
});

describe('staff members', () => {
  it('the administrator lists the staff with roles and enrolment; a supervisor cannot', async () => {
    const admin = await signIn('admin@spesa.demo');
    const list = await call<{
      data: Array<{ email: string; role: string; enrolled: boolean; warehouseIds: number[] }>;
      total: number;
    }>('GET', '/admin/staff', { cookie: admin });
    const byEmail = new Map(list.body.data.data.map((m) => [m.email, m]));
    expect(byEmail.get('admin@spesa.demo')).toMatchObject({ role: 'administrator', enrolled: true });
    expect(byEmail.get('negozio@spesa.demo')).toMatchObject({
      role: 'store_manager',
      warehouseIds: [DRIVE_STORE],
    });
    expect(list.body.data.total).toBe(list.body.data.data.length);
    const supervisor = await signIn('operatore@spesa.demo');
    expect((await call('GET', '/admin/staff', { cookie: supervisor })).status).toBe(403);
  });
});
