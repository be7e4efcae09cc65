import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app';
import { openDatabase, type Db, type DbKind } from '../src/db/client';
import { loadEnv, type Env } from '../src/env';

/**
 * An app on the run's database (see global-setup.ts) for `app.inject`: a private PGlite copy of the image,
 * or the shared PostgreSQL of DATABASE_URL. Call `close()` in afterAll.
 */
export interface TestApp {
  app: App;
  db: Db;
  kind: DbKind;
  env: Env;
  close: () => Promise<void>;
}

export async function buildTestApp(
  overrides: Partial<Pick<BuildAppOptions, 'now' | 'versionCheckMs' | 'serveWebApp'>> & {
    env?: Partial<Env>;
    /** add test-only routes before the app is ready */
    beforeReady?: (app: App) => void;
  } = {},
): Promise<TestApp> {
  const env: Env = { ...loadEnv(), LOG_LEVEL: 'silent', ...overrides.env };
  const imagePath = inject('pgliteImage');
  const database = env.DATABASE_URL
    ? await openDatabase({ url: env.DATABASE_URL })
    : await openDatabase({ image: new Blob([await readFile(requirePath(imagePath))]) });
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
    },
  };
}

function requirePath(path: string | null): string {
  if (!path)
    throw new Error('The test database image is missing: run the suite through vitest (global-setup.ts).');
  return path;
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
