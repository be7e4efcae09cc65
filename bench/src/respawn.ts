// `npm run respawn -w @spesa/bench [-- --kills 5 --no-spare --server apps/api/dist/server.mjs]`: a replaced
// worker's start (decision 089, docs/benchmarks.md "A replaced worker's start").
//
// The compiled server (built first when missing or stale: scripts/build-api.mjs), WORKERS=2 on a private
// PostgreSQL cluster seeded at its first start; one serving worker killed with SIGKILL `--kills` times, each
// once the spare is ready (3 s apart with --no-spare). The figure is the primary's line "API process N serving
// X ms after …": with the spare, from the kill to the spare's `ready` after its `listen`; without it, from the
// new worker's fork to its `ready`. The load average is printed beside it: on a shared machine the figures
// follow the load.
import { execFileSync, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startPgCluster } from '../../scripts/lib/pg-cluster.mjs';
import { root } from './lib';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const kills = Number(arg('kills', '5'));
// --no-spare: the server without its spare worker (SPARE_WORKER=off): a new worker is started in place of each
const spare = !process.argv.includes('--no-spare');
const server = resolve(root, arg('server', 'apps/api/dist/server.mjs'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (server === join(root, 'apps/api/dist/server.mjs'))
  execFileSync(process.execPath, [join(root, 'scripts/build-api.mjs'), '--if-stale'], { stdio: 'inherit' });

const pg = await startPgCluster();
const port = await freePort();
const child = spawn(process.execPath, [server], {
  env: {
    ...process.env,
    DATABASE_URL: pg.url,
    WORKERS: '2',
    SPARE_WORKER: spare ? 'on' : 'off',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
child.stdout.on('data', (d: Buffer) => (out += d.toString()));
child.stderr.on('data', (d: Buffer) => (out += d.toString()));
const servingLines = () =>
  [...out.matchAll(/serving (\d+) ms after (?:it was started|API process \d+ ended)/g)].map((m) =>
    Number(m[1]),
  );

try {
  const t0 = Date.now();
  while (!out.includes('Spesa is ready')) {
    if (child.exitCode !== null || Date.now() - t0 > 600_000)
      throw new Error(`the server did not start:\n${out}`);
    await sleep(100);
  }
  const figures: number[] = [];
  const spareLines = () => (out.match(/ready as the spare/g) ?? []).length;
  for (let i = 0; i < kills; i++) {
    // the spare started behind the last replacement is ready (--no-spare: 3 s pass)
    const waitFrom = Date.now();
    while (spare ? spareLines() <= i : Date.now() - waitFrom < 3000) {
      if (Date.now() - waitFrom > 120_000) throw new Error(`no spare ready:\n${out.slice(-2000)}`);
      await sleep(50);
    }
    // the oldest worker: a serving one (the spare is always the newest, started after the last replacement)
    const workers = execFileSync('pgrep', ['-o', '-P', String(child.pid)])
      .toString()
      .trim()
      .split('\n');
    const before = servingLines().length;
    process.kill(Number(workers[0]), 'SIGKILL');
    const killed = Date.now();
    while (servingLines().length === before) {
      if (Date.now() - killed > 120_000) throw new Error(`no replacement served:\n${out.slice(-2000)}`);
      await sleep(20);
    }
    const ms = servingLines().at(-1) ?? 0;
    figures.push(ms);
    console.log(
      `kill ${i + 1}: the replacement served ${ms} ms after the kill (the spare) or its start (load ${(loadavg()[0] ?? 0).toFixed(1)})`,
    );
    await sleep(3000);
  }
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(
    `replaced worker serving after: ${figures.join(', ')} ms; median ${sorted[Math.floor(sorted.length / 2)]} ms (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  pg.stop();
}
