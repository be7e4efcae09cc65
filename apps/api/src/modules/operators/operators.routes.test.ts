import type { AdminOperatorAction } from '@spesa/shared/contracts/admin-operators';
import type { RootUser } from '@spesa/shared/contracts/envelope';
import type { OperationsData, SsoLoginData, UserSearchData } from '@spesa/shared/contracts/operators';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buy,
  checkoutCustomer,
  checkoutTestApp,
  driveSlot,
  preparedCart,
  testProduct,
} from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, DEMO_PASSWORD, type EnvelopeBody, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { storedSecret } from '../../lib/app-secrets';
import { sha256 } from '../account/secrets';
import { Totp, TOTP_PERIOD_SECONDS } from '../backoffice/totp';

/**
 * Operators acting for a customer (issue 24, decision 053): the operator's shop sign-in with the back
 * office's password and one-time code, the customer search and selection, what acting allows by role, the
 * card payments refused, the end of acting, and the audit trail the customer and the supervisors read. On
 * a fixed clock (Monday 1 March 2027, 08:00 in Rome), each sign-in a TOTP period later.
 */
let t: TestApp;
let clock = new Date('2027-03-01T07:00:00Z');
const DAY = '2027-03-03';
let totp: Totp;

beforeAll(async () => {
  t = await checkoutTestApp(() => clock);
  totp = new Totp(await storedSecret('staff-totp', t.db));
  await driveSlot(t.db, DAY, 100_000);
});
afterAll(() => t?.close());

const tick = () => {
  clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
};
const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(clock.getTime() / 1000) });

interface Staff {
  userId: number;
  email: string;
  secret: string;
  /** the back office's own session cookie */
  adminCookie: string;
}

/** A staff member of `role` with an enrolled authenticator (its secret kept to compute codes). */
async function staffOf(role: string, enrolled = true): Promise<Staff> {
  const someone = await newCustomer(t, { tag: `op-${role}` });
  await t.db.execute(
    sql`UPDATE users SET first_name = 'Operatore', last_name = ${role} WHERE user_id = ${someone.userId}`,
  );
  const adminCookie = await makeStaff(t, someone.userId, [], role as never);
  const secret = await totp.newSecret();
  if (enrolled)
    await t.db.execute(
      sql`UPDATE staff_members SET totp_secret = ${totp.encrypt(secret)} WHERE user_id = ${someone.userId}`,
    );
  return { userId: someone.userId, email: someone.email, secret, adminCookie };
}

async function ssoLogin(body: Record<string, unknown>, cookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/backoffice-access/sso-login'),
    headers: { 'content-type': 'application/json', 'x-ebsn-client': 'site' },
    ...(cookie ? { cookies: { 'x-ebsn-account': cookie } } : {}),
    payload: JSON.stringify(body),
  });
  return {
    statusCode: res.statusCode,
    body: res.json<EnvelopeBody<SsoLoginData>>(),
    cookie: res.cookies.find((c) => c.name === 'X-Ebsn-Account')?.value || null,
  };
}

/** Signs the operator in to the shop: the session cookie. */
async function operatorSession(s: Staff): Promise<string> {
  tick();
  const res = await ssoLogin({
    backoffice_user: s.email,
    password: DEMO_PASSWORD,
    otp: await codeOf(s.secret),
  });
  expect(res.body.response.status, JSON.stringify(res.body.response)).toBe(0);
  if (!res.cookie) throw new Error('no session cookie');
  return res.cookie;
}

const call = <T = Record<string, unknown>>(
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
) => callAs<T>(t.app, token, method, api(path), payload === undefined ? {} : { payload });

const trailOf = (where: ReturnType<typeof sql>) =>
  queryRows<{
    operatorUserId: number | null;
    customerUserId: number | null;
    callerUserId: number | null;
    action: string;
    outcome: string;
    code: string | null;
    requestId: string;
  }>(
    t.db,
    sql`SELECT operator_user_id AS "operatorUserId", customer_user_id AS "customerUserId",
          caller_user_id AS "callerUserId", action, outcome, code, request_id AS "requestId"
        FROM operator_actions WHERE ${where} ORDER BY action_id`,
  );

describe('the operator signs in to the shop', () => {
  it('needs the password and a fresh one-time code of an enrolled member of a role that may act', async () => {
    const cs = await staffOf('customer_service');
    const wrong = await ssoLogin({ backoffice_user: cs.email, password: 'sbagliata-123', otp: '123456' });
    expect(wrong.body.response.errors[0]?.code).toBe('msg.operator.badCredentials');
    expect(wrong.cookie).toBeNull();

    const noCode = await ssoLogin({ backoffice_user: cs.email, password: DEMO_PASSWORD });
    expect(noCode.body.response.status).toBe(0);
    expect(noCode.body.data).toEqual({ state: 'codeRequired', operator: null });
    expect(noCode.cookie).toBeNull();

    const badCode = await ssoLogin({ backoffice_user: cs.email, password: DEMO_PASSWORD, otp: '000000' });
    expect(badCode.body.response.errors[0]?.code).toBe('msg.operator.badCode');

    tick();
    const code = await codeOf(cs.secret);
    const ok = await ssoLogin({ backoffice_user: cs.email, password: DEMO_PASSWORD, otp: code });
    expect(ok.body.data.state).toBe('signedIn');
    expect(ok.body.data.operator).toMatchObject({
      userId: cs.userId,
      roles: ['customer_service'],
      acting: false,
    });
    expect(ok.cookie).toBeTruthy();
    expect((ok.body.user as RootUser).operator).toMatchObject({ userId: cs.userId, acting: false });
    // the same code a second time: refused (a code signs in once)
    const again = await ssoLogin({ backoffice_user: cs.email, password: DEMO_PASSWORD, otp: code });
    expect(again.body.response.errors[0]?.code).toBe('msg.operator.badCode');
    // the back office's audit log holds the attempts
    const audit = await queryRows<{ allowed: boolean }>(
      t.db,
      sql`SELECT allowed FROM admin_audit WHERE staff_user_id = ${cs.userId} AND action = 'shop-login' ORDER BY audit_id`,
    );
    expect(audit.map((a) => a.allowed)).toEqual([false, false, true, false]);
  });

  it('refuses a member without an authenticator, a picker and a customer', async () => {
    const fresh = await staffOf('customer_service', false);
    const res = await ssoLogin({ backoffice_user: fresh.email, password: DEMO_PASSWORD, otp: '123456' });
    expect(res.body.response.errors[0]?.code).toBe('msg.operator.notEnrolled');
    const picker = await staffOf('picker');
    tick();
    const p = await ssoLogin({
      backoffice_user: picker.email,
      password: DEMO_PASSWORD,
      otp: await codeOf(picker.secret),
    });
    expect(p.body.response.errors[0]?.code).toBe('msg.operator.notAllowedRole');
    expect(p.cookie).toBeNull();
    const customer = await newCustomer(t, { tag: 'op-notstaff' });
    const c = await ssoLogin({ backoffice_user: customer.email, password: DEMO_PASSWORD, otp: '123456' });
    expect(c.body.response.errors[0]?.code).toBe('msg.operator.badCredentials');
  });

  it('answers bad input with the Italian message and opens nothing', async () => {
    for (const body of [
      {},
      { backoffice_user: 'x', password: '' },
      { backoffice_user: 'x', password: 'y', otp: '12' },
    ]) {
      const res = await ssoLogin(body);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errors[0]?.error).toMatch(/[a-z]/);
      expect(res.cookie).toBeNull();
    }
  });

  it('is throttled like the customers’ sign-in', async () => {
    const strict = await buildTestApp({
      now: () => clock,
      env: { AUTH_RATE_MAX_PER_ACCOUNT: 3, AUTH_RATE_MAX_PER_ADDRESS: 1000 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: api('/backoffice-access/sso-login'),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            backoffice_user: 'clienti@spesa.demo',
            password: 'sbagliata-1',
            otp: '123456',
          }),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('operator endpoints and the acting guard', () => {
  it('a customer calling operator endpoints is refused, and the refusal is recorded', async () => {
    const customer = await newCustomer(t, { tag: 'op-caller' });
    for (const [method, path] of [
      ['GET', '/user-search/list_user?q=Verdi'],
      ['GET', `/user-search/select_user?user_id=${customer.userId}`],
      ['POST', '/sso-auth/logout'],
    ] as const) {
      const res = await call(customer.token, method, path);
      expect(res.statusCode, path).toBe(403);
      expect(res.body.response.errors[0]?.code).toBe('msg.operator.operatorsOnly');
    }
    const rows = await trailOf(sql`caller_user_id = ${customer.userId}`);
    expect(rows.map((r) => [r.action, r.outcome])).toEqual([
      ['GET /user-search/list_user', 'refused'],
      ['GET /user-search/select_user', 'refused'],
      ['POST /sso-auth/logout', 'refused'],
    ]);
    // anonymous: the sign-in is asked (nothing to record)
    expect((await call(null, 'GET', '/user-search/list_user?q=Verdi')).statusCode).toBe(401);
  });

  it('an operator who has not chosen a customer cannot use customer endpoints', async () => {
    const cs = await staffOf('customer_service');
    const token = await operatorSession(cs);
    const res = await call(token, 'POST', '/cart/add', { items: [{ productId: 1, quantity: 1 }] });
    expect(res.statusCode).toBe(403);
    expect(res.body.response.errors[0]?.code).toBe('msg.operator.chooseCustomer');
    const [row] = await trailOf(sql`operator_user_id = ${cs.userId}`);
    expect(row).toMatchObject({ action: 'POST /cart/add', outcome: 'refused', customerUserId: null });
  });

  it('searches customers by card number, name or e-mail; bad input answers the Italian message', async () => {
    const cs = await staffOf('customer_service');
    const token = await operatorSession(cs);
    const anna = await queryRows<{ userId: number; cardNumber: string }>(
      t.db,
      sql`SELECT user_id AS "userId", card_number AS "cardNumber" FROM users WHERE lower(email) = 'anna.verdi@spesa.demo'`,
    );
    const annaRow = anna[0];
    if (!annaRow) throw new Error('the seed has no Anna Verdi');
    const byCard = await call<UserSearchData>(
      token,
      'GET',
      `/user-search/list_user?cod_int=${annaRow.cardNumber}`,
    );
    expect(byCard.body.data.users.map((u) => u.userId)).toEqual([annaRow.userId]);
    expect(byCard.body.data.page.totItems).toBe(1);
    const byName = await call<UserSearchData>(
      token,
      'GET',
      '/user-search/list_user?q=anna%20verdi&page_size=5',
    );
    expect(byName.body.data.users.map((u) => u.userId)).toContain(annaRow.userId);
    // never staff: the operator's own account is not found by their e-mail
    const self = await call<UserSearchData>(
      token,
      'GET',
      `/user-search/list_user?q=${encodeURIComponent(cs.email)}`,
    );
    expect(self.body.data.users).toEqual([]);
    for (const q of [
      '',
      '?q=a',
      '?cod_int=12ab',
      '?q=Verdi&user_type_id=1',
      '?q=Verdi&page=0',
      '?q=Verdi&page_size=500',
      '?q=Verdi&sort=name',
    ]) {
      const bad = await call(token, 'GET', `/user-search/list_user${q}`);
      expect(bad.statusCode, q).toBeLessThan(500);
      expect(bad.body.response.status, q).not.toBe(0);
      expect(bad.body.response.errors[0]?.error, q).toBeTruthy();
    }
  });

  it('never acts for a staff account, an unknown or erased one (refused and recorded)', async () => {
    const cs = await staffOf('customer_service');
    const other = await staffOf('picker');
    const token = await operatorSession(cs);
    const staffRes = await call(token, 'GET', `/user-search/select_user?user_id=${other.userId}`);
    expect(staffRes.body.response.errors[0]?.code).toBe('msg.operator.staffAccount');
    const self = await call(token, 'GET', `/user-search/select_user?user_id=${cs.userId}`);
    expect(self.body.response.errors[0]?.code).toBe('msg.operator.staffAccount');
    const unknown = await call(token, 'GET', '/user-search/select_user?user_id=99999999');
    expect(unknown.body.response.errors[0]?.code).toBe('msg.operator.customerNotFound');
    const erased = await newCustomer(t, { tag: 'op-erased' });
    await t.db.execute(sql`UPDATE users SET anonymized_at = now() WHERE user_id = ${erased.userId}`);
    const gone = await call(token, 'GET', `/user-search/select_user?user_id=${erased.userId}`);
    expect(gone.body.response.errors[0]?.code).toBe('msg.operator.customerNotFound');
    const bad = await call(token, 'GET', '/user-search/select_user?user_id=abc');
    expect(bad.body.response.status).not.toBe(0);
    // still acting for nobody
    expect((bad.body.user as RootUser).operator?.acting).toBe(false);
    const rows = await trailOf(sql`operator_user_id = ${cs.userId}`);
    expect(rows.filter((r) => r.action === 'GET /user-search/select_user').map((r) => r.outcome)).toEqual([
      'refused',
      'refused',
      'refused',
      'refused',
      'failed',
    ]);
    expect(rows[0]).toMatchObject({ customerUserId: other.userId, code: 'msg.operator.staffAccount' });
  });
});

describe('acting for a customer', () => {
  it('shops, books and orders paying on delivery; a card is refused; every step is in the trail', async () => {
    const cs = await staffOf('customer_service');
    const token = await operatorSession(cs);
    const customer = await checkoutCustomer(t);
    const chosen = await call<{ operator: { acting: boolean } }>(
      token,
      'GET',
      `/user-search/select_user?user_id=${customer.userId}`,
    );
    expect(chosen.body.response.status).toBe(0);
    expect(chosen.body.data.operator.acting).toBe(true);
    expect(chosen.body.user).toMatchObject({
      userId: customer.userId,
      operator: { userId: cs.userId, acting: true },
    });

    const p = await testProduct(t.db, { stock: 20 });
    const slot = await driveSlot(t.db, DAY);
    const prepared = await preparedCart(t, token, { slot, items: [{ productId: p.productId, quantity: 2 }] });
    expect(prepared.body.response.status, JSON.stringify(prepared.body.response)).toBe(0);

    const types = await call<{
      paymentTypes: Array<{ paymentTypeId: number; enabled: boolean }>;
      defaultPaymentTypeId: number;
    }>(token, 'GET', '/payment-type/list-auth');
    expect(types.body.data.defaultPaymentTypeId).toBe(2);
    expect(
      types.body.data.paymentTypes
        .filter((x) => x.enabled)
        .map((x) => x.paymentTypeId)
        .sort(),
    ).toEqual([100, 2].sort());

    for (const body of [{ payment_type_id: 12 }, { payment_type_id: 1 }, {}]) {
      const card = await buy(t, token, body);
      expect(card.body.response.errors[0]?.code).toBe('msg.operator.cardPayment');
    }
    const placed = await buy(t, token, { payment_type_id: 2 });
    expect(placed.body.response.status, JSON.stringify(placed.body.response)).toBe(0);
    const orders = await queryRows<{ orderId: number; paymentTypeId: number }>(
      t.db,
      sql`SELECT order_id AS "orderId", payment_type_id AS "paymentTypeId" FROM orders WHERE user_id = ${customer.userId}`,
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]?.paymentTypeId).toBe(2);

    const rows = await trailOf(sql`operator_user_id = ${cs.userId}`);
    expect(rows.every((r) => r.customerUserId === customer.userId && r.requestId.length > 0)).toBe(true);
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'GET /user-search/select_user',
        'POST /cart/add',
        'POST /checkout/prepare',
        'POST /checkout/buy',
      ]),
    );
    expect(rows.filter((r) => r.action === 'POST /checkout/buy').map((r) => r.outcome)).toEqual([
      'refused',
      'refused',
      'refused',
      'done',
    ]);

    // the customer reads it in their profile
    const mine = await call<OperationsData>(customer.token, 'GET', '/sso-auth/operations?page_size=50');
    expect(mine.body.response.status).toBe(0);
    const labels = mine.body.data.operations.map((o) => o.label);
    expect(labels).toContain('Ordine effettuato');
    expect(labels).toContain('Prodotti aggiunti al carrello');
    expect(mine.body.data.operations[0]?.operatorName).toBe('Operatore customer_service');
    // another customer sees none of it
    const other = await newCustomer(t, { tag: 'op-other' });
    const theirs = await call<OperationsData>(other.token, 'GET', '/sso-auth/operations');
    expect(theirs.body.data.operations).toEqual([]);
    const bad = await call(customer.token, 'GET', '/sso-auth/operations?page=0');
    expect(bad.body.response.status).not.toBe(0);
  });

  it('another customer’s order stays not found while acting', async () => {
    const cs = await staffOf('customer_service');
    const token = await operatorSession(cs);
    const a = await checkoutCustomer(t);
    const b = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 20 });
    const slot = await driveSlot(t.db, DAY);
    await preparedCart(t, b.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
    const placed = await buy(t, b.token, { payment_type_id: 2 });
    const orderId = (placed.body.data as unknown as { order: { orderId: number } }).order.orderId;
    await call(token, 'GET', `/user-search/select_user?user_id=${a.userId}`);
    const seen = await call(token, 'GET', `/order/view?order_id=${orderId}`);
    expect(seen.body.response.status).not.toBe(0);
    const cancel = await call(token, 'POST', '/order/delete', { order_id: orderId });
    expect(cancel.body.response.status).not.toBe(0);
  });

  it('never touches password, sign-in methods, MFA or erasure; personal data only as a supervisor', async () => {
    const cs = await staffOf('customer_service');
    const sv = await staffOf('supervisor');
    const customer = await checkoutCustomer(t);
    const csToken = await operatorSession(cs);
    const svToken = await operatorSession(sv);
    for (const token of [csToken, svToken])
      expect(
        (await call(token, 'GET', `/user-search/select_user?user_id=${customer.userId}`)).body.response
          .status,
      ).toBe(0);
    const never: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/registration/update_password?old_password=Spesa2026!&new_password=Nuova-Password-1'],
      [
        'POST',
        '/registration/update_password',
        { old_password: 'Spesa2026!', new_password: 'Nuova-Password-1' },
      ],
      ['GET', '/registration/mfa_enabled'],
      ['POST', '/registration/update_mfa', { enabled: true }],
      ['POST', '/registration/update_username', { username: 'nuovonome' }],
      ['GET', '/registration/update_email_request?new_email=altro@example.com'],
      ['GET', '/registration/anonymize_token_request'],
      ['GET', '/registration/user_anonymize'],
      ['POST', '/order/modify-payment-type', { order_id: 1, payment_type_id: 12 }],
    ];
    for (const token of [csToken, svToken])
      for (const [method, path, body] of never) {
        const res = await call(token, method, path, body);
        expect(res.statusCode, path).toBe(403);
        expect(res.body.response.errors[0]?.code, path).toBe('msg.operator.customerOnly');
      }
    const detail = { person: { firstName: 'Nuovo' } };
    const csEdit = await call(csToken, 'POST', '/registration/update_user_detail', detail);
    expect(csEdit.statusCode).toBe(403);
    expect(csEdit.body.response.errors[0]?.code).toBe('msg.operator.supervisorOnly');
    const svEdit = await call(svToken, 'POST', '/registration/update_user_detail', detail);
    expect(svEdit.statusCode).not.toBe(403);
    // the customer's password is unchanged: they still sign in with it
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM operator_actions WHERE customer_user_id = ${customer.userId} AND outcome = 'refused'`,
    );
    expect(row?.n).toBe(never.length * 2 + 1);
    // reading the profile is allowed to customer service
    expect((await call(csToken, 'GET', '/registration/user_detail')).body.response.status).toBe(0);
  });

  it('never links or unlinks the customer’s sign-in methods; the trail names what was tried', async () => {
    const sv = await staffOf('supervisor');
    const token = await operatorSession(sv);
    const customer = await checkoutCustomer(t);
    await t.db.execute(
      sql`INSERT INTO federated_identities (user_id, provider, subject, email)
          VALUES (${customer.userId}, 'google', ${`google-${customer.email}`}, ${customer.email})`,
    );
    await call(token, 'GET', `/user-search/select_user?user_id=${customer.userId}`);
    const unlink = await call(token, 'POST', '/registration/social_unlink', { provider: 'google' });
    expect(unlink.statusCode).toBe(403);
    expect(unlink.body.response.errors[0]?.code).toBe('msg.operator.customerOnly');

    // a Facebook identity with the customer's e-mail waits for the link, its ticket in the operator's browser
    const ticket = `ticket-${customer.userId}-${Date.now()}`;
    await t.db.execute(
      sql`INSERT INTO federated_logins (state_hash, provider, protocol, expires_at, used_at, ticket_hash,
            claims_subject, claims_email, claims_email_verified, link_user_id)
          VALUES (${sha256(`state-${ticket}`)}, 'facebook', 'oidc', now() + interval '10 minutes', now(),
            ${sha256(ticket)}, ${`facebook-${customer.email}`}, ${customer.email}, true, ${customer.userId})`,
    );
    const link = await t.app.inject({
      method: 'POST',
      url: api('/registration/social_link_confirm'),
      cookies: { 'X-Ebsn-Account': token, 'spesa-federated': ticket },
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: DEMO_PASSWORD }),
    });
    expect(link.statusCode).toBe(403);
    expect(link.json<EnvelopeBody>().response.errors[0]?.code).toBe('msg.operator.customerOnly');
    const identities = await queryRows<{ provider: string }>(
      t.db,
      sql`SELECT provider FROM federated_identities WHERE user_id = ${customer.userId}`,
    );
    expect(identities.map((i) => i.provider)).toEqual(['google']);
    // the operator still acts for the customer: the link signed no one in
    const still = await call(token, 'GET', '/auth/test');
    expect(still.body.user).toMatchObject({ userId: customer.userId, operator: { userId: sv.userId } });

    const mine = await call<OperationsData>(customer.token, 'GET', '/sso-auth/operations?page_size=50');
    const tried = mine.body.data.operations.filter((o) => o.outcome === 'refused').map((o) => o.label);
    expect(tried.sort()).toEqual(['Collegamento di un accesso social', 'Scollegamento di un accesso social']);
  });

  it('ends acting apart from signing out; a deactivated operator’s session ends', async () => {
    const cs = await staffOf('customer_service');
    const token = await operatorSession(cs);
    const customer = await checkoutCustomer(t);
    await call(token, 'GET', `/user-search/select_user?user_id=${customer.userId}`);
    const back = await call<{ operator: { acting: boolean } }>(token, 'POST', '/sso-auth/logout');
    expect(back.body.data.operator.acting).toBe(false);
    expect(back.body.user.userId).toBe(cs.userId);
    expect((await call(token, 'GET', '/cart/view')).statusCode).toBe(403);
    // still signed in as operator: the search works
    expect((await call(token, 'GET', '/user-search/list_user?q=Verdi')).statusCode).toBe(200);
    const [ended] = await trailOf(sql`operator_user_id = ${cs.userId} AND action = 'POST /sso-auth/logout'`);
    expect(ended).toMatchObject({ customerUserId: customer.userId, outcome: 'done' });
    // deactivated in the back office: the shop session is dead at the next request
    await call(token, 'GET', `/user-search/select_user?user_id=${customer.userId}`);
    await t.db.execute(sql`UPDATE staff_members SET active = false WHERE user_id = ${cs.userId}`);
    expect((await call(token, 'GET', '/cart/view')).statusCode).toBe(419);
    // the operator's own sign-out ends the session
    const other = await staffOf('customer_service');
    const t2 = await operatorSession(other);
    expect((await call(t2, 'POST', '/auth/logout')).statusCode).toBe(200);
    expect((await call(t2, 'GET', '/user-search/list_user?q=Verdi')).statusCode).toBe(419);
  });
});

describe('the trail in the back office', () => {
  it('supervisors read it filtered by operator or customer; customer service cannot', async () => {
    const cs = await staffOf('customer_service');
    const sv = await staffOf('supervisor');
    const token = await operatorSession(cs);
    const customer = await checkoutCustomer(t);
    await call(token, 'GET', `/user-search/select_user?user_id=${customer.userId}`);
    await call(token, 'POST', '/cart/add', {
      items: [{ productId: (await testProduct(t.db, { stock: 5 })).productId, quantity: 1 }],
    });
    const read = (cookie: string, query: string) =>
      callAs<{ data: AdminOperatorAction[]; total: number }>(
        t.app,
        cookie,
        'GET',
        api(`/admin/operator-actions${query}`),
        { via: 'staff' },
      );
    const byCustomer = await read(sv.adminCookie, `?customerUserId=${customer.userId}`);
    expect(byCustomer.body.response.status).toBe(0);
    expect(byCustomer.body.data.data.map((r) => r.action)).toEqual([
      'POST /cart/add',
      'GET /user-search/select_user',
    ]);
    expect(byCustomer.body.data.data[0]).toMatchObject({
      operatorUserId: cs.userId,
      label: 'Prodotti aggiunti al carrello',
      outcome: 'done',
    });
    const byOperator = await read(sv.adminCookie, `?operatorUserId=${cs.userId}&sort=at&order=ASC`);
    expect(byOperator.body.data.total).toBe(2);
    expect((await read(cs.adminCookie, '')).statusCode).toBe(403);
    const bad = await read(sv.adminCookie, '?operatorUserId=abc');
    expect(bad.body.response.status).not.toBe(0);
  });
});

describe('the acting guard, route by route (the access table)', () => {
  const sample = (url: string) => api(url.slice('/ebsn/api'.length).replace(/:(\w+)/g, '1'));

  it('refuses every `never` route to an acting supervisor and every `supervisor` route to customer service', async () => {
    const cs = await staffOf('customer_service');
    const sv = await staffOf('supervisor');
    const customer = await checkoutCustomer(t);
    const csToken = await operatorSession(cs);
    const svToken = await operatorSession(sv);
    for (const token of [csToken, svToken])
      await call(token, 'GET', `/user-search/select_user?user_id=${customer.userId}`);
    const rows = t.app.accessTable.filter((r) => r.access.kind === 'customer' && r.access.acting);
    expect(rows.length).toBeGreaterThan(15);
    for (const r of rows) {
      if (r.access.kind !== 'customer') continue;
      const [token, code] =
        r.access.acting === 'never'
          ? [svToken, 'msg.operator.customerOnly']
          : [csToken, 'msg.operator.supervisorOnly'];
      for (const method of r.methods.filter((m) => m === 'GET' || m === 'POST')) {
        const res = await t.app.inject({
          method,
          url: sample(r.url),
          cookies: { 'x-ebsn-account': token },
          ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: '{}' } : {}),
        });
        expect(res.statusCode, `${method} ${r.url}`).toBe(403);
        expect(res.json<EnvelopeBody>().response.errors[0]?.code, `${method} ${r.url}`).toBe(code);
      }
    }
  });

  it('every operator route answers 401 to a visitor and 403 to a customer', async () => {
    const customer = await newCustomer(t, { tag: 'op-walk' });
    const rows = t.app.accessTable.filter((r) => r.access.kind === 'operator');
    expect([...new Set(rows.map((r) => r.url))].sort()).toEqual(
      [
        '/ebsn/api/sso-auth/logout',
        '/ebsn/api/user-search/list_user',
        '/ebsn/api/user-search/select_user',
      ].sort(),
    );
    for (const r of rows)
      for (const method of r.methods.filter((m) => m === 'GET' || m === 'POST')) {
        expect((await call(null, method as 'GET' | 'POST', sample(r.url).slice(9))).statusCode).toBe(401);
        expect(
          (await call(customer.token, method as 'GET' | 'POST', sample(r.url).slice(9))).statusCode,
        ).toBe(403);
      }
  });
});
