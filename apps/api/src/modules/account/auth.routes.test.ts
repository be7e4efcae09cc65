import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  callAs,
  DEMO_PASSWORD,
  findInMail,
  lastMailTo,
  login,
  solveBotCheck,
  type TestApp,
} from '../../../test/helper';
import { loyaltyCardNumber } from '../../db/seed/accounts';

const MARIO = 'mario.rossi@spesa.demo';
const GIULIA = 'giulia.bianchi@spesa.demo';

let t: TestApp;
beforeAll(async () => {
  // throttling has its own file (throttle.test.ts); here many sign-ins of the same demo accounts
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
});
afterAll(async () => {
  await t.close();
});

describe('POST /auth/login', () => {
  it('signs in with e-mail and password: root user, user detail, HttpOnly SameSite cookie, no password', async () => {
    const res = await login(t.app, `  ${MARIO}  `, DEMO_PASSWORD, { headers: { 'x-ebsn-client': 'site' } });
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    expect(res.body.user).toMatchObject({ login: MARIO, firstName: 'Mario', profileConfirmed: true });
    expect(res.body.user.userId).toBeGreaterThan(0);
    expect(res.body.data.user?.email).toBe(MARIO);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2/);
    expect(res.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the web build keeps the token out of JavaScript's reach: no header copy
    expect(res.headerToken).toBeNull();
  });

  it('sets the cookie HttpOnly and SameSite=Lax, and sends the header to the app build', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/ebsn/api/auth/login?token=${encodeURIComponent(await solveBotCheck(t.app))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-ebsn-client': 'production' },
      payload: `login=${encodeURIComponent(MARIO)}&password=${encodeURIComponent(DEMO_PASSWORD)}&remember_me=true`,
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(res.headers['x-ebsn-account']).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs in with the loyalty card number', async () => {
    const card = loyaltyCardNumber(1);
    const res = await login(t.app, card, DEMO_PASSWORD);
    expect(res.body.response.status).toBe(0);
    expect(res.body.user).toMatchObject({
      login: MARIO,
      fidelityCard: { cardNumber: card, cardType: 'fidelity' },
    });
  });

  it('answers the same text for an unknown login and a wrong password (no enumeration)', async () => {
    const unknown = await login(t.app, 'nessuno.qui@example.com', 'Qualcosa1!');
    const wrong = await login(t.app, GIULIA, 'Sbagliata1!');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body.response.status).not.toBe(0);
    expect(unknown.body.response.errors[0]?.error).toBe(
      'Credenziali non valide: controlla e-mail o numero di carta e password.',
    );
    expect(wrong.body.response).toEqual(unknown.body.response);
    expect(unknown.cookie).toBeNull();
    expect(wrong.body.user.userId).toBe(-1);
  });

  it('refuses a login without the bot check (HTTP 403) and a replayed solution', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/ebsn/api/auth/login',
      payload: { login: MARIO, password: DEMO_PASSWORD },
    });
    expect(none.statusCode).toBe(403);
    expect(JSON.parse(none.body).response.errors[0].error).toMatch(/Verifica di sicurezza/);
    const token = await solveBotCheck(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: `/ebsn/api/auth/login?token=${encodeURIComponent(token)}`,
      payload: { login: MARIO, password: DEMO_PASSWORD },
    });
    expect(first.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: `/ebsn/api/auth/login?token=${encodeURIComponent(token)}`,
      payload: { login: MARIO, password: DEMO_PASSWORD },
    });
    expect(replay.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/ebsn/api/auth/login?token=${Buffer.from('{"algorithm":"SHA-256","challenge":"x","number":1,"salt":"y","signature":"z"}').toString('base64')}`,
      payload: { login: MARIO, password: DEMO_PASSWORD },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('never submits without a password: field message "Digitare la password"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ebsn/api/auth/login',
      payload: { login: MARIO, password: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = JSON.parse(res.body);
    expect(body.response.errors).toContainEqual(
      expect.objectContaining({ field: 'password', error: 'Digitare la password' }),
    );
  });

  it.each([
    ['no body', undefined],
    ['login too long', { login: 'x'.repeat(5000), password: 'a' }],
    ['SQL metacharacters', { login: "' OR 1=1 --", password: "'; DROP TABLE users; --" }],
    ['wrong types', { login: 42, password: ['a'] }],
    ['bad PIN', { login: MARIO, password: 'x', mfa_pin: '12ab' }],
  ])('bad input (%s) gets an envelope error, never a 500', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ebsn/api/auth/login?token=abc',
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(JSON.parse(res.body).response.status).not.toBe(0);
  });
});

describe('sessions', () => {
  it('GET /auth/test tells who is calling; anonymous without a token', async () => {
    const anon = await callAs<{ authenticated: boolean }>(t.app, null, 'GET', '/ebsn/api/auth/test');
    expect(anon.body.data.authenticated).toBe(false);
    expect(anon.body.user.userId).toBe(-1);
    const { cookie } = await login(t.app, MARIO, DEMO_PASSWORD);
    const me = await callAs<{ authenticated: boolean }>(t.app, cookie, 'GET', '/ebsn/api/auth/test');
    expect(me.body.data.authenticated).toBe(true);
    expect(me.body.user.login).toBe(MARIO);
    // the header works the same (app build), and catalogue answers carry the user too
    const viaHeader = await callAs(t.app, cookie, 'GET', '/ebsn/api/category?slug=frutta', { via: 'header' });
    expect(viaHeader.body.user.login).toBe(MARIO);
  });

  it('logout ends the session on the server: the old token then answers 419 with the spec text', async () => {
    const { cookie } = await login(t.app, MARIO, DEMO_PASSWORD);
    const out = await callAs(t.app, cookie, 'POST', '/ebsn/api/auth/logout');
    expect(out.body.response.status).toBe(0);
    expect(out.body.user.userId).toBe(-1);
    expect(out.cookies.find((c) => c.name === 'X-Ebsn-Account')?.value).toBe('');
    const after = await callAs(t.app, cookie, 'GET', '/ebsn/api/auth/test');
    expect(after.statusCode).toBe(419);
    expect(after.body.response.errors[0]?.error).toBe(
      'La sessione è scaduta, si prega di rieffettuare il login per continuare.',
    );
    // the 419 also clears the stale cookie
    expect(after.cookies.find((c) => c.name === 'X-Ebsn-Account')?.value).toBe('');
  });

  it('an invented token answers 419 on any call, and login still works with it (no fixation)', async () => {
    const invented = 'A'.repeat(43);
    const res = await callAs(t.app, invented, 'GET', '/ebsn/api/products?q=pasta', { via: 'header' });
    expect(res.statusCode).toBe(419);
    const token = await solveBotCheck(t.app);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `/ebsn/api/auth/login?token=${encodeURIComponent(token)}`,
      cookies: { 'x-ebsn-account': invented },
      payload: { login: MARIO, password: DEMO_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const issued = signedIn.cookies.find((c) => c.name === 'X-Ebsn-Account')?.value;
    expect(issued).toBeTruthy();
    expect(issued).not.toBe(invented);
  });

  it('login rotates the token: a session held before signing in ends', async () => {
    const first = await login(t.app, MARIO, DEMO_PASSWORD);
    const token = await solveBotCheck(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: `/ebsn/api/auth/login?token=${encodeURIComponent(token)}`,
      cookies: { 'x-ebsn-account': first.cookie ?? '' },
      payload: { login: GIULIA, password: DEMO_PASSWORD },
    });
    const second = again.cookies.find((c) => c.name === 'X-Ebsn-Account')?.value ?? '';
    expect(second).not.toBe(first.cookie);
    expect((await callAs(t.app, first.cookie, 'GET', '/ebsn/api/auth/test')).statusCode).toBe(419);
    expect((await callAs(t.app, second, 'GET', '/ebsn/api/auth/test')).body.user.login).toBe(GIULIA);
  });

  it('refuses a cross-site state-changing request made with the cookie (CSRF)', async () => {
    const { cookie } = await login(t.app, MARIO, DEMO_PASSWORD);
    const fetchMeta = await callAs(t.app, cookie, 'POST', '/ebsn/api/auth/logout', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchMeta.statusCode).toBe(403);
    const origin = await callAs(t.app, cookie, 'POST', '/ebsn/api/registration/update_mfa', {
      payload: { enabled: true },
      headers: { origin: 'https://evil.example.com' },
    });
    expect(origin.statusCode).toBe(403);
    const getThatChanges = await callAs(
      t.app,
      cookie,
      'GET',
      '/ebsn/api/registration/anonymize_token_request',
      {
        headers: { 'sec-fetch-site': 'cross-site' },
      },
    );
    expect(getThatChanges.statusCode).toBe(403);
    // the session is still alive: nothing happened
    expect((await callAs(t.app, cookie, 'GET', '/ebsn/api/auth/test')).body.data).toEqual({
      authenticated: true,
    });
    const sameOrigin = await callAs(t.app, cookie, 'POST', '/ebsn/api/auth/logout', {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('multi-factor PIN', () => {
  it('turns on, asks for the PIN sent by e-mail, refuses a wrong one, re-sends and signs in with it', async () => {
    const email = 'master@spesa.demo';
    const { cookie } = await login(t.app, email, DEMO_PASSWORD);
    const on = await callAs<{ enabled: boolean }>(
      t.app,
      cookie,
      'POST',
      '/ebsn/api/registration/update_mfa',
      { payload: { enabled: true } },
    );
    expect(on.body.data.enabled).toBe(true);
    expect(
      (await callAs<{ enabled: boolean }>(t.app, cookie, 'GET', '/ebsn/api/registration/mfa_enabled')).body
        .data.enabled,
    ).toBe(true);

    const step1 = await login(t.app, email, DEMO_PASSWORD);
    expect(step1.body.response.errors[0]?.code).toBe('msg.auth.mfaRequired');
    expect(step1.cookie).toBeNull();
    const mail = await lastMailTo(t.db, email);
    expect(mail?.template).toBe('mfa-pin');
    const pin = findInMail(mail?.textBody ?? '', /accedere è: (\d{6})/);

    const wrongPin = pin === '000000' ? '111111' : '000000';
    const wrong = await login(t.app, email, DEMO_PASSWORD, { mfa_pin: wrongPin });
    expect(wrong.body.response.errors[0]?.error).toBe('Il codice PIN non è corretto.');

    const resent = await login(t.app, email, DEMO_PASSWORD, { resend_mfa_pin: true });
    expect(resent.body.response.errors[0]?.code).toBe('msg.auth.mfaResent');
    const newPin = findInMail((await lastMailTo(t.db, email))?.textBody ?? '', /accedere è: (\d{6})/);
    // the first PIN stopped working when a new one was sent (unless the draw repeated it)
    if (newPin !== pin)
      expect((await login(t.app, email, DEMO_PASSWORD, { mfa_pin: pin })).cookie).toBeNull();

    const ok = await login(t.app, email, DEMO_PASSWORD, { mfa_pin: newPin });
    expect(ok.body.response.status).toBe(0);
    expect(ok.cookie).toBeTruthy();
    // one use only
    expect((await login(t.app, email, DEMO_PASSWORD, { mfa_pin: newPin })).cookie).toBeNull();
    // a PIN without the right password is worthless
    await callAs(t.app, ok.cookie, 'POST', '/ebsn/api/registration/update_mfa', {
      payload: { enabled: false },
    });
  });
});
