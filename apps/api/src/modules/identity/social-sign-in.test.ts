import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '../../../test/account-fixtures';
import { newCustomer } from '../../../test/customers';
import {
  buildTestApp,
  DEMO_PASSWORD,
  uniqueEmail,
  type EnvelopeBody,
  type TestApp,
} from '../../../test/helper';
import { queryRows } from '../../db/rows';
import { AccountRepository } from '../account/account.repository';
import { sha256 } from '../account/secrets';
import { startDemoIdentityProviders, type DemoIdentityProviders } from './demo-oidc-idp';
import { IDENTITY_TEXT } from './identity.messages';

/**
 * Social sign-in (decision 054) against the built-in demo OpenID providers, started by the test on free
 * ports: a new identity registers (prefilled), a known one signs in; an account's e-mail is linked only with
 * its password; wrong state, wrong nonce, a replayed answer, a foreign relay_state_url and an unverified
 * e-mail of an account are refused; linked providers are listed and unlinked, never the last way in.
 */
let t: TestApp;
let demo: DemoIdentityProviders;
const API = 'http://localhost:8080/ebsn/api';

beforeAll(async () => {
  demo = await startDemoIdentityProviders((p) => `${API}/social-redir/${p}-mobile`);
  t = await buildTestApp({ socialProviders: demo.providers });
});
afterAll(async () => {
  await t?.close();
  await demo?.close();
});

interface Step {
  status: number;
  location: string;
  cookies: Record<string, string>;
}

async function get(url: string, cookies: Record<string, string> = {}): Promise<Step> {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    },
  });
  return {
    status: res.statusCode,
    location: String(res.headers.location ?? ''),
    cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])),
  };
}

/** The browser at the demo provider: its sign-in form, then its redirects back to the shop. */
async function atProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') ?? '', url).href;
      if (next.startsWith(API)) return next.slice('http://localhost:8080'.length);
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the demo provider answered no form: ${html.slice(0, 200)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    body = new URLSearchParams({ prompt: 'login', login, password: 'demo' }).toString();
  }
  throw new Error('the demo provider never came back');
}

/** The shop's result page's query after a whole sign-in. */
async function signIn(
  login: string,
  opts: { provider?: 'google' | 'facebook'; relay?: string; cookies?: Record<string, string> } = {},
) {
  const provider = opts.provider ?? 'google';
  const relay = opts.relay ? `&relay_state_url=${encodeURIComponent(opts.relay)}` : '';
  const start = await get(`/ebsn/api/social-redir/${provider}-mobile?popup=1${relay}`, opts.cookies);
  expect(start.status).toBe(303);
  const callback = await atProvider(start.location, login);
  // the same browser: it holds the cookie the start set
  const end = await get(callback, { ...opts.cookies, ...start.cookies });
  expect(end.status).toBe(303);
  return { ...end, result: resultOf(end.location), callback, browser: start.cookies };
}

const resultOf = (location: string) => {
  const url = new URL(location, 'http://localhost');
  expect(url.pathname).toBe('/social-login/callback');
  return Object.fromEntries(url.searchParams);
};

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  cookies: Record<string, string>,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `/ebsn/api${path}`,
    headers: {
      cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  return {
    statusCode: res.statusCode,
    body: JSON.parse(res.body) as EnvelopeBody<T>,
    cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])),
  };
}

const identitiesOf = (userId: number) =>
  queryRows<{ provider: string; subject: string; email: string }>(
    t.db,
    sql`SELECT provider, subject, email FROM federated_identities WHERE user_id = ${userId} ORDER BY provider`,
  );

describe('a new social identity', () => {
  it('goes to the registration, prefilled, and signs in once registered; then it signs in directly', async () => {
    const email = uniqueEmail('social-new');
    const first = await signIn(email);
    expect(first.result).toMatchObject({ outcome: 'register', provider: 'google', next: '/dashboard' });
    const ticket = first.cookies['spesa-federated'];
    expect(ticket).toBeTruthy();
    expect(first.cookies['X-Ebsn-Account']).toBeUndefined();

    const detail = await call<{ email: string; emailVerified: boolean; linkRequired: boolean }>(
      'GET',
      '/registration/social_user_detail',
      { 'spesa-federated': ticket! },
    );
    expect(detail.body.response.status).toBe(0);
    expect(detail.body.data).toMatchObject({
      provider: 'google',
      email,
      emailVerified: true,
      linkRequired: false,
    });

    const registered = await call<{ confirmationRequired: boolean; userId: number }>(
      'POST',
      '/registration/register_user',
      { 'spesa-federated': ticket! },
      { ...registrationBody(email), social_login: 'google' },
    );
    expect(registered.body.response.status).toBe(0);
    // the provider verified the e-mail: no confirmation mail, signed in at once
    expect(registered.body.data.confirmationRequired).toBe(false);
    expect(registered.cookies['X-Ebsn-Account']).toBeTruthy();
    const userId = registered.body.data.userId;
    expect(await identitiesOf(userId)).toEqual([{ provider: 'google', subject: email, email }]);
    // the ticket is spent
    const again = await call('GET', '/registration/social_user_detail', { 'spesa-federated': ticket! });
    expect(again.body.response.errors[0]?.code).toBe(IDENTITY_TEXT.ticketInvalid.code);

    const known = await signIn(email, { relay: '/profile/orders?page=2' });
    expect(known.result).toEqual({ outcome: 'signedIn', provider: '', next: '/profile/orders?page=2' });
    const session = known.cookies['X-Ebsn-Account'];
    expect(session).toBeTruthy();
    const me = await call<{ authenticated: boolean }>('GET', '/auth/test', { 'x-ebsn-account': session! });
    expect(me.body.user.userId).toBe(userId);
  });
});

describe('an identity whose e-mail belongs to an account', () => {
  it("is linked only when the account's password confirms it", async () => {
    const customer = await newCustomer(t, { tag: 'social-link' });
    const first = await signIn(customer.email, { provider: 'facebook' });
    expect(first.result).toMatchObject({ outcome: 'confirmLink', provider: 'facebook' });
    expect(first.cookies['X-Ebsn-Account']).toBeUndefined();
    const ticket = { 'spesa-federated': first.cookies['spesa-federated']! };
    const detail = await call<{ linkRequired: boolean }>('GET', '/registration/social_user_detail', ticket);
    expect(detail.body.data.linkRequired).toBe(true);
    expect(await identitiesOf(customer.userId)).toEqual([]);

    const wrong = await call('POST', '/registration/social_link_confirm', ticket, { password: 'sbagliata' });
    expect(wrong.body.response.errors[0]?.code).toBe(IDENTITY_TEXT.linkPasswordWrong.code);
    expect(wrong.cookies['X-Ebsn-Account']).toBeUndefined();
    expect(await identitiesOf(customer.userId)).toEqual([]);

    const right = await call<{ relayStateUrl: string }>('POST', '/registration/social_link_confirm', ticket, {
      password: DEMO_PASSWORD,
    });
    expect(right.body.response.status).toBe(0);
    expect(right.body.data.relayStateUrl).toBe('/dashboard');
    expect(right.cookies['X-Ebsn-Account']).toBeTruthy();
    expect(await identitiesOf(customer.userId)).toHaveLength(1);
    // the ticket worked once
    const replay = await call('POST', '/registration/social_link_confirm', ticket, {
      password: DEMO_PASSWORD,
    });
    expect(replay.body.response.errors[0]?.code).toBe(IDENTITY_TEXT.ticketInvalid.code);

    const next = await signIn(customer.email, { provider: 'facebook' });
    expect(next.result.outcome).toBe('signedIn');
  });

  it('is refused when the provider did not verify the e-mail', async () => {
    const customer = await newCustomer(t, { tag: 'social-unverified' });
    const refused = await signIn(`nonverificato:${customer.email}`);
    expect(refused.result).toEqual({
      outcome: 'error',
      provider: 'google',
      code: IDENTITY_TEXT.emailUnverified.code,
    });
    expect(refused.cookies['X-Ebsn-Account']).toBeUndefined();
    expect(refused.cookies['spesa-federated']).toBeUndefined();
    expect(await identitiesOf(customer.userId)).toEqual([]);
  });

  it('locks the link after five wrong passwords', async () => {
    const customer = await newCustomer(t, { tag: 'social-lock' });
    const first = await signIn(customer.email);
    const ticket = { 'spesa-federated': first.cookies['spesa-federated']! };
    for (let i = 0; i < 4; i++)
      await call('POST', '/registration/social_link_confirm', ticket, { password: `no-${i}` });
    const fifth = await call('POST', '/registration/social_link_confirm', ticket, { password: 'no-5' });
    expect(fifth.body.response.errors[0]?.code).toBe(IDENTITY_TEXT.linkLocked.code);
    const right = await call('POST', '/registration/social_link_confirm', ticket, {
      password: DEMO_PASSWORD,
    });
    expect(right.body.response.errors[0]?.code).toBe(IDENTITY_TEXT.linkLocked.code);
    expect(await identitiesOf(customer.userId)).toEqual([]);
  });
});

describe('the demo provider', () => {
  it("gives its cookies' lifetimes relative to now, so a browser on another clock keeps them", async () => {
    const start = await get('/ebsn/api/social-redir/google-mobile');
    const res = await fetch(start.location, { redirect: 'manual' });
    const cookies = res.headers.getSetCookie();
    const interaction = cookies.find((c) => c.startsWith('_interaction='));
    expect(interaction).toMatch(/; max-age=(59\d|600)(;|$)/);
    for (const cookie of cookies) expect(cookie).not.toMatch(/expires=/i);
  });

  it('speaks Italian: its sign-in page, and its error page', async () => {
    const start = await get('/ebsn/api/social-redir/google-mobile');
    const first = await fetch(start.location, { redirect: 'manual' });
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(first.headers.get('location') ?? '', start.location), {
      headers: { cookie },
    });
    const html = await page.text();
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('<h1>Accedi con Google (demo)</h1>');
    expect(html).toContain('<label for="login">Nome utente o e-mail</label>');
    expect(html).toContain('Annulla e torna a Spesa');
    expect(html).not.toMatch(/Sign-in|Enter any login|DEBUG/);
    // an interaction it does not know (no cookie): its own error page, in Italian
    const lost = await fetch(new URL(first.headers.get('location') ?? '', start.location));
    expect(lost.status).toBe(400);
    const error = await lost.text();
    expect(error).toContain('<h1>Accesso non riuscito</h1>');
    expect(error).not.toMatch(/oops|something went wrong/i);
  });
});

describe("the provider's answer", () => {
  it('is refused with a state the shop never issued', async () => {
    const start = await get('/ebsn/api/social-redir/google-mobile');
    const callback = await atProvider(start.location, uniqueEmail('social-state'));
    const forged = callback.replace(/state=[^&]+/, 'state=stato-inventato');
    const end = await get(forged, start.cookies);
    expect(resultOf(end.location)).toMatchObject({ outcome: 'error', code: IDENTITY_TEXT.stateInvalid.code });
    expect(end.cookies['X-Ebsn-Account']).toBeUndefined();
  });

  it('is refused when replayed (state and code used once)', async () => {
    const email = uniqueEmail('social-replay');
    const first = await signIn(email);
    expect(first.result.outcome).toBe('register');
    const replay = await get(first.callback, first.browser);
    expect(resultOf(replay.location)).toMatchObject({
      outcome: 'error',
      code: IDENTITY_TEXT.stateInvalid.code,
    });
    expect(replay.cookies['spesa-federated']).toBeUndefined();
  });

  it('is refused when the ID token carries another nonce', async () => {
    const start = await get('/ebsn/api/social-redir/google-mobile');
    const state = new URL(start.location).searchParams.get('state')!;
    // the sign-in kept in the database now expects another nonce than the one sent to the provider
    await t.db.execute(
      sql`UPDATE federated_logins SET nonce = 'un-altro-nonce' WHERE state_hash = ${sha256(state)}`,
    );
    const callback = await atProvider(start.location, uniqueEmail('social-nonce'));
    const end = await get(callback, start.cookies);
    expect(resultOf(end.location)).toMatchObject({
      outcome: 'error',
      code: IDENTITY_TEXT.providerRefused.code,
    });
    expect(end.cookies['spesa-federated']).toBeUndefined();
  });

  it('is refused when it comes back after ten minutes', async () => {
    const start = await get('/ebsn/api/social-redir/google-mobile');
    const state = new URL(start.location).searchParams.get('state')!;
    await t.db.execute(
      sql`UPDATE federated_logins SET expires_at = now() - interval '1 second' WHERE state_hash = ${sha256(state)}`,
    );
    const end = await get(await atProvider(start.location, uniqueEmail('social-late')), start.cookies);
    expect(resultOf(end.location)).toMatchObject({ outcome: 'error', code: IDENTITY_TEXT.stateInvalid.code });
  });
});

describe('login CSRF: an answer counts only in the browser that started the sign-in', () => {
  it("the attacker's callback link, opened by the victim, signs no one in", async () => {
    const attacker = await newCustomer(t, { tag: 'social-csrf' });
    await t.db.execute(
      sql`INSERT INTO federated_identities (user_id, provider, subject, email)
          VALUES (${attacker.userId}, 'google', ${attacker.email}, ${attacker.email})`,
    );
    // the attacker starts the sign-in and passes the provider's page in their own browser
    const start = await get('/ebsn/api/social-redir/google-mobile?popup=1');
    expect(start.cookies['spesa-sign-in']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const callback = await atProvider(start.location, attacker.email);
    // the victim opens the link: their browser holds no binding, or the binding of a sign-in of its own
    const victim = (await get('/ebsn/api/social-redir/google-mobile')).cookies;
    for (const cookies of [{}, victim]) {
      const end = await get(callback, cookies);
      expect(resultOf(end.location)).toMatchObject({ outcome: 'error', code: 'msg.identity.otherBrowser' });
      expect(end.cookies['X-Ebsn-Account']).toBeUndefined();
      expect(end.cookies['spesa-federated']).toBeUndefined();
    }
    // the answer still counts in the browser that asked for it
    const own = await get(callback, start.cookies);
    expect(resultOf(own.location)).toMatchObject({ outcome: 'signedIn' });
    expect(own.cookies['X-Ebsn-Account']).toBeTruthy();
  });

  it('a second sign-in started in the same browser keeps its binding, so both tabs can finish', async () => {
    const first = await get('/ebsn/api/social-redir/google-mobile');
    const binding = { 'spesa-sign-in': first.cookies['spesa-sign-in']! };
    const second = await get('/ebsn/api/social-redir/facebook-mobile', binding);
    expect(second.cookies['spesa-sign-in']).toBe(binding['spesa-sign-in']);
    const cookie = await t.app.inject({ method: 'GET', url: '/ebsn/api/social-redir/google-mobile' });
    const header = [cookie.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('spesa-sign-in='));
    expect(header).toMatch(/; Max-Age=600(;|$)/);
    expect(header).toMatch(/; Path=\/ebsn\/api(;|$)/);
    expect(header).toMatch(/; HttpOnly(;|$)/);
    expect(header).toMatch(/; SameSite=Lax(;|$)/);
    for (const [start, email] of [
      [first, uniqueEmail('social-tab1')],
      [second, uniqueEmail('social-tab2')],
    ] as const) {
      const end = await get(await atProvider(start.location, email), binding);
      expect(resultOf(end.location).outcome).toBe('register');
    }
  });
});

describe('relay_state_url', () => {
  it.each([
    ['https://malevolo.example/dashboard'],
    ['//malevolo.example/'],
    ['/\\malevolo.example'],
    ['javascript:alert(1)'],
    ['http://localhost:9999/dashboard'],
  ])('%s is refused before anything is kept', async (relay) => {
    const [beforeRow] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM federated_logins`,
    );
    const start = await get(
      `/ebsn/api/social-redir/google-mobile?relay_state_url=${encodeURIComponent(relay)}`,
    );
    expect(start.status).toBe(303);
    expect(resultOf(start.location)).toMatchObject({
      outcome: 'error',
      code: IDENTITY_TEXT.relayForeign.code,
    });
    const [afterRow] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM federated_logins`,
    );
    expect(afterRow?.n).toBe(beforeRow?.n);
  });

  it("accepts the shop's own paths and absolute URLs of the shop", async () => {
    for (const relay of ['/profile', 'http://localhost:8080/checkout?x=1']) {
      const start = await get(
        `/ebsn/api/social-redir/google-mobile?relay_state_url=${encodeURIComponent(relay)}`,
      );
      expect(new URL(start.location).origin).toBe(demo.providers[0]!.issuer);
    }
  });

  it('an unknown provider is refused', async () => {
    const start = await get('/ebsn/api/social-redir/twitter-mobile');
    expect(resultOf(start.location)).toMatchObject({
      outcome: 'error',
      code: IDENTITY_TEXT.providerUnknown.code,
    });
    const plugin = await call('GET', '/social-redir/twitter-mobile?use-plugin=true&code=x', {});
    expect(plugin.body.response.errors[0]?.code).toBe(IDENTITY_TEXT.providerUnknown.code);
  });
});

describe("the profile's linked providers", () => {
  it('lists and unlinks them; bad input and providers not linked are refused', async () => {
    const customer = await newCustomer(t, { tag: 'social-unlink' });
    const cookie = { 'x-ebsn-account': customer.token };
    const linked = await signIn(customer.email);
    await call(
      'POST',
      '/registration/social_link_confirm',
      { 'spesa-federated': linked.cookies['spesa-federated']! },
      {
        password: DEMO_PASSWORD,
      },
    );
    const list = await call<{ identities: { provider: string }[]; hasPassword: boolean }>(
      'GET',
      '/registration/social_identities',
      cookie,
    );
    expect(list.body.data).toMatchObject({
      identities: [{ provider: 'google', email: customer.email }],
      hasPassword: true,
    });

    const other = await newCustomer(t, { tag: 'social-other' });
    // another customer's provider: not theirs to unlink
    const notTheirs = await call(
      'POST',
      '/registration/social_unlink',
      { 'x-ebsn-account': other.token },
      {
        provider: 'google',
      },
    );
    expect(notTheirs.body.response.errors[0]?.code).toBe(IDENTITY_TEXT.notLinked.code);
    expect(await identitiesOf(customer.userId)).toHaveLength(1);

    for (const bad of [{ provider: 'twitter' }, {}, { provider: 12 }]) {
      const res = await call('POST', '/registration/social_unlink', cookie, bad);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.status).not.toBe(0);
    }
    const badPassword = await call('POST', '/registration/social_link_confirm', {}, { password: '' });
    expect(badPassword.body.response.status).not.toBe(0);

    const unlinked = await call<{ identities: unknown[] }>('POST', '/registration/social_unlink', cookie, {
      provider: 'google',
    });
    expect(unlinked.body.response.status).toBe(0);
    expect(unlinked.body.data.identities).toEqual([]);
    const anonymous = await call('GET', '/registration/social_identities', {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('never unlinks the last way to sign in of an account without a password', async () => {
    const email = uniqueEmail('social-only');
    const user = await new AccountRepository(t.db).insertUser({
      login: email,
      email,
      passwordHash: null,
      profileConfirmed: true,
    });
    await t.db.execute(
      sql`INSERT INTO federated_identities (user_id, provider, subject, email) VALUES (${user!.userId}, 'google', ${email}, ${email})`,
    );
    const known = await signIn(email);
    expect(known.result.outcome).toBe('signedIn');
    const cookie = { 'x-ebsn-account': known.cookies['X-Ebsn-Account']! };
    const refused = await call('POST', '/registration/social_unlink', cookie, { provider: 'google' });
    expect(refused.body.response.errors[0]?.code).toBe(IDENTITY_TEXT.lastWayToSignIn.code);
    expect(await identitiesOf(user!.userId)).toHaveLength(1);
  });
});

describe('the sign-in options', () => {
  it('name the configured providers', async () => {
    const res = await call<{ social: { provider: string }[] }>('GET', '/identity/options', {});
    expect(res.body.data.social.map((s) => s.provider)).toEqual(['google', 'facebook']);
  });
});
