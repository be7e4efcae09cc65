import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env';
import { databaseOfThisFile } from './file-database';
import { templateFolder } from './helper';

/**
 * A clean stop under load (decision 089): the real server (apps/api/src/server.ts) under a stream of requests
 * gets SIGTERM. On PGlite, the lone process: /readyz turns 503 at once, every request sent before it stops
 * listening is answered 200, those during the drain delay with `connection: close` (those after find the port
 * closed, as they would a stopped process), it exits 0 and logs no error. On PostgreSQL, two workers behind one port: one of them stopped by SIGTERM in the middle
 * of the stream costs no request at all, a new worker takes its place, and the whole cluster stops cleanly.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const onPostgres = Boolean(loadEnv().DATABASE_URL);
const dataDir = mkdtempSync(join(tmpdir(), 'spesa-drain-'));
const DRAIN_DELAY_MS = 3000;
let child: ChildProcess | null = null;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((ok, ko) => {
    const srv = createServer();
    srv.on('error', ko);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/** The run's migrated and seeded image unpacked into a data folder the server opens (PGlite). */
function unpackImage(): void {
  cpSync(templateFolder(), dataDir, { recursive: true });
}

async function startServer(port: number, extra: NodeJS.ProcessEnv) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_DIST: join(dataDir, 'no-web'),
    ADMIN_DIST: join(dataDir, 'no-web'),
    FEDERATION_DEMO: 'off',
    DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
    // no listing warm-up before listening: the test needs a server, not a warm cache
    CACHE_TTL_MS: '0',
    NODE_ENV: 'development',
    ...extra,
  };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      // the primary's line once every worker serves (one worker's /readyz alone is not the cluster ready)
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok && /Spesa is ready/.test(out))
        return { proc, log: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}

function exited(proc: ChildProcess): Promise<number | null> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc.exitCode);
  return new Promise((r) => proc.once('exit', (code) => r(code)));
}

interface Outcome {
  sentAt: number;
  status: number | null;
  error: string | null;
  closing: boolean;
}

/** `clients` loops of GET requests (listings, a product, the version) until `stop()`; every outcome kept. */
function stream(base: string, clients: number) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const urls = ['/ebsn/api/products?q=pasta&page_size=12', '/ebsn/api/version.json', '/version.json'];
  const loops = Array.from({ length: clients }, async (_, i) => {
    let n = i;
    while (!stopped) {
      const sentAt = performance.now();
      try {
        const res = await fetch(`${base}${urls[n++ % urls.length]}`);
        await res.arrayBuffer();
        outcomes.push({
          sentAt,
          status: res.status,
          error: null,
          closing: res.headers.get('connection') === 'close',
        });
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause;
        outcomes.push({ sentAt, status: null, error: cause?.code ?? String(err), closing: false });
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  });
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** The server's log lines at level error or above, and any pool misuse, whatever its level. */
const errorsIn = (log: string) =>
  log
    .split('\n')
    .filter(
      (line) => /"level":(5\d|60)/.test(line) || /Cannot use a pool|pool after calling end/i.test(line),
    );

describe.runIf(!onPostgres)('SIGTERM to the lone process under a stream of requests', () => {
  it('turns unready, answers every request it received, exits 0 and logs no error', async () => {
    unpackImage();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer(port, {});
    child = server.proc;
    const load = stream(base, 4);
    // a stream under way: 1.5 s and more than ten answers (a busy machine answers fewer in 1.5 s)
    await new Promise((r) => setTimeout(r, 1500));
    while (load.outcomes.length <= 10) await new Promise((r) => setTimeout(r, 100));
    const signalledAt = performance.now();
    server.proc.kill('SIGTERM');
    // the signal is handled between two requests: /readyz turns 503 before the port closes
    let unreadyAt = Number.NaN;
    for (let i = 0; i < 300 && Number.isNaN(unreadyAt); i++) {
      if ((await fetch(`${base}/readyz`)).status === 503) unreadyAt = performance.now();
      else await new Promise((r) => setTimeout(r, 10));
    }
    expect(unreadyAt - signalledAt).toBeLessThan(DRAIN_DELAY_MS);
    const code = await exited(server.proc);
    await load.stop();
    const beforeSignal = load.outcomes.filter((o) => o.sentAt < signalledAt);
    const duringDrain = load.outcomes.filter(
      (o) => o.sentAt > unreadyAt && o.sentAt < signalledAt + DRAIN_DELAY_MS - 200,
    );
    expect(beforeSignal.length).toBeGreaterThan(10);
    expect(beforeSignal.filter((o) => o.status !== 200)).toEqual([]);
    expect(duringDrain.length).toBeGreaterThan(0);
    expect(duringDrain.filter((o) => o.status !== 200)).toEqual([]);
    expect(duringDrain.every((o) => o.closing)).toBe(true);
    // once it stops listening (the drain delay after the signal was handled), a new connection finds the port
    // closed, or is reset when it was opened just as the listener closed: nothing fails before that moment
    const failed = load.outcomes.filter((o) => o.status !== 200);
    expect(failed.filter((o) => o.sentAt < signalledAt + DRAIN_DELAY_MS - 300)).toEqual([]);
    expect(failed.filter((o) => o.error !== 'ECONNREFUSED' && o.error !== 'ECONNRESET')).toEqual([]);
    expect(code).toBe(0);
    expect(errorsIn(server.log())).toEqual([]);
    expect(server.log()).toMatch(/"msg":"draining"/);
    expect(server.log()).toMatch(/"msg":"stopped"/);
  }, 300_000);
});

describe.runIf(onPostgres)('SIGTERM to one worker of two under a stream of requests', () => {
  it('costs no request, the spare takes its place, and the cluster stops cleanly', async () => {
    const url = await databaseOfThisFile(loadEnv().DATABASE_URL ?? '');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer(port, { DATABASE_URL: url, WORKERS: '2' });
    child = server.proc;
    const workers = () =>
      spawnSync('ps', ['-o', 'pid=', '--ppid', String(server.proc.pid)], { encoding: 'utf8' })
        .stdout.split('\n')
        .map((s) => Number(s.trim()))
        .filter((pid) => pid > 0);
    // the spare (decision 089) started behind the first workers, built and warm
    const spareBy = Date.now() + 120_000;
    while (!/ready as the spare/.test(server.log()) && Date.now() < spareBy)
      await new Promise((r) => setTimeout(r, 100));
    const load = stream(base, 6);
    await new Promise((r) => setTimeout(r, 1500));
    // the oldest: a serving worker (the spare is the newest)
    const [first] = workers().sort((a, b) => a - b);
    expect(first).toBeDefined();
    process.kill(first ?? 0, 'SIGTERM');
    const deadline = Date.now() + 60_000;
    while (
      !/serving \d+ ms after (it was started|API process \d+ ended)/.test(server.log()) &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    await load.stop();
    expect(load.outcomes.length).toBeGreaterThan(20);
    expect(load.outcomes.filter((o) => o.status !== 200)).toEqual([]);
    // the spare took its place: it only had to listen
    expect(server.log()).toMatch(/stopped: the spare takes its place/);
    expect(server.log()).toMatch(/serving \d+ ms after API process \d+ ended \(the spare started ahead\)/);
    expect(workers()).not.toContain(first);
    server.proc.kill('SIGTERM');
    expect(await exited(server.proc)).toBe(0);
    expect(errorsIn(server.log())).toEqual([]);
  }, 300_000);
});
