// One journey server: the production server (scripts/start.mjs) on E2E_PORT with a brand-new embedded database
// in var/e2e-<timestamp>, deleted again when the server stops. serve-all.mjs starts the run's three of them.
//   E2E_DATA_FROM=<folder>: the new database is a copy of that prepared one (migrated and seeded) instead of
//     being migrated and seeded here;
//   E2E_PREPARE_DATA=<folder>: prepares such a database in that folder (the server creates, migrates and seeds
//     it), stops the server as soon as it answers and keeps the folder.
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { keepServerShift, shiftToRomeTime } from './clock.mjs';
import { startPaymentStandIns } from './payment-stand-ins.mjs';
import { startTileServer } from './tile-server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const preparing = process.env.E2E_PREPARE_DATA ? resolve(process.env.E2E_PREPARE_DATA) : null;
const dataDir = preparing ?? join(root, 'var', `e2e-${Date.now()}-${process.pid}`);
const env = { ...process.env };
delete env.DATABASE_URL; // always the embedded database
delete env.E2E_DATA_FROM;
delete env.E2E_PREPARE_DATA;

if (process.env.E2E_DATA_FROM) {
  // a copy of the run's database, prepared once by serve-all.mjs: the same demo data, none of another
  // server's writes (the copy is taken before any server serves)
  cpSync(resolve(process.env.E2E_DATA_FROM), dataDir, { recursive: true });
  console.log(`[e2e server] fresh embedded database in ${dataDir} (a copy of the run's prepared one)`);
} else console.log(`[e2e server] fresh embedded database in ${dataDir}`);
const clockAt = process.env.E2E_SERVER_CLOCK ?? '09:00';
// the run's shift when Playwright's config set one (both servers of a run share it), else this server's own
const runShift = Number(process.env.E2E_RUN_CLOCK_SHIFT_MS);
const shiftMs =
  Number.isFinite(runShift) && process.env.E2E_RUN_CLOCK_SHIFT_MS
    ? runShift
    : /^\d{2}:\d{2}$/.test(clockAt)
      ? shiftToRomeTime(clockAt)
      : 0;
keepServerShift(shiftMs);
console.log(`[e2e server] server clock: ${new Date(Date.now() + shiftMs).toISOString()}`);
// the stores' map's base map from a stand-in tile server (decision 071); MAP_TILES_URL= (empty) draws the plot
const tiles = process.env.MAP_TILES_URL === undefined && !preparing ? await startTileServer() : null;
const port = process.env.E2E_PORT ?? '8181';
const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
// the payment journeys' server takes cards and Satispay through the providers' stand-ins (decision 086)
const providers =
  process.env.E2E_PAYMENT_STAND_INS === 'on' && !preparing
    ? await startPaymentStandIns({ publicUrl, shiftMs })
    : null;
const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...env,
    PORT: port,
    // the journeys' address (playwright.config.ts: 127.0.0.1): the sign-in providers' return addresses and the
    // mails' links point there, so the browser keeps one origin and one set of cookies (decision 054)
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // the read cache's lifetime: what it lets lag (a new vote's stars on a product card, decision 036) shows
    // within a journey's patience (production: 15 minutes)
    CACHE_TTL_MS: process.env.CACHE_TTL_MS ?? '20000',
    // ...and with so short a lifetime the listings' warm-up (decision 020) is read again by nobody: each
    // listing is read when a journey first asks for it (the warm-up's own tests are the API's)
    LISTING_WARM: process.env.LISTING_WARM ?? 'off',
    // every journey's customer and staff member signs in and registers from this one address (127.0.0.1): a
    // whole run makes more than the 50 a quarter of an hour one address is allowed; the throttle's own
    // tests are the API's (rate-limit), per account the limit stays
    AUTH_RATE_MAX_PER_ADDRESS: process.env.AUTH_RATE_MAX_PER_ADDRESS ?? '2000',
    // the receipts journey sees a digital receipt switch take effect (decision 046)
    RECEIPT_SWITCH_DELAY_MS: process.env.RECEIPT_SWITCH_DELAY_MS ?? '8000',
    // the app build's journey receives push messages on an endpoint of its own on this machine (decision 055)
    PUSH_ENDPOINTS:
      process.env.PUSH_ENDPOINTS ??
      'https://fcm.googleapis.com,https://*.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com,http://127.0.0.1:*',
    ...(tiles
      ? { MAP_TILES_URL: tiles.url, MAP_TILES_ATTRIBUTION: 'Mappa di prova dei test, nessun dato reale' }
      : {}),
    ...(providers?.env ?? {}),
    // the server's day starts at 09:00 in Italy whatever the hour (clock.mjs); E2E_SERVER_CLOCK= keeps the real clock
    E2E_SERVER_CLOCK_SHIFT_MS: String(shiftMs),
    NODE_OPTIONS: [
      env.NODE_OPTIONS,
      `--import=${pathToFileURL(join(root, 'e2e/support/server-clock.mjs')).href}`,
    ]
      .filter(Boolean)
      .join(' '),
  },
  stdio: 'inherit',
});

const cleanup = () => {
  if (!preparing) rmSync(dataDir, { recursive: true, force: true });
};
let forwarded = false;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (forwarded) return;
    forwarded = true;
    server.kill(sig);
    setTimeout(() => server.kill('SIGKILL'), 8000).unref();
  });
}
if (preparing) void stopWhenAnswering();
server.on('exit', (code) => {
  cleanup();
  void (providers ? providers.stop() : Promise.resolve()).finally(() => process.exit(code ?? 0));
});
process.on('exit', cleanup);

/** Preparing: the database is ready once the server answers; then the server stops (closing it cleanly). */
async function stopWhenAnswering() {
  for (;;) {
    try {
      if ((await fetch(`${publicUrl}/ebsn/api/version.json`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  console.log(`[e2e server] database prepared in ${dataDir}`);
  forwarded = true;
  server.kill('SIGTERM');
}
