// The chain's feeds through the integration API (issue 50, decisions 095, 096, 100): on a PostgreSQL shop of
// 100,000 products, a store system's full stock count of every product (one batch of 100,000 rows), the same
// count again with other figures, a delta of 100,000 rows spread over the stores, and 100,000 list prices (the
// batches of 20,000 the API allows). Each part is timed from the first byte sent to the last answer, with the
// statements PostgreSQL ran meanwhile (pg_stat_statements, the whole cluster: the shop's job queue polls too) and
// the CPU of the API process and of the database's processes (Linux /proc).
import { randomBytes, createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startPgCluster } from '../../scripts/lib/pg-cluster.mjs';
import { startServer, type RunningServer } from './lib';

export interface FeedFigures {
  part: string;
  rows: number;
  batches: number;
  seconds: number;
  statements: number;
  apiCpuSeconds: number;
  dbCpuSeconds: number;
  counts: string;
}

const TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process, in seconds */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0; // gone
  }
}

/** The postmaster and its children (this cluster's backends only, not another cluster's on the machine). */
function clusterPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync(`/proc/${postmaster}/task`).flatMap((task) => {
    try {
      return readFileSync(`/proc/${postmaster}/task/${task}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
    } catch {
      return [];
    }
  });
  return [postmaster, ...children.map(Number)];
}

/** CPU of each of the cluster's processes, by pid. */
const dbCpu = (dataDir: string) => new Map(clusterPids(dataDir).map((pid) => [pid, cpuOf(pid)]));

/** CPU the cluster spent between two samples; a backend that exited in between takes its share with it. */
function dbCpuSince(before: Map<number, number>, dataDir: string): number {
  let spent = 0;
  for (const [pid, cpu] of dbCpu(dataDir)) spent += cpu - (before.get(pid) ?? 0);
  return spent;
}

export async function benchFeeds(opts: { products: number; seedTimeoutMs: number }): Promise<FeedFigures[]> {
  const cluster = await startPgCluster({
    database: 'spesa_feeds',
    settings: { shared_buffers: '256MB', work_mem: '16MB', shared_preload_libraries: 'pg_stat_statements' },
    log: (m) => console.log(`  ${m}`),
  });
  const dataDir = join(cluster.dir, 'data');
  const psql = (query: string) =>
    execFileSync(join(cluster.binDir, 'psql'), [cluster.url, '-At', '-F', '\t', '-c', query], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }).trim();
  let server: RunningServer | null = null;
  try {
    const t0 = Date.now();
    server = await startServer({
      label: 'postgres',
      port: await freePort(),
      env: {
        DATABASE_URL: cluster.url,
        SEED_PRODUCT_TARGET: String(opts.products),
        INTEGRATION_RATE_PER_MINUTE: '10000',
      },
      readyTimeoutMs: opts.seedTimeoutMs,
    });
    console.log(
      `  migrating + seeding ${opts.products} products: ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );
    psql('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    // a store system's credentials, registered as the back office does (only the secret's SHA-256 is kept)
    const secret = `sec_${randomBytes(32).toString('base64url')}`;
    const clientId = `cli_${randomBytes(12).toString('hex')}`;
    psql(
      `INSERT INTO integration_clients (public_id, name, secret_hash, scopes)
       VALUES ('${clientId}', 'Bench ERP', '${createHash('sha256').update(secret).digest('hex')}', '{stock,prices}')`,
    );
    const tokenRes = await fetch(`${server.url}/ebsn/api/integration/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: secret,
      }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const codes = psql('SELECT cod_int FROM products ORDER BY product_id').split('\n').slice(0, 100_000);
    const stores = psql(`SELECT warehouse_id FROM warehouses WHERE warehouse_type = 'store' ORDER BY 1`)
      .split('\n')
      .map(Number);
    const store = stores[0] ?? 0;
    const listCode = 'BENCH';
    psql(
      `INSERT INTO price_lists (code, name) VALUES ('${listCode}', 'Listino bench') ON CONFLICT DO NOTHING`,
    );
    const apiPid = server.child.pid ?? 0;

    const send = async (path: string, body: unknown) => {
      const res = await fetch(`${server?.url}/ebsn/api/integration/v1/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as {
        response: { status: number; errors: unknown[] };
        data: Record<string, number | boolean>;
      };
      if (res.status !== 200 || answer.response.status !== 0)
        throw new Error(`${path}: ${res.status} ${JSON.stringify(answer.response.errors).slice(0, 500)}`);
      return answer.data;
    };
    const figures: FeedFigures[] = [];
    const measure = async (part: string, bodies: Array<{ path: string; body: unknown; rows: number }>) => {
      psql('SELECT pg_stat_statements_reset()');
      const [api0, db0, t] = [cpuOf(apiPid), dbCpu(dataDir), performance.now()];
      const answers: Array<Record<string, number | boolean>> = [];
      for (const b of bodies) answers.push(await send(b.path, b.body));
      const seconds = (performance.now() - t) / 1000;
      const [api1, dbSpent] = [cpuOf(apiPid), dbCpuSince(db0, dataDir)];
      const statements = Number(
        psql(
          `SELECT COALESCE(sum(calls), 0) FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'`,
        ),
      );
      const sum = (k: string) => answers.reduce((s, a) => s + (typeof a[k] === 'number' ? a[k] : 0), 0);
      const f: FeedFigures = {
        part,
        rows: bodies.reduce((s, b) => s + b.rows, 0),
        batches: bodies.length,
        seconds,
        statements,
        apiCpuSeconds: api1 - api0,
        dbCpuSeconds: dbSpent,
        counts: `updated ${sum('updated')}, removed ${sum('removed')}, clamped ${sum('clamped')}`,
      };
      console.log(
        `  ${part}: ${f.rows} rows in ${f.batches} batch(es), ${seconds.toFixed(2)} s, ${statements} statements, ` +
          `CPU API ${f.apiCpuSeconds.toFixed(2)} s, database ${f.dbCpuSeconds.toFixed(2)} s (${f.counts})`,
      );
      figures.push(f);
    };
    const fullCount = (batchId: string, salt: number) => ({
      path: 'stock',
      rows: codes.length,
      body: {
        batchId,
        mode: 'full',
        storeId: store,
        rows: codes.map((code, i) => ({
          storeId: store,
          code,
          quantity: ((i * 7 + salt) % 40) + (i % 3 ? 0 : 0.5),
        })),
      },
    });
    await measure(`stock, full count of one store (${codes.length} products)`, [
      fullCount('bench-full-1', 1),
    ]);
    await measure('stock, the same store counted again, other figures', [fullCount('bench-full-2', 5)]);
    await measure(`stock, delta over ${stores.length} stores`, [
      {
        path: 'stock',
        rows: codes.length,
        body: {
          batchId: 'bench-delta-1',
          mode: 'delta',
          rows: codes.map((code, i) => ({
            storeId: stores[i % stores.length],
            code,
            quantity: i % 5 === 0 ? -3 : (i % 11) + 1,
          })),
        },
      },
    ]);
    const PRICE_BATCH = 20_000;
    const priceBodies = [];
    for (let from = 0; from < codes.length; from += PRICE_BATCH)
      priceBodies.push({
        path: 'prices',
        rows: Math.min(PRICE_BATCH, codes.length - from),
        body: {
          batchId: `bench-prices-${from}`,
          priceListCode: listCode,
          rows: codes.slice(from, from + PRICE_BATCH).map((code, i) => ({
            code,
            priceCents: 99 + ((from + i) % 1900),
            validFrom: '2027-01-04',
            ...(i % 4 === 0 ? { validTo: '2027-01-31' } : {}),
          })),
        },
      });
    await measure(`prices, one list (batches of ${PRICE_BATCH})`, priceBodies);
    return figures;
  } finally {
    await server?.stop();
    cluster.stop();
  }
}
