// `npm run bench`: the catalogue API under load (autocannon), on a 100,000-product database, on embedded
// PGlite and on PostgreSQL, in one run. Figures are printed and written to docs/benchmarks.md.
//
//   npm run bench                          both databases
//   npm run bench -- --db=pglite           only one (pglite | postgres)
//   npm run bench -- --duration=5 --connections=20 --products=100000 --reseed
//   npm run bench -- --part=orders --orders=2000   order placement only (checkout/buy, decision 017)
//   npm run bench -- --part=catalogue              the catalogue rows only
//   npm run bench -- --part=catalogue --scenarios='category listing,category listing per store'   those rows only
//   npm run bench -- --part=processes              1 and 2 API processes (WORKERS) on one PostgreSQL:
//                                                  varied listing and order placement over HTTP (processes.ts);
//                                                  --process-orders=N buyers staged per run (default 400/s × duration)
//   npm run bench -- --part=lists                  a 200-product list viewed, a 100-product list into the cart
//                                                  (apps/api/src/modules/lists/lists.bench.ts, issue 20)
//   npm run bench -- --part=receipts               a 500-receipt customer's list, till ingestion per second
//                                                  (apps/api/src/modules/receipts/receipts.bench.ts, issue 22)
//   npm run bench -- --part=loyalty                checkout with a personal gift certificate and the wallet
//                                                  (order-placement.bench.ts --scenario=gift-wallet, issue 21),
//                                                  each run beside a plain one on the same machine state
//   npm run bench -- --part=uploads                rounds of 20 parallel 2 MB form uploads: memory, other p95
//   npm run bench -- --part=search-tail            the long tail of search (search-tail.ts, issue 27): a generated
//                                                  log of >= 20,000 distinct searches and a listing log, cache on
//                                                  and off, both databases; --products=10000|100000|1000000 for the
//                                                  cost curve, --read-cache=off for the cold rows only, --cpu-prof to
//                                                  profile the server (var/cpu-prof/); --url=http://... --label=
//                                                  PostgreSQL --read-cache=off: against a server started by hand
//   npm run bench -- --part=purchase               the whole purchase over HTTP (cart, slot, prepare, buy, payment)
//                                                  at 4 and 20 buyers, PostgreSQL 1 and 2 processes and PGlite
//                                                  (purchase.ts; --purchase-buyers, --purchase-engines,
//                                                  --purchase-workers, --purchase-cpu-prof, --purchase-perf, --purchase-trace,
//                                                  --purchase-server=built|source, --purchase-warm=S,
//                                                  --purchase-durable=off (PostgreSQL with the test clusters'
//                                                  fsync, synchronous_commit, full_page_writes off; default on),
//                                                  --purchase-population=N other customers, default 20000)
//   npm run bench -- --part=feeds                  the chain's feeds through the integration API on PostgreSQL:
//                                                  100,000 stock rows (full and delta) and 100,000 list prices
//                                                  (feeds.ts, issue 50): time, statements, CPU per part
//   npm run bench -- --part=fixed-cost             the API's CPU per request on cheap routes beside a bare fastify
//                                                  (fixed-cost.ts, issue 53): --fixed-requests, --fixed-rounds,
//                                                  --fixed-connections, --fixed-servers=a=path,b=path (A/B builds),
//                                                  --fixed-cpu-prof
//   npm run bench -- --part=catalogue,orders       several parts; the default `all` runs the five
//
// PGlite: var/bench-pglite, seeded once (SEED_PRODUCT_TARGET) and reused while var/bench-pglite.json says it
// holds the requested number of products. PostgreSQL: a private throw-away cluster (scripts/lib/pg-cluster.mjs),
// seeded on every run.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Client as PgClient } from 'pg';
import { join } from 'node:path';
import { findPgBinDir, freePort, startPgCluster, type PgCluster } from '../../scripts/lib/pg-cluster.mjs';
import {
  gitSha,
  machine,
  mdTable,
  option,
  root,
  sleep,
  startServer,
  textTable,
  today,
  writeDocsSection,
  type RunningServer,
} from './lib';
import { POPULATION } from './purchase-population';
import { benchProcesses, postmasterPid, sampleCpu } from './processes';
import { benchFeeds } from './feeds';
import { benchFixedCost } from './fixed-cost';
import { benchPurchase } from './purchase';
import { benchUploads } from './uploads';
import { discover, load, percentile, type LoadResult } from './scenarios';
import {
  benchTail,
  listingLog,
  QUERY_KINDS,
  readVocabulary,
  searchLog,
  searchQueries,
  type TailRun,
} from './search-tail';

// ---------------------------------------------------------------------------------------------------------
const text = (name: string, fallback: string) => {
  const v = option(name);
  return typeof v === 'string' ? v : fallback;
};
const duration = Number(text('duration', '10'));
const connections = Number(text('connections', '20'));
const products = Number(text('products', '100000'));
const dbs = text('db', 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const reseed = option('reseed') === true;
const only = text('part', 'all');
const PARTS = [
  'catalogue',
  'orders',
  'loyalty',
  'lists',
  'receipts',
  'uploads',
  'processes',
  'search-tail',
  'purchase',
  'feeds',
  'fixed-cost',
];
// the fixed cost per request is a measurement on demand, not a figure of docs/benchmarks.md
const parts = new Set(only === 'all' ? PARTS.filter((p) => p !== 'fixed-cost') : only.split(','));
for (const p of parts)
  if (!PARTS.includes(p)) throw new Error(`--part=${p}: expected all, ${PARTS.join(', ')} (comma separated)`);
const orderCount = Number(text('orders', '2000'));
const seedTimeoutMs = 60 * 60_000;

interface Row extends LoadResult {
  db: string;
  scenario: string;
  mode: 'cached' | 'varied';
  /** PostgreSQL: statements per request (pg_stat_statements over the measured seconds) */
  statements?: number;
  /** PostgreSQL: CPU ms per request of the API process and of PostgreSQL, from /proc */
  cpuMs?: { api: number; pg: number };
}

/** PostgreSQL's cost per request of a run: statements (pg_stat_statements) and CPU (/proc). */
interface RunCost {
  start(): Promise<() => Promise<Pick<Row, 'statements' | 'cpuMs'>>>;
}

function postgresCost(cluster: PgCluster, server: RunningServer): RunCost {
  const pgPid = postmasterPid(cluster);
  const onDb = async <T>(work: (c: PgClient) => Promise<T>): Promise<T> => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  };
  return {
    async start() {
      await onDb((c) => c.query('SELECT pg_stat_statements_reset()'));
      const t0 = performance.now();
      const cpu = sampleCpu(server.child.pid, pgPid);
      return async () => {
        const used = cpu();
        const seconds = (performance.now() - t0) / 1000;
        const calls = await onDb(async (c) => {
          const r = await c.query<{ n: number }>(
            `SELECT coalesce(sum(calls), 0)::float8 AS n FROM pg_stat_statements
             WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
               AND query NOT ILIKE '%pg_stat_statements%'`,
          );
          return r.rows[0]?.n ?? 0;
        });
        return { statements: calls, cpuMs: { api: used.api * seconds * 1000, pg: used.pg * seconds * 1000 } };
      };
    },
  };
}

/** A run's statements and CPU divided by its requests. */
const perRequest = (
  cost: Pick<Row, 'statements' | 'cpuMs'>,
  total: number,
): Pick<Row, 'statements' | 'cpuMs'> =>
  cost.statements === undefined || !cost.cpuMs
    ? {}
    : {
        statements: cost.statements / Math.max(1, total),
        cpuMs: { api: cost.cpuMs.api / Math.max(1, total), pg: cost.cpuMs.pg / Math.max(1, total) },
      };

async function benchServer(
  db: string,
  server: RunningServer,
  cost?: RunCost,
): Promise<{ rows: Row[]; totalProducts: number }> {
  const { scenarios, totalProducts } = await discover(server.url);
  const rows: Row[] = [];
  const measured = async (path: string | (() => string)) => {
    const done = await cost?.start();
    const result = await load(server.url, path, duration, connections);
    return { ...result, ...(done ? perRequest(await done(), result.total) : {}) };
  };
  const wanted = text('scenarios', '').split(',').filter(Boolean);
  for (const s of scenarios.filter((x) => wanted.length === 0 || wanted.includes(x.name))) {
    // Warm up: JIT, connection pool, and the cache entry of the cached case.
    await load(server.url, s.cached, 2, connections);
    const cached = await measured(s.cached);
    rows.push({ db, scenario: s.name, mode: 'cached', ...cached });
    console.log(`  ${s.name} (cached): ${cached.rps.toFixed(0)} req/s, p95 ${cached.p95.toFixed(1)} ms`);
    if (s.varied) {
      const varied = await measured(s.varied);
      rows.push({ db, scenario: s.name, mode: 'varied', ...varied });
      console.log(
        `  ${s.name} (varied): ${varied.rps.toFixed(0)} req/s, p95 ${varied.p95.toFixed(1)} ms, ` +
          `p99 ${varied.p99.toFixed(1)} ms` +
          (varied.statements !== undefined ? `, ${varied.statements.toFixed(2)} statements per request` : ''),
      );
    }
  }
  return { rows, totalProducts };
}

// ---------------------------------------------------------------------------------------------------------
const allRows: Row[] = [];
const notes: string[] = [];
const started = Date.now();

if (parts.has('catalogue') && dbs.includes('pglite')) {
  console.log(`\n== PGlite (embedded), ${products} products`);
  const dataDir = join(root, 'var/bench-pglite');
  const marker = join(root, 'var/bench-pglite.json');
  const seeded =
    existsSync(marker) &&
    existsSync(dataDir) &&
    JSON.parse(readFileSync(marker, 'utf8')).products === products;
  if (!seeded || reseed) {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(marker, { force: true });
    console.log(`  creating and seeding ${dataDir} with ${products} products (first run only)`);
  } else {
    console.log(`  reusing ${dataDir}`);
  }
  const t0 = Date.now();
  const server = await startServer({
    label: 'pglite',
    port: await freePort(),
    env: { DATA_DIR: dataDir, SEED_PRODUCT_TARGET: String(products) },
    readyTimeoutMs: seedTimeoutMs,
  });
  const startSecs = (Date.now() - t0) / 1000;
  try {
    if (!seeded || reseed) {
      writeFileSync(
        marker,
        JSON.stringify({ products, seededAt: new Date().toISOString(), seconds: startSecs }, null, 2),
      );
      notes.push(
        `PGlite: creating + seeding ${products} products took ${startSecs.toFixed(0)} s (first start).`,
      );
    } else {
      notes.push(`PGlite: reopening the ${products}-product database took ${startSecs.toFixed(1)} s.`);
    }
    const { rows, totalProducts } = await benchServer('PGlite', server);
    allRows.push(...rows);
    if (totalProducts < products * 0.95)
      notes.push(`PGlite: only ${totalProducts} products found under departments.`);
  } finally {
    await server.stop();
  }
}

if (parts.has('catalogue') && dbs.includes('postgres')) {
  console.log(`\n== PostgreSQL (private cluster), ${products} products`);
  let cluster: PgCluster | null = null;
  if (!findPgBinDir()) {
    const why = 'PostgreSQL server binaries not found (sudo apt-get install -y postgresql)';
    console.log(`  skipped: ${why}`);
    notes.push(`PostgreSQL skipped: ${why}.`);
  } else {
    try {
      cluster = await startPgCluster({
        database: 'spesa_bench',
        settings: {
          shared_buffers: '256MB',
          work_mem: '16MB',
          shared_preload_libraries: 'pg_stat_statements',
        },
        log: (m) => console.log(`  ${m}`),
      });
      {
        const { default: pg } = await import('pg');
        const c = new pg.Client({ connectionString: cluster.url });
        await c.connect();
        await c.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements').finally(() => c.end());
      }
      const t0 = Date.now();
      const server = await startServer({
        label: 'postgres',
        port: await freePort(),
        env: { DATABASE_URL: cluster.url, SEED_PRODUCT_TARGET: String(products) },
        readyTimeoutMs: seedTimeoutMs,
      });
      const seedSecs = (Date.now() - t0) / 1000;
      notes.push(
        `PostgreSQL (${cluster.version.replace(/^pg_ctl \(PostgreSQL\) /, '')}): migrating + seeding ${products} products took ${seedSecs.toFixed(0)} s.`,
      );
      try {
        const { rows, totalProducts } = await benchServer(
          'PostgreSQL',
          server,
          postgresCost(cluster, server),
        );
        allRows.push(...rows);
        if (totalProducts < products * 0.95)
          notes.push(`PostgreSQL: only ${totalProducts} products found under departments.`);
      } finally {
        await server.stop();
      }
    } finally {
      cluster?.stop();
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Order placement: POST /checkout/buy through the whole app, on a freshly seeded demo database per engine
interface OrderRow {
  db: string;
  scenario?: 'plain' | 'gift-wallet';
  orders: number;
  concurrency: number;
  seconds: number;
  ordersPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}
/** Runs one of the API's bench files on a fresh database of `db` and answers the JSON line it prints last. */
function childBench<T>(file: string, db: 'pglite' | 'postgres', args: string[], url?: string): Promise<T> {
  return new Promise((resolveRun, rejectRun) => {
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, file), `--db=${db}`, ...args, ...(url ? [`--url=${url}`] : [])],
      { cwd: root, env: inherited, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolveRun(JSON.parse(line) as T);
      } catch (error) {
        rejectRun(new Error(`${file} on ${db} failed: ${String(error)}\n${out}`));
      }
    });
  });
}
const engineName = (db: 'pglite' | 'postgres') => (db === 'pglite' ? 'PGlite' : 'PostgreSQL');
async function orderBench(
  db: 'pglite' | 'postgres',
  inFlight: number,
  url?: string,
  scenario: 'plain' | 'gift-wallet' = 'plain',
): Promise<OrderRow> {
  const row = await childBench<OrderRow>(
    'apps/api/src/modules/checkout/order-placement.bench.ts',
    db,
    [`--orders=${orderCount}`, `--concurrency=${inFlight}`, `--scenario=${scenario}`],
    url,
  );
  return { ...row, db: engineName(db) };
}
/** The engines asked for (PostgreSQL only when its server binaries are installed). */
const orderEngines = () =>
  (['pglite', 'postgres'] as const).filter((db) => dbs.includes(db) && (db === 'pglite' || findPgBinDir()));
/** One order-placement run on a fresh database of `db` (PostgreSQL: a private cluster of its own). */
async function orderBenchFresh(
  db: 'pglite' | 'postgres',
  inFlight: number,
  scenario: 'plain' | 'gift-wallet',
) {
  if (db === 'pglite') return orderBench(db, inFlight, undefined, scenario);
  const cluster = await startPgCluster({ database: 'spesa_orders', log: (m) => console.log(`  ${m}`) });
  try {
    return await orderBench(db, inFlight, cluster.url, scenario);
  } finally {
    cluster.stop();
  }
}
const orderRows: OrderRow[] = [];
const ORDER_MODERATE_IN_FLIGHT = 4;
if (parts.has('orders')) {
  // a moderate load (the latency a customer meets) and the saturation (the throughput), each on a fresh
  // database: with N buys in flight the mean latency is N / throughput (Little's law)
  const inFlights = [...new Set([ORDER_MODERATE_IN_FLIGHT, connections])];
  for (const db of orderEngines())
    for (const n of inFlights) {
      console.log(`\n== Order placement on ${engineName(db)} (${orderCount} orders, ${n} in flight)`);
      orderRows.push(await orderBenchFresh(db, n, 'plain'));
    }
  for (const r of orderRows)
    console.log(
      `  ${r.db}: ${r.ordersPerSecond.toFixed(0)} orders/s, p95 ${r.p95.toFixed(1)} ms, failures ${r.failures}`,
    );
  if (orderRows.length) {
    const oh = ['database', 'orders', 'in flight', 'orders/s', 'p50 ms', 'p95 ms', 'p99 ms', 'failures'];
    const oc = orderRows.map((r) => [
      r.db,
      r.orders,
      r.concurrency,
      r.ordersPerSecond.toFixed(0),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.p99.toFixed(1),
      r.failures,
    ]);
    const pg = orderRows.find((r) => r.db === 'PostgreSQL' && r.concurrency === connections);
    const pgModerate = orderRows.find(
      (r) => r.db === 'PostgreSQL' && r.concurrency === ORDER_MODERATE_IN_FLIGHT,
    );
    const file = writeDocsSection(
      'Order placement (checkout/buy)',
      [
        `Measured ${today()} on commit ${gitSha()}; machine: ${machine()}.`,
        `Command: \`npm run bench -- --part=orders\` — apps/api/src/modules/checkout/order-placement.bench.ts on a ` +
          'freshly seeded demo database per engine: N customers staged with a prepared cart (one line, one Drive slot ' +
          'with room for all), then `POST /ebsn/api/checkout/buy` (online by card: order, line, stock, slot, ' +
          'history, authorisation and hosted session in one transaction, then the order answer) through the whole ' +
          `Fastify app (app.inject, no socket) with ${ORDER_MODERATE_IN_FLIGHT} and ${connections} buys in flight, ` +
          'each on a fresh database. Every buyer takes the same product and slot: the worst case for row locks.',
        mdTable(oh, oc),
        pg
          ? `Target (PostgreSQL): ≥ 100 orders/s ${pg.ordersPerSecond >= 100 ? '✓' : '✗'} (${connections} in flight), ` +
            `p95 ≤ 100 ms ${pg.p95 <= 100 ? '✓' : '✗'} (${connections} in flight)` +
            (pgModerate
              ? `, ${pgModerate.p95 <= 100 ? '✓' : '✗'} (${ORDER_MODERATE_IN_FLIGHT} in flight).`
              : '.')
          : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    );
    console.log(`written to ${file}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Checkout with a personal gift certificate and the wallet (issue 21), each beside a plain buy measured on
// the same machine state: the machine is shared, so the plain run is the yardstick, not last week's table
const loyaltyRows: OrderRow[] = [];
if (parts.has('loyalty')) {
  const inFlights = [...new Set([ORDER_MODERATE_IN_FLIGHT, connections])];
  for (const db of orderEngines())
    for (const n of inFlights)
      for (const scenario of ['gift-wallet', 'plain'] as const) {
        console.log(
          `\n== Checkout (${scenario}) on ${engineName(db)} (${orderCount} orders, ${n} in flight)`,
        );
        loyaltyRows.push({ ...(await orderBenchFresh(db, n, scenario)), scenario });
      }
  for (const r of loyaltyRows)
    console.log(
      `  ${r.db} ${r.scenario}, ${r.concurrency} in flight: ${r.ordersPerSecond.toFixed(0)} orders/s, p95 ${r.p95.toFixed(1)} ms, failures ${r.failures}`,
    );
  if (loyaltyRows.length) {
    const checkoutName = (r: OrderRow) =>
      r.scenario === 'gift-wallet' ? 'with a certificate and the wallet' : 'plain (card only), same run';
    const lh = [
      'database',
      'checkout',
      'orders',
      'in flight',
      'orders/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'failures',
    ];
    const lc = loyaltyRows.map((r) => [
      r.db,
      checkoutName(r),
      r.orders,
      r.concurrency,
      r.ordersPerSecond.toFixed(0),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.p99.toFixed(1),
      r.failures,
    ]);
    const find = (scenario: OrderRow['scenario'], n: number) =>
      loyaltyRows.find((r) => r.db === 'PostgreSQL' && r.scenario === scenario && r.concurrency === n);
    const pg = find('gift-wallet', connections);
    const pgPlain = find('plain', connections);
    const file = writeDocsSection(
      'Checkout with a certificate and the wallet',
      [
        `Measured ${today()} on commit ${gitSha()}; machine: ${machine()}; 1-minute load average ` +
          `${loadavg()[0]?.toFixed(1)} at the end (the machine is shared with other work: compare the rows of one run).`,
        `Command: \`npm run bench -- --part=loyalty\` — apps/api/src/modules/checkout/order-placement.bench.ts ` +
          '`--scenario=gift-wallet`, as the order placement above, but each customer also has a personal 5 € gift ' +
          'certificate applied to the cart (`POST /ebsn/api/cart-giftcertificate/add_code` while staging) and ' +
          '10 € in the wallet (a goodwill credit), and pays 5 € of the 20 € line with it ' +
          '(`payment_data.wallet_amount`) and the rest by card. Each row on a fresh database; each gift-wallet ' +
          'run is followed by a plain one on the same machine state. After a gift-wallet run the bench fails ' +
          'unless every customer has one order carrying the discount and the wallet part, every certificate was ' +
          'used exactly once by its owner, and every wallet holds 5 € with no movement below zero.',
        mdTable(lh, lc),
        pg
          ? `Target (PostgreSQL, with a certificate and the wallet): ≥ 100 orders/s ${pg.ordersPerSecond >= 100 ? '✓' : '✗'} ` +
            `(${pg.ordersPerSecond.toFixed(0)} orders/s, ${connections} in flight` +
            (pgPlain
              ? `; ${((pg.ordersPerSecond / pgPlain.ordersPerSecond) * 100).toFixed(0)} % of the plain buy's ${pgPlain.ordersPerSecond.toFixed(0)} orders/s in the same run).`
              : ').')
          : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    );
    console.log(`written to ${file}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Shopping lists (issue 20): a 200-product list viewed, a 100-product list into an empty cart, over HTTP
interface ListsServer {
  base: string;
  viewer: { token: string; listId: number };
  owners: Array<{ token: string; listId: number }>;
  viewItems: number;
  cartItems: number;
}
interface ListsRow {
  db: string;
  call: string;
  inFlight: number;
  calls: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

/** Starts lists.bench.ts (the app with the staged lists) and answers what it printed, and how to stop it. */
function startListsServer(db: 'pglite' | 'postgres', owners: number, url?: string) {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'apps/api/src/modules/lists/lists.bench.ts'),
      `--db=${db}`,
      `--owners=${owners}`,
      ...(url ? [`--url=${url}`] : []),
    ],
    { cwd: root, env: inherited, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = new Promise<ListsServer>((resolveReady, rejectReady) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.includes('\n', out.indexOf(line))) resolveReady(JSON.parse(line) as ListsServer);
    });
    child.once('exit', (code) => rejectReady(new Error(`lists bench server exited (${code}):\n${out}`)));
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return { ready, stop };
}

/** One list into the cart as a browser asks it: the time until the whole answer arrived; checked after. */
async function addAllOnce(s: ListsServer, owner: { token: string; listId: number }) {
  const started = performance.now();
  const res = await fetch(`${s.base}/ebsn/api/cart/add-all-from-wishlist`, {
    method: 'POST',
    headers: {
      cookie: `x-ebsn-account=${owner.token}`,
      'accept-encoding': 'br, gzip',
      'content-type': 'application/json',
      origin: s.base,
    },
    body: JSON.stringify({ list_id: owner.listId }),
  });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  const parsed = JSON.parse(Buffer.from(body).toString()) as {
    response: { status: number };
    data: { cartItems?: unknown[] } | null;
  };
  return { ms, ok: res.ok && parsed.response.status === 0 && parsed.data?.cartItems?.length === s.cartItems };
}

async function addAllRun(s: ListsServer, owners: ListsServer['owners'], inFlight: number) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let o = owners[next++]; o; o = owners[next++]) {
        const r = await addAllOnce(s, o);
        latencies.push(r.ms);
        if (!r.ok) failures++;
      }
    }),
  );
  const sorted = Float64Array.from(latencies).sort();
  return {
    calls: owners.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    failures,
  };
}

async function benchLists(db: 'pglite' | 'postgres', url?: string): Promise<ListsRow[]> {
  const perRun = 60;
  const warm = 5;
  const inFlights = [1, ORDER_MODERATE_IN_FLIGHT];
  const server = startListsServer(db, inFlights.length * (perRun + warm), url);
  const name = engineName(db);
  try {
    const s = await server.ready;
    const viewPath = `/ebsn/api/wishlist/view?list_id=${s.viewer.listId}`;
    const headers = { cookie: `x-ebsn-account=${s.viewer.token}`, 'accept-encoding': 'br, gzip' };
    const check = (await (await fetch(`${s.base}${viewPath}`, { headers })).json()) as {
      data: { wishlistItems: unknown[] };
    };
    if (check.data.wishlistItems.length !== s.viewItems)
      throw new Error(
        `the list view answered ${check.data.wishlistItems.length} products, not ${s.viewItems}`,
      );
    const rows: ListsRow[] = [];
    for (const n of inFlights) {
      await load(s.base, viewPath, 2, n, headers);
      const v = await load(s.base, viewPath, duration, n, headers);
      rows.push({
        db: name,
        call: `view of a ${s.viewItems}-product list`,
        inFlight: n,
        calls: v.total,
        ...v,
        failures: v.non2xx + v.errors,
      });
    }
    for (const [k, n] of inFlights.entries()) {
      const mine = s.owners.slice(k * (perRun + warm), (k + 1) * (perRun + warm));
      await addAllRun(s, mine.slice(0, warm), n);
      const a = await addAllRun(s, mine.slice(warm), n);
      rows.push({ db: name, call: `${s.cartItems}-product list into the cart`, inFlight: n, ...a });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

const listsRows: ListsRow[] = [];
if (parts.has('lists')) {
  if (dbs.includes('pglite')) {
    console.log('\n== Lists on PGlite');
    listsRows.push(...(await benchLists('pglite')));
  }
  if (dbs.includes('postgres') && findPgBinDir()) {
    console.log('\n== Lists on PostgreSQL');
    const cluster = await startPgCluster({ database: 'spesa_lists', log: (m) => console.log(`  ${m}`) });
    try {
      listsRows.push(...(await benchLists('postgres', cluster.url)));
    } finally {
      cluster.stop();
    }
  }
  const lh = ['database', 'call', 'in flight', 'calls', 'p50 ms', 'p95 ms', 'p99 ms', 'failures'];
  const lc = listsRows.map((r) => [
    r.db,
    r.call,
    r.inFlight,
    r.calls,
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    r.failures,
  ]);
  if (lc.length) console.log(`\n${textTable(lh, lc)}`);
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  // the targets are the latency of one customer's call; with 4 in flight the two cores are shared by the
  // load generator, the server and the database, and the figures say how latency grows under load
  const targets = listsRows
    .filter((r) => r.db === 'PostgreSQL' && r.inFlight === 1)
    .map((r) => {
      const limit = r.call.startsWith('view') ? 30 : 300;
      return `- ${r.call}, ${r.inFlight} in flight: p95 ${r.p95.toFixed(1)} ms (target ≤ ${limit}) ${mark(r.p95 <= limit)}`;
    });
  if (listsRows.length) {
    const file = writeDocsSection(
      'Shopping lists',
      [
        `Measured ${today()} on commit ${gitSha()}; machine: ${machine()}.`,
        'Command: `npm run bench -- --part=lists` — apps/api/src/modules/lists/lists.bench.ts serves the app on a ' +
          'freshly seeded demo database per engine, with customers staged in it: one with a 200-product list, and ' +
          'customers with an empty cart and a 100-product list each. The bench process calls it over HTTP as a ' +
          'browser does (session cookie, brotli or gzip accepted): `GET /ebsn/api/wishlist/view` with autocannon ' +
          `(${duration} s after 2 s of warm-up), and \`POST /ebsn/api/cart/add-all-from-wishlist\` once per customer ` +
          '(60 customers after 5 to warm up; a call that does not leave all 100 products in the cart is a failure), ' +
          `1 and ${ORDER_MODERATE_IN_FLIGHT} calls in flight.`,
        mdTable(lh, lc),
        targets.length ? `Targets (PostgreSQL):\n\n${targets.join('\n')}` : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    );
    console.log(`written to ${file}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Receipts (issue 22): a 500-receipt customer's list and till ingestion, over HTTP, on PostgreSQL
interface ReceiptsFigures {
  list: { receipts: number; calls: number; p50: number; p95: number; p99: number };
  ingest: { receipts: number; inFlight: number; seconds: number; perSecond: number };
}
async function benchReceipts(url: string): Promise<ReceiptsFigures> {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/api/src/modules/receipts/receipts.bench.ts'), `--url=${url}`],
    { cwd: root, env: inherited, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`receipts bench exited (${code}):\n${out}`);
  return JSON.parse(line) as ReceiptsFigures;
}
let receiptsMeasured = false;
if (parts.has('receipts') && findPgBinDir()) {
  console.log('\n== Receipts on PostgreSQL');
  const cluster = await startPgCluster({ database: 'spesa_receipts', log: (m) => console.log(`  ${m}`) });
  let f: ReceiptsFigures;
  try {
    f = await benchReceipts(cluster.url);
  } finally {
    cluster.stop();
  }
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const rows = [
    [
      `list of a ${f.list.receipts}-receipt customer`,
      f.list.calls,
      f.list.p50.toFixed(1),
      f.list.p95.toFixed(1),
      f.list.p99.toFixed(1),
      '—',
    ],
    [
      `till ingestion, ${f.ingest.inFlight} tills at once`,
      f.ingest.receipts,
      '—',
      '—',
      '—',
      f.ingest.perSecond.toFixed(0),
    ],
  ];
  const rh = ['call', 'calls', 'p50 ms', 'p95 ms', 'p99 ms', 'receipts/s'];
  console.log(`\n${textTable(rh, rows)}`);
  receiptsMeasured = true;
  const file = writeDocsSection(
    'Receipts',
    [
      `Measured ${today()} on commit ${gitSha()}; machine: ${machine()}; load average at the end ` +
        `${loadavg()[0]?.toFixed(1) ?? '—'} (the machine is shared: other work slows every figure).`,
      'Command: `npm run bench -- --part=receipts` — apps/api/src/modules/receipts/receipts.bench.ts builds the app ' +
        'on a freshly seeded demo database in a private PostgreSQL cluster, sends 500 receipts (10 lines each) of ' +
        'one customer through the till ingestion, then over HTTP: `GET /ebsn/api/receipts/list` (first page and ' +
        'page 20 in turn, one call at a time, 400 calls after 40 to warm up), and 2,000 new receipts through ' +
        '`POST /ebsn/api/receipts/till/ingest` from 8 tills at once (after 100 to warm up).',
      mdTable(rh, rows),
      `Targets (PostgreSQL):\n\n- receipt list, 500 receipts: p95 ${f.list.p95.toFixed(1)} ms (target ≤ 30) ${mark(f.list.p95 <= 30)}\n` +
        `- till ingestion: ${f.ingest.perSecond.toFixed(0)} receipts/s (target ≥ 200) ${mark(f.ingest.perSecond >= 200)}`,
    ].join('\n\n'),
  );
  console.log(`written to ${file}`);
}

// ---------------------------------------------------------------------------------------------------------
// the forms' uploads (decision 051): memory of the server and the other requests' p95 while they run
let uploadsMeasured = false;
if (parts.has('uploads') && findPgBinDir()) {
  console.log('\n== Form uploads on PostgreSQL');
  const uploadsDir = join(root, 'var/bench-uploads-files');
  rmSync(uploadsDir, { recursive: true, force: true });
  const cluster = await startPgCluster({ database: 'spesa_uploads', log: (m) => console.log(`  ${m}`) });
  let server: RunningServer | null = null;
  try {
    server = await startServer({
      label: 'uploads',
      port: await freePort(),
      env: { DATABASE_URL: cluster.url, FORM_UPLOADS_DIR: uploadsDir, FORM_RATE_MAX_PER_ADDRESS: '100000' },
      readyTimeoutMs: seedTimeoutMs,
    });
    const pid = server.child.pid;
    if (!pid) throw new Error('uploads: the server has no pid');
    const f = await benchUploads(server.url, pid, 3);
    const growth = f.rssPeakMb - f.rssBeforeMb;
    const mark = (ok: boolean) => (ok ? '✓' : '✗');
    const rh = ['request', 'p50 ms alone', 'p95 ms alone', 'p50 ms with uploads', 'p95 ms with uploads'];
    const rows = [
      ['GET /ebsn/api/products/suggest?q=latte', f.quiet.suggest, f.busy.suggest],
      ['GET /p/wp-json/wp/v2/pages?slug=faq', f.quiet.page, f.busy.page],
    ].map(([name, a, b]) => {
      const [q, w] = [a, b] as LoadResult[];
      return [name as string, q!.p50.toFixed(1), q!.p95.toFixed(1), w!.p50.toFixed(1), w!.p95.toFixed(1)];
    });
    console.log(`\n${textTable(rh, rows)}`);
    console.log(
      `  ${f.uploads} uploads in ${f.rounds} rounds of 20 (${f.failures} refused), p95 ${f.uploadP95.toFixed(0)} ms; ` +
        `RSS ${f.rssBeforeMb.toFixed(0)} MB before, peak ${f.rssPeakMb.toFixed(0)} MB`,
    );
    const file = writeDocsSection(
      'Form uploads',
      [
        `Measured ${today()} on commit ${gitSha()}; machine: ${machine()}; load average at the end ` +
          `${loadavg()[0]?.toFixed(1) ?? '—'} (the machine is shared: other work slows every figure).`,
        'Command: `npm run bench -- --part=uploads` — bench/src/uploads.ts starts the shop on a freshly seeded ' +
          'private PostgreSQL cluster, then sends rounds of 20 parallel uploads of a 2 MB PDF (`nf_fu_upload`, the work-with-us CV ' +
          'field, each with its own nonce) for as long as autocannon measures two other requests (4 connections ' +
          "each, 8 s), and samples the server process's resident memory (VmRSS) every 50 ms.",
        mdTable(rh, rows),
        `Uploads: ${f.uploads} in ${f.rounds} rounds (${f.failures} refused); p50 ${f.uploadP50.toFixed(0)} ms, ` +
          `p95 ${f.uploadP95.toFixed(0)} ms per 2 MB upload.`,
        `Targets:\n\n- memory growth while uploading: ${growth.toFixed(0)} MB (RSS ${f.rssBeforeMb.toFixed(0)} → peak ` +
          `${f.rssPeakMb.toFixed(0)} MB; target < 100) ${mark(growth < 100)}\n` +
          `- suggestions p95 with the uploads: ${f.busy.suggest.p95.toFixed(1)} ms (target ≤ 15) ${mark(f.busy.suggest.p95 <= 15)}\n` +
          `- every upload accepted: ${mark(f.failures === 0)}`,
      ].join('\n\n'),
    );
    console.log(`written to ${file}`);
    uploadsMeasured = true;
  } finally {
    await server?.stop();
    cluster.stop();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// 1 and 2 API processes (WORKERS) on one PostgreSQL: the varied listing and order placement over HTTP
let processesMeasured = false;
if (parts.has('processes')) {
  const perRun = text('process-orders', '');
  const measured = await benchProcesses({
    duration,
    connections,
    products,
    seedTimeoutMs,
    ...(perRun ? { ordersPerRun: Number(perRun) } : {}),
  });
  processesMeasured = measured.length > 0;
}

// ---------------------------------------------------------------------------------------------------------
// The long tail of search (issue 27): a day's query log replayed with the read cache on and off
const tailRows: TailRun[] = [];
if (parts.has('search-tail')) {
  const caches = text('read-cache', 'on,off').split(',') as ('on' | 'off')[];
  const distinct = Number(text('distinct', '20000'));
  const maxEntries = 2000; // the server's CACHE_MAX_ENTRIES default (env.ts)
  const profileDir = option('cpu-prof') === true ? join(root, 'var/cpu-prof') : null;
  const tailNotes: string[] = [];
  let logFacts = '';
  const runOn = async (db: 'PGlite' | 'PostgreSQL', env: Record<string, string>) => {
    for (const cache of caches) {
      const server = await startServer({
        label: `${db} search-tail cache ${cache}`,
        port: await freePort(),
        env: {
          ...env,
          SEED_PRODUCT_TARGET: String(products),
          CACHE_TTL_MS: cache === 'on' ? '900000' : '0',
        },
        ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
        readyTimeoutMs: seedTimeoutMs,
      });
      try {
        const vocabulary = await readVocabulary(server.url);
        const queries = searchQueries(vocabulary, distinct);
        const search = searchLog(queries, 100_000);
        const listing = listingLog(vocabulary, 100_000);
        const warm = {
          search: searchLog(searchQueries(vocabulary, 500, 99), 2000, 99),
          listing: listingLog(vocabulary, 2000, 99),
        };
        const byKind = QUERY_KINDS.map((k) => `${queries.filter((q) => q.kind === k).length} ${k}`).join(
          ', ',
        );
        logFacts =
          `${new Set(queries.map((q) => q.q)).size} distinct texts in ${queries.length} distinct searches (${byKind}), ` +
          `from ${vocabulary.names.length} product names and ${vocabulary.brands.length} brands of the first page of ` +
          `${vocabulary.leaves.length} leaf categories; ${queries.filter((q) => q.freeFrom).length} with an allergen filter, ` +
          `${queries.filter((q) => q.sort).length} with a sort other than relevance.`;
        console.log(`  ${logFacts}`);
        tailRows.push(
          ...(await benchTail({
            url: server.url,
            db,
            products,
            cache,
            search,
            listing,
            warm,
            seconds: duration,
            connections,
            maxEntries,
          })),
        );
      } finally {
        await server.stop();
      }
    }
  };
  const against = text('url', '');
  if (against) {
    // a server started by hand (its database, size and cache as it was started with)
    const cache = text('read-cache', 'off') as 'on' | 'off';
    const db = text('label', 'PostgreSQL') as 'PGlite' | 'PostgreSQL';
    const vocabulary = await readVocabulary(against);
    const queries = searchQueries(vocabulary, distinct);
    const warm = {
      search: searchLog(searchQueries(vocabulary, 500, 99), 2000, 99),
      listing: listingLog(vocabulary, 2000, 99),
    };
    const parts = text('tail-parts', 'search,listing').split(',') as ('search' | 'listing')[];
    tailRows.push(
      ...(await benchTail({
        url: against,
        db,
        products,
        cache,
        search: searchLog(queries, 100_000),
        listing: listingLog(vocabulary, 100_000),
        warm,
        seconds: duration,
        connections,
        maxEntries,
        parts,
      })),
    );
    tailNotes.push(`Against a server started by hand (${against}).`);
  } else if (dbs.includes('pglite')) {
    console.log(`\n== search-tail: PGlite (embedded), ${products} products`);
    const dataDir = join(root, products === 100_000 ? 'var/bench-pglite' : `var/bench-pglite-${products}`);
    const marker = `${dataDir}.json`;
    const seeded =
      existsSync(marker) &&
      existsSync(dataDir) &&
      JSON.parse(readFileSync(marker, 'utf8')).products === products;
    if (!seeded || reseed) {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(marker, { force: true });
    }
    await runOn('PGlite', { DATA_DIR: dataDir });
    writeFileSync(marker, JSON.stringify({ products, seededAt: new Date().toISOString() }, null, 2));
  }
  if (!against && dbs.includes('postgres')) {
    console.log(`\n== search-tail: PostgreSQL (private cluster), ${products} products`);
    if (!findPgBinDir()) tailNotes.push('PostgreSQL skipped: server binaries not found.');
    else {
      const cluster = await startPgCluster({
        database: 'spesa_bench',
        settings: { shared_buffers: '256MB', work_mem: '16MB' },
        log: (m) => console.log(`  ${m}`),
      });
      try {
        await runOn('PostgreSQL', { DATABASE_URL: cluster.url });
        tailNotes.push(`PostgreSQL ${cluster.version.replace(/^pg_ctl \(PostgreSQL\) /, '')}.`);
      } finally {
        cluster.stop();
      }
    }
  }
  if (tailRows.length) {
    const head = [
      'database',
      'products',
      'cache',
      'part',
      'hit rate',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'requests',
      'non-2xx',
    ];
    const rows = tailRows.map((r) => [
      r.db,
      r.products,
      r.cache,
      r.part,
      r.cache === 'on' ? `${(r.hitRate * 100).toFixed(0)} %` : '—',
      r.rps.toFixed(0),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.p99.toFixed(1),
      r.total,
      r.non2xx,
    ]);
    console.log(`\n${textTable(head, rows)}\n`);
    const [l1, l5] = loadavg();
    const file = writeDocsSection(
      `Search, the long tail (${products} products)`,
      [
        `Measured ${today()} on commit ${gitSha()}; machine: ${machine()}; load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} (1 / 5 min) at the end.`,
        `Command: \`npm run bench -- --part=search-tail --products=${products}\` — autocannon ${connections} connections, ` +
          `${duration} s per row after 2 s on another log. The search log: ${logFacts} 100,000 requests drawn by ` +
          'popularity (Zipf, exponent 0.9), pages 1 (70 %), 2 (20 %), 3 (10 %), replayed in order. The listing log: ' +
          'departments (30 %) and leaf categories, same pages, sorts and allergen filters, 5 % promotions only. ' +
          '"cache off" runs the server with CACHE_TTL_MS=0 (no read cache, no listing warm-up): every request ' +
          "reaches the database. The hit rate is simulated over the requests sent, in order, with the server's " +
          `LRU of ${maxEntries} pages.`,
        mdTable(head, rows),
        tailNotes.length ? tailNotes.map((n) => `- ${n}`).join('\n') : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    );
    console.log(`written to ${file}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The whole purchase over HTTP: cart/add × 3, timeslot/select, checkout/prepare, checkout/buy, the payment
// page and its return, by N buyers at once (purchase.ts, issue 26)
let purchaseMeasured = false;
if (parts.has('purchase')) {
  const list = (name: string, fallback: string) => text(name, fallback).split(',').filter(Boolean);
  const measured = await benchPurchase({
    duration,
    products: Number(text('purchase-products', String(products))),
    seedTimeoutMs,
    buyers: list('purchase-buyers', '4,20').map(Number),
    engines: list('purchase-engines', 'postgres,pglite') as Array<'postgres' | 'pglite'>,
    workers: list('purchase-workers', '1,2').map(Number),
    cpuProf: option('purchase-cpu-prof') === true,
    perf: option('purchase-perf') === true,
    trace: option('purchase-trace') === true,
    server: text('purchase-server', 'built') === 'source' ? 'source' : 'built',
    population: Number(text('purchase-population', String(POPULATION))),
    warmSeconds: text('purchase-warm', '') === '' ? undefined : Number(text('purchase-warm', '')),
    // a shop's settings by default (session 49); `--purchase-durable=off`: the test clusters', as sessions ≤ 48 measured
    durable: text('purchase-durable', 'on') !== 'off',
  });
  purchaseMeasured = measured.length > 0;
}

// ---------------------------------------------------------------------------------------------------------
// the API's CPU per request on cheap routes, beside a bare fastify (fixed-cost.ts, issue 53)
if (parts.has('fixed-cost')) {
  const pairs = (name: string) =>
    text(name, '')
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const);
  const servers = pairs('fixed-servers').map(([label, spec]) => {
    const [script = '', variables = ''] = spec.split('?');
    return { label, script: script || null, env: Object.fromEntries(new URLSearchParams(variables)) };
  });
  await benchFixedCost({
    requests: Number(text('fixed-requests', '4000')),
    rounds: Number(text('fixed-rounds', '5')),
    connections: Number(text('fixed-connections', '8')),
    servers: servers.length ? servers : [{ label: 'this build', script: null, env: {} }],
    cpuProf: option('fixed-cpu-prof') === true,
  });
}

// ---------------------------------------------------------------------------------------------------------
// the chain's feeds (issue 50): stock and prices through the integration API on PostgreSQL
let feedsMeasured = false;
if (parts.has('feeds') && findPgBinDir()) {
  console.log(`\n== Stock and price feeds on PostgreSQL, ${products} products`);
  const figures = await benchFeeds({ products, seedTimeoutMs });
  const fh = [
    'part',
    'rows',
    'batches',
    'time s',
    'rows/s',
    'statements',
    'CPU API s',
    'CPU database s',
    'answer',
  ];
  const fr = figures.map((f) => [
    f.part,
    f.rows,
    f.batches,
    f.seconds.toFixed(2),
    (f.rows / f.seconds).toFixed(0),
    f.statements,
    f.apiCpuSeconds.toFixed(2),
    f.dbCpuSeconds.toFixed(2),
    f.counts,
  ]);
  console.log(`\n${textTable(fh, fr)}`);
  const stock = figures.filter((f) => f.part.startsWith('stock'));
  const slowest = Math.max(...stock.map((f) => f.seconds));
  const dearest = Math.max(...stock.map((f) => f.apiCpuSeconds + f.dbCpuSeconds));
  feedsMeasured = figures.length > 0;
  const file = writeDocsSection(
    'Stock and price feeds (integration API)',
    [
      `Measured ${today()} on commit ${gitSha()}; machine: ${machine()}; load average at the end ` +
        `${loadavg()[0]?.toFixed(1) ?? '—'} (the machine is shared: other work slows every figure).`,
      `Command: \`npm run bench -- --part=feeds\` — bench/src/feeds.ts seeds ${products} products in a private ` +
        'PostgreSQL cluster, starts the shop (one process), registers a store system (scopes stock and prices) and ' +
        'sends over HTTP with its OAuth token: a full stock count of one store naming every product (one batch, ' +
        "the API's limit is 100,000 rows and 16 MB), the same count again with other figures, a delta of 100,000 " +
        "rows spread over the stores, and 100,000 prices of one price list in batches of 20,000 (the API's limit). " +
        'Time: first byte sent to last answer. Statements: `pg_stat_statements` calls of the whole cluster meanwhile ' +
        "(the shop's job queue polls too). CPU: the API process and the cluster's processes (/proc).",
      mdTable(fh, fr),
      `Target: 100,000 stock rows in well under a minute on PostgreSQL: slowest stock part ${slowest.toFixed(1)} s ` +
        `of wall time (under 60 s ${slowest < 60 ? '✓' : '✗'}) and ${dearest.toFixed(1)} s of CPU, API and database ` +
        `together (under 15 s ${dearest < 15 ? '✓' : '✗'}): on this shared machine the wall time is mostly the ` +
        'queue for its two cores, the CPU is what the feed costs.',
    ].join('\n\n'),
  );
  console.log(`written to ${file}`);
}

// ---------------------------------------------------------------------------------------------------------
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const head = [
  'database',
  'scenario',
  'mode',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'non-2xx',
  'errors',
  'statements per request',
  'CPU ms per request: API / PostgreSQL',
];
const cells = allRows.map((r) => [
  r.db,
  r.scenario,
  r.mode,
  r.rps.toFixed(0),
  ms(r.p50),
  ms(r.p95),
  ms(r.p99),
  r.non2xx,
  r.errors,
  r.statements === undefined ? '—' : r.statements.toFixed(2),
  r.cpuMs ? `${r.cpuMs.api.toFixed(2)} / ${r.cpuMs.pg.toFixed(2)}` : '—',
]);

const targets: string[] = [];
for (const db of ['PostgreSQL', 'PGlite']) {
  for (const mode of ['varied', 'cached'] as const) {
    const suggest = allRows.find((r) => r.db === db && r.scenario.startsWith('suggest') && r.mode === mode);
    const listing = allRows.find((r) => r.db === db && r.scenario === 'category listing' && r.mode === mode);
    if (suggest)
      targets.push(
        `${db}, ${mode}: suggest p95 ${ms(suggest.p95)} ms (target ≤ 15) ${suggest.p95 <= 15 ? '✓' : '✗'}`,
      );
    if (listing)
      targets.push(
        `${db}, ${mode}: category listing p99 ${ms(listing.p99)} ms (target ≤ 30) ${listing.p99 <= 30 ? '✓' : '✗'}`,
      );
  }
}

if (allRows.length) console.log(`\n${textTable(head, cells)}\n`);
for (const t of targets) console.log(t);
for (const n of notes) console.log(n);

if (allRows.length) {
  const body = [
    `Measured ${today()} on commit ${gitSha()}; machine: ${machine()}.`,
    `Command: \`npm run bench\` — autocannon ${connections} connections, ${duration} s per row, after a 2 s warm-up; ` +
      'the load generator runs on the same machine as the server (and, for PostgreSQL, the database), so the ' +
      'cores are shared. "cached" repeats one URL (served from the API\'s read cache after the first request); ' +
      '"varied" picks a random URL per request (departments and leaf categories × pages, ~50 search words × 3 ' +
      'pages, hundreds of suggest prefixes and product slugs), so many requests miss the cache and reach the database.',
    mdTable(head, cells),
    `Targets (PostgreSQL is the one that counts; 20 connections):\n\n${targets.map((t) => `- ${t}`).join('\n')}`,
    notes.length ? `Notes:\n\n${notes.map((n) => `- ${n}`).join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  // a run of some rows (--scenarios) prints them; the docs keep the whole table of a full run
  if (text('scenarios', '') !== '')
    console.log('\n--scenarios: some rows only, docs/benchmarks.md left as it is (paste the rows by hand)');
  else {
    const file = writeDocsSection('API (autocannon)', body);
    console.log(`\nwritten to ${file} (total ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
} else if (
  orderRows.length === 0 &&
  loyaltyRows.length === 0 &&
  listsRows.length === 0 &&
  !receiptsMeasured &&
  !uploadsMeasured &&
  !processesMeasured &&
  tailRows.length === 0 &&
  !purchaseMeasured &&
  !feedsMeasured &&
  !parts.has('fixed-cost')
) {
  console.log('nothing measured');
  process.exitCode = 1;
}
await sleep(0);
