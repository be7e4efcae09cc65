import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { newCustomer } from '../../../test/customers';
import {
  buildTestApp,
  callAs,
  DEMO_PASSWORD,
  findInMail,
  lastMailTo,
  login,
  type TestApp,
} from '../../../test/helper';

/**
 * What sign-in protection holds to: the bot check is skipped only for the PIN of a pending, bot-checked
 * sign-in; every per-account counter counts on the account, whatever was typed to name it; a reset
 * request answers before anything about the account is looked up; gift codes cannot be guessed at speed.
 * This file's database is its own (PGlite copy, or a PostgreSQL database of its own), so the demo accounts
 * can be changed here.
 */
const R = '/ebsn/api/registration';
const TOO_MANY = 'Troppi tentativi: riprova tra qualche minuto.';
let t: TestApp;
beforeAll(async () => {
  // jobs are run by the tests (runDue), so that "before the job" can be observed
  t = await buildTestApp({
    runJobs: false,
    env: {
      AUTH_RATE_MAX_PER_ACCOUNT: 10,
      AUTH_RATE_MAX_PER_ADDRESS: 10_000,
      GIFT_CODE_RATE_MAX_PER_CUSTOMER: 20,
    },
  });
});
afterAll(async () => {
  await t?.close();
});

/** POST /auth/login with no bot-check token at all. */
const loginWithoutBotCheck = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/ebsn/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('the PIN call and the bot check', () => {
  it('an mfa_pin field alone does not skip the bot check (no PIN pending for the account)', async () => {
    const c = await newCustomer(t, { tag: 'pin-bypass' });
    for (const body of [
      { login: c.email, password: DEMO_PASSWORD, mfa_pin: '123456' },
      { login: c.email, password: 'Sbagliata1!', mfa_pin: '000000' },
      { login: 'nessuno@example.com', password: 'Sbagliata1!', mfa_pin: '123456' },
    ]) {
      const res = await loginWithoutBotCheck(body);
      expect(res.statusCode).toBe(403);
    }
  });

  it('a PIN asking for a new PIN needs the bot check too; the PIN of a pending sign-in does not', async () => {
    const c = await newCustomer(t, { tag: 'pin-ticket' });
    await callAs(t.app, c.token, 'POST', `${R}/update_mfa`, { payload: { enabled: true } });
    // the bot-checked sign-in with the right password sends the PIN: the ticket
    const step1 = await login(t.app, c.email, DEMO_PASSWORD);
    expect(step1.body.response.errors[0]?.code).toBe('msg.auth.mfaRequired');
    const pin = findInMail((await lastMailTo(t.db, c.email))?.textBody ?? '', /accedere è: (\d{6})/);
    const resend = await loginWithoutBotCheck({
      login: c.email,
      password: DEMO_PASSWORD,
      mfa_pin: pin,
      resend_mfa_pin: true,
    });
    expect(resend.statusCode).toBe(403);
    const signedIn = await loginWithoutBotCheck({ login: c.email, password: DEMO_PASSWORD, mfa_pin: pin });
    expect(signedIn.statusCode).toBe(200);
    expect(JSON.parse(signedIn.body).response.status).toBe(0);
    // used: the next PIN call has no ticket any more
    const again = await loginWithoutBotCheck({ login: c.email, password: DEMO_PASSWORD, mfa_pin: pin });
    expect(again.statusCode).toBe(403);
  });

  it('wrong PINs count against the account: the 11th attempt of any kind is refused', async () => {
    const c = await newCustomer(t, { tag: 'pin-count' });
    await callAs(t.app, c.token, 'POST', `${R}/update_mfa`, { payload: { enabled: true } });
    // a bot-checked sign-in sends a PIN, then five wrong PINs burn it, then more sign-ins
    const statuses = [(await login(t.app, c.email, DEMO_PASSWORD)).statusCode];
    for (let i = 0; i < 5; i++)
      statuses.push((await login(t.app, c.email, DEMO_PASSWORD, { mfa_pin: `00000${i}` })).statusCode);
    while (statuses.length < 10) statuses.push((await login(t.app, c.email, DEMO_PASSWORD)).statusCode);
    // newCustomer's sign-in was the first attempt on the account: nine more pass, the 11th is refused
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200));
    expect(statuses[9]).toBe(429);
  });
});

describe('per-account counters follow the account, not what was typed', () => {
  it('wrong passwords by e-mail, card number and user name add up on one account', async () => {
    const email = 'mario.rossi@spesa.demo';
    await t.db.execute(sql`UPDATE users SET login = 'mario.rossi' WHERE email = ${email}`);
    const names = [email, '2600000000017', 'mario.rossi', ` ${email.toUpperCase()} `];
    for (let i = 0; i < 10; i++) {
      const res = await login(t.app, names[i % 3] ?? email, `Sbagliata${i}!`);
      expect(res.statusCode).toBe(200);
    }
    for (const name of names) {
      const blocked = await login(t.app, name, DEMO_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.body.response.errors[0]?.error).toBe(TOO_MANY);
    }
  });

  it('the reset-link check counts on the login the service reads, however the e-mail field varies', async () => {
    const c = await newCustomer(t, { tag: 'reset-check' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await callAs(
        t.app,
        null,
        'GET',
        `${R}/password_reset_token_check?login=${encodeURIComponent(c.email)}&e_mail=altro${i}%40example.com&reset_token=${'a'.repeat(43)}`,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('password reset requests', () => {
  const outboxCount = async (to: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM mail_outbox WHERE lower(to_address) = lower(${to})`,
      )
    )[0]?.n ?? 0;
  const tokenCount = async (userId: number) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM user_tokens WHERE user_id = ${userId} AND purpose = 'password_reset'`,
      )
    )[0]?.n ?? 0;

  it('answer before the account is looked up: the same answer, no token and no mail until the job runs', async () => {
    const c = await newCustomer(t, { tag: 'reset-later' });
    const ask = (email: string) =>
      callAs(t.app, null, 'GET', `${R}/password_reset_token_request?e_mail=${encodeURIComponent(email)}`);
    const known = await ask(c.email);
    const unknown = await ask('nessuno.davvero@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.body.response).toEqual(unknown.body.response);
    expect(known.body.data).toEqual(unknown.body.data);
    expect(await tokenCount(c.userId)).toBe(0);
    expect(await outboxCount(c.email)).toBe(0);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(2);
    expect(await tokenCount(c.userId)).toBe(1);
    expect((await lastMailTo(t.db, c.email))?.template).toBe('password-reset');
    expect(await outboxCount('nessuno.davvero@example.com')).toBe(0);
  });
});

describe('gift codes', () => {
  it('a customer guessing codes is refused at the 21st try with the Italian 429; another customer is not', async () => {
    const guesser = await newCustomer(t, { tag: 'gift-guess' });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const path = ['check', 'add_code', 'remove_code'][i % 3];
      const res =
        path === 'check'
          ? await callAs(t.app, guesser.token, 'GET', `/ebsn/api/cart-giftcertificate/check?code=GUESS${i}`)
          : await callAs(t.app, guesser.token, 'POST', `/ebsn/api/cart-giftcertificate/${path}`, {
              payload: { code: `GUESS${i}` },
            });
      statuses.push(res.statusCode);
      if (i === 20) expect(res.body.response.errorsMessage).toEqual([TOO_MANY]);
    }
    expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
    expect(statuses[20]).toBe(429);
    const other = await newCustomer(t, { tag: 'gift-other' });
    const res = await callAs(
      t.app,
      other.token,
      'GET',
      '/ebsn/api/cart-giftcertificate/check?code=BENVENUTO10',
    );
    expect(res.statusCode).toBe(200);
  });

  it('many customers from one address are refused past the address limit', async () => {
    const strict = await buildTestApp({ runJobs: false, env: { GIFT_CODE_RATE_MAX_PER_ADDRESS: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const c = await newCustomer(strict, { tag: `gift-addr${i}` });
        const res = await strict.app.inject({
          method: 'GET',
          url: `/ebsn/api/cart-giftcertificate/check?code=GUESS${i}`,
          cookies: { 'x-ebsn-account': c.token },
          remoteAddress: '192.0.2.200',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
      expect(statuses[5]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
