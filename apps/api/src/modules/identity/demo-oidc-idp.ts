import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { SocialProvider } from '@spesa/shared/contracts/identity';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/client';
import { storedSecret } from '../../lib/app-secrets';
import { htmlTemplates } from '../../lib/html';
import { demoIdpAdapter } from './demo-idp-adapter';
import type { SocialProviderConfig } from './social-sign-in';

const render = htmlTemplates(new URL('./templates/', import.meta.url));

/**
 * The built-in demo identity providers (development and tests only; decision 054): one OpenID provider
 * (oidc-provider, with our own Italian sign-in and error pages, decision 071) per social provider, each on its
 * own port of this machine,
 * so that `npm start` shows social sign-in working and the tests run offline. Any user name signs in with
 * any password; the README lists the demo users and what each shows. Production never starts them (env.ts).
 * Given the database (decision 090), their state (sessions, interactions, codes) is in it (demo-idp-adapter.ts)
 * and their client secrets and cookie key in app_secrets: every API process of a cluster starts them on the
 * same ports (node:cluster shares a listening port, a random one too), and a sign-in may hop between
 * processes. Without it (some tests), their state is in their own memory.
 */
export const DEMO_SOCIAL_USERS: Record<
  string,
  { email: string; verified: boolean; firstName: string; lastName: string }
> = {
  // new to the shop: the registration, prefilled
  luca: { email: 'luca.ferri@example.com', verified: true, firstName: 'Luca', lastName: 'Ferri' },
  // the e-mail of a demo account: linked once the account's password confirms it
  mario: { email: 'mario.rossi@spesa.demo', verified: true, firstName: 'Mario', lastName: 'Rossi' },
  // the same e-mail, not verified by the provider: refused
  mario2: { email: 'mario.rossi@spesa.demo', verified: false, firstName: 'Mario', lastName: 'Rossi' },
};

const NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** An e-mail the demo provider says it did not verify: `nonverificato:<e-mail>`. */
const UNVERIFIED = 'nonverificato:';

/**
 * The claims of a demo user: the named ones above; an e-mail address as user name is that address, verified
 * (`nonverificato:<e-mail>`: not verified); any other name is `<name>@demo-<provider>.example`, verified.
 */
export function demoClaims(provider: SocialProvider, login: string) {
  const known = DEMO_SOCIAL_USERS[login.toLowerCase()];
  const unverified = login.toLowerCase().startsWith(UNVERIFIED);
  const typed = unverified ? login.slice(UNVERIFIED.length) : login;
  const email = known?.email ?? (typed.includes('@') ? typed : `${typed}@demo-${provider}.example`);
  return {
    // the provider's stable id of the person: the user name typed at the demo provider
    sub: login,
    email: email.toLowerCase(),
    email_verified: known ? known.verified : !unverified,
    given_name: known?.firstName ?? login,
    family_name: known?.lastName ?? 'Demo',
    name: known ? `${known.firstName} ${known.lastName}` : login,
  };
}

export interface DemoIdentityProviders {
  providers: SocialProviderConfig[];
  /** the port each listens on (its issuer's, unless `issuerOf` put another address in front) */
  ports: Record<SocialProvider, number>;
  /**
   * Loads oidc-provider and makes both providers (about a third of a second): done by their first request
   * otherwise, which waits for it. The server calls it once it serves the shop.
   */
  load(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Koa's cookies give a cookie's lifetime as an absolute `expires` date of the server's clock; a browser whose clock
 * is behind or ahead (the journeys move the server's clock to 09:00, e2e/support/clock.mjs) would drop the
 * provider's 10-minute interaction cookie at once. The demo providers say the same lifetime as `max-age`
 * (seconds from now, which browsers prefer), so their sign-in works whatever the two clocks say.
 */
function relativeCookieLifetimes(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (name.toLowerCase() !== 'set-cookie') return setHeader(name, value);
    const cookies = (Array.isArray(value) ? value : [String(value)]).map((cookie) =>
      cookie.replace(/;\s*expires=([^;]+)/i, (_match: string, date: string) => {
        const seconds = Math.max(0, Math.round((Date.parse(date) - Date.now()) / 1000));
        return `; max-age=${seconds}`;
      }),
    );
    return setHeader(name, cookies);
  };
}

/** A form's fields (application/x-www-form-urlencoded), at most 16 kB. */
async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 16_384) break;
  }
  return new URLSearchParams(text);
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/**
 * The provider's interaction pages, in Italian: GET /interaction/<uid> is the sign-in form, its POST signs the
 * typed user in, /interaction/<uid>/abort gives up (the shop hears "access_denied"). The grant needs no
 * consent page (loadExistingGrant below).
 */
async function interaction(
  oidc: Provider,
  providerName: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://demo').pathname;
  try {
    const details = await oidc.interactionDetails(req, res);
    const base = `/interaction/${details.uid}`;
    if (path === `${base}/abort`) {
      await oidc.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'accesso annullato' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (req.method === 'POST' && path === base) {
      const login = (await formOf(req)).get('login')?.trim() ?? '';
      if (!login) {
        res.writeHead(303, { location: base }).end();
        return;
      }
      await oidc.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const hint = details.params.login_hint;
    sendPage(
      res,
      200,
      render('demo-oidc-idp', {
        failed: false,
        providerName,
        submitUrl: base,
        abortUrl: `${base}/abort`,
        loginHint: typeof hint === 'string' ? hint : '',
      }),
    );
  } catch (error) {
    const code = error instanceof Error && 'error' in error ? String(error.error) : 'server_error';
    sendPage(res, 400, render('demo-oidc-idp', { failed: true, providerName, code }));
  }
}

/** Where the demo providers keep their state, and the address the browser reaches them at. */
export interface DemoIdentityOptions {
  /** their state and secrets in the database (several API processes); absent: in memory */
  db?: Db;
  /** the issuer of the provider listening on `port` (default http://127.0.0.1:<port>) */
  issuerOf?: (provider: SocialProvider, port: number) => string;
}

/** One demo provider's client and keys, and the issuer it answers as. */
interface ProviderSetup {
  provider: SocialProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  cookieKey: string;
  db: Db | undefined;
}

interface Made {
  oidc: Provider;
  handler: (req: never, res: never) => void;
}

/** The OpenID provider itself: oidc-provider, loaded on the first provider made. */
async function makeProvider(s: ProviderSetup): Promise<Made> {
  const { provider, issuer, clientId, clientSecret, redirectUri, cookieKey, db } = s;
  const { default: Provider } = await import('oidc-provider');
  const oidc = new Provider(issuer, {
    ...(db ? { adapter: demoIdpAdapter(provider, db) } : {}),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // the ID token carries the e-mail and the name, as the real social providers' do
    conformIdTokenClaims: false,
    findAccount: (_ctx: KoaContextWithOIDC, id: string) =>
      Promise.resolve({ accountId: id, claims: () => Promise.resolve(demoClaims(provider, id)) }),
    // the shop is the demo provider's own client: no consent page
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId =
        (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
        session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    cookies: { keys: [cookieKey] },
    // our own pages in Italian instead of oidc-provider's English development ones
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, i: { uid: string }) => `/interaction/${i.uid}` },
    renderError: (ctx: KoaContextWithOIDC, out: { error?: string }) => {
      ctx.type = 'html';
      ctx.body = render('demo-oidc-idp', {
        failed: true,
        providerName: NAMES[provider],
        code: out.error ?? 'server_error',
      });
    },
  });
  return { oidc, handler: oidc.callback() as never };
}

async function startOne(
  provider: SocialProvider,
  redirectUri: string,
  port: number,
  opts: DemoIdentityOptions,
): Promise<{ config: SocialProviderConfig; server: Server; load: () => Promise<Made> }> {
  const { db } = opts;
  const clientId = `spesa-${provider}`;
  const clientSecret = db
    ? await storedSecret(`demo-idp-${provider}-client-secret`, db)
    : randomBytes(24).toString('hex');
  const cookieKey = db ? await storedSecret('demo-idp-cookie-key', db) : randomBytes(32).toString('hex');
  // the issuer names the port, which is only known once listening: listen first, then make the provider; it is
  // made on its first request (or by `load`), and a request meanwhile waits for it
  const { createServer } = await import('node:http');
  let issuer = '';
  let made: Promise<Made> | undefined;
  const load = () =>
    (made ??= makeProvider({ provider, issuer, clientId, clientSecret, redirectUri, cookieKey, db }).catch(
      (error: unknown) => {
        made = undefined; // the next request tries again
        throw error;
      },
    ));
  const server = createServer((req, res) => {
    relativeCookieLifetimes(res);
    load().then(
      ({ oidc, handler }) => {
        if ((req.url ?? '').startsWith('/interaction/')) void interaction(oidc, NAMES[provider], req, res);
        else handler(req as never, res as never);
      },
      () => res.writeHead(503).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;
  issuer = opts.issuerOf?.(provider, listening) ?? `http://127.0.0.1:${listening}`;
  return {
    server,
    config: { provider, name: NAMES[provider], issuer, clientId, clientSecret, allowInsecure: true },
    load,
  };
}

/**
 * Starts the two demo providers on free ports of 127.0.0.1 (or `basePort` and the next one), their client
 * registered with the shop's callback `redirectUriOf(provider)`.
 */
export async function startDemoIdentityProviders(
  redirectUriOf: (provider: SocialProvider) => string,
  basePort = 0,
  opts: DemoIdentityOptions = {},
): Promise<DemoIdentityProviders> {
  const started = [
    await startOne('google', redirectUriOf('google'), basePort, opts),
    await startOne('facebook', redirectUriOf('facebook'), basePort === 0 ? 0 : basePort + 1, opts),
  ];
  const portOf = (i: number) => (started[i]?.server.address() as AddressInfo).port;
  return {
    providers: started.map((s) => s.config),
    ports: { google: portOf(0), facebook: portOf(1) },
    load: async () => {
      await Promise.all(started.map((s) => s.load()));
    },
    close: async () => {
      await Promise.all(
        started.map(
          ({ server }) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
