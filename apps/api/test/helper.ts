import { inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app';
import { loadPgliteEngine, openDatabase, type Db, type DbKind, type PgliteEngine } from '../src/db/client';
import { loadEnv, type Env } from '../src/env';
import { databaseOfThisFile } from './file-database';
import { copyTemplateFolder } from './test-data-folders';

/**
 * An app on the run's database (see global-setup.ts) for `app.inject`: a private PGlite copy of the image,
 * or on PostgreSQL a database of this test file's own, copied from the seeded one (DATABASE_URL, the
 * template). Every app a file builds shares that database, as several API processes would. Call `close()`
 * in afterAll.
 */
export interface TestApp {
  app: App;
  db: Db;
  kind: DbKind;
  env: Env;
  close: () => Promise<void>;
}

export async function buildTestApp(
  overrides: Partial<
    Pick<
      BuildAppOptions,
      | 'now'
      | 'versionCheckMs'
      | 'serveWebApp'
      | 'pickupOrders'
      | 'dailyPurchases'
      | 'paymentProviders'
      | 'runJobs'
      | 'socialProviders'
      | 'files'
    >
  > & {
    env?: Partial<Env>;
    /** add test-only routes before the app is ready */
    beforeReady?: (app: App) => void;
  } = {},
): Promise<TestApp> {
  // a light proof of work keeps the suite fast; the verification is the same
  const base = loadEnv();
  const env: Env = {
    ...base,
    ...(base.DATABASE_URL ? { DATABASE_URL: await databaseOfThisFile(base.DATABASE_URL) } : {}),
    LOG_LEVEL: 'silent',
    BOT_CHECK_MAX_NUMBER: 2000,
    ...overrides.env,
  };
  const folder = env.DATABASE_URL ? null : copyTemplateFolder(templateFolder());
  const database = folder
    ? await openDatabase({ dataDir: folder.dataDir, engine: await pgliteEngine() })
    : await openDatabase({ url: env.DATABASE_URL });
  const { env: _env, beforeReady, ...rest } = overrides;
  const app = await buildApp({ env, db: database.db, dbKind: database.kind, logger: false, ...rest });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    kind: database.kind,
    env,
    close: async () => {
      await app.close();
      await database.close();
      folder?.remove();
    },
  };
}

/** The run's seeded PGlite data folder (global-setup.ts), which every database of a file copies. */
export function templateFolder(): string {
  const path = inject('pgliteImage');
  if (!path)
    throw new Error('The test database image is missing: run the suite through vitest (global-setup.ts).');
  return path;
}

/** PGlite's engine, compiled once per worker for every database its files open (≈ 0.4 s each). */
let engine: Promise<PgliteEngine> | undefined;
function pgliteEngine(): Promise<PgliteEngine> {
  engine ??= loadPgliteEngine();
  return engine;
}

/** Shape of every envelope answer, for assertions. */
export interface EnvelopeBody<T = Record<string, unknown>> {
  response: {
    status: number;
    errors: { error?: string; code?: string }[];
    infos: unknown[];
    warnings: unknown[];
    errorsMessage: string[];
    infosMessage: string[];
    warningsMessage: string[];
  };
  user: { userId: number; login: string | null; profileConfirmed: boolean };
  data: T;
}

export async function getJson<T = Record<string, unknown>>(
  app: App,
  url: string,
): Promise<{ statusCode: number; body: EnvelopeBody<T>; raw: string; headers: Record<string, unknown> }> {
  const res = await app.inject({ method: 'GET', url });
  return {
    statusCode: res.statusCode,
    body: JSON.parse(res.body) as EnvelopeBody<T>,
    raw: res.body,
    headers: res.headers,
  };
}

/** A GET of the content system's WordPress routes: the bare answer (no envelope) and its headers. */
export async function getWp<T>(
  app: App,
  url: string,
): Promise<{ statusCode: number; body: T; headers: Record<string, unknown> }> {
  const res = await app.inject({ method: 'GET', url });
  return { statusCode: res.statusCode, body: JSON.parse(res.body) as T, headers: res.headers };
}

// ---------- accounts ----------
/** Demo accounts seeded by global-setup (src/db/seed/accounts.ts). */
export { DEMO_PASSWORD } from '../src/db/seed/accounts';

/** Fetches a bot-check challenge and solves it, as the web client does; returns the `token` query value. */
export async function solveBotCheck(app: App): Promise<string> {
  const { solveChallenge } = await import('altcha-lib/v1');
  const res = await app.inject({ method: 'GET', url: '/ebsn/api/auth/challenge' });
  const c = (
    JSON.parse(res.body) as EnvelopeBody<{
      algorithm: string;
      challenge: string;
      maxnumber: number;
      salt: string;
      signature: string;
    }>
  ).data;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('bot check: no solution found');
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution.number,
    salt: c.salt,
    signature: c.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export interface LoginResult {
  statusCode: number;
  body: EnvelopeBody<{ user?: { userId: number; email: string } }>;
  /** the session cookie value, when one was set */
  cookie: string | null;
  headerToken: string | null;
}

/** POST /auth/login with a solved bot check (JSON body unless `form`). */
export async function login(
  app: App,
  loginName: string,
  password: string,
  extra: Record<string, unknown> & {
    form?: boolean;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
): Promise<LoginResult> {
  const { form, headers, remoteAddress, ...fields } = extra;
  const token = fields.mfa_pin ? null : await solveBotCheck(app);
  const body = { login: loginName, password, ...fields };
  const res = await app.inject({
    method: 'POST',
    url: `/ebsn/api/auth/login${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: {
      ...(form
        ? { 'content-type': 'application/x-www-form-urlencoded' }
        : { 'content-type': 'application/json' }),
      ...headers,
    },
    payload: form
      ? new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString()
      : JSON.stringify(body),
  });
  const setCookie = res.cookies.find((c) => c.name === 'X-Ebsn-Account');
  const header = res.headers['x-ebsn-account'];
  return {
    statusCode: res.statusCode,
    body: JSON.parse(res.body) as LoginResult['body'],
    cookie: setCookie && setCookie.value ? setCookie.value : null,
    headerToken: typeof header === 'string' ? header : null,
  };
}

/** An API call as a signed-in client holding `token` in the cookie (web build) or the header (app build). */
export async function callAs<T = Record<string, unknown>>(
  app: App,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  /** `via`: the shop's session cookie (default), its header, or the back office's cookie (`staff`) */
  opts: { payload?: unknown; via?: 'cookie' | 'header' | 'staff'; headers?: Record<string, string> } = {},
): Promise<{
  statusCode: number;
  body: EnvelopeBody<T>;
  cookies: Array<{ name: string; value: string }>;
  headers: Record<string, unknown>;
}> {
  const via = opts.via ?? 'cookie';
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(token && via === 'header' ? { 'x-ebsn-account': token } : {}),
      ...(opts.payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    ...(token && via === 'cookie' ? { cookies: { 'X-Ebsn-Account': token } } : {}),
    ...(token && via === 'staff' ? { cookies: { 'spesa-staff': token } } : {}),
    ...(opts.payload !== undefined ? { payload: JSON.stringify(opts.payload) } : {}),
  });
  return {
    statusCode: res.statusCode,
    body: JSON.parse(res.body) as EnvelopeBody<T>,
    cookies: res.cookies,
    headers: res.headers,
  };
}

/** The newest mail sent to an address (the outbox), or null. */
export async function lastMailTo(
  db: Db,
  to: string,
): Promise<{ subject: string; textBody: string; template: string } | null> {
  const { MailService } = await import('../src/modules/mail/mail.service');
  const [mail] = await new MailService(db, { from: 'test' }).list({ to, limit: 1 });
  return mail ?? null;
}

/** A link or code found in a mail's text. */
export function findInMail(text: string, pattern: RegExp): string {
  const m = pattern.exec(text);
  if (!m) throw new Error(`not found in mail: ${pattern}\n${text}`);
  return m[1] ?? m[0];
}

/** A unique e-mail address per test (the tests of a file share its database). */
export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
