import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, DEMO_PASSWORD, uniqueEmail, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';
import { IDENTITY_TEXT } from './identity.messages';
import {
  readAuthnRequest,
  samlId,
  samlResponseField,
  samlResponseXml,
  type SamlAnswer,
} from './saml-response';

/**
 * Companies' single sign-on (decision 054) against an identity provider made by the test: signed with the
 * test key (apps/api/test/fixtures), its answers built by saml-response.ts. A signed answer provisions the
 * company's employee with the company's roles and work address and signs them in; tampered, unsigned,
 * expired, replayed, wrong-audience, wrong-recipient, foreign-key and unrequested answers are refused.
 */
let t: TestApp;
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/${name}`, import.meta.url), 'utf8');
const KEY = fixture('saml-test-idp.key');
const OTHER_KEY = fixture('saml-other-idp.key');
const ENTITY = 'https://idp.officine-test.example/saml';
const SP = 'http://localhost:8080/ebsn/api/saml/metadata';
const ACS = 'http://localhost:8080/ebsn/api/saml/acs';
let workSiteId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const [site] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO work_sites (company_name, subscription_code, address1, address_number, postal_code, city, province)
        VALUES ('Officine Test S.p.A.', 'OFFICINE-TEST', 'Via Gustavo Fara', '30', '20124', 'Milano', 'MI')
        RETURNING work_site_id AS id`,
  );
  workSiteId = site!.id;
  await t.db.execute(
    sql`INSERT INTO company_identity_providers (work_site_id, slug, entity_id, sso_url, certificate)
        VALUES (${workSiteId}, 'officine-test', ${ENTITY}, 'https://idp.officine-test.example/sso', ${fixture('saml-test-idp.crt')})`,
  );
});
afterAll(async () => t?.close());

/** The browser's sign-in binding (the HttpOnly cookie set when its last sign-in started). */
let browser = '';

/**
 * The shop sends the browser to the company's IdP: the request's id and where to answer, and the cookie that
 * binds the sign-in to the browser (kept in `browser` for the answer's post).
 */
async function start(relay = '/dashboard') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/ebsn/api/saml/do-login?company=officine-test&relay_state_url=${encodeURIComponent(relay)}`,
  });
  expect(res.statusCode).toBe(303);
  const location = new URL(String(res.headers.location));
  expect(location.origin + location.pathname).toBe('https://idp.officine-test.example/sso');
  const request = readAuthnRequest(location.searchParams.get('SAMLRequest') ?? '');
  expect(request?.acsUrl).toBe(ACS);
  browser = res.cookies.find((c) => c.name === 'spesa-sign-in')?.value ?? '';
  return { ...request!, browser };
}

function answer(inResponseTo: string, nameId: string, over: Partial<SamlAnswer> = {}): SamlAnswer {
  return {
    issuer: ENTITY,
    audience: SP,
    recipient: ACS,
    inResponseTo,
    nameId,
    attributes: {
      email: nameId,
      firstName: 'Elena',
      lastName: 'Marchi',
      roles: ['acquisti', 'responsabile'],
    },
    privateKey: KEY,
    ...over,
  };
}

/** The IdP's form posted by a browser holding the sign-in binding `binding` (the last started, by default). */
async function post(samlResponse: string, headers: Record<string, string> = {}, binding = browser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ebsn/api/saml/acs',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(binding ? { cookie: `spesa-sign-in=${binding}` } : {}),
      ...headers,
    },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  const location = new URL(String(res.headers.location ?? ''), 'http://localhost');
  return {
    status: res.statusCode,
    result: Object.fromEntries(location.searchParams),
    path: location.pathname,
    cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])),
  };
}

const usersWithEmail = async (email: string) =>
  queryRows<{ userId: number; companyId: number | null; hasPassword: boolean }>(
    t.db,
    sql`SELECT user_id AS "userId", company_id AS "companyId", password_hash IS NOT NULL AS "hasPassword"
        FROM users WHERE lower(email) = ${email.toLowerCase()}`,
  );

describe("a company's signed answer", () => {
  it('provisions the employee with the company, its roles and its work address, and signs them in', async () => {
    const email = uniqueEmail('saml-new');
    const { id } = await start('/profile/addresses');
    // the company's IdP posts from its own site
    const res = await post(samlResponseField(answer(id, email)), { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(303);
    expect(res.path).toBe('/social-login/callback');
    expect(res.result).toMatchObject({ outcome: 'signedIn', next: '/profile/addresses' });
    expect(res.cookies['X-Ebsn-Account']).toBeTruthy();
    const [user] = await usersWithEmail(email);
    expect(user).toMatchObject({ companyId: workSiteId, hasPassword: false });
    const [identity] = await queryRows<{ provider: string; roles: string[] }>(
      t.db,
      sql`SELECT provider, roles FROM federated_identities WHERE user_id = ${user!.userId}`,
    );
    expect(identity).toEqual({ provider: 'saml:officine-test', roles: ['acquisti', 'responsabile'] });
    const work = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM work_subscriptions WHERE user_id = ${user!.userId} AND work_site_id = ${workSiteId}`,
    );
    expect(work[0]!.n).toBe(1);

    // the next sign-in finds the same account
    const again = await post(samlResponseField(answer((await start()).id, email)));
    expect(again.result.outcome).toBe('signedIn');
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it("of an existing customer's e-mail waits for the customer's password", async () => {
    const customer = await newCustomer(t, { tag: 'saml-existing' });
    const res = await post(samlResponseField(answer((await start()).id, customer.email)));
    expect(res.result).toMatchObject({ outcome: 'confirmLink', provider: 'saml:officine-test' });
    expect(res.cookies['X-Ebsn-Account']).toBeUndefined();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/ebsn/api/registration/social_link_confirm',
      headers: {
        'content-type': 'application/json',
        cookie: `spesa-federated=${res.cookies['spesa-federated']}`,
      },
      payload: JSON.stringify({ password: DEMO_PASSWORD }),
    });
    expect(JSON.parse(confirm.body).response.status).toBe(0);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM work_subscriptions WHERE user_id = ${customer.userId}`,
    );
    expect(row?.n).toBe(1);
  });
});

describe('refused answers', () => {
  const refusedWith = async (samlResponse: string, code: string) => {
    const res = await post(samlResponse);
    expect(res.status).toBe(303);
    expect(res.result).toMatchObject({ outcome: 'error', code });
    expect(res.cookies['X-Ebsn-Account']).toBeUndefined();
  };

  it('a replayed answer', async () => {
    const email = uniqueEmail('saml-replay');
    const field = samlResponseField(answer((await start()).id, email));
    expect((await post(field)).result.outcome).toBe('signedIn');
    const replay = await post(field);
    expect(replay.result.outcome).toBe('error');
    expect([IDENTITY_TEXT.samlRefused.code, IDENTITY_TEXT.samlReplayed.code]).toContain(replay.result.code);
    expect(replay.cookies['X-Ebsn-Account']).toBeUndefined();
  });

  it('the same assertion under a new request (assertion id remembered)', async () => {
    const assertionId = samlId();
    const email = uniqueEmail('saml-assertion');
    expect(
      (await post(samlResponseField(answer((await start()).id, email, { assertionId })))).result.outcome,
    ).toBe('signedIn');
    await refusedWith(
      samlResponseField(answer((await start()).id, email, { assertionId })),
      IDENTITY_TEXT.samlReplayed.code,
    );
  });

  it('a tampered assertion (the NameID changed after signing)', async () => {
    const { id } = await start();
    const xml = samlResponseXml(answer(id, 'impiegato@officine-test.example'));
    const tampered = xml.replaceAll('impiegato@officine-test.example', 'direttore@officine-test.example');
    await refusedWith(Buffer.from(tampered).toString('base64'), IDENTITY_TEXT.samlRefused.code);
    expect(await usersWithEmail('direttore@officine-test.example')).toEqual([]);
  });

  it('an unsigned assertion', async () => {
    const email = uniqueEmail('saml-unsigned');
    await refusedWith(
      samlResponseField(answer((await start()).id, email, { sign: false })),
      IDENTITY_TEXT.samlRefused.code,
    );
    expect(await usersWithEmail(email)).toEqual([]);
  });

  it('an assertion signed with another key', async () => {
    const email = uniqueEmail('saml-otherkey');
    await refusedWith(
      samlResponseField(answer((await start()).id, email, { privateKey: OTHER_KEY })),
      IDENTITY_TEXT.samlRefused.code,
    );
  });

  it('an expired assertion', async () => {
    const email = uniqueEmail('saml-expired');
    const issuedAt = new Date(Date.now() - 60 * 60_000);
    await refusedWith(
      samlResponseField(
        answer((await start()).id, email, { issuedAt, notOnOrAfter: new Date(Date.now() - 50 * 60_000) }),
      ),
      IDENTITY_TEXT.samlRefused.code,
    );
  });

  it('an assertion for another service provider (audience)', async () => {
    await refusedWith(
      samlResponseField(
        answer((await start()).id, uniqueEmail('saml-aud'), { audience: 'https://altro.example/sp' }),
      ),
      IDENTITY_TEXT.samlRefused.code,
    );
  });

  it('an assertion for another recipient', async () => {
    await refusedWith(
      samlResponseField(
        answer((await start()).id, uniqueEmail('saml-rcpt'), { recipient: 'https://altro.example/acs' }),
      ),
      IDENTITY_TEXT.samlRefused.code,
    );
  });

  it('an answer to no request of the shop (IdP-initiated or forged id)', async () => {
    await refusedWith(
      samlResponseField(answer('_mai-chiesto', uniqueEmail('saml-unrequested'))),
      IDENTITY_TEXT.samlRefused.code,
    );
  });

  it('an answer of an unknown identity provider, and bad input', async () => {
    await refusedWith(
      samlResponseField(
        answer((await start()).id, uniqueEmail('saml-issuer'), { issuer: 'https://idp.altro.example' }),
      ),
      IDENTITY_TEXT.companyUnknown.code,
    );
    await refusedWith(Buffer.from('<non-xml').toString('base64'), IDENTITY_TEXT.companyUnknown.code);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/ebsn/api/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('login CSRF: an answer counts only in the browser that started the sign-in', () => {
  it("the attacker's unspent answer, auto-posted from the victim's browser, signs no one in", async () => {
    const email = uniqueEmail('saml-csrf');
    // the attacker starts a sign-in and passes the company's page in their own browser
    const attacker = await start();
    expect(attacker.browser).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const field = samlResponseField(answer(attacker.id, email));
    // the victim's browser posts it: without a binding, or with the binding of a sign-in of its own
    const victim = (await start()).browser;
    for (const binding of ['', victim]) {
      const res = await post(field, { 'sec-fetch-site': 'cross-site' }, binding);
      expect(res.result).toMatchObject({ outcome: 'error', code: 'msg.identity.otherBrowser' });
      expect(res.cookies['X-Ebsn-Account']).toBeUndefined();
      expect(res.cookies['spesa-federated']).toBeUndefined();
    }
    expect(await usersWithEmail(email)).toEqual([]);
    // the answer still counts in the browser that asked for it
    expect((await post(field, {}, attacker.browser)).result.outcome).toBe('signedIn');
  });

  it('the binding is an HttpOnly cookie of the API, for the ten minutes of a sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ebsn/api/saml/do-login?company=officine-test' });
    const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('spesa-sign-in='));
    expect(cookie).toMatch(/; Max-Age=600(;|$)/);
    expect(cookie).toMatch(/; Path=\/ebsn\/api(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    // on plain http (this demo) the IdP's post must be same-site: Lax; on https it is SameSite=None; Secure
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
  });
});

describe('do-login, do-logout, metadata', () => {
  it('an unknown company and a foreign relay_state_url are refused', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/ebsn/api/saml/do-login?company=nessuna' });
    expect(String(unknown.headers.location)).toContain(`code=${IDENTITY_TEXT.companyUnknown.code}`);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/ebsn/api/saml/do-login?company=officine-test&relay_state_url=https%3A%2F%2Fmalevolo.example',
    });
    expect(String(foreign.headers.location)).toContain(`code=${IDENTITY_TEXT.relayForeign.code}`);
  });

  it('do-logout ends the session and goes back to a path of the shop only', async () => {
    const customer = await newCustomer(t, { tag: 'saml-logout' });
    const out = await t.app.inject({
      method: 'GET',
      url: '/ebsn/api/saml/do-logout?relay_state_url=%2Fvolantini&checkUser=true',
      headers: { cookie: `x-ebsn-account=${customer.token}` },
    });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/volantini');
    const after = await t.app.inject({
      method: 'GET',
      url: '/ebsn/api/auth/test',
      headers: { cookie: `x-ebsn-account=${customer.token}` },
    });
    expect(after.statusCode).toBe(419);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/ebsn/api/saml/do-logout?relay_state_url=https%3A%2F%2Fmalevolo.example',
    });
    expect(foreign.headers.location).toBe('/');
  });

  it("publishes the shop's service provider metadata", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ebsn/api/saml/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('samlmetadata+xml');
    expect(res.body).toContain(`entityID="${SP}"`);
    expect(res.body).toContain(`Location="${ACS}"`);
  });
});
