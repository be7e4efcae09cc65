// `npm run bench -- --part=fixed-cost`: what a request costs the API process whatever it asks (issue 53,
// decision 059 session 48). The built server (NODE_ENV=production, as the purchase bench runs it) on a private
// PostgreSQL answers thousands of keep-alive requests (undici, a few connections) on a few cheap routes, and a
// bare fastify answers the same JSON beside it; the CPU of each process by /proc (utime + stime, whole process
// and main thread) over each round, divided by the requests, is µs of CPU per request. Rounds alternate between
// the servers and routes, so the machine's moving load falls on all of them alike; the medians are printed.
//
//   --fixed-requests=N     requests per round and route (default 4000)
//   --fixed-rounds=N       rounds (default 5)
//   --fixed-connections=N  keep-alive connections (default 8)
//   --fixed-servers=a=apps/api/dist-a/server.mjs,b=,c=?X=1&Y=2
//                          several shop servers side by side, each `label=build[?variables]` (A/B of code or of
//                          settings; an empty build is the current one, built first when stale; a build
//                          elsewhere than apps/api/dist must sit at the same depth: its sources' files are found
//                          relative to it); default one server of the current build
//   --fixed-cpu-prof       profile the shop servers (var/fixed-cost-prof/<label>/): where the busy time of
//                          each route's rounds goes, by package and function
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { freePort, startPgCluster } from '../../scripts/lib/pg-cluster.mjs';
import { LEAFLETS_DRAWN_LINE } from '../../apps/api/src/ready-message';
import { monotonicUs, readProfiles, summariseWindows, type Window } from './cpu-profile';
import { root, sleep, startServer, textTable, type RunningServer } from './lib';

/** CPU ticks (utime + stime) of a process and of its main thread. */
function ticksOf(pid: number): { process: number; main: number } {
  const read = (path: string) => {
    const stat = readFileSync(path, 'utf8');
    // the command name may hold spaces: the fields start after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  return { process: read(`/proc/${pid}/stat`), main: read(`/proc/${pid}/task/${pid}/stat`) };
}

/** Clock ticks per second of /proc's CPU figures (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Target {
  label: string;
  /** the shop server's label (profiles), null for the bare fastify */
  server: string | null;
  pid: number;
  pool: Pool;
  path: string;
  headers: Record<string, string>;
}

/** One round of one target: `requests` requests over the pool's connections, CPU µs per request. */
async function round(t: Target, requests: number, connections: number) {
  let next = 0;
  let failed = 0;
  let count = Math.ceil(requests / 4);
  const worker = async () => {
    while (next < count) {
      next++;
      const res = await t.pool.request({ method: 'GET', path: t.path, headers: t.headers });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) failed++;
    }
  };
  // a quarter as many first, not measured: connections open, the code warm
  await Promise.all(Array.from({ length: connections }, async () => worker()));
  next = 0;
  count = requests;
  const t0 = ticksOf(t.pid);
  const w0 = performance.now();
  const fromUs = monotonicUs();
  await Promise.all(Array.from({ length: connections }, async () => worker()));
  const window: Window = { fromUs, toUs: monotonicUs() };
  const wall = performance.now() - w0;
  const t1 = ticksOf(t.pid);
  const perRequest = (ticks: number) => ((ticks / TICKS_PER_SECOND) * 1e6) / requests;
  return {
    processUs: perRequest(t1.process - t0.process),
    mainUs: perRequest(t1.main - t0.main),
    perSecond: (requests / wall) * 1000,
    failed,
    window,
  };
}

/** A bare fastify answering the same small JSON: the framework's and Node's HTTP floor on this machine. */
async function startBareFastify(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const script = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/version.json', async () => ({ version: '0.0.0', build: 'bare' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    console.log('bare fastify ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(root, 'apps/api'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('bare fastify ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`bare fastify exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export async function benchFixedCost(opts: {
  requests: number;
  rounds: number;
  connections: number;
  /** `script` null: the current build; `env`: variables of that server only */
  servers: Array<{ label: string; script: string | null; env: Record<string, string> }>;
  cpuProf: boolean;
}): Promise<void> {
  console.log(
    `\n== The API's fixed cost per request: ${opts.rounds} rounds × ${opts.requests} requests, ` +
      `${opts.connections} keep-alive connections`,
  );
  const cluster = await startPgCluster({ database: 'spesa_fixed', log: (m) => console.log(`  ${m}`) });
  const running: RunningServer[] = [];
  let bare: ChildProcess | null = null;
  const pools: Pool[] = [];
  try {
    const env = { DATABASE_URL: cluster.url, WORKERS: '1' };
    // the first start migrates, seeds and draws the leaflets; the measured servers find all of it done
    const seeding = await startServer({
      label: 'seeding',
      port: await freePort(),
      env,
      readyTimeoutMs: 20 * 60_000,
      readyLine: ['Spesa is ready', LEAFLETS_DRAWN_LINE],
      quiet: true,
      built: true,
    });
    await seeding.stop();
    const { openDatabase } = await import('../../apps/api/src/db/client');
    const { stageEmptyCartBuyers } = await import('../../apps/api/test/checkout-fixtures');
    const database = await openDatabase({ url: cluster.url });
    const now = new Date();
    const [token] = await stageEmptyCartBuyers(database, 1, now);
    await database.close();
    const accept = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
    const targets: Target[] = [];
    const pool = (url: string) => {
      const p = new Pool(url, { connections: opts.connections, pipelining: 1, keepAliveTimeout: 60_000 });
      pools.push(p);
      return p;
    };
    const b = await startBareFastify();
    bare = b.child;
    targets.push({
      label: 'bare fastify GET /version.json',
      server: null,
      pid: b.child.pid!,
      pool: pool(b.url),
      path: '/version.json',
      headers: accept,
    });
    const profileDir = join(root, 'var/fixed-cost-prof');
    if (opts.cpuProf) rmSync(profileDir, { recursive: true, force: true });
    for (const s of opts.servers) {
      const profiles = join(profileDir, s.label);
      if (opts.cpuProf) mkdirSync(profiles, { recursive: true });
      const server = await startServer({
        label: `shop ${s.label}`,
        port: await freePort(),
        env: { ...env, ...s.env },
        nodeArgs: opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [],
        readyLine: ['Spesa is ready', LEAFLETS_DRAWN_LINE],
        quiet: true,
        ...(s.script ? { script: join(root, s.script) } : { built: true }),
      });
      running.push(server);
      const p = pool(server.url);
      const pid = server.child.pid!;
      const name = (route: string) => `${s.label}: ${route}`;
      const serverLabel = s.label;
      targets.push(
        {
          label: name('GET /version.json (plain)'),
          server: serverLabel,
          pid,
          pool: p,
          path: '/version.json',
          headers: accept,
        },
        {
          label: name('GET /ebsn/api/version.json (envelope, anonymous)'),
          server: serverLabel,
          pid,
          pool: p,
          path: '/ebsn/api/version.json',
          headers: accept,
        },
        {
          label: name('GET /ebsn/api/version.json (envelope, session)'),
          server: serverLabel,
          pid,
          pool: p,
          path: '/ebsn/api/version.json',
          headers: { ...accept, cookie: `x-ebsn-account=${token}` },
        },
      );
    }
    const figures = new Map(targets.map((t) => [t.label, [] as Array<Awaited<ReturnType<typeof round>>>]));
    // every target warmed first (the code compiled, the connections open), nothing measured
    for (const t of targets) await round(t, opts.requests, opts.connections);
    const loads: number[] = [];
    for (let r = 0; r < opts.rounds; r++) {
      // each round in another order, so no target always follows the same one
      const order = r % 2 === 0 ? targets : [...targets].reverse();
      for (const t of order) figures.get(t.label)!.push(await round(t, opts.requests, opts.connections));
      loads.push(loadavg()[0] ?? NaN);
      console.log(`  round ${r + 1}/${opts.rounds} done (load ${loads.at(-1)!.toFixed(1)})`);
      await sleep(200);
    }
    const rows = targets.map((t) => {
      const f = figures.get(t.label)!;
      const failed = f.reduce((sum, x) => sum + x.failed, 0);
      return [
        t.label,
        median(f.map((x) => x.processUs)).toFixed(0),
        f.map((x) => x.processUs.toFixed(0)).join(' '),
        median(f.map((x) => x.mainUs)).toFixed(0),
        median(f.map((x) => x.perSecond)).toFixed(0),
        failed,
      ];
    });
    console.log(
      `\n${textTable(
        ['target', 'CPU µs/req (median)', 'per round', 'main thread µs/req', 'req/s', 'not 200'],
        rows,
      )}`,
    );
    console.log(`  load average during the rounds: ${loads.map((l) => l.toFixed(1)).join(' ')}`);
    for (const p of pools.splice(0)) await p.close().catch(() => undefined);
    // the profiles are written when the servers exit
    for (const s of running.splice(0)) await s.stop();
    if (opts.cpuProf)
      for (const t of targets.filter((x) => x.server !== null)) {
        const f = figures.get(t.label)!;
        const lines = summariseWindows(
          readProfiles(join(profileDir, t.server!), root),
          f.map((x) => x.window),
          {
            orders: f.length * opts.requests,
            top: 30,
            label: `${t.label} (an "order" here is one request)`,
            cpuMsPerOrder: median(f.map((x) => x.processUs)) / 1000,
          },
        );
        console.log(`\n${lines.join('\n')}`);
      }
  } finally {
    for (const p of pools) await p.close().catch(() => undefined);
    bare?.kill('SIGKILL');
    for (const s of running) await s.stop();
    cluster.stop();
  }
}
