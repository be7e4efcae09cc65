import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO_PASSWORD, solveBotCheck, type TestApp } from '../../../test/helper';

/**
 * The session cookie as a client of the real platform sees it (decision 010): its name is the platform's
 * `X-Ebsn-Account` (cookie names are case-sensitive), the older spelling `x-ebsn-account` is still read, and
 * a sign-in without `remember_me` gets a browser-session cookie (no Max-Age, no Expires).
 */
const MARIO = 'mario.rossi@spesa.demo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
});
afterAll(async () => {
  await t.close();
});

/** A form-encoded sign-in as the platform's clients send it; `fields` adds e.g. remember_me. */
async function signIn(fields = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/ebsn/api/auth/login?token=${encodeURIComponent(await solveBotCheck(t.app))}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-ebsn-client': 'site' },
    payload: `login=${encodeURIComponent(MARIO)}&password=${encodeURIComponent(DEMO_PASSWORD)}${fields}`,
  });
  expect(res.statusCode).toBe(200);
  const setCookies = [res.headers['set-cookie'] ?? []].flat();
  const session = setCookies.find((c) => c.startsWith('X-Ebsn-Account='));
  return { session, setCookies, token: session ? session.slice('X-Ebsn-Account='.length).split(';')[0] : '' };
}

/** GET /auth/test with a raw Cookie header, as a script would send it. */
const whoAmI = (cookieHeader: string) =>
  t.app.inject({ method: 'GET', url: '/ebsn/api/auth/test', headers: { cookie: cookieHeader } });

describe('the session cookie’s name', () => {
  it('is set as X-Ebsn-Account, the platform’s spelling', async () => {
    const { session, setCookies, token } = await signIn();
    expect(session, setCookies.join('\n')).toBeDefined();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // no second copy under the lower-case name
    expect(setCookies.filter((c) => /^x-ebsn-account=[^;]/.test(c))).toEqual([]);
  });

  it('serves `Cookie: X-Ebsn-Account=<token>` as the signed-in customer, and the older spelling too', async () => {
    const { token } = await signIn();
    for (const name of ['X-Ebsn-Account', 'x-ebsn-account']) {
      const res = await whoAmI(`${name}=${token}`);
      expect(res.statusCode, name).toBe(200);
      const body = res.json<{ user: { login: string }; data: { authenticated: boolean } }>();
      expect(body.data.authenticated, name).toBe(true);
      expect(body.user.login, name).toBe(MARIO);
    }
  });

  it('sign-out clears both spellings', async () => {
    const { token } = await signIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/ebsn/api/auth/logout',
      headers: { cookie: `X-Ebsn-Account=${token}` },
    });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.filter((c) => c.value === '').map((c) => c.name);
    expect(cleared.sort()).toEqual(['X-Ebsn-Account', 'x-ebsn-account']);
    expect((await whoAmI(`X-Ebsn-Account=${token}`)).statusCode).toBe(419);
  });
});

describe('remember_me', () => {
  it('absent or false: a browser-session cookie, without Max-Age or Expires', async () => {
    for (const fields of ['', '&remember_me=false']) {
      const { session } = await signIn(fields);
      expect(session, fields).toBeDefined();
      expect(session, fields).not.toMatch(/Max-Age|Expires/i);
    }
  });

  it('true: the cookie lasts the 30 days of a remembered session', async () => {
    const { session } = await signIn('&remember_me=true');
    expect(session).toMatch(/Max-Age=2592000(;|$)/);
  });
});
