import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_ENDPOINTS } from '@spesa/shared/contracts/endpoints';
import { STAFF_ROLES, type StaffRole } from '@spesa/shared/contracts/admin';
import { ANONYMOUS_USER } from '@spesa/shared/contracts/envelope';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../test/customers';
import { buildTestApp, DEMO_PASSWORD, login, type TestApp } from '../../test/helper';
import { makeStaff } from '../../test/order-fixtures';
import { queryRows } from '../db/rows';
import accessPlugin, { ACCESS, PLUGIN_ROUTES, type AccessKind, type AccessTableRow } from './access';
import { NOT_LOGGED_TEXT } from './session';

let t: TestApp;
let files: string;
beforeAll(async () => {
  // a built web app and a media folder, so that @fastify/static registers its routes too
  files = mkdtempSync(join(tmpdir(), 'spesa-access-'));
  const dist = join(files, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Spesa</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // and a built back office (apps/admin/dist), served under /admin
  const admin = join(files, 'admin');
  mkdirSync(join(admin, 'assets'), { recursive: true });
  writeFileSync(join(admin, 'index.html'), '<!doctype html><title>Back office</title><div id="root"></div>');
  writeFileSync(join(admin, 'assets', 'index-def456.js'), 'console.log(2)');
  const media = join(files, 'media');
  mkdirSync(join(media, 'banners'), { recursive: true });
  writeFileSync(join(media, 'banners', 'home.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({
    serveWebApp: true,
    env: {
      WEB_DIST: dist,
      ADMIN_DIST: admin,
      MEDIA_DIR: media,
      DEV_MAILBOX: 'true',
      ANONYMOUS_CART: 'false',
    },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

/** The methods a caller uses (HEAD answers like GET, without a body). */
const callMethods = (row: AccessTableRow) => row.methods.filter((m) => m !== 'HEAD') as Array<'GET' | 'POST'>;
const rowsOf = (...kinds: AccessKind[]) =>
  t.app.accessTable.filter((r) => kinds.includes(r.access.kind) && callMethods(r).length > 0);
const sample = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
const declared = (r: AccessTableRow) => r.declaredBy === 'route';

describe('every route says who may call it', () => {
  it('the access plugin saw every route of the router (web app, media, docs, staff page, mailbox)', () => {
    // the router's own listing: one "(GET, HEAD)" per path; each method is one route of the table
    const routerMethods = [...t.app.printRoutes({ commonPrefix: false }).matchAll(/\(([A-Z, ]+)\)/g)].flatMap(
      (m) => (m[1] ?? '').split(', '),
    );
    const tableMethods = t.app.accessTable.flatMap((r) => r.methods);
    expect(tableMethods.length).toBe(routerMethods.length);
    expect([...tableMethods].sort()).toEqual([...routerMethods].sort());
    for (const r of t.app.accessTable)
      for (const method of r.methods)
        expect(t.app.hasRoute({ method, url: r.url }), `${method} ${r.url}`).toBe(true);

    const urls = new Set(t.app.accessTable.map((r) => r.url));
    for (const url of [
      '/ebsn/api/products',
      '/ebsn/api/cart/add',
      '/ebsn/api/admin/orders',
      '/ebsn/api/docs/json',
      '/version.json',
      '/media/icons/:file',
      '/media/*',
      '/staff',
      '/dev/mailbox',
      '/',
      '/favicon.svg',
      '/assets/index-abc123.js',
    ])
      expect(urls, url).toContain(url);
  });

  it('the routes the gate lets anyone through are exactly these, each with its why', () => {
    const open = rowsOf('public', 'customerOrAnonymous', 'signed')
      .filter(declared)
      .map(
        (r) =>
          `${callMethods(r).join(',')} ${r.url} | ${r.access.kind}: ${'why' in r.access ? r.access.why : ''}`,
      );
    expect(open).toEqual([
      "GET /ebsn/api/products/list-product-alternative | customerOrAnonymous: anyone; a signed-in customer's alternatives are those of their cart's store",
      "GET /ebsn/api/products/product-alternative-detail | customerOrAnonymous: anyone; a signed-in customer's alternatives are those of their cart's store",
      'GET /ebsn/api/category | public: the catalogue is browsable by anyone',
      'GET /ebsn/api/products | public: the catalogue is browsable by anyone',
      'GET /ebsn/api/products/suggest | public: the catalogue is browsable by anyone',
      'GET /ebsn/api/products/:productId | public: the catalogue is browsable by anyone',
      'GET /ebsn/api/adv | public: the catalogue is browsable by anyone',
      "GET /ebsn/api/leaflet/search | customerOrAnonymous: anyone may read the leaflets; a signed-in customer's are those of their cart's store",
      "GET /ebsn/api/leaflet/view | customerOrAnonymous: anyone may read the leaflets; a signed-in customer's are those of their cart's store",
      "GET /ebsn/api/leaflet/product-search | customerOrAnonymous: anyone may read the leaflets; a signed-in customer's are those of their cart's store",
      'GET /ebsn/api/category-block/info | public: category page content is shown to anyone',
      'GET /ebsn/api/adv/slot | public: ad slots are shown to anyone',
      'GET /ebsn/api/lang/lang-info | public: the interface language is needed before sign-in',
      'GET /ebsn/api/version.json | public: the release version, polled by every client',
      'GET /ebsn/api/auth/challenge | public: the bot-check challenge is solved before signing in',
      'POST /ebsn/api/auth/login | public: signing in itself (bot check and throttling apply)',
      'POST /ebsn/api/auth/logout | customerOrAnonymous: signing out answers a visitor without a session too',
      'GET /ebsn/api/auth/test | customerOrAnonymous: who am I: tells a visitor from a customer',
      'POST /ebsn/api/registration/register_user | public: registering itself (throttled)',
      "GET /ebsn/api/registration/registration_confirm | signed: the confirmation e-mail link's code, checked in the handler",
      'GET /ebsn/api/registration/registration_resend_email | public: resending the confirmation e-mail: the same answer for any address (throttled)',
      "GET /ebsn/api/registration/update_email | signed: the e-mail change link's token, checked in the handler",
      'GET /ebsn/api/registration/password_reset_token_request | public: a forgotten password: the same answer for any address (throttled)',
      "GET /ebsn/api/registration/password_reset_token_check | signed: the reset link's token, checked in the handler",
      "GET /ebsn/api/registration/password_reset | signed: the reset link's token, checked in the handler",
      "POST /ebsn/api/registration/password_reset | signed: the reset link's token, checked in the handler",
      'GET /ebsn/api/registration-disclaimer/list | public: the disclaimers of the registration form',
      // social sign-in and companies' single sign-on (decision 054)
      "GET /ebsn/api/social-redir/:providerMobile | signed: a social sign-in: starts it, or checks the provider's answer against the state kept in the database and the browser that started it",
      "GET /ebsn/api/api/social-redir/:providerMobile | signed: a social sign-in: starts it, or checks the provider's answer against the state kept in the database and the browser that started it",
      "GET /ebsn/api/saml/do-login | public: starts a company's single sign-on",
      "POST /ebsn/api/saml/acs | signed: a company's identity provider posts its signed answer (checked in the handler, with the browser that asked)",
      'GET /ebsn/api/saml/do-logout | customerOrAnonymous: signing out answers a visitor without a session too',
      "GET /ebsn/api/saml/metadata | public: the shop's service provider metadata, for the companies' identity providers",
      'GET /ebsn/api/identity/options | public: the login dialog shows the sign-in ways this server offers',
      "GET /ebsn/api/registration/social_user_detail | signed: the waiting identity's ticket (HttpOnly cookie), checked in the handler",
      "POST /ebsn/api/registration/social_link_confirm | signed: the waiting identity's ticket (HttpOnly cookie) and the account's password; never an operator",
      "GET /ebsn/api/warehouse-locator/map | public: the stores' map's tile source is the shop's configuration, no customer data",
      'GET /ebsn/api/geo/province-list | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/geo/country-list | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/geo/homedelivery-list-simple | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/geo/city-list | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/geo/cap/:postalcode | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/geo/place-search | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/geo/reverse-lookup | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/address/geo-service-coverage | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/warehouse-locator/search | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/warehouse/find-by-coordinates | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/store/list | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/store/view | public: geography, coverage and stores are public facts, no customer data',
      'GET /ebsn/api/address/list | customerOrAnonymous: pickup points are public; a signed-in customer also gets their own addresses and favourite',
      'GET /ebsn/api/address/view | customerOrAnonymous: pickup points are public; a signed-in customer also gets their own addresses and favourite',
      'GET /ebsn/api/address/delivery-service-list | customerOrAnonymous: pickup points are public; a signed-in customer also gets their own addresses and favourite',
      'POST /ebsn/api/address/check | public: whether home delivery reaches an address: no customer data',
      'GET /ebsn/api/store-proximity/list | customerOrAnonymous: pickup points are public; a signed-in customer also gets their own addresses and favourite',
      'GET /ebsn/api/store-proximity/localize | customerOrAnonymous: pickup points are public; a signed-in customer also gets their own addresses and favourite',
      'GET /ebsn/api/payment-sandbox/pay/:ref | signed: the sandbox hosted card page: its session token (HMAC) is checked in the handler',
      'POST /ebsn/api/payment-sandbox/pay/:ref | signed: the sandbox hosted card page: its session token (HMAC) is checked in the handler',
      "GET /ebsn/api/payment/feedback/:provider | signed: the provider's return: signed, or confirmed by the provider's own API, checked by the provider",
      "POST /ebsn/api/payment/webhook/:provider | signed: a provider's webhook: its signature over the raw body (or the provider's own API) checked by the provider",
      "GET /ebsn/api/payment/webhook/:provider | signed: a provider's webhook: its signature over the raw body (or the provider's own API) checked by the provider",
      "GET /ebsn/api/token-order/view | signed: the confirmation e-mail's order access token, checked in the handler",
      'GET /ebsn/api/externalregistration/vapid-key | public: the shop’s public VAPID key: a browser needs it to subscribe, before signing in',
      'POST /ebsn/api/backoffice-access/sso-login | public: an operator signing in: back-office password and one-time code, throttled',
      "POST /ebsn/api/receipts/till/ingest | signed: a store's till system: its id and secret (x-till-system, x-till-secret) are checked in the handler",
      "GET /ebsn/api/smart-cart/till/view | signed: a store's till system: its id and secret (x-till-system, x-till-secret) are checked in the handler",
      "POST /ebsn/api/smart-cart/till/close | signed: a store's till system: its id and secret (x-till-system, x-till-secret) are checked in the handler",
      "POST /ebsn/api/smart-cart/till/rescan | signed: a store's till system: its id and secret (x-till-system, x-till-secret) are checked in the handler",
      'POST /ebsn/api/loyalty/gift-card-orders | public: companies ask for gift cards without an account (throttled per address)',
      'POST /ebsn/api/invoices/sdi/notifications | signed: the SDI intermediary: its bearer token (INVOICE_SDI_TOKEN) is checked in the handler',
      'POST /ebsn/api/admin/auth/login | public: the back-office sign-in: the password and the one-time code are checked here',
      'POST /ebsn/api/admin/auth/enrol | public: confirms the authenticator with the enrolment token shown at sign-in',
      'POST /ebsn/api/integration/oauth/token | public: the OAuth 2.0 token endpoint: the client authenticates in the call itself (RFC 6749 §4.4)',
      "POST /ebsn/api/integration/v1/products | signed: an integration client's bearer token with scope products (checked by integration.routes.ts)",
      "POST /ebsn/api/integration/v1/stock | signed: an integration client's bearer token with scope stock (checked by integration.routes.ts)",
      "POST /ebsn/api/integration/v1/prices | signed: an integration client's bearer token with scope prices (checked by integration.routes.ts)",
      "GET /ebsn/api/integration/v1/orders/events | signed: an integration client's bearer token with scope orders (checked by integration.routes.ts)",
      'GET /version.json | public: the release version, polled by every client',
      'GET /healthz | public: a load balancer asks whether the process is alive',
      'GET /readyz | public: a load balancer asks whether to send this process requests',
      'GET /media/leaflets/:folder/:file | public: the leaflets are shown to anyone',
      'GET /p/wp-json/wp/v2/pages | public: the shop pages (conditions, privacy, contacts…) are public',
      'GET /p/wp-json/wp/v2/pages/:id | public: the shop pages are public',
      'GET /p/wp-json/menus/v1/locations/:location | public: the menus are shown to anyone',
      'GET /p/wp-json/spesa/v1/search | public: searching pages and products is open to anyone',
      'GET /p/wp-json/spesa/v1/posts/:type | public: the recipes are public',
      'GET /p/wp-json/spesa/v1/posts/:type/:slug | public: the recipes are public',
      'GET /p/wp-json/spesa/v1/ux-blocks | public: content blocks are shown to anyone',
      'GET /p/wp-json/spesa/v1/slides | public: the slider is shown to anyone',
      'GET /p/wp-json/spesa/v1/slides_by_id | public: the slider is shown to anyone',
      'GET /p/wp-json/ebsn/v1/get_mail_pars | customerOrAnonymous: forms are public unless their settings ask for a signed-in customer (checked by the service)',
      'POST /p/wp-admin/admin-ajax.php | customerOrAnonymous: a form is sent by visitors too (throttled per address); the single-use nonce of the form view is checked by the service',
      'GET /media/products/:file | public: product photos are shown to anyone',
      'GET /media/icons/:file | public: product illustrations are shown to anyone',
      'GET /dev/mailbox | public: development outbox: never in production, and answered only to clients on this machine (loopback)',
      'GET /dev/mailbox/:mailId | public: development outbox: never in production, and answered only to clients on this machine (loopback)',
      'GET,POST /demo-idp/saml/sso | public: the development demo identity provider of the demo company',
      'GET /dev/sdi | public: development view of the SDI queue: never in production, loopback clients only',
      'GET /staff | public: a permanent redirect to the back office',
      "GET /admin | public: the back office's page loads before sign-in; its API checks the staff session",
      "GET /admin/* | public: the back office's page loads before sign-in; its API checks the staff session",
      "GET / | public: the shop's home page is open to anyone",
      'GET /product/:slug | public: a page of the shop, open to anyone (its data decides what it shows)',
      'GET /page/:slug | public: a page of the shop, open to anyone (its data decides what it shows)',
      'GET /volantini | public: a page of the shop, open to anyone (its data decides what it shows)',
      'GET /volantini/:leafletId | public: a page of the shop, open to anyone (its data decides what it shows)',
    ]);
  });

  it('routes of third-party plugins are declared in one list, and each entry covers routes of this app', () => {
    expect(
      PLUGIN_ROUTES.map(
        (e) => `${e.plugin} ${e.prefix} | ${e.access.kind}: ${'why' in e.access ? e.access.why : ''}`,
      ),
    ).toEqual([
      '@fastify/swagger-ui /ebsn/api/docs | public: the API reference (OpenAPI) describes the public contract',
      '@fastify/static /media/ | public: product illustrations and banners are shown to anyone',
      "@fastify/static / | public: the web app's built files load before anyone signs in",
    ]);
    const covered = (prefix: string) =>
      t.app.accessTable
        .filter((r) => r.declaredBy === prefix)
        .map((r) => r.url)
        .filter((url, i, all) => all.indexOf(url) === i);
    expect(covered('/ebsn/api/docs')).toContain('/ebsn/api/docs/json');
    expect(covered('/media/')).toEqual(['/media/*']);
    expect(covered('/').sort()).toEqual([
      '/admin/assets/index-def456.js',
      '/admin/index.html',
      '/assets/index-abc123.js',
      '/favicon.svg',
      '/index.html',
    ]);
  });
});

describe('the gate', () => {
  it('answers the 401 envelope to an anonymous call of every customer route, before validating its input', async () => {
    const rows = rowsOf('customer');
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows)
      for (const method of callMethods(r)) {
        const res = await t.app.inject({
          method,
          url: sample(r.url),
          ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: '{}' } : {}),
        });
        expect(res.statusCode, `${method} ${r.url}`).toBe(401);
        expect(JSON.parse(res.body), `${method} ${r.url}`).toEqual({
          response: {
            status: 401,
            errors: [{ error: NOT_LOGGED_TEXT, code: 'msg.auth.required' }],
            infos: [],
            warnings: [],
            errorsMessage: [NOT_LOGGED_TEXT],
            infosMessage: [],
            warningsMessage: [],
          },
          user: ANONYMOUS_USER,
          data: {},
        });
      }
  });
});

describe('caching by who asks', () => {
  it('keeps every answer that depends on who asks out of shared caches; public reads say nothing', async () => {
    const customer = await login(t.app, 'mario.rossi@spesa.demo', DEMO_PASSWORD);
    const cookies = { 'x-ebsn-account': customer.cookie ?? '' };
    // the leaflets of the visitor's store, the customer's cart, the customer's lists: answers for one person
    for (const url of ['/ebsn/api/leaflet/search', '/ebsn/api/cart/view', '/ebsn/api/wishlist/list']) {
      const res = await t.app.inject({ method: 'GET', url, cookies });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private');
    }
    // the public catalogue is one answer for everyone (its root user aside, which no stored copy keeps)
    for (const url of ['/ebsn/api/category', '/ebsn/api/products?q=latte']) {
      const res = await t.app.inject({ method: 'GET', url, cookies });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
    // a route that chose its own caching keeps it
    const byToken = await t.app.inject({
      method: 'GET',
      url: `/ebsn/api/token-order/view?order_id=1&access_token=${'a'.repeat(43)}`,
    });
    expect(byToken.headers['cache-control']).toBe('no-store');
  });
});

describe('deny by default', () => {
  /** The access plugin alone, with stand-ins for the plugins it depends on. */
  async function bareApp() {
    const app = Fastify({ logger: false });
    await app.register(fp(async () => {}, { name: 'envelope' }));
    await app.register(fp(async () => {}, { name: 'session' }));
    const refusal = { code: 'msg.test', text: 'Rifiutato.' };
    await app.register(accessPlugin, {
      admins: {
        adminOf: async () => null,
        onAdminRefused: async () => undefined,
        refusals: { signInRequired: refusal, notAllowed: refusal },
      },
      acting: {
        refusals: {
          operatorsOnly: refusal,
          chooseCustomer: refusal,
          customerOnly: refusal,
          supervisorOnly: refusal,
        },
      },
    });
    return app;
  }

  it('refuses a route without a declaration as it is registered', async () => {
    const app = await bareApp();
    expect(() => app.get('/favicon.ico', async () => 'x')).toThrow(/GET \/favicon\.ico declares no access/);
    expect(() => app.post('/ebsn/api/docs/upload', async () => 'x')).toThrow(/declares no access/);
    app.get('/open', { config: { access: ACCESS.public('a test route') } }, async () => 'x');
    await app.close();
  });

  it('sees the routes of encapsulated plugins too: the app does not start', async () => {
    const app = await bareApp();
    const registering = app.register(
      async (child) => {
        child.post('/cart/secret', async () => 'x');
      },
      { prefix: '/ebsn/api' },
    );
    await expect(registering).rejects.toThrow(/POST \/ebsn\/api\/cart\/secret declares no access/);
    await expect(app.ready()).rejects.toThrow(/declares no access/);
  });

  it('refuses an open route that does not say why', async () => {
    const app = await bareApp();
    expect(() => app.get('/x', { config: { access: ACCESS.signed(' ') } }, async () => 'x')).toThrow(
      /needs a why/,
    );
    expect(() => app.get('/y', { config: { access: ACCESS.admin([]) } }, async () => 'x')).toThrow(
      /admits no one/,
    );
    await app.close();
  });
});

describe('the back office', () => {
  it("serves its own page under /admin (any path), its files, and never the shop's page there", async () => {
    for (const url of ['/admin', '/admin/', '/admin/products/12/show']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Back office</title>');
    }
    const js = await t.app.inject({ method: 'GET', url: '/admin/assets/index-def456.js' });
    expect(js.body).toBe('console.log(2)');
    const shop = await t.app.inject({ method: 'GET', url: '/prodotti', headers: { accept: 'text/html' } });
    expect(shop.body).toContain('<title>Spesa</title>');
  });

  it('answers the 401 envelope on every admin route without a back-office session, a customer session too', async () => {
    const customer = await login(t.app, 'mario.rossi@spesa.demo', DEMO_PASSWORD);
    const rows = rowsOf('admin');
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows)
      for (const method of callMethods(r))
        for (const cookies of [{}, { 'x-ebsn-account': customer.cookie ?? '' }] as Array<
          Record<string, string>
        >) {
          const res = await t.app.inject({
            method,
            url: sample(r.url),
            cookies,
            ...(method === 'POST' ? { payload: {} } : {}),
          });
          expect(res.statusCode, `${method} ${r.url}`).toBe(401);
          expect(
            res.json<{ response: { errors: Array<{ code?: string }> } }>().response.errors[0]?.code,
          ).toBe('msg.admin.signInRequired');
        }
  });
});

describe('every admin route refuses the roles it does not name', () => {
  it("answers 403 (and the refusal is audited) for each staff role outside the route's roles", async () => {
    const tokens = new Map<StaffRole, string>();
    for (const role of STAFF_ROLES) {
      const member = await newCustomer(t, { tag: `role-${role}` });
      tokens.set(role, await makeStaff(t, member.userId, [13], role));
    }
    const rows = rowsOf('admin').filter((r) => r.access.kind === 'admin' && r.access.roles !== null);
    expect(rows.length).toBeGreaterThan(40);
    let refusals = 0;
    for (const r of rows) {
      if (r.access.kind !== 'admin' || r.access.roles === null) continue;
      for (const role of STAFF_ROLES.filter(
        (x) => !(r.access as { roles: readonly StaffRole[] }).roles.includes(x),
      ))
        for (const method of callMethods(r)) {
          const res = await t.app.inject({
            method,
            url: sample(r.url),
            cookies: { 'spesa-staff': tokens.get(role) ?? '' },
            ...(method === 'POST' ? { payload: {} } : {}),
          });
          expect(res.statusCode, `${role}: ${method} ${r.url}`).toBe(403);
          refusals++;
        }
    }
    expect(refusals).toBeGreaterThan(100);
    const [audited] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE resource = 'access' AND NOT allowed`,
    );
    expect(audited?.n).toBeGreaterThanOrEqual(refusals);
  });
});

describe('every endpoint under /ebsn/api is registered from its contract (decision 029)', () => {
  const underApi = (r: AccessTableRow) => declared(r) && r.url.startsWith('/ebsn/api/');

  it('each contract is served once, at its method and path', () => {
    const served = t.app.accessTable
      .filter((r) => r.endpoint !== null)
      .flatMap((r) => callMethods(r).map((m) => `${m} ${r.url}`));
    // the content system's calls are served at the spec's paths (/p/..., decision 051), the rest under /ebsn/api
    const at = (path: string | undefined) => (path?.startsWith('/p/') ? path : `/ebsn/api${path}`);
    const contracts = ALL_ENDPOINTS.map((e) => `${e.method} ${at(e.path)}`);
    expect([...served].sort()).toEqual([...contracts].sort());
    for (const r of t.app.accessTable.filter((row) => row.endpoint !== null && callMethods(row).length > 0))
      expect(`${callMethods(r).join(',')} ${r.url}`).toBe(
        `${r.endpoint?.split(' ')[0]} ${at(r.endpoint?.split(' ')[1])}`,
      );
  });

  it('only pages, redirects and the provider callbacks are plain routes (each on purpose)', () => {
    const plain = t.app.accessTable
      .filter((r) => underApi(r) && r.endpoint === null && callMethods(r).length > 0)
      .map((r) => `${callMethods(r).join(',')} ${r.url}`);
    expect(plain.sort()).toEqual([
      // an assortment import's refused rows as CSV (a file, not the envelope; decision 092)
      'GET /ebsn/api/admin/catalogue-imports/:id/report.csv',
      // a file a customer sent through a form, for customer service (a file, not the envelope; decision 051)
      'GET /ebsn/api/admin/form-submissions/:id/files/:uploadId',
      // the accountant's export of a period's electronic invoices (a ZIP, not the envelope; decision 087)
      'GET /ebsn/api/admin/invoices/export.zip',
      // the payments' daily report as CSV for accounting (a file, not the envelope; decision 085)
      'GET /ebsn/api/admin/payments/report.csv',
      // a store's self-scanning entrance poster (a PDF, not the envelope; decision 057)
      'GET /ebsn/api/admin/self-scanning/:id/poster.pdf',
      // a social sign-in: its start and the provider's answer, redirects (decision 054)
      'GET /ebsn/api/api/social-redir/:providerMobile',
      // an electronic invoice's courtesy copy and XML (files, not the envelope; decision 087)
      'GET /ebsn/api/invoices/pdf',
      'GET /ebsn/api/invoices/xml',
      // the sandbox provider's hosted card page (HTML) and its form
      'GET /ebsn/api/payment-sandbox/pay/:ref',
      // the browser's return from a provider: a redirect to the web app's result page
      'GET /ebsn/api/payment/feedback/:provider',
      // a provider's notification by GET (Satispay's callback): its own answer, not the envelope
      'GET /ebsn/api/payment/webhook/:provider',
      // a receipt's PDF (a file, not the envelope; decision 046)
      'GET /ebsn/api/receipts/pdf',
      // a company's single sign-on: redirects, the IdP's form post and the SP metadata (XML)
      'GET /ebsn/api/saml/do-login',
      'GET /ebsn/api/saml/do-logout',
      'GET /ebsn/api/saml/metadata',
      'GET /ebsn/api/social-redir/:providerMobile',
      // the OAuth 2.0 token endpoint answers RFC 6749's shapes, not the envelope (decision 096)
      'POST /ebsn/api/integration/oauth/token',
      'POST /ebsn/api/payment-sandbox/pay/:ref',
      // a provider's signed notification (its own answer, not the envelope)
      'POST /ebsn/api/payment/webhook/:provider',
      'POST /ebsn/api/saml/acs',
    ]);
  });
});
