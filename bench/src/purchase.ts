// `npm run bench -- --part=purchase`: the whole purchase as the web app makes it, over real sockets (undici),
// against the listening server. N buyers, each with its own session and its own keep-alive connection, place
// complete orders one after the other: POST /cart/add × 3 (two pieces and one loose product by weight, one
// item per call as the product cards send them), GET /timeslot/select, POST /checkout/prepare, POST
// /checkout/buy paying online by card, then the sandbox provider's hosted page (GET, POST of the card form)
// and the signed return to the shop (GET /payment/feedback/sandbox). Every buyer buys the same three products
// in the same Drive slot (the rows a Saturday morning's buyers share).
//
// Measured at 4 and 20 buyers on PostgreSQL with 1 and 2 API processes (WORKERS) and on PGlite: orders/s,
// p50/p95/p99 per call and per order, errors; on PostgreSQL also the statements per order
// (pg_stat_statements). After each server's runs the database is checked: every answered order exists once,
// is whole (3 lines, a status, an authorisation) and paid, the stock of each product went down by exactly
// what the orders hold, and the slot's booked count equals its orders; any broken rule fails the bench.
//
//   --purchase-buyers=4,20   --purchase-engines=postgres,pglite   --purchase-workers=1,2
//   --purchase-products=N    catalogue size of the seeded database (default --products)
//   --purchase-cpu-prof      the API processes run with --cpu-prof; over the measured seconds only, the busy time
//                            per package and per function (self and inclusive) is printed for each run, and one
//                            buyer's orders one call at a time give the API's CPU per call (cpu-profile.ts)
//   --purchase-perf          the API processes run with --perf-basic-prof and `perf record -F 999 -g` samples them
//                            over the measured seconds only: their on-CPU time by thread, by kind (the kernel per
//                            syscall, V8's garbage collector and compilers, JavaScript, JSON, brotli, OpenSSL),
//                            and the main thread's by package and function (perf-profile.ts; var/purchase-perf/);
//                            on PostgreSQL also the cluster's processes (the postmaster's tree): by process kind,
//                            and the backends' by phase (parse, plan, executor start-up / run / end, commit,
//                            protocol), by kind of work (WAL, LWLocks, JSON, caches, memory contexts…), by function
//   --purchase-warm=S        seconds of orders before each measured run (default 30: a warm server, as a shop
//                            runs; and at least 100 orders per API process); on PostgreSQL then a VACUUM (ANALYZE)
//                            of the database (as pgbench does before a run: autovacuum's analyses, which re-plan
//                            every statement over their tables, fall outside the measure) and 5 s more of orders
//   --purchase-server=built  the compiled server (apps/api/dist/server.mjs, as `npm start` runs it; the default),
//                            or `source` (apps/api/src/server.ts through tsx)
//   --purchase-trace         one buyer, one process: the statements and round trips of each call
//   --purchase-durable=off   the cluster with the test clusters' settings (scripts/lib/pg-cluster.mjs): fsync,
//                            synchronous_commit and full_page_writes off, as the figures of sessions ≤ 48 were taken;
//                            by default (session 49) the cluster runs as a shop runs it, all three on, so each write
//                            transaction's commit flushes the WAL and a page's first change after a checkpoint writes
//                            it whole
// The environment's PURCHASE_PG_SETTINGS (JSON) adds settings to the bench's cluster, e.g. every statement's plan
// with its actual rows: '{"shared_preload_libraries":"pg_stat_statements,auto_explain",
// "auto_explain.log_min_duration":"0","auto_explain.log_analyze":"on","auto_explain.log_nested_statements":"on",
// "logging_collector":"on","log_directory":"/tmp/pglog"}' (a folder the postgres user may write).
//
// The environment's PURCHASE_NODE_ARGS (flags separated by spaces) adds node or V8 flags to the server's command
// line, for those NODE_OPTIONS refuses (e.g. '--always-sparkplug').
//
// After the measured runs of one process on PostgreSQL, one buyer places 20 orders one call at a time and each
// call's CPU (the API process's threads, PostgreSQL's processes, by /proc/<pid>/task/<tid>/schedstat) and
// statements are printed and written beside the tables (callCosts), with two floors: a second of the idle
// process, and GET /healthz.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Client as PgClient } from 'pg';
import { Client } from 'undici';
import { findPgBinDir, freePort, startPgCluster, type PgCluster } from '../../scripts/lib/pg-cluster.mjs';
import type {} from '../../apps/api/test/global-setup';
import type { Db } from '../../apps/api/src/db/client';
import { busyUs, monotonicUs, readProfiles, summariseWindows, type Window } from './cpu-profile';
import {
  perfAvailable,
  perfNodeArgs,
  processTree,
  startPerf,
  summarisePerf,
  summarisePgPerf,
  watchPgProcesses,
} from './perf-profile';
import {
  gitSha,
  machine,
  mdTable,
  root,
  sleep,
  startServer,
  textTable,
  today,
  writeDocsSection,
} from './lib';
import { LEAFLETS_DRAWN_LINE } from '../../apps/api/src/ready-message';
import { mainThreadCpuNs, postmasterPid, sampleCpu, threadsCpuNs } from './processes';
import { settlePopulation, stagePopulation } from './purchase-population';
import { API, percentile } from './scenarios';

export const PURCHASE_SECTION = 'The whole purchase (cart, slot, prepare, buy, payment)';
export const CARD_PAYMENT = 12;
export const SUCCESS_CARD = '4242424242424242';
/** the loose product's weight, kg */
export const LOOSE_KG = 0.6;
export const STOCK = 1_000_000;
/** The store whose carts stageBuyers stages (the checkout fixtures' DRIVE_STORE): its stock moves (decision 095). */
export const DRIVE_STORE = 13;
const SLOT_CAPACITY = 100_000;
/**
 * the seconds every buyer orders before each measured run (--purchase-warm): a shop runs warm, and V8 is still
 * optimising the path's functions for tens of seconds after a start (≈ 17 % of the API's CPU per order measured
 * after 3 s of warm-up, 9 % after 30 s: decision 059, session 48, "where the API's CPU really goes")
 */
const WARM_SECONDS = 30;
/**
 * The warm-up also lasts until each API process has placed this many orders (at most WARM_MAX_SECONDS): every
 * pool connection's statements past PostgreSQL's first five plans (custom plans, then the generic one), which
 * a slow or loaded machine does not reach in WARM_SECONDS (decision 059, session 48).
 */
const WARM_ORDERS_PER_PROCESS = 100;
const WARM_MAX_SECONDS = 20;
/** on PostgreSQL, the seconds of orders after the database's VACUUM (ANALYZE) and before the measure */
const REWARM_SECONDS = 5;
/** the orders of the one-buyer pass that measures the CPU per call (--purchase-cpu-prof) */
const PER_CALL_ORDERS = 20;

/** The calls of one order, in order; "shop" calls are the ones the per-call target is about. */
export const CALLS = [
  'cart/add',
  'timeslot/select',
  'checkout/prepare',
  'checkout/buy',
  'sandbox page',
  'sandbox pay',
  'payment return',
] as const;
type CallName = (typeof CALLS)[number];
const PROVIDER_CALLS = new Set<CallName>(['sandbox page', 'sandbox pay']);

export interface Products {
  pieceA: number;
  pieceB: number;
  loose: number;
}
export interface Setup {
  products: Products;
  slot: { slotId: number; timeslotId: number; date: string };
  /** session tokens, one list per run */
  pools: string[][];
  stock0: Map<number, number>;
}

export interface PurchaseRow {
  engine: 'PostgreSQL' | 'PGlite';
  processes: number;
  buyers: number;
  orders: number;
  seconds: number;
  rate: number;
  order: { p50: number; p95: number; p99: number };
  calls: Record<CallName, { p50: number; p95: number; p99: number; n: number }>;
  /** each call's mean answer size: bytes sent, bytes decoded, the content-encodings seen */
  sizes: Record<CallName, { sent: number; body: number; encodings: string }>;
  errors: number;
  errorSamples: string[];
  /** PostgreSQL: statements executed per order (pg_stat_statements), all API processes together */
  statementsPerOrder: number | null;
  /**
   * of those, the sandbox provider's own (decision 059, session 44): its ledger (sandbox_payments) and its delayed
   * webhook's job (scheduled_jobs: the insert, the claims that took a job, the jobs marked done), what a real
   * provider does on its side; the shop's statements per order are the rest
   */
  providerStatementsPerOrder: number | null;
  /**
   * PostgreSQL: sequential scans per order over the measured seconds (pg_stat_user_tables, all tables), and the
   * tables scanned (issue 53: none of the purchase's statements a sequential scan)
   */
  seqScans: { perOrder: number; tables: string } | null;
  /**
   * PostgreSQL: plans made per order and their milliseconds per order (pg_stat_statements.track_planning), all
   * statements: a statement planned at execution (a custom plan, an unnamed statement, a named one whose plan
   * an analyze invalidated) plans again; a generic plan kept is not counted. Counts that do not move with load.
   */
  planning: {
    plansPerOrder: number;
    msPerOrder: number;
    /**
     * of those, the statements planned at (nearly) every execution (plans ≥ half the calls): what a shop pays
     * per order however long it runs; the rest are each connection's first plans (PostgreSQL plans a named
     * statement for its values at its first five executions before it weighs the generic plan) and plans an
     * analyze invalidated
     */
    everyCall: { plansPerOrder: number; msPerOrder: number };
  } | null;
  /** CPU milliseconds per order of the API processes and of PostgreSQL (null: PGlite, inside the API) */
  apiCpuMs: number;
  pgCpuMs: number | null;
  load1: number;
}

// ---------------------------------------------------------------------------------------------------------
// One buyer over its own connection

export class Browser {
  private readonly client: Client;
  constructor(
    base: string,
    private readonly token: string,
  ) {
    this.client = new Client(base, { keepAliveTimeout: 30_000, pipelining: 1 });
  }

  async call(
    method: 'GET' | 'POST',
    path: string,
    opts: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<{
    status: number;
    text: string;
    location: string | null;
    ms: number;
    servedBy: string | null;
    /** the answer's body as sent (encoded) and decoded, in bytes, and its content-encoding */
    size: { sent: number; body: number; encoding: string };
  }> {
    const headers: Record<string, string> = {
      cookie: `x-ebsn-account=${this.token}`,
      'accept-encoding': 'gzip, deflate, br',
      accept: 'application/json, text/html',
      ...opts.headers,
    };
    let body: string | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    const t0 = performance.now();
    const res = await this.client.request({ method, path, headers, body, headersTimeout: 60_000 });
    const raw = Buffer.from(await res.body.arrayBuffer());
    const ms = performance.now() - t0;
    const encoding = String(res.headers['content-encoding'] ?? '');
    const bytes =
      encoding === 'br'
        ? brotliDecompressSync(raw)
        : encoding === 'gzip'
          ? gunzipSync(raw)
          : encoding === 'deflate'
            ? inflateSync(raw)
            : raw;
    const location = res.headers.location;
    // the host that answered, when a proxy names it (test:hosts, deploy/haproxy.cfg)
    const servedBy = res.headers['x-spesa-host'];
    return {
      status: res.statusCode,
      text: bytes.toString('utf8'),
      location: typeof location === 'string' ? location : null,
      ms,
      servedBy: typeof servedBy === 'string' ? servedBy : null,
      size: { sent: raw.length, body: bytes.length, encoding: encoding || 'identity' },
    };
  }

  close() {
    return this.client.close();
  }
}

export class CallFailed extends Error {}

/** The envelope's data of a JSON answer; throws with the answer when it is not a success. */
export function envelopeData<T>(call: string, r: { status: number; text: string }): T {
  type Envelope = { response?: { status?: number }; data?: T };
  let body: Envelope | null = null;
  try {
    body = JSON.parse(r.text) as Envelope;
  } catch {
    /* not JSON */
  }
  if (r.status !== 200 || !body || body.response?.status !== 0)
    throw new CallFailed(`${call}: HTTP ${r.status} ${r.text.slice(0, 300)}`);
  return body.data as T;
}

interface OrderDone {
  orderId: number;
  ms: number;
  calls: Array<[CallName, number]>;
  /** each call's answer: bytes sent, bytes decoded, content-encoding */
  sizes: Array<[CallName, number, number, string]>;
}

/** One complete order as the web app places it. */
async function placeOrder(b: Browser, setup: Setup): Promise<OrderDone> {
  const calls: Array<[CallName, number]> = [];
  const sizes: OrderDone['sizes'] = [];
  const t0 = performance.now();
  const step = async (
    name: CallName,
    method: 'GET' | 'POST',
    path: string,
    opts: { json?: unknown; form?: Record<string, string> } = {},
  ) => {
    const r = await b.call(method, path, opts);
    calls.push([name, r.ms]);
    sizes.push([name, r.size.sent, r.size.body, r.size.encoding]);
    return r;
  };
  const { pieceA, pieceB, loose } = setup.products;
  for (const item of [
    { productId: pieceA, quantity: 1 },
    { productId: pieceB, quantity: 2 },
    { productId: loose, quantity: LOOSE_KG, weight: LOOSE_KG },
  ]) {
    const cart = envelopeData<{ cartItems: unknown[] }>(
      'cart/add',
      await step('cart/add', 'POST', `${API}/cart/add`, { json: { items: [item] } }),
    );
    if (!Array.isArray(cart.cartItems)) throw new CallFailed('cart/add: no cart in the answer');
  }
  envelopeData(
    'timeslot/select',
    await step(
      'timeslot/select',
      'GET',
      `${API}/timeslot/select?sel_date=${setup.slot.date}&timeslot_id=${setup.slot.timeslotId}`,
    ),
  );
  envelopeData(
    'checkout/prepare',
    await step('checkout/prepare', 'POST', `${API}/checkout/prepare`, {
      json: {
        accept_rules: true,
        need_invoice: false,
        lottery_code: '',
        extra_email: '',
        meal_vouchers: null,
      },
    }),
  );
  const bought = envelopeData<{ orderId: number; paymentUrl: string | null; replayed: boolean }>(
    'checkout/buy',
    await step('checkout/buy', 'POST', `${API}/checkout/buy`, {
      json: {
        payment_type_id: CARD_PAYMENT,
        payment_data: JSON.stringify({ return_path: '/checkout/completed' }),
        idempotency_key: `buy-${randomUUID()}`,
      },
    }),
  );
  if (!bought.paymentUrl || bought.replayed)
    throw new CallFailed(`checkout/buy: no payment page (${JSON.stringify(bought).slice(0, 200)})`);
  const pageUrl = new URL(bought.paymentUrl, 'http://shop');
  const page = await step('sandbox page', 'GET', `${pageUrl.pathname}${pageUrl.search}`);
  if (page.status !== 200) throw new CallFailed(`sandbox page: HTTP ${page.status}`);
  const posted = await step('sandbox pay', 'POST', pageUrl.pathname, {
    form: {
      t: pageUrl.searchParams.get('t') ?? '',
      action: 'pay',
      holder: 'Mario Rossi',
      card_number: SUCCESS_CARD,
      expiry: '12/30',
      cvc: '123',
    },
  });
  if (posted.status !== 303 || !posted.location) throw new CallFailed(`sandbox pay: HTTP ${posted.status}`);
  const back = new URL(posted.location, 'http://shop');
  const returned = await step('payment return', 'GET', `${back.pathname}${back.search}`);
  if (returned.status !== 302 || !returned.location?.includes('/checkout/completed/success'))
    throw new CallFailed(`payment return: HTTP ${returned.status} → ${returned.location ?? ''}`);
  return { orderId: bought.orderId, ms: performance.now() - t0, calls, sizes };
}

interface RunResult {
  done: OrderDone[];
  /** orders each buyer's buy answered (checked against the database) */
  ordersOf: Map<string, number[]>;
  errors: number;
  errorSamples: string[];
  seconds: number;
  /** the run's span on the monotonic clock of the CPU profiles */
  window: Window;
}

/** A pass of one buyer placing orders one call at a time (the trace, the per-call profile), for the checks. */
function oneBuyerRun(token: string, placed: number[], window: Window): RunResult {
  return { done: [], ordersOf: new Map([[token, placed]]), errors: 0, errorSamples: [], seconds: 0, window };
}

/**
 * Every buyer places orders one after the other until `seconds` pass (the order under way is finished); with
 * `warm`, also until `warm.orders` are placed, but not past `warm.maxSeconds`.
 */
async function runBuyers(
  base: string,
  tokens: string[],
  setup: Setup,
  seconds: number,
  warm?: { orders: number; maxSeconds: number },
): Promise<RunResult> {
  const done: OrderDone[] = [];
  const ordersOf = new Map<string, number[]>();
  const errorSamples: string[] = [];
  let errors = 0;
  const fromUs = monotonicUs();
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  const hardUntil = t0 + (warm?.maxSeconds ?? seconds) * 1000;
  const going = () => {
    const now = performance.now();
    return now < until || (warm !== undefined && done.length < warm.orders && now < hardUntil);
  };
  await Promise.all(
    tokens.map(async (token) => {
      const b = new Browser(base, token);
      const mine: number[] = [];
      ordersOf.set(token, mine);
      let failuresInARow = 0;
      try {
        while (going() && failuresInARow < 3) {
          try {
            const o = await placeOrder(b, setup);
            done.push(o);
            mine.push(o.orderId);
            failuresInARow = 0;
          } catch (err) {
            errors++;
            failuresInARow++;
            if (errorSamples.length < 5) errorSamples.push(err instanceof Error ? err.message : String(err));
          }
        }
      } finally {
        await b.close();
      }
    }),
  );
  const window = { fromUs, toUs: monotonicUs() };
  return { done, ordersOf, errors, errorSamples, seconds: (performance.now() - t0) / 1000, window };
}

// ---------------------------------------------------------------------------------------------------------
// Staging and checking, straight in the database (the server is stopped for PGlite: one process opens it)

async function queryAll<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const { queryRows } = await import('../../apps/api/src/db/rows');
  return queryRows<T>(db, query);
}

/** Drive days taken by an earlier setup of this run: each server's runs get a slot of their own. */
const usedDays = new Set<string>();

export async function stage(db: Db, sizes: number[], population = 0): Promise<Setup> {
  const { driveSlot, stageBuyers, testProduct } = await import('../../apps/api/test/checkout-fixtures');
  const now = new Date();
  let slot: Setup['slot'] | null = null;
  // within the days the slot calendar offers (a week)
  for (let d = 2; d <= 6 && !slot; d++) {
    const day = new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    if (usedDays.has(day)) continue;
    slot = await driveSlot(db, day, SLOT_CAPACITY).catch(() => null);
    if (slot) usedDays.add(day);
  }
  if (!slot) throw new Error('no Drive slot in the coming days');
  const products: Products = {
    pieceA: (await testProduct(db, { stock: STOCK })).productId,
    pieceB: (await testProduct(db, { stock: STOCK })).productId,
    loose: (await testProduct(db, { stock: STOCK, sellingType: 'Sfuso' })).productId,
  };
  const pools: string[][] = [];
  for (const n of sizes)
    pools.push(
      await stageBuyers({ db }, n, {
        productId: products.pieceA,
        quantity: 1,
        unitCents: 0,
        slot,
        now,
        emptyCart: true,
      }),
    );
  // the shop's other customers (once per database: the next server's stage finds them), then the tables settled
  await stagePopulation(db, population, DRIVE_STORE, Object.values(products));
  await settlePopulation(db);
  const stock0 = new Map<number, number>();
  for (const id of Object.values(products)) stock0.set(id, STOCK);
  return { products, slot, pools, stock0 };
}

/**
 * What the answered orders must have left in the database. Answers the broken rules (none: all kept).
 */
async function problems(db: Db, setup: Setup, runs: RunResult[]): Promise<string[]> {
  const { sha256 } = await import('../../apps/api/src/modules/account/secrets');
  const out: string[] = [];
  const answered = new Map<number, string>();
  for (const r of runs)
    for (const [token, ids] of r.ordersOf)
      for (const id of ids) {
        if (answered.has(id)) out.push(`order ${id} answered twice`);
        answered.set(id, token);
      }
  const tokens = runs.flatMap((r) => [...r.ordersOf.keys()]);
  const rows = await queryAll<{
    orderId: number;
    tokenHash: string;
    status: number;
    lines: number;
    auths: number;
    history: number;
  }>(
    db,
    sql`SELECT o.order_id AS "orderId", s.token_hash AS "tokenHash", o.order_status_id AS status,
          (SELECT count(*) FROM order_items i WHERE i.order_id = o.order_id)::int AS lines,
          (SELECT count(*) FROM payment_authorizations a WHERE a.order_id = o.order_id AND a.status IN ('authorized', 'captured'))::int AS auths,
          (SELECT count(*) FROM order_status_history h WHERE h.order_id = o.order_id)::int AS history
        FROM orders o JOIN sessions s ON s.user_id = o.user_id
        WHERE s.token_hash = ANY(${`{${tokens.map(sha256).join(',')}}`}::text[])`,
  );
  const hashOf = new Map(tokens.map((t) => [sha256(t), t]));
  const inDb = new Set<number>();
  let lost = 0;
  let foreign = 0;
  let half = 0;
  let unpaid = 0;
  for (const r of rows) {
    inDb.add(r.orderId);
    const token = answered.get(r.orderId);
    if (token === undefined) foreign++;
    else if (hashOf.get(r.tokenHash) !== token) out.push(`order ${r.orderId} belongs to another buyer`);
    if (r.lines !== 3 || r.history < 1 || r.auths !== 1) half++;
    if (r.status !== 3) unpaid++;
  }
  for (const id of answered.keys()) if (!inDb.has(id)) lost++;
  if (lost) out.push(`${lost} answered orders missing from the database`);
  if (foreign) out.push(`${foreign} orders in the database that no buy answered (doubled or stray)`);
  if (half) out.push(`${half} orders without 3 lines, a status and one authorisation`);
  if (unpaid) out.push(`${unpaid} orders not "ordered" after the payment's return`);
  for (const [productId, before] of setup.stock0) {
    const [s] = await queryAll<{ now: string; sold: string }>(
      db,
      sql`SELECT (SELECT COALESCE(stock, 0)::text FROM product_stock
                   WHERE product_id = ${productId} AND warehouse_id = ${DRIVE_STORE}) AS now,
            (SELECT COALESCE(sum(quantity), 0)::text FROM order_items WHERE product_id = ${productId}) AS sold`,
    );
    if (!s || Math.abs(before - Number(s.sold) - Number(s.now)) > 1e-6)
      out.push(`product ${productId}: stock ${s?.now} after selling ${s?.sold} of ${before}`);
  }
  const [slot] = await queryAll<{ booked: number; orders: number }>(
    db,
    sql`SELECT (SELECT booked FROM delivery_slots WHERE slot_id = ${setup.slot.slotId}) AS booked,
          (SELECT count(*) FROM orders WHERE slot_id = ${setup.slot.slotId})::int AS orders`,
  );
  if (!slot || slot.booked !== slot.orders || slot.orders !== answered.size)
    out.push(`slot: booked ${slot?.booked}, orders ${slot?.orders}, answered ${answered.size}`);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// pg_stat_statements

interface Statement {
  query: string;
  calls: number;
  /** execution milliseconds (planning apart) */
  ms: number;
  rows: number;
  /** plans made (pg_stat_statements.track_planning) and their milliseconds */
  plans: number;
  planMs: number;
}

async function statements(url: string): Promise<Statement[]> {
  return onConnection(url, async (c) => {
    const r = await c.query<Statement>(
      `SELECT query, calls::float8 AS calls, total_exec_time AS ms, rows::float8 AS rows,
       plans::float8 AS plans, total_plan_time AS "planMs"
     FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND query NOT ILIKE '%pg_stat_statements%'`,
    );
    return r.rows;
  });
}

/** `work` on a connection of its own to the bench's cluster, closed after it. */
async function onConnection<T>(url: string, work: (c: PgClient) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** VACUUM (ANALYZE) of the whole database (the bench's own connection). */
async function vacuumAnalyse(url: string): Promise<void> {
  return onConnection(url, async (c) => {
    await c.query('VACUUM (ANALYZE)');
  });
}

async function resetStatements(url: string): Promise<void> {
  return onConnection(url, async (c) => {
    await c.query('SELECT pg_stat_statements_reset()');
  });
}

/**
 * Each user table's sequential scans so far (the backends report theirs at their transactions' end), and its
 * vacuums and analyses by autovacuum: each one invalidates the plans cached over the table on every connection.
 */
async function tableScans(url: string): Promise<Map<string, TableCounts>> {
  return onConnection(url, async (c) => {
    const r = await c.query<TableCounts & { relname: string }>(
      `SELECT relname, seq_scan::float8 AS seq, seq_tup_read::float8 AS rows,
       autovacuum_count::float8 AS vacuums, autoanalyze_count::float8 AS analyses
     FROM pg_stat_user_tables`,
    );
    return new Map(r.rows.map(({ relname, ...counts }) => [relname, counts]));
  });
}

interface TableCounts {
  seq: number;
  rows: number;
  vacuums: number;
  analyses: number;
}

/** The tables autovacuum vacuumed or analysed between two readings: `table (vacuums/analyses)`. */
function maintenanceBetween(before: Map<string, TableCounts>, after: Map<string, TableCounts>): string {
  return [...after]
    .map(([table, a]) => {
      const b = before.get(table);
      return { table, vacuums: a.vacuums - (b?.vacuums ?? 0), analyses: a.analyses - (b?.analyses ?? 0) };
    })
    .filter((x) => x.vacuums > 0 || x.analyses > 0)
    .map((x) => `${x.table} (${x.vacuums}/${x.analyses})`)
    .join(', ');
}

/** The sequential scans between two readings, per order: the total and each table's (scans, rows read). */
function seqScansBetween(
  before: Map<string, TableCounts>,
  after: Map<string, TableCounts>,
  orders: number,
): { perOrder: number; tables: string } {
  const per = [...after]
    .map(([table, a]) => {
      const b = before.get(table) ?? { seq: 0, rows: 0 };
      return { table, seq: (a.seq - b.seq) / orders, rows: (a.rows - b.rows) / orders };
    })
    .filter((x) => x.seq > 0)
    .sort((x, y) => y.seq - x.seq);
  return {
    perOrder: per.reduce((a, x) => a + x.seq, 0),
    tables: per.map((x) => `${x.table} ${fixed(x.seq, 2)} (${fixed(x.rows, 0)} rows)`).join(', '),
  };
}

const totalCalls = (s: Statement[]) => s.reduce((a, x) => a + x.calls, 0);
const totalPlans = (s: Statement[]) => s.reduce((a, x) => a + x.plans, 0);
const totalPlanMs = (s: Statement[]) => s.reduce((a, x) => a + x.planMs, 0);
/** A statement planned at (nearly) every execution: its plans are at least half its calls. */
const plannedEveryCall = (x: Statement) => x.calls >= 10 && x.plans >= x.calls / 2;

function planningPerOrder(s: Statement[], orders: number): NonNullable<PurchaseRow['planning']> {
  const every = s.filter(plannedEveryCall);
  return {
    plansPerOrder: totalPlans(s) / orders,
    msPerOrder: totalPlanMs(s) / orders,
    everyCall: { plansPerOrder: totalPlans(every) / orders, msPerOrder: totalPlanMs(every) / orders },
  };
}

/**
 * The statements of the sandbox provider's own bookkeeping: its ledger, and its webhook's delivery as a job (the
 * claims counted by the rows they took, so the pollers' empty claims stay the shop's).
 */
function providerCalls(s: Statement[]): number {
  return s.reduce((a, x) => {
    const q = x.query.replace(/\s+/g, ' ');
    if (/sandbox_payments/i.test(q)) return a + x.calls;
    if (!/scheduled_jobs/i.test(q)) return a;
    if (/^INSERT/i.test(q) || /SET done_at = now\(\)/i.test(q)) return a + x.calls;
    return /SET locked_until = now\(\) \+/i.test(q) ? a + x.rows : a;
  }, 0);
}

// ---------------------------------------------------------------------------------------------------------

const fixed = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '—');

function summarise(
  engine: PurchaseRow['engine'],
  processes: number,
  buyers: number,
  r: RunResult,
  statementsPerOrder: number | null,
  cpu: { api: number; pg: number | null },
  providerStatementsPerOrder: number | null = null,
  seqScans: PurchaseRow['seqScans'] = null,
  planning: PurchaseRow['planning'] = null,
): PurchaseRow {
  const orderMs = Float64Array.from(r.done.map((o) => o.ms)).sort();
  const calls = {} as PurchaseRow['calls'];
  const sizes = {} as PurchaseRow['sizes'];
  for (const name of CALLS) {
    const ms = Float64Array.from(
      r.done.flatMap((o) => o.calls.filter(([n]) => n === name).map(([, v]) => v)),
    ).sort();
    calls[name] = { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), n: ms.length };
    const answers = r.done.flatMap((o) => o.sizes.filter(([n]) => n === name));
    const mean = (i: 1 | 2) => answers.reduce((a, x) => a + x[i], 0) / Math.max(1, answers.length);
    sizes[name] = {
      sent: mean(1),
      body: mean(2),
      encodings: [...new Set(answers.map((x) => x[3]))].join('/'),
    };
  }
  return {
    engine,
    processes,
    buyers,
    orders: r.done.length,
    seconds: r.seconds,
    rate: r.done.length / r.seconds,
    order: { p50: percentile(orderMs, 50), p95: percentile(orderMs, 95), p99: percentile(orderMs, 99) },
    calls,
    sizes,
    errors: r.errors,
    errorSamples: r.errorSamples,
    statementsPerOrder,
    providerStatementsPerOrder,
    seqScans,
    planning,
    apiCpuMs: (cpu.api * r.seconds * 1000) / Math.max(1, r.done.length),
    pgCpuMs: cpu.pg === null ? null : (cpu.pg * r.seconds * 1000) / Math.max(1, r.done.length),
    load1: loadavg()[0] ?? NaN,
  };
}

/** All statements per order, and in brackets the shop's (without the sandbox provider's own). */
function statementsCell(r: PurchaseRow): string {
  if (r.statementsPerOrder === null) return '—';
  if (r.providerStatementsPerOrder === null) return fixed(r.statementsPerOrder);
  return `${fixed(r.statementsPerOrder)} (${fixed(r.statementsPerOrder - r.providerStatementsPerOrder)})`;
}

/** Plans made per order and their milliseconds per order. */
const planningCell = (r: PurchaseRow): string =>
  r.planning
    ? `${fixed(r.planning.plansPerOrder, 2)} / ${fixed(r.planning.msPerOrder, 2)} (at every call ` +
      `${fixed(r.planning.everyCall.plansPerOrder, 2)} / ${fixed(r.planning.everyCall.msPerOrder, 2)})`
    : '—';

function printRow(row: PurchaseRow) {
  const shopP95 = Math.max(...CALLS.filter((c) => !PROVIDER_CALLS.has(c)).map((c) => row.calls[c].p95));
  console.log(
    `  ${row.buyers} buyers: ${fixed(row.rate)} orders/s (${row.orders} in ${fixed(row.seconds)} s), order p50 ` +
      `${fixed(row.order.p50)} / p95 ${fixed(row.order.p95)} / p99 ${fixed(row.order.p99)} ms, worst shop call p95 ` +
      `${fixed(shopP95)} ms, errors ${row.errors}` +
      (row.statementsPerOrder !== null ? `, ${fixed(row.statementsPerOrder)} statements per order` : '') +
      (row.providerStatementsPerOrder !== null
        ? ` (${fixed(row.statementsPerOrder! - row.providerStatementsPerOrder)} the shop's, ` +
          `${fixed(row.providerStatementsPerOrder)} the sandbox provider's own)`
        : '') +
      `, CPU per order: API ${fixed(row.apiCpuMs)} ms` +
      (row.pgCpuMs !== null ? `, PostgreSQL ${fixed(row.pgCpuMs)} ms` : '') +
      `, load ${fixed(row.load1, 2)}`,
  );
  console.log(`    per call p95: ${CALLS.map((c) => `${c} ${fixed(row.calls[c].p95)}`).join(', ')}`);
  console.log(
    `    answers, bytes sent / decoded: ${CALLS.map(
      (c) => `${c} ${fixed(row.sizes[c].sent, 0)} / ${fixed(row.sizes[c].body, 0)} ${row.sizes[c].encodings}`,
    ).join(', ')}`,
  );
  if (row.planning)
    console.log(
      `    planning per order: ${fixed(row.planning.plansPerOrder, 2)} plans, ${fixed(row.planning.msPerOrder, 2)} ms; ` +
        `of them by statements planned at every call ${fixed(row.planning.everyCall.plansPerOrder, 2)} plans, ` +
        `${fixed(row.planning.everyCall.msPerOrder, 2)} ms`,
    );
  if (row.seqScans)
    console.log(
      `    sequential scans per order ${fixed(row.seqScans.perOrder, 2)}${row.seqScans.tables ? `: ${row.seqScans.tables}` : ''}`,
    );
  for (const e of row.errorSamples) console.log(`    error: ${e}`);
}

/** The call of an order a request is. */
function callOf(method: 'GET' | 'POST', path: string): CallName {
  if (path.includes('/cart/add')) return 'cart/add';
  if (path.includes('/timeslot/select')) return 'timeslot/select';
  if (path.includes('/checkout/prepare')) return 'checkout/prepare';
  if (path.includes('/checkout/buy')) return 'checkout/buy';
  if (path.includes('/payment-sandbox/')) return method === 'GET' ? 'sandbox page' : 'sandbox pay';
  return 'payment return';
}

/**
 * One buyer placing `orders` orders, one call at a time: each call's span on the profiles' clock, so that the
 * API's busy samples inside it are that call's CPU (with one buyer nothing else is served meanwhile; the job
 * pollers' and the sandbox's delayed webhook's work falls where it lands, mostly between the calls).
 */
async function callWindows(
  base: string,
  token: string,
  setup: Setup,
  orders: number,
  apiPid: number | undefined,
) {
  const windows = new Map<CallName, Window[]>();
  const placed: number[] = [];
  const b = new Browser(base, token);
  const fromUs = monotonicUs();
  const cpu = sampleCpu(apiPid, undefined);
  const t0 = performance.now();
  try {
    const timed: Browser = Object.create(b) as Browser;
    timed.call = async (method, path, opts) => {
      const from = monotonicUs();
      const r = await b.call(method, path, opts);
      const list = windows.get(callOf(method, path)) ?? [];
      list.push({ fromUs: from, toUs: monotonicUs() });
      windows.set(callOf(method, path), list);
      return r;
    };
    for (let i = 0; i < orders; i++) placed.push((await placeOrder(timed, setup)).orderId);
  } finally {
    await b.close();
  }
  const apiCpuMs = cpu().api * (performance.now() - t0);
  const window = { fromUs, toUs: monotonicUs() };
  return { windows, run: oneBuyerRun(token, placed, window), orders: placed.length, apiCpuMs };
}

/**
 * The API's busy time per call of one buyer's orders (callWindows), sampled: its main thread's samples inside
 * each call. With one buyer the process is mostly idle, so /proc's CPU over the pass is given beside it but not
 * shared out: it also counts the profiler's own sampling thread (≈ constant per second, large per order at one
 * buyer) and V8's garbage-collection helper threads, which the main thread's samples do not see.
 */
function cpuPerCall(dir: string, label: string, pass: Awaited<ReturnType<typeof callWindows>>): string[] {
  const profiles = readProfiles(dir, root);
  const all = busyUs(profiles, [pass.run.window]);
  const orders = Math.max(1, pass.orders);
  const lines = [
    `CPU per call, ${label}, one buyer, ${pass.orders} orders one call at a time, busy samples of the main ` +
      `thread (/proc: ${(pass.apiCpuMs / orders).toFixed(1)} ms of the process's CPU per order, profiler included):`,
  ];
  let inCalls = 0;
  for (const name of CALLS) {
    const w = pass.windows.get(name) ?? [];
    const us = busyUs(profiles, w);
    inCalls += us;
    const wall = w.reduce((a, x) => a + x.toUs - x.fromUs, 0);
    lines.push(
      `  ${name.padEnd(16)} ${(us / 1000 / Math.max(1, w.length)).toFixed(2).padStart(6)} ms per call ` +
        `(${w.length} calls, ${(wall / 1000 / Math.max(1, w.length)).toFixed(1)} ms wall), ` +
        `${(us / 1000 / orders).toFixed(2)} ms per order`,
    );
  }
  lines.push(
    `  in the calls ${(inCalls / 1000 / orders).toFixed(2)} ms per order; between them ` +
      `${((all - inCalls) / 1000 / orders).toFixed(2)} ms per order`,
  );
  return lines;
}

/** What one call (or one span) cost in a callCosts pass. */
interface CallCost {
  /** CPU of every thread of the API process, ns */
  apiNs: number;
  /** of it, its main thread's (the rest: V8's garbage collector and compilers, libuv's pool) */
  apiMainNs: number;
  /** CPU of PostgreSQL's processes (the bench's own backend left out), ns */
  pgNs: number;
  /** pg_stat_statements' executions */
  statements: number;
}

/** The span after each order of a callCosts pass, until the sandbox's delayed webhook is done (its job, the shop's receipt). */
export const WEBHOOK = 'the webhook (after the order)';
/** the sandbox webhook's job kind (payment.routes.ts): callCosts waits for it after each order */
const WEBHOOK_JOB = 'payment.sandbox-webhook';
/** callCosts' floors: a second of the idle process, and GET /healthz (an HTTP exchange that reads nothing) */
const IDLE = 'idle, 1 s';
const HEALTHZ = 'GET /healthz';
/** after an answer, the server's work that follows it (its onResponse hooks) before the CPU is read */
const AFTER_ANSWER_MS = 5;
/** the bench's own statements in a callCosts pass, left out of the statements counted */
const BENCH_MARK = '/* bench */';

/**
 * What each call of the purchase costs: one buyer on one API process placing `orders` orders one call at a
 * time, the CPU of the API process (every thread) and of PostgreSQL's processes over each call by the kernel's
 * per-thread counters (threadsCpuNs), and the statements it ran (pg_stat_statements, read on the bench's own
 * connection, whose backend is left out of PostgreSQL's CPU). After each order the span until the sandbox's
 * delayed webhook is done (WEBHOOK). With one buyer nothing else is served meanwhile, but the process's own
 * work falls where it lands: the job poller's ticks, and V8's major garbage collections, which an idle process
 * runs to shrink its heap (with 100,000 products tens of ms each, mostly off the main thread): each call's
 * median is its figure. One call at a time is dearer than the same call among 20 buyers (nothing is shared
 * between requests: each wakes the process and PostgreSQL's backend on its own), so read the shares of the
 * calls, not the sum.
 */
async function callCosts(
  base: string,
  token: string,
  setup: Setup,
  orders: number,
  apiPid: number,
  pgPid: number,
  statementsUrl: string,
) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: statementsUrl });
  await c.connect();
  const costs = new Map<string, CallCost[]>();
  /** each measured span on the CPU profiles' clock (--purchase-cpu-prof: windows.json's `costs`) */
  const windows = new Map<string, Window[]>();
  const placed: number[] = [];
  const b = new Browser(base, token);
  try {
    const own = Number(
      (await c.query<{ pid: number }>(`${BENCH_MARK} SELECT pg_backend_pid() AS pid`)).rows[0]!.pid,
    );
    const reading = async () => {
      const at = monotonicUs();
      const r = await c.query<{ n: number }>(
        `${BENCH_MARK} SELECT COALESCE(sum(calls), 0)::float8 AS n FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND query NOT LIKE '${BENCH_MARK}%'`,
      );
      return {
        at,
        statements: Number(r.rows[0]!.n),
        api: threadsCpuNs(processTree(apiPid)),
        apiMain: mainThreadCpuNs(apiPid),
        pg: threadsCpuNs(processTree(pgPid).filter((pid) => pid !== own)),
      };
    };
    const add = (name: string, from: Awaited<ReturnType<typeof reading>>, to: typeof from) => {
      const list = costs.get(name) ?? [];
      list.push({
        apiNs: cpuBetween(from.api, to.api),
        apiMainNs: to.apiMain - from.apiMain,
        pgNs: cpuBetween(from.pg, to.pg),
        statements: to.statements - from.statements,
      });
      costs.set(name, list);
      const spans = windows.get(name) ?? [];
      spans.push({ fromUs: from.at, toUs: to.at });
      windows.set(name, spans);
    };
    /** until no job of `kind` (any kind: undefined) is due and not done, at most `ms` */
    const jobsDone = async (ms: number, kind?: string) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const due = await c.query<{ n: number }>(
          `${BENCH_MARK} SELECT count(*)::int AS n FROM scheduled_jobs
           WHERE done_at IS NULL AND ${kind ? 'kind = $1' : 'run_at <= now()'}`,
          kind ? [kind] : [],
        );
        if (Number(due.rows[0]!.n) === 0) return;
        await sleep(kind ? 20 : 250);
      }
    };
    // the jobs the measured runs left due (the sandbox's webhooks lag behind 20 buyers) run before, not inside
    await jobsDone(60_000);
    // the floors: a second of the idle process (its timers, the job poller), an HTTP exchange that reads nothing
    let from = await reading();
    await sleep(1000);
    add(IDLE, from, await reading());
    for (let i = 0; i < orders; i++) {
      from = await reading();
      await b.call('GET', '/healthz');
      await sleep(AFTER_ANSWER_MS);
      add(HEALTHZ, from, await reading());
    }
    const measured: Browser = Object.create(b) as Browser;
    measured.call = async (method, path, callOpts) => {
      const from = await reading();
      const r = await b.call(method, path, callOpts);
      await sleep(AFTER_ANSWER_MS);
      add(callOf(method, path), from, await reading());
      return r;
    };
    for (let i = 0; i < orders; i++) {
      placed.push((await placeOrder(measured, setup)).orderId);
      from = await reading();
      await jobsDone(5000, WEBHOOK_JOB);
      await sleep(AFTER_ANSWER_MS);
      add(WEBHOOK, from, await reading());
    }
  } finally {
    await b.close();
    await c.end();
  }
  return { costs, windows, run: oneBuyerRun(token, placed, { fromUs: 0, toUs: 0 }), orders: placed.length };
}

/** The CPU ns between two readings, per process: one that ended meanwhile is left out, one that began counts whole. */
function cpuBetween(from: Map<number, number>, to: Map<number, number>): number {
  let ns = 0;
  for (const [pid, now] of to) ns += Math.max(0, now - (from.get(pid) ?? 0));
  return ns;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * callCosts' figures as table rows: per call the medians (API, of it off the main thread, PostgreSQL) and the
 * mean statements, per order the medians times the calls per order; the whole order also with the means.
 */
function callCostRows(pass: Awaited<ReturnType<typeof callCosts>>): string[][] {
  const orders = Math.max(1, pass.orders);
  const ms = (ns: number) => fixed(ns / 1e6, 2);
  const rows: string[][] = [];
  const total = { api: 0, pg: 0, meanApi: 0, meanPg: 0, statements: 0 };
  const figures = (list: CallCost[]) => ({
    api: median(list.map((x) => x.apiNs)),
    offMain: median(list.map((x) => x.apiNs - x.apiMainNs)),
    pg: median(list.map((x) => x.pgNs)),
    statements: list.reduce((a, x) => a + x.statements, 0) / Math.max(1, list.length),
  });
  for (const name of [...CALLS, WEBHOOK]) {
    const list = pass.costs.get(name);
    if (!list?.length) continue;
    const f = figures(list);
    const perOrder = list.length / orders;
    total.api += f.api * perOrder;
    total.pg += f.pg * perOrder;
    total.meanApi += list.reduce((a, x) => a + x.apiNs, 0) / orders;
    total.meanPg += list.reduce((a, x) => a + x.pgNs, 0) / orders;
    total.statements += f.statements * perOrder;
    rows.push([
      name,
      fixed(perOrder, 0),
      `${ms(f.api)} (${ms(f.offMain)})`,
      ms(f.pg),
      fixed(f.statements, 1),
      `${ms(f.api * perOrder)} / ${ms(f.pg * perOrder)}`,
    ]);
  }
  rows.push([
    'the whole order (with the means)',
    '',
    '',
    '',
    fixed(total.statements, 1),
    `${ms(total.api)} / ${ms(total.pg)} (${ms(total.meanApi)} / ${ms(total.meanPg)})`,
  ]);
  for (const name of [IDLE, HEALTHZ]) {
    const list = pass.costs.get(name);
    if (!list?.length) continue;
    const f = figures(list);
    rows.push([name, '—', `${ms(f.api)} (${ms(f.offMain)})`, ms(f.pg), fixed(f.statements, 1), '—']);
  }
  return rows;
}

const CALL_COST_HEAD = [
  'call',
  'calls per order',
  'API CPU ms per call (off its main thread), median',
  'PostgreSQL CPU ms per call, median',
  'statements per call',
  'CPU ms per order: API / PostgreSQL',
];

/** One buyer, one process: the statements (round trips) each call makes, by pg_stat_statements. */
async function traceCalls(base: string, url: string, token: string, setup: Setup, orders = 3) {
  const perCall = new Map<string, { statements: number; n: number; top: Map<string, number> }>();
  const placed: number[] = [];
  const b = new Browser(base, token);
  try {
    for (let i = 0; i < orders; i++) {
      // the calls of placeOrder, one at a time, the statements counted between them
      const wrapped: Browser = Object.create(b) as Browser;
      let label: string;
      wrapped.call = async (method, path, opts) => {
        await resetStatements(url);
        const r = await b.call(method, path, opts);
        const s = await statements(url);
        label = callOf(method, path);
        const e = perCall.get(label) ?? { statements: 0, n: 0, top: new Map<string, number>() };
        e.statements += totalCalls(s);
        e.n++;
        for (const x of s) e.top.set(x.query, (e.top.get(x.query) ?? 0) + x.calls);
        perCall.set(label, e);
        return r;
      };
      placed.push((await placeOrder(wrapped, setup)).orderId);
      // the sandbox's webhook (a delayed job) lands between orders, not inside the next order's calls
      await new Promise((r) => setTimeout(r, 4000));
    }
  } finally {
    await b.close();
  }
  const lines: string[] = [];
  for (const [label, e] of perCall) {
    lines.push(`${label}: ${fixed(e.statements / e.n)} statements per call`);
    for (const [q, n] of [...e.top].sort((a, b2) => b2[1] - a[1]))
      lines.push(`    ${fixed(n / e.n)}× ${q.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  return { lines, run: oneBuyerRun(token, placed, { fromUs: 0, toUs: 0 }) };
}

export async function benchPurchase(opts: {
  duration: number;
  products: number;
  seedTimeoutMs: number;
  buyers: number[];
  engines: Array<'postgres' | 'pglite'>;
  workers: number[];
  cpuProf: boolean;
  /** the API's on-CPU profile by Linux perf over the measured seconds */
  perf: boolean;
  trace: boolean;
  /** the compiled server (apps/api/dist/server.mjs, as `npm start`) or the sources through tsx */
  server: 'built' | 'source';
  /** customers besides the buyers (purchase-population.ts) */
  population: number;
  /** seconds of orders before each measured run */
  warmSeconds?: number;
  /** PostgreSQL with a shop's durability (fsync, synchronous_commit, full_page_writes on) */
  durable?: boolean;
}): Promise<PurchaseRow[]> {
  const rows: PurchaseRow[] = [];
  const notes: string[] = [];
  const integrity: string[] = [];
  const profileDir = join(root, 'var/purchase-cpu-prof');
  const traceLines: string[] = [];
  /** the one-buyer pass's CPU per call (callCosts), of the server with one process on PostgreSQL */
  let callCostTable: { label: string; orders: number; rows: string[][] } | null = null;
  const serverEnv = (extra: Record<string, string>) => ({
    ...extra,
    SEED_PRODUCT_TARGET: String(opts.products),
  });
  const profileLines: string[] = [];
  const perfLines: string[] = [];
  if (opts.cpuProf) rmSync(profileDir, { recursive: true, force: true });
  const perfDir = join(root, 'var/purchase-perf');
  const perfOn = opts.perf && perfAvailable();
  if (opts.perf && !perfOn) console.log('  --purchase-perf: perf is not installed, no on-CPU profile');
  if (perfOn) {
    rmSync(perfDir, { recursive: true, force: true });
    mkdirSync(perfDir, { recursive: true });
  }
  const { openDatabase } = await import('../../apps/api/src/db/client');

  /** One database: seed it, stage every run's buyers, run them per process count, check it after each. */
  const onDatabase = async (
    engine: PurchaseRow['engine'],
    connect: () => Promise<{ db: Db; close(): Promise<void> }>,
    env: Record<string, string>,
    workerCounts: number[],
    statementsUrl: string | null,
    pgPid: number | undefined,
  ) => {
    const t0 = Date.now();
    const seeding = await startServer({
      label: `${engine}: seeding`,
      port: await freePort(),
      env: { ...env, SEED_PRODUCT_TARGET: String(opts.products), WORKERS: '1' },
      readyTimeoutMs: opts.seedTimeoutMs,
      readyLine: ['Spesa is ready', LEAFLETS_DRAWN_LINE],
      quiet: true,
    });
    await seeding.stop();
    notes.push(
      `${engine}: migrating + seeding ${opts.products} products took ${((Date.now() - t0) / 1000).toFixed(0)} s.`,
    );
    for (const workers of workerCounts) {
      let database = await connect();
      const setup = await stage(database.db, opts.buyers, opts.population);
      if (engine === 'PGlite') await database.close();
      const label = `${engine}, ${workers} process${workers > 1 ? 'es' : ''}`;
      console.log(`\n  -- ${label}`);
      // each server's processes write their profiles in a folder of its own
      const serverProfiles = join(profileDir, `${engine}-${workers}`.toLowerCase());
      if (opts.cpuProf) mkdirSync(serverProfiles, { recursive: true });
      const server = await startServer({
        label,
        port: await freePort(),
        env: serverEnv({ ...env, WORKERS: String(workers) }),
        nodeArgs: [
          ...(opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${serverProfiles}`] : []),
          ...(perfOn ? perfNodeArgs(perfDir) : []),
          // PURCHASE_NODE_ARGS: more node or V8 flags for the server (header), e.g. an A/B of a V8 tier
          ...(process.env.PURCHASE_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
        ],
        built: opts.server === 'built',
        readyLine: ['Spesa is ready', LEAFLETS_DRAWN_LINE],
        quiet: true,
      });
      const runs: RunResult[] = [];
      /** the measured runs of this server, for its profiles */
      const measuredRuns: Array<{ buyers: number; run: RunResult; apiCpuMs: number }> = [];
      let perCall: Awaited<ReturnType<typeof callWindows>> | null = null;
      let costWindows: Map<string, Window[]> | null = null;
      try {
        for (const [bi, n] of opts.buyers.entries()) {
          const tokens = setup.pools[bi]!;
          const warmSeconds = opts.warmSeconds ?? WARM_SECONDS;
          const warm = await runBuyers(server.url, tokens, setup, warmSeconds, {
            orders: WARM_ORDERS_PER_PROCESS * workers,
            maxSeconds: Math.max(warmSeconds, WARM_MAX_SECONDS),
          });
          runs.push(warm);
          if (warm.errors) console.log(`  warm-up: ${warm.errors} errors: ${warm.errorSamples.join(' | ')}`);
          if (statementsUrl) {
            // as pgbench does before each run: the earlier runs' rows vacuumed and analysed now, so that
            // autovacuum's passes (each analysis re-plans every statement over its table) fall outside the
            // measure; a few seconds of orders then make the plans again
            await vacuumAnalyse(statementsUrl);
            runs.push(await runBuyers(server.url, tokens, setup, REWARM_SECONDS));
            await resetStatements(statementsUrl);
          }
          const scans0 = statementsUrl ? await tableScans(statementsUrl) : null;
          const perfFile = join(perfDir, `${engine}-${workers}-${n}.data`.toLowerCase());
          const perf =
            perfOn && server.child.pid ? await startPerf(processTree(server.child.pid), perfFile) : null;
          // PostgreSQL's processes in a file of their own: the postmaster's tree (its forks during the run too)
          const pgWatch = perfOn && pgPid ? watchPgProcesses(pgPid) : null;
          const pgPerfFile = perfFile.replace(/\.data$/, '-postgres.data');
          const pgPerf = perfOn && pgPid ? await startPerf(processTree(pgPid), pgPerfFile) : null;
          const cpu = sampleCpu(server.child.pid, pgPid);
          const r = await runBuyers(server.url, tokens, setup, opts.duration);
          const used = cpu();
          await perf?.stop();
          await pgPerf?.stop();
          pgWatch?.stop();
          runs.push(r);
          const scans1 = statementsUrl ? await tableScans(statementsUrl) : null;
          const seqScans =
            scans0 && scans1 ? seqScansBetween(scans0, scans1, Math.max(1, r.done.length)) : null;
          measuredRuns.push({
            buyers: n,
            run: r,
            apiCpuMs: (used.api * r.seconds * 1000) / Math.max(1, r.done.length),
          });
          if (perf) {
            const onCpu = await summarisePerf(perfFile, root, {
              label: `${label}, ${n} buyers`,
              orders: r.done.length,
              pids: perf.pids,
              cpuMsPerOrder: measuredRuns.at(-1)!.apiCpuMs,
            });
            console.log(`\n${onCpu.lines.join('\n')}\n`);
            perfLines.push(...onCpu.lines, '');
          }
          if (pgPerf && pgWatch) {
            // the processes' kinds beside the file, to read it again later
            writeFileSync(pgPerfFile.replace(/\.data$/, '-kinds.json'), JSON.stringify([...pgWatch.kinds]));
            const onCpu = await summarisePgPerf(pgPerfFile, {
              label: `${label}, ${n} buyers`,
              orders: r.done.length,
              kinds: pgWatch.kinds,
              cpuMsPerOrder: (used.pg * r.seconds * 1000) / Math.max(1, r.done.length),
            });
            console.log(`\n${onCpu.lines.join('\n')}\n`);
            perfLines.push(...onCpu.lines, '');
          }
          const measured = statementsUrl ? await statements(statementsUrl) : null;
          const perOrder = measured ? totalCalls(measured) / Math.max(1, r.done.length) : null;
          const providerPerOrder = measured ? providerCalls(measured) / Math.max(1, r.done.length) : null;
          if (measured) {
            const orders = Math.max(1, r.done.length);
            const heaviest = [...measured].sort((x, y) => y.ms - x.ms).slice(0, 8);
            console.log(
              `  PostgreSQL time per order ${fixed(measured.reduce((a, x) => a + x.ms, 0) / orders, 2)} ms; heaviest statements (ms per order, calls per order):`,
            );
            for (const x of heaviest)
              console.log(
                `    ${fixed(x.ms / orders, 2)} ms ${fixed(x.calls / orders, 2)}× ${x.query.replace(/\s+/g, ' ').slice(0, 140)}`,
              );
            const frequent = [...measured].sort((x, y) => y.calls - x.calls).slice(0, 40);
            console.log('  statements by calls per order (the 40 most called; ms per order):');
            for (const x of frequent)
              console.log(
                `    ${fixed(x.calls / orders, 2)}× ${fixed(x.ms / orders, 3)} ms ${x.query.replace(/\s+/g, ' ').slice(0, 120)}`,
              );
            const planned = measured.filter((x) => x.plans > 0).sort((x, y) => y.planMs - x.planMs);
            console.log(
              `  planning per order ${fixed(totalPlans(measured) / orders, 2)} plans, ` +
                `${fixed(totalPlanMs(measured) / orders, 2)} ms; statements planned (planning ms per order, plans ` +
                'per order, plans / calls, ms per plan; * planned at every call):',
            );
            if (scans0 && scans1)
              console.log(
                `  autovacuum over the measured seconds, table (vacuums/analyses): ${maintenanceBetween(scans0, scans1) || 'none'}`,
              );
            for (const x of planned.slice(0, 16))
              console.log(
                `    ${plannedEveryCall(x) ? '*' : ' '}${fixed(x.planMs / orders, 3)} ms ${fixed(x.plans / orders, 2)}× ${x.plans}/${x.calls} ` +
                  `${fixed(x.planMs / x.plans, 2)} ms ${x.query.replace(/\s+/g, ' ').slice(0, 110)}`,
              );
          }
          const row = summarise(
            engine,
            workers,
            n,
            r,
            perOrder,
            {
              api: used.api,
              pg: pgPid === undefined ? null : used.pg,
            },
            providerPerOrder,
            seqScans,
            measured ? planningPerOrder(measured, Math.max(1, r.done.length)) : null,
          );
          rows.push(row);
          printRow(row);
        }
        if (opts.trace && statementsUrl && workers === 1) {
          const [traceSetupToken] = await stageTraceBuyer(database.db, setup);
          const traced = await traceCalls(server.url, statementsUrl, traceSetupToken!, setup);
          traceLines.push(...traced.lines);
          runs.push(traced.run);
        }
        if (statementsUrl && pgPid && server.child.pid && workers === 1) {
          const [costBuyer] = await stageTraceBuyer(database.db, setup);
          const pass = await callCosts(
            server.url,
            costBuyer!,
            setup,
            PER_CALL_ORDERS,
            server.child.pid,
            pgPid,
            statementsUrl,
          );
          runs.push(pass.run);
          costWindows = pass.windows;
          callCostTable = { label, orders: pass.orders, rows: callCostRows(pass) };
          console.log(
            `\n  CPU per call, ${label}, one buyer, ${pass.orders} orders one call at a time:\n` +
              textTable(CALL_COST_HEAD, callCostTable.rows),
          );
        }
        if (opts.cpuProf && workers === 1) {
          perCall = await callWindows(
            server.url,
            setup.pools[0]![0]!,
            setup,
            PER_CALL_ORDERS,
            server.child.pid,
          );
          runs.push(perCall.run);
        }
      } finally {
        await server.stop();
      }
      if (opts.cpuProf) {
        // the profiles are written when the processes exit
        const profiles = readProfiles(serverProfiles, root);
        const lines: string[] = [];
        for (const { buyers, run, apiCpuMs } of measuredRuns)
          lines.push(
            ...summariseWindows(profiles, [run.window], {
              orders: run.done.length,
              label: `${label}, ${buyers} buyers`,
              cpuMsPerOrder: apiCpuMs,
            }),
          );
        if (perCall) lines.push(...cpuPerCall(serverProfiles, label, perCall));
        // the measured windows beside the profiles, for a closer look (e.g. in Chrome's DevTools)
        writeFileSync(
          join(serverProfiles, 'windows.json'),
          JSON.stringify({
            runs: measuredRuns.map(({ buyers, run }) => ({ buyers, orders: run.done.length, ...run.window })),
            perCall: perCall && Object.fromEntries(perCall.windows),
            costs: costWindows && Object.fromEntries(costWindows),
          }),
        );
        console.log(`\n${lines.join('\n')}`);
        profileLines.push(...lines, '');
      }
      if (engine === 'PGlite') database = await connect();
      const broken = await problems(database.db, setup, runs);
      await database.close();
      if (broken.length) {
        integrity.push(...broken.map((b) => `${label}: ${b}`));
        console.log(`  BROKEN: ${broken.join('; ')}`);
      } else console.log('  checked: every order once, whole and paid; stock and slot exact');
    }
  };

  if (opts.engines.includes('postgres')) {
    if (!findPgBinDir()) console.log('  PostgreSQL skipped: server binaries not found');
    else {
      console.log(
        `\n== The whole purchase on PostgreSQL, ${opts.products} products` +
          (opts.durable ? ', durable (fsync, synchronous_commit, full_page_writes on)' : ''),
      );
      notes.push(
        opts.durable
          ? 'PostgreSQL ran durable, as a shop runs it: fsync, synchronous_commit and full_page_writes on (sessions ≤ 48: all three off, `--purchase-durable=off`).'
          : "PostgreSQL ran with the test clusters' settings (`--purchase-durable=off`): fsync, synchronous_commit and full_page_writes off, as sessions ≤ 48 measured; a shop pays each commit's WAL flush besides.",
      );
      const cluster: PgCluster = await startPgCluster({
        database: 'spesa_purchase',
        settings: {
          shared_buffers: '256MB',
          work_mem: '16MB',
          shared_preload_libraries: 'pg_stat_statements',
          'pg_stat_statements.track_planning': 'on',
          ...(opts.durable ? { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' } : {}),
          // PURCHASE_PG_SETTINGS: more of the cluster's settings, as JSON (e.g. auto_explain's, header)
          ...(process.env.PURCHASE_PG_SETTINGS
            ? (JSON.parse(process.env.PURCHASE_PG_SETTINGS) as Record<string, string>)
            : {}),
        },
        log: (m) => console.log(`  ${m}`),
      });
      try {
        spawnSync(
          join(cluster.binDir, 'psql'),
          [cluster.url, '-qc', 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements'],
          {
            encoding: 'utf8',
          },
        );
        await onDatabase(
          'PostgreSQL',
          () => openDatabase({ url: cluster.url }),
          { DATABASE_URL: cluster.url },
          opts.workers,
          cluster.url,
          postmasterPid(cluster),
        );
      } finally {
        cluster.stop();
      }
    }
  }
  if (opts.engines.includes('pglite')) {
    console.log(`\n== The whole purchase on PGlite, ${opts.products} products`);
    const dataDir = join(root, 'var/bench-purchase-pglite');
    rmSync(dataDir, { recursive: true, force: true });
    try {
      await onDatabase(
        'PGlite',
        () => openDatabase({ dataDir }),
        { DATA_DIR: dataDir },
        [1],
        null,
        undefined,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (opts.cpuProf && profileLines.length) {
    writeFileSync(join(profileDir, 'summary.txt'), `${profileLines.join('\n')}\n`);
    console.log(`\nCPU profiles' summary written to ${join(profileDir, 'summary.txt')}`);
  }
  if (perfLines.length) {
    writeFileSync(join(perfDir, 'summary.txt'), `${perfLines.join('\n')}\n`);
    console.log(`\nOn-CPU profiles' summary written to ${join(perfDir, 'summary.txt')}`);
  }
  if (traceLines.length) {
    console.log(`\nStatements per call (one buyer, one process):\n${traceLines.join('\n')}`);
    mkdirSync(join(root, 'var'), { recursive: true });
    writeFileSync(join(root, 'var/purchase-trace.txt'), `${traceLines.join('\n')}\n`);
  }
  report(rows, notes, integrity, opts, callCostTable);
  if (integrity.length || rows.some((r) => r.errors > 0)) process.exitCode = 1;
  return rows;
}

async function stageTraceBuyer(db: Db, setup: Setup): Promise<string[]> {
  const { stageBuyers } = await import('../../apps/api/test/checkout-fixtures');
  return stageBuyers({ db }, 1, {
    productId: setup.products.pieceA,
    quantity: 1,
    unitCents: 0,
    slot: setup.slot,
    now: new Date(),
    emptyCart: true,
  });
}

function report(
  rows: PurchaseRow[],
  notes: string[],
  integrity: string[],
  opts: { duration: number; products: number; warmSeconds?: number },
  callCostTable: { label: string; orders: number; rows: string[][] } | null,
): void {
  if (!rows.length) return;
  const head = [
    'database',
    'API processes',
    'buyers',
    'orders/s',
    'order p50 / p95 / p99 ms',
    ...CALLS.map((c) => `${c} p50 / p95 / p99 ms`),
    'errors',
    "statements per order: all (the shop's)",
    'CPU ms per order: API / PostgreSQL',
    'plans / planning ms per order',
    'sequential scans per order',
    'load average',
  ];
  const cells = rows.map((r) => [
    r.engine,
    r.processes,
    r.buyers,
    fixed(r.rate),
    `${fixed(r.order.p50)} / ${fixed(r.order.p95)} / ${fixed(r.order.p99)}`,
    ...CALLS.map((c) => `${fixed(r.calls[c].p50)} / ${fixed(r.calls[c].p95)} / ${fixed(r.calls[c].p99)}`),
    r.errors,
    statementsCell(r),
    `${fixed(r.apiCpuMs)} / ${r.pgCpuMs === null ? '—' : fixed(r.pgCpuMs)}`,
    planningCell(r),
    r.seqScans ? `${fixed(r.seqScans.perOrder, 2)}${r.seqScans.tables ? `: ${r.seqScans.tables}` : ''}` : '—',
    fixed(r.load1, 2),
  ]);
  const shortHead = [
    'database',
    'processes',
    'buyers',
    'orders/s',
    'order p95 ms',
    'worst shop call p95 ms',
    'errors',
    "statements per order: all (the shop's)",
    'CPU ms per order: API / PostgreSQL',
    'plans / planning ms per order',
    'seq scans per order',
    'load',
  ];
  const shortCells = rows.map((r) => [
    r.engine,
    r.processes,
    r.buyers,
    fixed(r.rate),
    fixed(r.order.p95),
    fixed(Math.max(...CALLS.filter((c) => !PROVIDER_CALLS.has(c)).map((c) => r.calls[c].p95))),
    r.errors,
    statementsCell(r),
    `${fixed(r.apiCpuMs)} / ${r.pgCpuMs === null ? '—' : fixed(r.pgCpuMs)}`,
    planningCell(r),
    r.seqScans ? fixed(r.seqScans.perOrder, 2) : '—',
    fixed(r.load1, 2),
  ]);
  console.log(`\n${textTable(shortHead, shortCells)}\n`);
  const targets: string[] = [];
  const two = rows.find((r) => r.engine === 'PostgreSQL' && r.processes === 2 && r.buyers === 20);
  const one = rows.find((r) => r.engine === 'PostgreSQL' && r.processes === 1 && r.buyers === 20);
  const mark = (okay: boolean) => (okay ? '✓' : '✗');
  if (two) {
    const worst = Math.max(...CALLS.filter((c) => !PROVIDER_CALLS.has(c)).map((c) => two.calls[c].p95));
    targets.push(
      `PostgreSQL, 2 processes, 20 buyers: ${fixed(two.rate)} orders/s (target ≥ 100) ${mark(two.rate >= 100)}; ` +
        `order p95 ${fixed(two.order.p95)} ms (≤ 300) ${mark(two.order.p95 <= 300)}; worst shop call p95 ` +
        `${fixed(worst)} ms (≤ 100) ${mark(worst <= 100)}`,
    );
  }
  if (one)
    targets.push(
      `PostgreSQL, 1 process, 20 buyers: ${fixed(one.rate)} orders/s (target ≥ 50) ${mark(one.rate >= 50)}`,
    );
  for (const t of targets) console.log(t);
  const body = [
    `Measured ${today()} on commit ${gitSha()}; machine: ${machine()}.`,
    'Command: `npm run bench -- --part=purchase` (bench/src/purchase.ts) — the real server ' +
      '(`NODE_ENV=production`, sandbox payment provider) on a freshly seeded database of ' +
      `${opts.products} products; buyers staged in the database (a user, a session, an open cart at the Drive ` +
      'store), each with its own keep-alive socket (undici) sending what a browser sends (session cookie, ' +
      '`accept-encoding: gzip, deflate, br`), placing complete orders one after the other: `cart/add` × 3 (two ' +
      'pieces and one loose product by weight, one item per call), `timeslot/select`, `checkout/prepare`, ' +
      '`checkout/buy` by card (online), the sandbox hosted page (GET and the card form POST) and the signed ' +
      'return to the shop. All buyers buy the same three products in the same Drive slot. ' +
      `A warm-up of ${opts.warmSeconds ?? WARM_SECONDS} s and at least ${WARM_ORDERS_PER_PROCESS} orders per ` +
      `API process (at most ${WARM_MAX_SECONDS} s when slower); on PostgreSQL then a VACUUM (ANALYZE) of the database, as pgbench ` +
      `does before a run, and ${REWARM_SECONDS} s more of orders; then ${opts.duration} s measured. "sandbox page" and "sandbox pay" are the ` +
      "payment provider's own page (served by the API in the sandbox); the per-call target is about the shop's " +
      'calls. Statements per order: pg_stat_statements over the measured seconds, all API processes, divided by ' +
      "the orders (BEGIN/COMMIT included: each is a round trip); in brackets the shop's, without the sandbox " +
      "provider's own bookkeeping (its ledger, sandbox_payments, and its delayed webhook's job in scheduled_jobs: " +
      "a real provider's side, decision 059). CPU ms per order: CPU time of the API " +
      'processes and of PostgreSQL (postmaster and backends) over the measured seconds, from /proc, divided by ' +
      'the orders: on a machine shared with other work, the figure that compares two runs best. Plans / planning ' +
      'ms per order: the plans PostgreSQL made over the measured seconds and their time (pg_stat_statements with ' +
      'track_planning; a statement planned at execution plans at each call, a named one whose generic plan is ' +
      'kept plans at its first executions on each connection and again after an analyze of its tables), divided ' +
      'by the orders; in brackets those of the statements planned at every call (plans ≥ half the calls), which ' +
      `a shop pays however long it runs (the rest are mostly connections' first plans that the warm-up ` +
      'did not reach). Sequential scans ' +
      "per order: pg_stat_user_tables over the measured seconds (each backend reports at its transactions' end, " +
      "at most once a second, so a second's scans may fall on either side), with each table scanned in the table " +
      'per call (issue 53: none of the statements a sequential scan). After each server the database is checked: ' +
      'every answered order exists once, belongs to its buyer, has its 3 lines, a status and one authorised ' +
      'payment, and is "ordered"; each stock went down by exactly what the orders hold; the slot books exactly ' +
      'its orders.',
    mdTable(shortHead, shortCells),
    'Per call:',
    mdTable(head, cells),
    callCostTable
      ? `CPU per call (${callCostTable.label}, one buyer placing ${callCostTable.orders} orders one call at a ` +
        "time, after the measured runs): each call's CPU of the API process (every thread; in brackets, off its " +
        "main thread: V8's garbage collector and compilers) and of PostgreSQL's processes, by the kernel's " +
        'per-thread counters (`/proc/<pid>/task/<tid>/schedstat`), the medians of the calls (a major garbage ' +
        'collection, which an idle process runs to shrink its heap, or a timer falls on some of them); and each ' +
        `call's statements (pg_stat_statements). "${WEBHOOK}": from the return's answer until the sandbox's ` +
        "delayed webhook is done (its job, the shop's receipt of it). Below the order, the floors: " +
        `"${IDLE}" (the process's timers and job poller) and "${HEALTHZ}" (an HTTP exchange that reads nothing). ` +
        'One call at a time costs more than among 20 buyers (each request wakes the process and its backend ' +
        'alone): read the shares, not the sum.\n\n' +
        mdTable(CALL_COST_HEAD, callCostTable.rows)
      : '',
    targets.length ? `Targets:\n\n${targets.map((t) => `- ${t}`).join('\n')}` : '',
    [
      ...(integrity.length
        ? integrity.map((i) => `BROKEN: ${i}`)
        : ['Checks: every rule kept in every run.']),
      ...notes,
    ]
      .map((n) => `- ${n}`)
      .join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  const file = writeDocsSection(PURCHASE_SECTION, body);
  console.log(`written to ${file} (section "${PURCHASE_SECTION}")`);
}
