// `npm run bench -- --part=processes` (also part of the default run): the real server with 1 and then 2 API
// processes (WORKERS, node:cluster, decision 026) on one private PostgreSQL cluster, seeded once, measured over
// HTTP with autocannon:
//   - the varied category listing (the URL mix of the API table's "category listing, varied" row), after a
//     warm-up that lasts until the throughput is steady (each process fills its own read cache);
//   - order placement: customers staged in the database with a prepared cart each, then
//     POST /ebsn/api/checkout/buy (pay on delivery) with `connections` buys in flight.
// While each run lasts, the CPU time of the API processes, of PostgreSQL (postmaster and backends), of the
// load generator (this process) and of the whole machine is sampled (/proc, os.cpus()), and the API's
// PostgreSQL sessions are polled (pg_stat_activity: running, waiting on a lock, idle in a transaction), to
// say what limits the second process. The table goes to the console and to its own section of
// docs/benchmarks.md (PROCESSES_SECTION; the other sections are left alone).
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { findPgBinDir, freePort, startPgCluster, type PgCluster } from '../../scripts/lib/pg-cluster.mjs';
// the vitest context the test helpers behind checkout-fixtures.ts read (types only: nothing is loaded)
import type {} from '../../apps/api/test/global-setup';
import type { Db } from '../../apps/api/src/db/client';
import { gitSha, machine, mdTable, sleep, startServer, textTable, today, writeDocsSection } from './lib';
import { LEAFLETS_DRAWN_LINE } from '../../apps/api/src/ready-message';
import { API, discover, load, percentile } from './scenarios';

/** payment type "alla consegna" (pay on delivery): no provider session, no webhook */
const PAY_ON_DELIVERY = 2;
/** buyers staged per run: this many orders per second of the run, so the pool outlasts the run */
const ORDER_POOL_RATE = 400;
/** the buyers spread over this many products and Drive days (slots), as real customers are */
const ORDER_PRODUCTS = 8;
const ORDER_SLOT_DAYS = 4;
const PROCESS_COUNTS = [1, 2] as const;
export const PROCESSES_SECTION = 'API processes: 1 and 2 on one PostgreSQL';

export interface CpuShare {
  /** cores used (CPU seconds per second of the run) */
  api: number;
  pg: number;
  client: number;
  /** the whole machine, and what of it none of the three above used (other work on the machine) */
  machine: number;
  other: number;
  /** 1-minute load average at the end of the run */
  load1: number;
}

export interface ProcessRow {
  workload: 'category listing (varied)' | 'order placement';
  processes: number;
  /** successful requests (orders) per second */
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  total: number;
  seconds: number;
  /** the warm-up before the measured seconds */
  warmSeconds: number;
  cpu: CpuShare;
  sessions: Sessions;
  /** order placement: the staged buyers ran out before the duration */
  exhausted?: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// CPU sampling: /proc/<pid>/stat of process trees (Linux), process.cpuUsage() for this process, os.cpus()

const clockTicks = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const n = Number(r.stdout?.trim());
  return n > 0 ? n : 100;
})();

type ProcTable = Map<number, { ppid: number; ticks: number }>;

function procTable(): ProcTable {
  const table: ProcTable = new Map();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // after "pid (comm) ": state ppid … utime(14) stime(15) cutime(16) cstime(17)
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // cutime/cstime: children that ended (reaped backends, workers) keep counting through their parent
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      table.set(Number(entry), { ppid: Number(f[1]), ticks });
    } catch {
      /* ended meanwhile */
    }
  }
  return table;
}

/** CPU seconds of a process and all its descendants. */
function treeSeconds(table: ProcTable, root: number | undefined): number {
  if (!root) return 0;
  const children = new Map<number, number[]>();
  for (const [pid, p] of table) {
    const list = children.get(p.ppid);
    if (list) list.push(pid);
    else children.set(p.ppid, [pid]);
  }
  let ticks = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    const p = table.get(pid);
    if (!p) continue;
    ticks += p.ticks;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks / clockTicks;
}

function machineBusy(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const c of cpus()) {
    const t = c.times;
    const all = t.user + t.nice + t.sys + t.idle + t.irq;
    total += all;
    busy += all - t.idle;
  }
  return { busy, total };
}

/** Starts sampling; the returned function gives the cores each part used since. */
export function sampleCpu(apiPid: number | undefined, pgPid: number | undefined): () => CpuShare {
  const t0 = performance.now();
  const table = procTable();
  const api0 = treeSeconds(table, apiPid);
  const pg0 = treeSeconds(table, pgPid);
  const client0 = process.cpuUsage();
  const m0 = machineBusy();
  return () => {
    const wall = (performance.now() - t0) / 1000;
    const now = procTable();
    const client = process.cpuUsage(client0);
    const m1 = machineBusy();
    const cores = cpus().length;
    const api = (treeSeconds(now, apiPid) - api0) / wall;
    const pg = (treeSeconds(now, pgPid) - pg0) / wall;
    const clientCores = (client.user + client.system) / 1e6 / wall;
    const machineCores = m1.total > m0.total ? ((m1.busy - m0.busy) / (m1.total - m0.total)) * cores : NaN;
    return {
      api,
      pg,
      client: clientCores,
      machine: machineCores,
      other: Math.max(0, machineCores - api - pg - clientCores),
      load1: loadavg()[0] ?? NaN,
    };
  };
}

/**
 * CPU nanoseconds so far of every thread of each of these processes: the first field of
 * /proc/<pid>/task/<tid>/schedstat (time on a CPU, in ns; /proc/<pid>/stat counts 10 ms clock ticks, too coarse
 * for one call). A thread that ended is no longer counted: compare two readings process by process.
 */
export function threadsCpuNs(pids: Iterable<number>): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of pids) {
    let ns = 0;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        /* ended meanwhile */
      }
    }
    byPid.set(pid, ns);
  }
  return byPid;
}

/** CPU nanoseconds so far of a process's main thread (its task whose id is the pid: Node's event loop). */
export function mainThreadCpuNs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return 0;
  }
}

export function postmasterPid(cluster: PgCluster): number | undefined {
  try {
    const pid = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** PostgreSQL client sessions of the API, mean over the samples of a run. */
export interface Sessions {
  /** executing a statement, not waiting on anything (on a saturated machine: or waiting for a core) */
  running: number;
  /** executing, waiting on a heavyweight lock (a row another transaction updated, …) */
  lockWait: number;
  /** executing, waiting on anything else (LWLock, IO, IPC) */
  otherWait: number;
  /** inside a transaction, waiting for the API process to send the next statement */
  idleInTransaction: number;
  samples: number;
}

const SESSIONS_SQL = `SELECT
    count(*) FILTER (WHERE state = 'active' AND wait_event_type IS NULL)::int AS running,
    count(*) FILTER (WHERE state = 'active' AND wait_event_type = 'Lock')::int AS "lockWait",
    count(*) FILTER (WHERE state = 'active' AND wait_event_type IS NOT NULL AND wait_event_type <> 'Lock')::int AS "otherWait",
    count(*) FILTER (WHERE state LIKE 'idle in transaction%')::int AS "idleInTransaction"
  FROM pg_stat_activity
  WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`;

/** Polls pg_stat_activity every 100 ms until the returned function is called; it answers the means. */
function sampleSessions(db: Db): () => Promise<Sessions> {
  const keys = ['running', 'lockWait', 'otherWait', 'idleInTransaction'] as const;
  const sums = { running: 0, lockWait: 0, otherWait: 0, idleInTransaction: 0 };
  let samples = 0;
  let stopped = false;
  const polling = (async () => {
    while (!stopped) {
      const t = performance.now();
      try {
        const result = (await db.execute(SESSIONS_SQL)) as unknown as {
          rows: Array<Record<(typeof keys)[number], number>>;
        };
        const row = result.rows[0];
        if (row) {
          for (const k of keys) sums[k] += Number(row[k]);
          samples++;
        }
      } catch {
        /* one sample less */
      }
      await sleep(Math.max(0, 100 - (performance.now() - t)));
    }
  })();
  return async () => {
    stopped = true;
    await polling;
    const n = Math.max(1, samples);
    return {
      running: sums.running / n,
      lockWait: sums.lockWait / n,
      otherWait: sums.otherWait / n,
      idleInTransaction: sums.idleInTransaction / n,
      samples,
    };
  };
}

/** CPU and PostgreSQL sessions over one measured run. */
function sample(apiPid: number | undefined, pgPid: number | undefined, db: Db) {
  const cpu = sampleCpu(apiPid, pgPid);
  const sessions = sampleSessions(db);
  return async (): Promise<{ cpu: CpuShare; sessions: Sessions }> => {
    const c = cpu();
    return { cpu: c, sessions: await sessions() };
  };
}

// ---------------------------------------------------------------------------------------------------------
// The listing's warm-up

/**
 * Every API process keeps its own read cache, and a listing read for the first time costs the process (and
 * PostgreSQL) far more than a cached one: the throughput climbs for seconds after a start, longer with more
 * processes (each fills its own cache). The warm-up repeats 2-second loads until two in a row agree within
 * WARM_TOLERANCE (at most WARM_MAX_SECONDS), so that the measured seconds are the steady state.
 */
const WARM_WINDOW_SECONDS = 2;
const WARM_TOLERANCE = 0.1;
const WARM_MAX_SECONDS = 40;

async function warmUntilSteady(
  base: string,
  path: () => string,
  connections: number,
): Promise<{ seconds: number; rates: number[] }> {
  const rates: number[] = [];
  for (let spent = 0; spent < WARM_MAX_SECONDS; spent += WARM_WINDOW_SECONDS) {
    const r = await load(base, path, WARM_WINDOW_SECONDS, connections);
    const previous = rates.at(-1);
    rates.push(r.rps);
    if (previous !== undefined && Math.abs(r.rps - previous) <= WARM_TOLERANCE * previous) break;
  }
  return { seconds: rates.length * WARM_WINDOW_SECONDS, rates };
}

// ---------------------------------------------------------------------------------------------------------
// Order placement over HTTP

/**
 * Buyers staged straight in the database (apps/api/test/checkout-fixtures.ts stageBuyers, as
 * order-placement.bench.ts does): users with a session and a cart prepared for payment, one line each.
 * Spread over ORDER_PRODUCTS products and ORDER_SLOT_DAYS Drive slots, interleaved, so that buys in flight
 * rarely wait on one another's product or slot row. Answers one list of session tokens per entry of `sizes`.
 */
async function stageBuyersFor(db: Db, sizes: number[]): Promise<{ pools: string[][]; groups: string }> {
  const { driveSlot, stageBuyers, testProduct } = await import('../../apps/api/test/checkout-fixtures');
  const total = sizes.reduce((a, b) => a + b, 0);
  const now = new Date();
  const slots: Awaited<ReturnType<typeof driveSlot>>[] = [];
  for (let d = 2; d <= 14 && slots.length < ORDER_SLOT_DAYS; d++) {
    const day = new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    const slot = await driveSlot(db, day, total + 1000).catch(() => null);
    if (slot) slots.push(slot);
  }
  if (!slots.length) throw new Error('no Drive slot in the coming days');
  const products: Awaited<ReturnType<typeof testProduct>>[] = [];
  for (let i = 0; i < ORDER_PRODUCTS; i++) products.push(await testProduct(db, { stock: 10_000_000 }));
  const groups = products.flatMap((product) => slots.map((slot) => ({ product, slot })));
  const perGroup = Math.ceil(total / groups.length);
  const staged = await Promise.all(
    groups.map(({ product, slot }) =>
      stageBuyers({ db }, perGroup, {
        productId: product.productId,
        quantity: 1,
        unitCents: product.priceCents,
        slot,
        now,
      }),
    ),
  );
  const all: string[] = [];
  for (let i = 0; i < perGroup; i++) for (const list of staged) if (list[i]) all.push(list[i]!);
  const pools: string[][] = [];
  let at = 0;
  for (const n of sizes) {
    pools.push(all.slice(at, at + n));
    at += n;
  }
  return { pools, groups: `${products.length} products × ${slots.length} Drive slots` };
}

/**
 * POST /checkout/buy once per token, `connections` in flight, until the tokens run out or `seconds` pass
 * (0: no time limit). A success is HTTP 200 with envelope status 0.
 */
async function placeOrders(
  base: string,
  tokens: string[],
  seconds: number,
  connections: number,
): Promise<{
  ok: number;
  failed: number;
  latencies: Float64Array;
  seconds: number;
  exhausted: boolean;
  failureSamples: string[];
}> {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const failureSamples: string[] = [];
  const latencies: number[] = [];
  const body = JSON.stringify({ payment_type_id: PAY_ON_DELIVERY });
  const started = performance.now();
  const instance = autocannon({
    url: `${base}${API}/checkout/buy`,
    connections: Math.min(connections, tokens.length),
    amount: tokens.length,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: `${API}/checkout/buy`,
        body,
        setupRequest: (req) => ({
          ...req,
          headers: {
            ...req.headers,
            'content-type': 'application/json',
            // every request its own buyer; past the pool an unknown token (refused, counted as a failure)
            'x-ebsn-account': tokens[next++] ?? 'exhausted',
          },
        }),
        onResponse: (status, text) => {
          let envelope = -1;
          try {
            envelope = (JSON.parse(text) as { response?: { status?: number } }).response?.status ?? -1;
          } catch {
            /* not JSON */
          }
          if (status === 200 && envelope === 0) ok++;
          else {
            failed++;
            if (failureSamples.length < 3) failureSamples.push(`HTTP ${status}: ${text.slice(0, 300)}`);
          }
        },
      },
    ],
  }) as unknown as autocannon.Instance;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const timer = seconds > 0 ? setTimeout(() => instance.stop(), seconds * 1000) : null;
  const result = await (instance as unknown as Promise<autocannon.Result>);
  if (timer) clearTimeout(timer);
  const elapsed = (performance.now() - started) / 1000;
  return {
    ok,
    failed: failed + result.errors + result.timeouts,
    latencies: Float64Array.from(latencies).sort(),
    seconds: elapsed,
    exhausted: next >= tokens.length,
    failureSamples,
  };
}

// ---------------------------------------------------------------------------------------------------------

const fixed = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '—');
const sessionsCell = (s: Sessions) =>
  `${fixed(s.running)} / ${fixed(s.lockWait)} / ${fixed(s.otherWait)} / ${fixed(s.idleInTransaction)}`;
const cpuCell = (c: CpuShare) =>
  `${fixed(c.api, 2)} / ${fixed(c.pg, 2)} / ${fixed(c.client, 2)} / ${fixed(c.other, 2)}`;

/**
 * Runs the part; answers the rows (empty when PostgreSQL is not installed) after printing them and writing
 * the docs section.
 */
export async function benchProcesses(opts: {
  duration: number;
  connections: number;
  products: number;
  seedTimeoutMs: number;
  /** buyers per run (default ORDER_POOL_RATE × duration) */
  ordersPerRun?: number;
}): Promise<ProcessRow[]> {
  const { duration, connections, products } = opts;
  console.log(`\n== API processes: ${PROCESS_COUNTS.join(' and ')} on one PostgreSQL, ${products} products`);
  if (!findPgBinDir()) {
    console.log('  skipped: PostgreSQL server binaries not found (sudo apt-get install -y postgresql)');
    return [];
  }
  const rows: ProcessRow[] = [];
  const notes: string[] = [];
  let database: { db: Db; close(): Promise<void> } | null = null;
  const cluster = await startPgCluster({
    database: 'spesa_processes',
    settings: { shared_buffers: '256MB', work_mem: '16MB' },
    log: (m) => console.log(`  ${m}`),
  });
  try {
    const env = { DATABASE_URL: cluster.url, SEED_PRODUCT_TARGET: String(products) };
    // migrate and seed once: a first start of one process, stopped once ready
    const t0 = Date.now();
    const seeding = await startServer({
      label: 'seeding',
      port: await freePort(),
      env: { ...env, WORKERS: '1' },
      readyTimeoutMs: opts.seedTimeoutMs,
      readyLine: ['Spesa is ready', LEAFLETS_DRAWN_LINE],
      quiet: true,
    });
    await seeding.stop();
    notes.push(
      `PostgreSQL ${cluster.version.replace(/^pg_ctl \(PostgreSQL\) /, '')}: migrating + seeding ${products} products took ${((Date.now() - t0) / 1000).toFixed(0)} s.`,
    );

    const warmOrders = Math.max(connections * 5, 50);
    const perRun = opts.ordersPerRun ?? ORDER_POOL_RATE * duration;
    const t1 = Date.now();
    const { openDatabase } = await import('../../apps/api/src/db/client');
    database = await openDatabase({ url: cluster.url });
    const db = database.db;
    const staged = await stageBuyersFor(
      db,
      PROCESS_COUNTS.map(() => warmOrders + perRun),
    );
    console.log(
      `  staged ${staged.pools.reduce((a, p) => a + p.length, 0)} buyers (${staged.groups}) in ${((Date.now() - t1) / 1000).toFixed(1)} s`,
    );
    // fresh statistics for both runs alike (and no autovacuum of the staged rows in the middle of one)
    const vacuum = spawnSync(join(cluster.binDir, 'psql'), [cluster.url, '-qc', 'VACUUM ANALYZE'], {
      encoding: 'utf8',
    });
    if (vacuum.status !== 0) console.log(`  VACUUM ANALYZE failed: ${vacuum.stderr.trim()}`);
    const pgPid = postmasterPid(cluster);

    for (const [i, workers] of PROCESS_COUNTS.entries()) {
      const label = `${workers} process${workers > 1 ? 'es' : ''}`;
      console.log(`\n  -- ${label}`);
      const server = await startServer({
        label,
        port: await freePort(),
        env: { ...env, WORKERS: String(workers) },
        readyLine: ['Spesa is ready', LEAFLETS_DRAWN_LINE],
        quiet: true,
      });
      try {
        const listing = (await discover(server.url)).scenarios.find((s) => s.name === 'category listing');
        if (!listing?.varied) throw new Error('no category listing scenario');
        const warmed = await warmUntilSteady(server.url, listing.varied, connections);
        console.log(
          `  listing warm-up: ${warmed.seconds} s (req/s per 2 s: ${warmed.rates.map((r) => r.toFixed(0)).join(', ')})`,
        );
        const listingSample = sample(server.child.pid, pgPid, db);
        const l = await load(server.url, listing.varied, duration, connections);
        const { cpu: listingCpu, sessions: listingSessions } = await listingSample();
        rows.push({
          workload: 'category listing (varied)',
          processes: workers,
          rate: l.rps,
          p50: l.p50,
          p95: l.p95,
          p99: l.p99,
          failures: l.non2xx + l.errors,
          total: l.total,
          seconds: duration,
          warmSeconds: warmed.seconds,
          cpu: listingCpu,
          sessions: listingSessions,
        });
        console.log(
          `  category listing (varied): ${l.rps.toFixed(0)} req/s, p50 ${fixed(l.p50)} ms, p99 ${fixed(l.p99)} ms; ` +
            `CPU cores API / PostgreSQL / autocannon / other: ${cpuCell(listingCpu)}; ` +
            `PostgreSQL sessions running / lock wait / other wait / idle in transaction: ${sessionsCell(listingSessions)}`,
        );

        const pool = staged.pools[i]!;
        const warm = await placeOrders(server.url, pool.slice(0, warmOrders), 0, connections);
        if (warm.failed)
          console.log(`  warm-up: ${warm.failed} buys failed: ${warm.failureSamples.join(' | ')}`);
        const ordersSample = sample(server.child.pid, pgPid, db);
        const o = await placeOrders(server.url, pool.slice(warmOrders), duration, connections);
        const { cpu: ordersCpu, sessions: ordersSessions } = await ordersSample();
        rows.push({
          workload: 'order placement',
          processes: workers,
          rate: o.ok / o.seconds,
          p50: percentile(o.latencies, 50),
          p95: percentile(o.latencies, 95),
          p99: percentile(o.latencies, 99),
          failures: o.failed,
          total: o.ok + o.failed,
          seconds: o.seconds,
          warmSeconds: warm.seconds,
          cpu: ordersCpu,
          sessions: ordersSessions,
          exhausted: o.exhausted,
        });
        console.log(
          `  order placement: ${(o.ok / o.seconds).toFixed(0)} orders/s (${o.ok} in ${o.seconds.toFixed(1)} s` +
            `${o.exhausted ? ', every staged buyer used' : ''}), p50 ${fixed(percentile(o.latencies, 50))} ms, ` +
            `p99 ${fixed(percentile(o.latencies, 99))} ms, failures ${o.failed}; ` +
            `CPU cores API / PostgreSQL / autocannon / other: ${cpuCell(ordersCpu)}; ` +
            `PostgreSQL sessions running / lock wait / other wait / idle in transaction: ${sessionsCell(ordersSessions)}`,
        );
        if (o.failed) console.log(`  failures: ${o.failureSamples.join(' | ')}`);
        if (o.exhausted)
          notes.push(
            `${label}: the ${pool.length - warmOrders} staged buyers were all used after ${o.seconds.toFixed(1)} s (raise --process-orders).`,
          );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database?.close();
    cluster.stop();
  }
  report(rows, notes, opts);
  return rows;
}

function report(
  rows: ProcessRow[],
  notes: string[],
  opts: { duration: number; connections: number; products: number },
): void {
  if (!rows.length) return;
  const cores = cpus().length;
  const head = [
    'workload',
    'API processes',
    'per s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'failures',
    'warm-up s',
    `CPU cores used: API / PostgreSQL / autocannon / other (of ${cores})`,
    'machine busy',
    'PostgreSQL sessions: running / lock wait / other wait / idle in transaction',
  ];
  const cells = rows.map((r) => [
    r.workload,
    r.processes,
    r.rate.toFixed(0),
    fixed(r.p50),
    fixed(r.p95),
    fixed(r.p99),
    r.failures,
    fixed(r.warmSeconds, 0),
    cpuCell(r.cpu),
    `${fixed((r.cpu.machine / cores) * 100, 0)} %`,
    sessionsCell(r.sessions),
  ]);
  const ratioHead = ['workload', '1 process', '2 processes', 'throughput 2 / 1', 'p50 2 / 1', 'p99 2 / 1'];
  const ratios: (string | number)[][] = [];
  const readings: string[] = [];
  for (const workload of ['category listing (varied)', 'order placement'] as const) {
    const one = rows.find((r) => r.workload === workload && r.processes === 1);
    const two = rows.find((r) => r.workload === workload && r.processes === 2);
    if (!one || !two) continue;
    const unit = workload === 'order placement' ? 'orders/s' : 'req/s';
    const ratio = two.rate / one.rate;
    ratios.push([
      workload,
      `${one.rate.toFixed(0)} ${unit}`,
      `${two.rate.toFixed(0)} ${unit}`,
      `${ratio.toFixed(2)}×`,
      `${(two.p50 / one.p50).toFixed(2)}×`,
      `${(two.p99 / one.p99).toFixed(2)}×`,
    ]);
    readings.push(reading(workload, ratio, one, two, cores));
  }
  const other = Math.max(...rows.map((r) => r.cpu.other));
  const load = Math.max(...rows.map((r) => r.cpu.load1));
  const noisy = other >= 0.25;
  console.log(`\n${textTable(head, cells)}\n`);
  if (ratios.length) console.log(`${textTable(ratioHead, ratios)}\n`);
  for (const r of readings) console.log(r);
  for (const n of notes) console.log(n);
  if (noisy)
    console.log(
      `Other work used up to ${other.toFixed(2)} cores of the machine during these runs (load average up to ${load.toFixed(1)}): the figures are noisy.`,
    );

  const body = [
    `Measured ${today()} on commit ${gitSha()}; machine: ${machine()}.`,
    `Command: \`npm run bench -- --part=processes\` (also part of the default run) — one private PostgreSQL ` +
      `cluster with ${opts.products} products, seeded once; then the real server (\`node --import tsx ` +
      'apps/api/src/server.ts`, NODE_ENV=production) started with WORKERS=1 and then WORKERS=2 (node:cluster, ' +
      'one port), each measured over HTTP by autocannon in this process, on the same machine: the varied ' +
      `category listing (the URL mix of the API table's varied row), ${opts.connections} connections, ` +
      `${opts.duration} s after a warm-up of 2 s loads repeated until two in a row agree within ` +
      `${WARM_TOLERANCE * 100} % (each process fills its own read cache, so the climb after a start lasts ` +
      'longer with two); then order placement — customers staged in the database with a ' +
      'prepared cart (one line; spread over several products and Drive slots, interleaved), one ' +
      `\`POST /ebsn/api/checkout/buy\` each (pay on delivery), ${opts.connections} in flight, ${opts.duration} s ` +
      `after ${Math.max(opts.connections * 5, 50)} warm-up buys. "per s" is successful requests (orders) per ` +
      'second. CPU: cores used during the measured seconds by the API processes (primary and workers), ' +
      'PostgreSQL (postmaster and backends), autocannon (the bench process), and by anything else on the ' +
      "machine (other), from /proc and os.cpus(). PostgreSQL sessions: the mean number of the API's " +
      'sessions, polled in pg_stat_activity every 100 ms, executing a statement (running, or on a saturated ' +
      'machine waiting for a core), waiting on a lock (a row another buy holds), waiting on anything else, ' +
      'or idle inside a transaction (waiting for the API process to send the next statement).',
    mdTable(head, cells),
    ratios.length ? mdTable(ratioHead, ratios) : '',
    readings.length ? `What limits it:\n\n${readings.map((r) => `- ${r}`).join('\n')}` : '',
    [
      ...notes,
      ...(noisy
        ? [
            `Other work on the machine used up to ${other.toFixed(2)} cores during these runs (1-minute load average up to ${load.toFixed(1)}): the figures are noisy; compare the two rows of one run, not runs of different days.`,
          ]
        : []),
    ]
      .map((n) => `- ${n}`)
      .join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  const file = writeDocsSection(PROCESSES_SECTION, body);
  console.log(`written to ${file} (section "${PROCESSES_SECTION}")`);
}

/** One sentence per workload on what the CPU figures say limits the second process. */
function reading(workload: string, ratio: number, one: ProcessRow, two: ProcessRow, cores: number): string {
  const busy = (c: CpuShare) => `${fixed((c.machine / cores) * 100, 0)} %`;
  const shares = (c: CpuShare) =>
    `API ${fixed(c.api, 2)}, PostgreSQL ${fixed(c.pg, 2)}, autocannon ${fixed(c.client, 2)}, other work ${fixed(c.other, 2)} cores`;
  const gain =
    ratio >= 1.1
      ? `a second process added ${((ratio - 1) * 100).toFixed(0)} % throughput`
      : ratio > 0.95
        ? 'a second process added no throughput to speak of'
        : `a second process lost ${((1 - ratio) * 100).toFixed(0)} % throughput`;
  const single =
    one.cpu.api >= 0.85
      ? `alone, the API process used ${fixed(one.cpu.api, 2)} cores: its one JavaScript thread was the bottleneck`
      : one.cpu.machine >= 0.85 * cores
        ? `alone, the API process used ${fixed(one.cpu.api, 2)} cores of a machine already ${busy(one.cpu)} busy (${shares(one.cpu)})`
        : `alone, the API process used ${fixed(one.cpu.api, 2)} cores with the machine ${busy(one.cpu)} busy: it waited on PostgreSQL or the client`;
  const limit =
    two.cpu.machine >= 0.85 * cores
      ? `with two the machine was ${busy(two.cpu)} busy (${shares(two.cpu)}): the limit is the CPU of the ${cores} cores the API processes share with PostgreSQL and the load generator; a second process only gets the CPU time the first could not use`
      : `with two the machine was only ${busy(two.cpu)} busy (${shares(two.cpu)}): the limit is waiting (PostgreSQL round trips, row locks), not CPU`;
  const warm =
    workload.startsWith('category listing') && two.warmSeconds > one.warmSeconds
      ? `; every process fills its own read cache, so the climb to the steady state took ${fixed(one.warmSeconds, 0)} s with one process and ${fixed(two.warmSeconds, 0)} s with two`
      : '';
  const locks =
    workload === 'order placement'
      ? two.sessions.lockWait >= 1
        ? `; PostgreSQL sessions waiting on a lock: ${fixed(one.sessions.lockWait)} on average with one process, ${fixed(two.sessions.lockWait)} with two (row contention on top of the CPU)`
        : `; row locks held up little: ${fixed(one.sessions.lockWait)} sessions waiting on one on average with one process, ${fixed(two.sessions.lockWait)} with two, against ${fixed(two.sessions.running)} running and ${fixed(two.sessions.idleInTransaction)} idle in a transaction waiting on the API`
      : '';
  return `${workload}: ${gain}; ${single}; ${limit}${locks}${warm}.`;
}
