// Playwright's web server for the journeys (playwright.config.ts): the run's three servers, each through
// serve.mjs on a database of its own:
//   web       E2E_PORT           the shop's web build
//   app       E2E_APP_PORT       the shop's app build (apps/web/dist-app, decision 055)
//   payments  E2E_PAYMENTS_PORT  the web build with cards and Satispay through the providers' stand-ins (086)
// The database is migrated and seeded once (a server started on it and stopped as soon as it answers), then
// each server starts on a copy of it. Started one after the other, each seeding its own, they took about 40 s
// apiece on this 2-core machine before the first journey could run (decision 009).
// Prints "[e2e servers] ready" once the shop's answers: the journeys start. The app and payments servers, whose
// journeys come last (support/started-servers.ts waits for them), start then at the lowest CPU priority, on the
// time the journeys leave idle, and get the normal priority back once they answer; three at once, they held the
// first journey back by 25-40 s. Without the right to give a priority back (not root), they start at once.
// SIGTERM stops them.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { setPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const port = Number(process.env.E2E_PORT ?? 8181);
const servers = [
  { name: 'web', port, env: {} },
  {
    name: 'app',
    port: Number(process.env.E2E_APP_PORT ?? port + 1),
    env: { WEB_DIST: 'apps/web/dist-app' },
  },
  {
    name: 'payments',
    port: Number(process.env.E2E_PAYMENTS_PORT ?? port + 2),
    env: { E2E_PAYMENT_STAND_INS: 'on' },
  },
];
const prepared = join(root, 'var', `e2e-prepared-${Date.now()}-${process.pid}`);
/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
let stopping = false;

/**
 * serve.mjs with `env`, its output prefixed with `[name]` line by line; `niced`: at the lowest CPU priority from
 * its first thread on (nice 19).
 */
function serve(name, env, niced = false) {
  const command = [process.execPath, join(here, 'serve.mjs')];
  if (niced) command.unshift('nice', '-n', '19');
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let partial = '';
    from.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) to.write(`[${name}] ${line}\n`);
    });
    from.on('end', () => partial && to.write(`[${name}] ${partial}\n`));
  }
  const exited = new Promise((resolveExit) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolveExit(code ?? (signal ? 1 : 0));
    }),
  );
  return { child, exited };
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function fail(message) {
  console.error(`[e2e servers] ${message}`);
  stop(1);
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const done = () => {
    rmSync(prepared, { recursive: true, force: true });
    process.exit(code);
  };
  if (children.size === 0) return done();
  const force = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    setTimeout(done, 500);
  }, 12_000);
  const check = setInterval(() => {
    if (children.size > 0) return;
    clearInterval(check);
    clearTimeout(force);
    done();
  }, 100);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(0));

for (const s of servers)
  if (await answers(`http://127.0.0.1:${s.port}/ebsn/api/version.json`))
    fail(`port ${s.port} (${s.name}) already answers: stop that server or choose other ports (E2E_PORT...)`);

// 1. the run's database, prepared once (no listings to warm, no tiles or payment providers needed)
const t0 = Date.now();
const preparing = serve('prepare', {
  E2E_PREPARE_DATA: prepared,
  E2E_PORT: String(await freePort()),
  CACHE_TTL_MS: '0',
  MAP_TILES_URL: '',
});
const preparedCode = await preparing.exited;
if (stopping) await new Promise(() => {});
if (preparedCode !== 0) fail(`preparing the database failed (exit ${preparedCode})`);
console.log(`[e2e servers] database prepared in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// 2. the shop's server; the journeys start when it answers
const t1 = Date.now();
const [web, ...later] = servers;
const start = (s, niced = false) => {
  const env = { ...s.env, E2E_PORT: String(s.port), E2E_DATA_FROM: prepared };
  const { child, exited } = serve(s.name, env, niced);
  void exited.then((code) => {
    if (!stopping) fail(`the ${s.name} server stopped (exit ${code})`);
  });
  return child;
};
start(web);
await untilAnswering(web);
if (stopping) await new Promise(() => {});
console.log(
  `[e2e servers] ready in ${((Date.now() - t1) / 1000).toFixed(1)} s: web http://127.0.0.1:${web.port} (${later.map((s) => `${s.name} http://127.0.0.1:${s.port}`).join(', ')} starting)`,
);

// 3. the app and payments servers, on the CPU the journeys leave idle (nice 19), back to the normal priority
// once they answer; at once at the normal priority where a priority cannot be given back (not root)
const canRenice = typeof process.getuid === 'function' && process.getuid() === 0;
const t2 = Date.now();
await Promise.all(
  later.map(async (s) => {
    const child = start(s, canRenice);
    await untilAnswering(s);
    if (canRenice && child.pid) reniceTree(child.pid, 0);
    if (!stopping)
      console.log(`[e2e servers] ${s.name} answers after ${((Date.now() - t2) / 1000).toFixed(1)} s`);
  }),
);
// the copies are taken: the prepared database is no longer needed
if (!stopping) rmSync(prepared, { recursive: true, force: true });

async function untilAnswering(s) {
  while (!(await answers(`http://127.0.0.1:${s.port}/ebsn/api/version.json`))) {
    if (stopping) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
}

/**
 * Sets the CPU priority of a process and of every process it started (serve.mjs, scripts/start.mjs, the
 * server), each of their threads (Linux keeps a priority per thread): a process or thread started later
 * inherits it.
 */
function reniceTree(pid, priority) {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": the command may hold spaces and parentheses, the fields after its last ")"
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* ended meanwhile */
    }
  }
  const tree = new Set([pid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [child, parent] of parentOf)
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grown = true;
      }
  }
  for (const p of tree) {
    let threads = [String(p)];
    try {
      threads = readdirSync(`/proc/${p}/task`);
    } catch {
      /* ended meanwhile */
    }
    for (const thread of threads) {
      try {
        setPriority(Number(thread), priority);
      } catch {
        /* ended meanwhile */
      }
    }
  }
}
