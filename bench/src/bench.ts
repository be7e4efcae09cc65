// `npm run bench`: the catalogue API under load (autocannon), on a 100,000-product database, on embedded
// PGlite and on PostgreSQL, in one run. Figures are printed and written to docs/benchmarks.md.
//
//   npm run bench                          both databases
//   npm run bench -- --db=pglite           only one (pglite | postgres)
//   npm run bench -- --duration=5 --connections=20 --products=100000 --reseed
//   npm run bench -- --part=orders --orders=2000   order placement only (checkout/buy, decision 017)
//   npm run bench -- --part=catalogue              the catalogue rows only
//
// PGlite: var/bench-pglite, seeded once (SEED_PRODUCT_TARGET) and reused while var/bench-pglite.json says it
// holds the requested number of products. PostgreSQL: a private throw-away cluster (scripts/lib/pg-cluster.mjs),
// seeded on every run.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPgBinDir, freePort, startPgCluster, type PgCluster } from '../../scripts/lib/pg-cluster.mjs';
import {
  apiData,
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
  type CategoryNode,
  type ProductItem,
} from './lib';

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
const orderCount = Number(text('orders', '2000'));
const seedTimeoutMs = 60 * 60_000;

const API = '/ebsn/api';

interface Scenario {
  name: string;
  /** the one URL of the cached case (warmed up first) */
  cached: string;
  /** URL per request for the varied case; absent when varying makes no sense */
  varied?: () => string;
}

interface Row {
  db: string;
  scenario: string;
  mode: 'cached' | 'varied';
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** One autocannon run. Latencies are collected per response (autocannon's summary has no p95). */
async function load(
  base: string,
  path: string | (() => string),
  seconds: number,
): Promise<Omit<Row, 'db' | 'scenario' | 'mode'>> {
  const latencies: number[] = [];
  const varied = typeof path === 'function';
  // Without a callback autocannon returns the running instance, which is also a promise of the result.
  const options: autocannon.Options = {
    url: `${base}${varied ? path() : path}`,
    connections,
    duration: seconds,
    timeout: 10,
    ...(varied ? { requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }] } : {}),
  };
  const instance = autocannon(options) as unknown as autocannon.Instance;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await (instance as unknown as Promise<autocannon.Result>);
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/** Real ids, slugs and words from the running server, to build the scenarios. */
async function discover(base: string): Promise<{ scenarios: Scenario[]; totalProducts: number }> {
  const tree = await apiData<{ categories: CategoryNode[] }>(base, `${API}/category`);
  const departments = tree.categories.map((c) => c.categoryId as number);
  const leaves: number[] = [];
  const walk = (cats: CategoryNode[]) => {
    for (const c of cats) {
      if (c.categories?.length) walk(c.categories);
      else leaves.push(c.categoryId);
    }
  };
  walk(tree.categories);
  if (!departments.length) throw new Error('the category tree is empty');

  let totalProducts = 0;
  const slugs: string[] = [];
  const words = new Set<string>();
  for (const dep of departments) {
    const data = await apiData<{ products: ProductItem[]; page: { totItems: number } }>(
      base,
      `${API}/products?parent_category_id=${dep}&page_size=48`,
    );
    totalProducts += data.page.totItems;
    for (const p of data.products) {
      slugs.push(p.slug);
      for (const w of String(p.name)
        .toLowerCase()
        .split(/[^a-zàèéìòù]+/))
        if (w.length >= 4) words.add(w);
    }
  }
  const wordList = [...words];
  const searchWords = [
    'pasta',
    'latte',
    'mozzarella',
    'biscotti',
    'caffè',
    'olio',
    'riso',
    'yogurt',
    'pomodoro',
    'formaggio',
    ...wordList.slice(0, 40),
  ];
  const prefixes = [...new Set(wordList.map((w) => w.slice(0, rand(3, 5))))];
  const firstDep = departments[0]!;
  const slug = slugs[0]!;
  console.log(
    `  ${departments.length} departments, ${leaves.length} leaf categories, ${totalProducts} products listed under departments; ` +
      `${slugs.length} slugs, ${prefixes.length} suggest prefixes sampled for the varied runs`,
  );
  return {
    totalProducts,
    scenarios: [
      { name: 'baseline /version.json', cached: `${API}/version.json` },
      {
        name: 'category listing',
        cached: `${API}/products?parent_category_id=${firstDep}&page=2`,
        varied: () =>
          Math.random() < 0.5
            ? `${API}/products?parent_category_id=${pick(departments)}&page=${rand(1, 20)}`
            : `${API}/products?parent_category_id=${pick(leaves)}&page=${rand(1, 3)}`,
      },
      {
        name: 'search q=pasta',
        cached: `${API}/products?q=pasta`,
        varied: () => `${API}/products?q=${encodeURIComponent(pick(searchWords))}&page=${rand(1, 3)}`,
      },
      {
        name: 'suggest q=mozz',
        cached: `${API}/products/suggest?q=mozz`,
        varied: () => `${API}/products/suggest?q=${encodeURIComponent(pick(prefixes))}`,
      },
      {
        name: 'product by slug',
        cached: `${API}/products?slug=${encodeURIComponent(slug)}`,
        varied: () => `${API}/products?slug=${encodeURIComponent(pick(slugs))}`,
      },
      { name: 'category tree', cached: `${API}/category` },
    ],
  };
}

async function benchServer(
  db: string,
  server: RunningServer,
): Promise<{ rows: Row[]; totalProducts: number }> {
  const { scenarios, totalProducts } = await discover(server.url);
  const rows: Row[] = [];
  for (const s of scenarios) {
    // Warm up: JIT, connection pool, and the cache entry of the cached case.
    await load(server.url, s.cached, 2);
    const cached = await load(server.url, s.cached, duration);
    rows.push({ db, scenario: s.name, mode: 'cached', ...cached });
    console.log(`  ${s.name} (cached): ${cached.rps.toFixed(0)} req/s, p95 ${cached.p95.toFixed(1)} ms`);
    if (s.varied) {
      const varied = await load(server.url, s.varied, duration);
      rows.push({ db, scenario: s.name, mode: 'varied', ...varied });
      console.log(`  ${s.name} (varied): ${varied.rps.toFixed(0)} req/s, p95 ${varied.p95.toFixed(1)} ms`);
    }
  }
  return { rows, totalProducts };
}

// ---------------------------------------------------------------------------------------------------------
const allRows: Row[] = [];
const notes: string[] = [];
const started = Date.now();

if (only !== 'orders' && dbs.includes('pglite')) {
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

if (only !== 'orders' && dbs.includes('postgres')) {
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
        settings: { shared_buffers: '256MB', work_mem: '16MB' },
        log: (m) => console.log(`  ${m}`),
      });
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
        const { rows, totalProducts } = await benchServer('PostgreSQL', server);
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
  orders: number;
  concurrency: number;
  seconds: number;
  ordersPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}
function orderBench(db: 'pglite' | 'postgres', inFlight: number, url?: string): Promise<OrderRow> {
  return new Promise((resolveRun, rejectRun) => {
    const args = [
      '--import',
      'tsx',
      join(root, 'apps/api/src/modules/checkout/order-placement.bench.ts'),
      `--db=${db}`,
      `--orders=${orderCount}`,
      `--concurrency=${inFlight}`,
      ...(url ? [`--url=${url}`] : []),
    ];
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: inherited,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolveRun({ ...(JSON.parse(line) as OrderRow), db: db === 'pglite' ? 'PGlite' : 'PostgreSQL' });
      } catch (error) {
        rejectRun(new Error(`order bench on ${db} failed: ${String(error)}\n${out}`));
      }
    });
  });
}
const orderRows: OrderRow[] = [];
const ORDER_MODERATE_IN_FLIGHT = 4;
if (only !== 'catalogue') {
  // a moderate load (the latency a customer meets) and the saturation (the throughput), each on a fresh
  // database: with N buys in flight the mean latency is N / throughput (Little's law)
  const inFlights = [...new Set([ORDER_MODERATE_IN_FLIGHT, connections])];
  if (dbs.includes('pglite'))
    for (const n of inFlights) {
      console.log(`\n== Order placement on PGlite (${orderCount} orders, ${n} in flight)`);
      orderRows.push(await orderBench('pglite', n));
    }
  if (dbs.includes('postgres') && findPgBinDir())
    for (const n of inFlights) {
      console.log(`\n== Order placement on PostgreSQL (${orderCount} orders, ${n} in flight)`);
      const cluster = await startPgCluster({ database: 'spesa_orders', log: (m) => console.log(`  ${m}`) });
      try {
        orderRows.push(await orderBench('postgres', n, cluster.url));
      } finally {
        cluster.stop();
      }
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
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const head = ['database', 'scenario', 'mode', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors'];
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

console.log(`\n${textTable(head, cells)}\n`);
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
  const file = writeDocsSection('API (autocannon)', body);
  console.log(`\nwritten to ${file} (total ${((Date.now() - started) / 1000).toFixed(0)} s)`);
} else if (orderRows.length === 0) {
  console.log('nothing measured');
  process.exitCode = 1;
}
await sleep(0);
