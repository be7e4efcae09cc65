import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../test/helper';

/**
 * Throttling with the default limits (10 attempts per account, per client address more): the 11th
 * attempt on one account is refused with HTTP 429 even with the right password, whatever
 * X-Forwarded-For says (the server trusts no proxy by default).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 10, AUTH_RATE_MAX_PER_ADDRESS: 50 } });
});
afterAll(async () => {
  await t.close();
});

describe('sign-in throttling', () => {
  it('refuses the account after 10 failures, also with a spoofed X-Forwarded-For and another client address', async () => {
    const target = 'anna.verdi@spesa.demo';
    for (let i = 0; i < 10; i++) {
      const res = await login(t.app, target, `Sbagliata${i}!`, {
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.response.status).not.toBe(0);
    }
    const blocked = await login(t.app, target, 'Spesa2026!', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.response.errors[0]?.error).toBe('Troppi tentativi: riprova tra qualche minuto.');
    expect(blocked.cookie).toBeNull();
    // the account key does not depend on the address: another client is refused too
    const elsewhere = await login(t.app, ` ${target.toUpperCase()} `, 'Spesa2026!', {
      remoteAddress: '192.0.2.77',
    });
    expect(elsewhere.statusCode).toBe(429);
  });

  it('refuses a client address after too many attempts on many accounts, X-Forwarded-For notwithstanding', async () => {
    let status = 200;
    for (let i = 0; i < 60 && status === 200; i++) {
      const res = await login(t.app, `nessuno${i}@example.com`, 'Sbagliata1!', {
        remoteAddress: '192.0.2.10',
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      status = res.statusCode;
    }
    expect(status).toBe(429);
  });
});
