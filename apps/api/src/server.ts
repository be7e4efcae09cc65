import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { ensureSeeded, migrate, openDatabase } from './db/client';
import { ensureAccountData } from './db/seed/accounts';
import { ensureDeliveryData } from './db/seed/delivery';
import { ensureOrderData } from './db/seed/orders';
import { areDemoAccountsOn, loadEnv } from './env';
import { ListingWarmer } from './modules/catalogue/listing-warmer';
import { missingDistMessage } from './plugins/web-app';

/**
 * The one Node process of the shop: opens the database (embedded PGlite in DATA_DIR, or PostgreSQL at
 * DATABASE_URL), applies the migrations, seeds the demo catalogue when it is empty, then serves the API,
 * the media and the built web app on PORT.
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const started = performance.now();
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  ).catch((error: unknown) => {
    const hint = env.DATABASE_URL
      ? 'Check DATABASE_URL and that the server is running.'
      : `The embedded database in ${env.DATA_DIR} could not be opened (another process using it, or damaged). Stop the other process, or delete the folder to start over with fresh demo data.`;
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n  ${hint}`);
  });
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}`;
  console.log(`Database: ${where}`);
  await migrate(database.db);
  const seeded = await ensureSeeded(database.db, {
    dataDir: env.DEMO_DATA_DIR,
    productTarget: env.SEED_PRODUCT_TARGET,
    log: (m) => console.log(`  seed: ${m}`),
  });
  if (seeded) console.log(`Demo catalogue loaded from ${env.DEMO_DATA_DIR}`);
  const demoAccounts = await ensureAccountData(database.db, { demoAccounts: areDemoAccountsOn(env) });
  if (demoAccounts > 0) console.log(`Demo accounts created: ${demoAccounts} (see README, "Demo accounts")`);
  await ensureDeliveryData(database.db, {
    dataDir: env.DEMO_DATA_DIR,
    demoAccounts: areDemoAccountsOn(env),
  });
  await ensureOrderData(database.db, { demoAccounts: areDemoAccountsOn(env) });

  if (!existsSync(join(env.WEB_DIST, 'index.html')))
    console.warn(`\n  ${missingDistMessage(env.WEB_DIST)}\n`);
  const app = await buildApp({ env, db: database.db, dbKind: database.kind, serveWebApp: true });
  // the category listings read once before the first customer (decision 020), then kept warm
  const warmer =
    env.CACHE_TTL_MS > 0
      ? new ListingWarmer(app.catalogue, {
          refreshMs: Math.max(env.CACHE_TTL_MS - 60_000, env.CACHE_TTL_MS / 2),
          log: (m) => console.log(m),
        })
      : null;
  await warmer?.warm();
  warmer?.start();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    warmer?.stop();
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const shown = env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
  console.log(
    `Spesa is ready in ${Math.round(performance.now() - started)} ms: http://${shown}:${env.PORT}  (API docs: /ebsn/api/docs)`,
  );
}

main().catch((error: unknown) => {
  console.error('Spesa could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
