import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { ensureSeeded, migrate, openDatabase, type OpenedDatabase } from './db/client';
import { ensureAccountData } from './db/seed/accounts';
import { ensureDeliveryData } from './db/seed/delivery';
import { ensureContentPages } from './db/seed/content-pages';
import { ensureContentPosts } from './db/seed/content-posts';
import { ensureListsAndRatingsData } from './db/seed/lists-and-ratings';
import { ensureLoyaltyCardData } from './db/seed/loyalty-card';
import { ensureGiftCertificateData } from './db/seed/gift-certificates';
import { ensureInviteData } from './db/seed/invite';
import { ensureLeafletData } from './db/seed/leaflets';
import { ensureReceiptData } from './db/seed/receipts';
import { ensureSmartCartData } from './db/seed/smartcart';
import { ensureForms } from './db/seed/forms';
import { moveOldFiles } from './db/old-files';
import { fileStoreDescription, fileStoreOf } from './lib/file-store-of';
import { ensureNotificationsData } from './db/seed/notifications';
import { ensureWalletData } from './db/seed/wallet';
import { ensureWorkSites } from './db/seed/work-sites';
import { ensureOrderData } from './db/seed/orders';
import {
  areDemoAccountsOn,
  configuredSocialProviders,
  isFederationDemoOn,
  loadEnv,
  publicUrlOf,
  type Env,
} from './env';
import { ensureCompanyIdentityProviders } from './db/seed/identity';
import { startDemoIdentityProviders } from './modules/identity/demo-oidc-idp';
import { ListingWarmer } from './modules/catalogue/listing-warmer';
import { missingDistMessage } from './plugins/web-app';
import { leafletsDrawnMessage, readyMessage } from './ready-message';
import { awaitCallIn, isSpareWorker, superviseWorkers } from './cluster-supervisor';
import {
  answerPrimaryForMetrics,
  clusterMetrics,
  drainOnSignals,
  processMetrics,
  serveMetrics,
} from './server-operations';

/**
 * The shop's server. The primary process opens the database (embedded PGlite in DATA_DIR, or PostgreSQL at
 * DATABASE_URL), applies the migrations and seeds the demo data when it is empty; then it serves the API,
 * the media and the built web app on HOST:PORT itself, or, with WORKERS > 1 (PostgreSQL only), forks that
 * many worker processes sharing the port (node:cluster) and starts a new one when one dies. Nothing a
 * request needs lives in one process's memory (decision 026).
 */
async function main(): Promise<void> {
  const env = loadEnv();
  if (cluster.isWorker) return serve(env, await open(env), performance.now());
  const started = performance.now();
  const database = await prepareDatabase(env);
  if (env.WORKERS === 1) return serve(env, database, started);
  await database.close();

  console.log(`Starting ${env.WORKERS} API processes on one PostgreSQL database`);
  if (env.METRICS_PORT > 0) await serveMetrics(env, clusterMetrics());
  superviseWorkers(env, started);
}

/** Opens, migrates and seeds the database (the primary process, once). */
async function prepareDatabase(env: Env): Promise<OpenedDatabase> {
  const database = await open(env);
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}`;
  console.log(`Database: ${where}`);
  await migrate(database.db);
  const seeded = await ensureSeeded(
    {
      dataDir: env.DEMO_DATA_DIR,
      productTarget: env.SEED_PRODUCT_TARGET,
      log: (m) => console.log(`  seed: ${m}`),
    },
    database.db,
  );
  if (seeded) console.log(`Demo catalogue loaded from ${env.DEMO_DATA_DIR}`);
  const demoAccounts = await ensureAccountData({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  if (demoAccounts > 0) console.log(`Demo accounts created: ${demoAccounts} (see README, "Demo accounts")`);
  await ensureDeliveryData(
    {
      dataDir: env.DEMO_DATA_DIR,
      demoAccounts: areDemoAccountsOn(env),
    },
    database.db,
  );
  await ensureOrderData({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  await ensureContentPages(database.db);
  await ensureContentPosts(undefined, database.db);
  await ensureListsAndRatingsData({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  await ensureWalletData({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  await ensureWorkSites({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  await ensureCompanyIdentityProviders({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  await ensureLoyaltyCardData({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  await ensureGiftCertificateData({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  await ensureInviteData({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  await ensureReceiptData({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  await ensureSmartCartData({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  await ensureNotificationsData({ demoAccounts: areDemoAccountsOn(env) }, database.db);
  const leaflets = await ensureLeafletData(undefined, database.db);
  if (leaflets > 0) console.log(`Demo leaflets made from the current promotions: ${leaflets}`);
  await ensureForms(database.db);
  await prepareFiles(env, database);
  return database;
}

/** The file store (decision 090): what failed writes left swept, and the files of the old folders copied in. */
async function prepareFiles(env: Env, database: OpenedDatabase): Promise<void> {
  const files = fileStoreOf(env, database.db);
  try {
    await files.sweep?.();
    const moved = await moveOldFiles(
      { formUploadsDir: env.FORM_UPLOADS_DIR, leafletsDir: env.LEAFLETS_DIR },
      files,
    );
    console.log(`Files: ${fileStoreDescription(env)}`);
    if (moved.copied > 0 || moved.present > 0)
      console.log(
        `  ${moved.copied} files copied from ${env.FORM_UPLOADS_DIR} and ${env.LEAFLETS_DIR}, ${moved.present} there already: the old folders can be deleted once a start copies none`,
      );
  } finally {
    files.close?.();
  }
}

function open(env: Env): Promise<OpenedDatabase> {
  return openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR }).catch(
    (error: unknown) => {
      const hint = env.DATABASE_URL
        ? 'Check DATABASE_URL and that the server is running.'
        : `The embedded database in ${env.DATA_DIR} could not be opened (another process using it, or damaged). Stop the other process, or delete the folder to start over with fresh demo data.`;
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n  ${hint}`);
    },
  );
}

/** One process serving requests: the whole shop when alone, or one worker of several. */
async function serve(env: Env, database: OpenedDatabase, started: number): Promise<void> {
  if (!existsSync(join(env.WEB_DIST, 'index.html')) && !cluster.isWorker)
    console.warn(`\n  ${missingDistMessage(env.WEB_DIST)}\n`);
  // the demo social providers (decisions 054 and 090): in every process, on ports the processes share, their
  // state in the database
  const demoIdp = isFederationDemoOn(env)
    ? await startDemoIdentityProviders(
        (provider) => `${publicUrlOf(env)}/ebsn/api/social-redir/${provider}-mobile`,
        env.FEDERATION_DEMO_PORT,
        { db: database.db },
      )
    : null;
  const configured = configuredSocialProviders(env);
  const socialProviders = [
    ...configured,
    ...(demoIdp?.providers ?? []).filter((d) => !configured.some((c) => c.provider === d.provider)),
  ];
  const app = await buildApp({
    env,
    db: database.db,
    dbKind: database.kind,
    serveWebApp: true,
    socialProviders,
    processMetrics: true,
  });
  app.addHook('onClose', async () => {
    await demoIdp?.close();
  });
  // the category listings read once before the first customer (decision 020), then kept warm
  const warmer =
    env.CACHE_TTL_MS > 0 && env.LISTING_WARM === 'on'
      ? new ListingWarmer(app.catalogue, {
          refreshMs: Math.max(env.CACHE_TTL_MS - 60_000, env.CACHE_TTL_MS / 2),
          minGapMs: env.LISTING_WARM_GAP_MS,
          log: (m) => {
            if (!cluster.isWorker) console.log(m);
          },
        })
      : null;
  if (env.WARM_BEFORE_LISTEN === 'on') await warmer?.warm();
  drainOnSignals(env, app, database, () => warmer?.stop());
  if (cluster.isWorker) answerPrimaryForMetrics(app.metrics.registry);
  else if (env.METRICS_PORT > 0) await serveMetrics(env, processMetrics(app.metrics.registry));

  // the spare (decision 089) is built and warm; it listens when the primary calls it in
  if (isSpareWorker(env)) await awaitCallIn();
  await app.listen({ port: env.PORT, host: env.HOST });
  // the current leaflets' page images and PDFs, drawn once when missing (one process of a cluster)
  // (its line tells when this start-up work is over: the bench measures after it)
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    const drawing = Date.now();
    app.leaflets
      .drawCurrent()
      .then((drawn) => console.log(leafletsDrawnMessage(drawn, Date.now() - drawing)))
      .catch((err: unknown) => app.log.error({ err }, 'leaflet files not drawn'));
  }
  // a replacement worker warms after it started serving (its first requests read the database)
  if (env.WARM_BEFORE_LISTEN === 'off') void warmer?.warm();
  warmer?.start();
  if (cluster.isWorker) process.send?.('ready');
  else console.log(readyMessage(env, started));
  // the demo providers' oidc-provider, loaded once the shop serves (their first request would otherwise)
  demoIdp?.load().catch((err: unknown) => app.log.error({ err }, 'demo identity providers not loaded'));
  if (demoIdp && (!cluster.isWorker || cluster.worker?.id === 1))
    console.log(
      `  social sign-in: demo providers ${demoIdp.providers.map((p) => `${p.name} (${p.issuer})`).join(' and ')}; the demo company's sign-on at /demo-idp/saml/sso (README, "Social sign-in")`,
    );
}

main().catch((error: unknown) => {
  console.error('Spesa could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
