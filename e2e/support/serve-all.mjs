// Playwright's web server for the journeys (playwright.config.ts): the run's three servers, each through
// serve.mjs on a database of its own:
//   web       E2E_PORT           the shop's web build
//   app       E2E_APP_PORT       the shop's app build (apps/web/dist-app, decision 055)
//   payments  E2E_PAYMENTS_PORT  the web build with cards and Satispay through the providers' stand-ins (086)
// The database is migrated and seeded once (a server started on it and stopped as soon as it answers), then
// each server starts on a copy of it, the three at once. Started one after the other, each seeding its own, they
// took about 40 s apiece on this 2-core machine before the first journey could run (decision 009).
// Prints "[e2e servers] ready" once the three answer; SIGTERM stops them.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
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
// Each warms its listings before it listens (decision 020), as before: warmed after, beside the first
// journeys, they took the CPU those journeys' 10-second expectations needed on a loaded machine (tried: the
// first journeys failed).
const prepared = join(root, 'var', `e2e-prepared-${Date.now()}-${process.pid}`);
/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
let stopping = false;

/** serve.mjs with `env`, its output prefixed with `[name]` line by line. */
function serve(name, env) {
  const child = spawn(process.execPath, [join(here, 'serve.mjs')], {
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

// 2. the three servers at once, each on its copy
const t1 = Date.now();
const started = servers.map((s) => {
  const { exited } = serve(s.name, { ...s.env, E2E_PORT: String(s.port), E2E_DATA_FROM: prepared });
  void exited.then((code) => {
    if (!stopping) fail(`the ${s.name} server stopped (exit ${code})`);
  });
  return s;
});
await Promise.all(
  started.map(async (s) => {
    while (!(await answers(`http://127.0.0.1:${s.port}/ebsn/api/version.json`))) {
      if (stopping) return;
      await new Promise((resolveWait) => setTimeout(resolveWait, 250));
    }
  }),
);
if (!stopping) {
  // the copies are taken: the prepared database is no longer needed
  rmSync(prepared, { recursive: true, force: true });
  console.log(
    `[e2e servers] ready in ${((Date.now() - t1) / 1000).toFixed(1)} s: ${servers.map((s) => `${s.name} http://127.0.0.1:${s.port}`).join(', ')}`,
  );
}
