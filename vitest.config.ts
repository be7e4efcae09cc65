import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API test files whose outcome cannot depend on the database engine (decision 009): the PostgreSQL pass
 * (DATABASE_URL set) leaves them out, the PGlite pass runs them. Every other API test file runs on both.
 * - no database at all: pure functions and in-memory classes;
 * - a database, but not PostgreSQL: the kill test starts the server on a PGlite data folder whatever
 *   DATABASE_URL says;
 * - the HTTP around the app (envelope, route access, static web app, media, version, the development
 *   mailbox and mail templates): their queries are the session lookup and reads by key, which every file
 *   of the PostgreSQL pass also runs.
 * Paths are relative to apps/api; a path that names no file stops the run.
 */
const ENGINE_INDEPENDENT_API_TESTS = [
  // no database
  'src/db/seed/ean.test.ts',
  'src/db/seed/formats.test.ts',
  'src/db/seed/names.test.ts',
  'src/db/seed/pricing.test.ts',
  'src/db/seed/product-generator.test.ts',
  'src/db/seed/promos.test.ts',
  'src/db/seed/selling.test.ts',
  'src/lib/answer-serializer.test.ts',
  'src/lib/read-cache.test.ts',
  'src/modules/catalogue/catalogue.rules.test.ts',
  'src/modules/catalogue/category-index.test.ts',
  'src/modules/catalogue/listing-warmer.test.ts',
  'src/modules/catalogue/store-json.test.ts',
  'src/modules/catalogue/search-text.test.ts',
  'src/modules/catalogue/suggestion-index.test.ts',
  'src/modules/delivery/geo.test.ts',
  'src/modules/delivery/timeslot.rules.test.ts',
  'src/modules/integration/webhook-target.test.ts',
  'src/modules/payment/sandbox.provider.test.ts',
  'src/modules/payment/satispay.provider.test.ts',
  'test/stand-ins/satispay/satispay-stand-in.test.ts',
  'test/stand-ins/stripe/stripe-stand-in.test.ts',
  'test/table-owners.test.ts',
  'test/process-state.test.ts',
  // PGlite whatever the pass
  'test/checkout.kill.test.ts',
  // the HTTP around the app
  'test/envelope.test.ts',
  'src/plugins/access.test.ts',
  'src/plugins/web-app.test.ts',
  'src/modules/media/media.routes.test.ts',
  'src/modules/system/system.routes.test.ts',
  'src/modules/mail/mail.test.ts',
];
for (const file of ENGINE_INDEPENDENT_API_TESTS)
  if (!existsSync(join(import.meta.dirname, 'apps/api', file)))
    throw new Error(`vitest.config.ts: ENGINE_INDEPENDENT_API_TESTS names ${file}, which does not exist`);
const onPostgres = Boolean(process.env.DATABASE_URL);

// One Vitest run, four projects: shared rules, the API (app.inject on a real database), the web app and the
// back office.
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker, which leaves a core idle while a file waits on PostgreSQL or
    // the main process transforms modules: two workers there, as many as the default elsewhere.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(onPostgres ? ENGINE_INDEPENDENT_API_TESTS : [])],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // a worker runs its files one after the other in one process: the app's modules are evaluated once
          // per worker instead of once per file (≈ 1.8 s each); every file still builds its own app on its own
          // database (test/helper.ts) and closes it
          isolate: false,
        },
      },
      'apps/web/vite.config.ts',
      // the back office's screens render MUI and react-admin in happy-dom (each file's own environment comment)
      {
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['src/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
