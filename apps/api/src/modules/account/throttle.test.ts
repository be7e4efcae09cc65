import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../test/helper';

/**
 * Throttling with the default limits (10 attempts per account from one client address, 50 per address
 * over all accounts): the 11th attempt on one account from one address is refused with HTTP 429 and its
 * own code, even with the right password, whatever X-Forwarded-For says (the server trusts no proxy by
 * default); a stranger's failures never lock the owner out of their account from their own address.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 10, AUTH_RATE_MAX_PER_ADDRESS: 50 } });
});
afterAll(async () => {
  await t.close();
});

describe('sign-in throttling', () => {
  it('refuses the account from an address after 10 failures there, also with a spoofed X-Forwarded-For', async () => {
    const target = 'anna.verdi@spesa.demo';
    for (let i = 0; i < 10; i++) {
      const res = await login(t.app, target, `Sbagliata${i}!`, {
        remoteAddress: '198.51.100.66',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.response.status).not.toBe(0);
    }
    const blocked = await login(t.app, ` ${target.toUpperCase()} `, 'Spesa2026!', {
      remoteAddress: '198.51.100.66',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.response.errors[0]).toMatchObject({
      error: 'Troppi tentativi: riprova tra qualche minuto.',
      code: 'msg.request.tooMany',
    });
    expect(blocked.cookie).toBeNull();
  });

  it("a stranger's wrong passwords do not lock the owner out from the owner's address", async () => {
    const owner = 'giulia.bianchi@spesa.demo';
    let status = 200;
    for (let i = 0; i < 12 && status === 200; i++)
      status = (await login(t.app, owner, `Sbagliata${i}!`, { remoteAddress: '203.0.113.50' })).statusCode;
    expect(status).toBe(429);
    const signedIn = await login(t.app, owner, 'Spesa2026!', { remoteAddress: '192.0.2.33' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body.response.status).toBe(0);
    expect(signedIn.cookie).toBeTruthy();
  });

  it("a stranger's wrong codes at the back office's sign-in lock only the stranger's address", async () => {
    const staffLogin = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/ebsn/api/admin/auth/login',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ login: 'clienti@spesa.demo', password: 'Sbagliata1!', otp: '123456' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await staffLogin('203.0.113.60')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    // the member's own address still reaches the password and code check
    expect((await staffLogin('192.0.2.61')).statusCode).toBe(200);
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
