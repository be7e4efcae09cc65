// `npm run test:hosts` (decision 091), the part inside the "client" namespace: brings the machines up, then runs
// each part against the proxy and prints its figures and its time. scripts/test-hosts.mjs built the network and
// removes everything afterwards. Exit 1 when a check failed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenedDatabase } from '../../../apps/api/src/db/client';
import { stage, type Setup } from '../purchase';
import { backupDrill, takeBaseBackup } from './backup';
import { checkOrders, longestGap, runBuyers, serverErrors, type LoadResult } from './buyers';
import { filesPart, priceChangePart, throttlePart } from './parts';
import {
  ADDR,
  DATABASE_URL,
  HEALTH_CHECK_PATH,
  PgHost,
  SHOP_URL,
  WORK_DIR,
  proxyStats,
  launchApiHost,
  startApiHost,
  startProxy,
  waitFor,
  type ApiHost,
} from './topology';

const BUYERS = 4;
const failures: string[] = [];
const timings: Array<[string, number]> = [];
const t00 = Date.now();

async function part<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
  const t0 = Date.now();
  console.log(`\n━━ ${name}`);
  try {
    return await fn();
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    failures.push(`${name}: ${msg}`);
    console.log(`  FAILED: ${msg}`);
    return undefined;
  } finally {
    const s = (Date.now() - t0) / 1000;
    timings.push([name, s]);
    console.log(`  (${s.toFixed(1)} s)`);
  }
}

function expect(what: string, ok: boolean, figure: string) {
  console.log(`  ${ok ? '✓' : '✗'} ${what}: ${figure}`);
  if (!ok) failures.push(`${what}: ${figure}`);
}

const figures = (r: LoadResult) =>
  `${r.acknowledged.length} orders acknowledged in ${r.seconds.toFixed(1)} s (${(r.acknowledged.length / r.seconds).toFixed(1)}/s), ` +
  `${r.abandoned} attempts abandoned${r.errorSamples.length ? ` (e.g. ${r.errorSamples[0]})` : ''}`;

async function openDb(): Promise<OpenedDatabase> {
  const { openDatabase } = await import('../../../apps/api/src/db/client');
  return openDatabase({ url: DATABASE_URL });
}

async function main() {
  if (!WORK_DIR)
    throw new Error('run through `npm run test:hosts` (scripts/test-hosts.mjs builds the namespaces)');
  const archive = join(WORK_DIR, 'wal-archive');
  mkdirSync(archive, { recursive: true });
  const db1 = new PgHost('db1', archive);
  const db2 = new PgHost('db2', archive);
  let statsSocket = '';
  let api1: ApiHost | undefined;
  let api2: ApiHost | undefined;
  let setup: Setup | undefined;
  let database: OpenedDatabase | undefined;
  const runs: LoadResult[] = [];
  console.log(
    `test:hosts: proxy ${SHOP_URL}, API hosts ${ADDR.api1} and ${ADDR.api2} (2 workers each), PostgreSQL ${ADDR.db1} (primary) and ${ADDR.db2} (synchronous standby); health check ${HEALTH_CHECK_PATH}`,
  );

  const up = await part(
    'machines up: PostgreSQL primary and synchronous standby, HAProxy, two API hosts',
    async () => {
      const { spawnSync } = await import('node:child_process');
      let t = Date.now();
      const step = (what: string) => {
        console.log(`  ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
        t = Date.now();
      };
      spawnSync('chown', ['postgres', archive]);
      db1.initPrimary();
      db1.start();
      db1.psql('CREATE DATABASE spesa');
      db2.initStandby(db1);
      db2.start();
      db1.psql("ALTER SYSTEM SET synchronous_standby_names = 'db2'");
      db1.psql('SELECT pg_reload_conf()');
      await waitFor(
        'the standby streams synchronously',
        () =>
          db1.psql("SELECT sync_state FROM pg_stat_replication WHERE application_name = 'db2'") === 'sync',
        20_000,
      );
      step(`replication ${db1.psql('SELECT application_name, state, sync_state FROM pg_stat_replication')}`);
      db1.startRoleCheck();
      db2.startRoleCheck();
      statsSocket = startProxy().statsSocket;
      await waitFor(
        'HAProxy finds the primary',
        async () => (await proxyStats(statsSocket)).get('postgres/db1')?.status === 'UP',
        20_000,
      );
      step('HAProxy up, the role checks find db1 the primary');
      const first = launchApiHost('api1'); // the first start migrates and seeds the database
      await first.seeded;
      step('api1 migrated and seeded the database');
      const second = launchApiHost('api2');
      [api1, api2] = await Promise.all([first.ready, second.ready]);
      step('api1 and api2 ready (2 workers each)');
      await waitFor(
        'both API hosts pass the health check',
        async () => {
          const st = await proxyStats(statsSocket);
          return st.get('api/api1')?.status === 'UP' && st.get('api/api2')?.status === 'UP';
        },
        20_000,
      );
      database = await openDb();
      setup = await stage(database.db, [BUYERS, BUYERS, BUYERS]);
      step('both in the rotation; buyers staged');
      return true;
    },
  );
  if (!up || !setup || !database) return;
  const s = setup;
  const db = database;

  await part('backup: a base backup while the shop runs (deploy/pg-backup.sh)', async () => {
    const figure = takeBaseBackup(archive);
    console.log(`  ${figure}`);
  });

  await part('purchases through the proxy land on both API hosts', async () => {
    const before = await proxyStats(statsSocket);
    const r = await runBuyers(SHOP_URL, s.pools[0]!, s, 8);
    runs.push(r);
    const after = await proxyStats(statsSocket);
    const served = (h: string) =>
      (after.get(`api/${h}`)?.requests ?? 0) - (before.get(`api/${h}`)?.requests ?? 0);
    const both = r.acknowledged.filter((a) => a.hosts.size === 2).length;
    console.log(`  ${figures(r)}; requests served: api1 ${served('api1')}, api2 ${served('api2')}`);
    expect(
      'orders whose calls landed on both hosts completed',
      both > 0 && r.abandoned === 0,
      `${both} of ${r.acknowledged.length}, ${r.abandoned} failed`,
    );
    const check = await checkOrders(db.db, s, runs);
    expect(
      'every acknowledged order whole and paid, nothing twice',
      check.problems.length === 0,
      check.problems.join('; ') || `${check.orders} orders checked`,
    );
  });

  await part('a throttle counts across hosts', () => throttlePart(db.db, s));
  await part('a price change on one host shows on the other within the read cache bound', () =>
    priceChangePart(db.db),
  );
  await part('a file uploaded through one host downloads through the other', () => filesPart(db.db));

  await part('kill -9 of one API host while buyers buy', async () => {
    let restarted: Promise<ApiHost> | undefined;
    const killer = (async () => {
      await new Promise((r) => setTimeout(r, 3000));
      api1!.kill();
      const ms = await waitFor(
        'the proxy marks api1 down',
        async () => (await proxyStats(statsSocket)).get('api/api1')?.status.startsWith('DOWN') ?? false,
        15_000,
        50,
      );
      console.log(
        `  api1 killed (kill -9 of its primary and workers); the proxy marked it down after ${ms} ms`,
      );
      // started again at once, as a supervisor (systemd) does; it joins while the buyers still buy
      restarted = startApiHost('api1');
    })();
    const t = Date.now();
    const before = await proxyStats(statsSocket);
    const r = await runBuyers(SHOP_URL, s.pools[1]!, s, 12);
    await killer;
    runs.push(r);
    const after = await proxyStats(statsSocket);
    const sum = (m: typeof after, k: 'retries' | 'redispatches') =>
      ['api/api1', 'api/api2'].reduce((a, h) => a + (m.get(h)?.[k] ?? 0), 0);
    console.log(
      `  the proxy retried ${sum(after, 'retries') - sum(before, 'retries')} requests and sent ${sum(after, 'redispatches') - sum(before, 'redispatches')} to the other host`,
    );
    console.log(
      `  ${figures(r)}; longest time without an acknowledged order ${(longestGap(r) / 1000).toFixed(1)} s`,
    );
    console.log(
      `  buys repeated by the client with their Idempotency-Key: ${r.acknowledged.filter((a) => a.buyRepeats > 0).length}`,
    );
    const check = await checkOrders(db.db, s, runs);
    expect(
      'every acknowledged order exists whole, nothing applied twice',
      check.problems.length === 0,
      check.problems.join('; ') ||
        `${check.orders} orders, ${check.unanswered} committed without an answer reaching the buyer`,
    );
    expect(
      'buying went on through the other host',
      r.acknowledged.length > 0,
      `${r.acknowledged.length} orders`,
    );
    api1 = await restarted!;
    await waitFor(
      'api1 back in the rotation',
      async () => (await proxyStats(statsSocket)).get('api/api1')?.status === 'UP',
      20_000,
    );
    console.log(
      `  api1 restarted and back in the rotation ${((Date.now() - t) / 1000 - 3).toFixed(1)} s after the kill`,
    );
  });

  await part('stop the primary mid-load, promote the standby', async () => {
    const failover = (async () => {
      await new Promise((r) => setTimeout(r, 3000));
      db1.stopImmediate();
      const t0 = Date.now();
      db2.promote();
      console.log(`  primary stopped (immediate), standby promoted in ${Date.now() - t0} ms`);
      const ms = await waitFor(
        'the proxy sends database connections to db2',
        async () => (await proxyStats(statsSocket)).get('postgres/db2')?.status === 'UP',
        15_000,
        50,
      );
      console.log(`  HAProxy's role check found the new primary ${ms} ms after the promotion`);
      return performance.now();
    })();
    serverErrors.clear();
    const r = await runBuyers(SHOP_URL, s.pools[2]!, s, 16);
    await failover;
    const statuses = [...serverErrors].map(([status, n]) => `${n} × ${status}`).join(', ');
    expect(
      'the database away answered 503 "riprova", never 500',
      !serverErrors.has(500),
      statuses || 'no answer of 500 or over',
    );
    runs.push(r);
    console.log(
      `  ${figures(r)}; longest time without an acknowledged order ${(longestGap(r) / 1000).toFixed(1)} s`,
    );
    const late = r.ackTimes.filter((t) => t > 8000).length;
    expect('buying resumed on the new primary', late > 0, `${late} orders acknowledged after the failover`);
    await db.close();
    database = await openDb();
    const check = await checkOrders(database.db, s, runs);
    expect(
      'no acknowledged order or payment movement missing on the new primary',
      check.problems.length === 0,
      check.problems.join('; ') ||
        `${check.orders} orders, ${check.movements} payment movements of answered orders`,
    );
  });

  const token = s.pools[0]![0]!;
  const mine = runs
    .flatMap((r) => r.acknowledged.filter((a) => a.token === token).map((a) => a.orderId))
    .slice(-5);
  await part(
    'restore drill: the base backup and the WAL archive into a fresh cluster (deploy/pg-restore.sh)',
    () => backupDrill(archive, db2, { token, orderIds: mine }),
  );

  await database?.close();
  await Promise.all([api1?.stop(), api2?.stop()]);
}

await main().catch((err: unknown) => {
  failures.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
});
console.log('\n━━ time per part');
for (const [name, sec] of timings) console.log(`  ${sec.toFixed(1).padStart(6)} s  ${name}`);
console.log(`  ${((Date.now() - t00) / 1000).toFixed(1).padStart(6)} s  in all`);
if (failures.length) {
  console.log(`\ntest:hosts FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\ntest:hosts passed');
process.exit(0);
