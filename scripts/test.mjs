// `npm test`: every test, the one command CI runs.
//
//   0. the dependencies (npm install) when node_modules is missing
//   1. Chromium for the journeys (installs it as root with apt, otherwise says exactly what to run)
//   2. Vitest: projects shared + web + admin + api (the api suite on a fresh embedded PGlite, via its global setup)
//   3. the api project again on a private, throw-away PostgreSQL cluster (when the server binaries exist),
//      without the files that cannot tell the engines apart (vitest.config.ts, decision 009); beside it, the
//      production builds of the web app and the back office
//   4. Playwright journeys in Chromium on that build (axe scan on every page)
//   5. summary line `tests: N passed, M failed`; exit code 1 when anything failed
//
// Flags: --no-e2e (skip 1 and 4 and the build), --no-pg (skip the PostgreSQL pass), --no-vitest (skip 2 and 3).
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPgBinDir, freePort, startPgCluster } from './lib/pg-cluster.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'var/test-results');
const args = new Set(process.argv.slice(2));
const known = new Set(['--no-e2e', '--no-pg', '--no-vitest', '--help', '-h']);
for (const a of args) {
  if (!known.has(a)) {
    console.error(`Unknown option ${a}. Options: --no-e2e, --no-pg, --no-vitest`);
    process.exit(2);
  }
}
if (args.has('--help') || args.has('-h')) {
  console.log('npm test [-- --no-e2e] [--no-pg] [--no-vitest]');
  process.exit(0);
}
const runE2e = !args.has('--no-e2e');
const runVitest = !args.has('--no-vitest');
const runPg = runVitest && !args.has('--no-pg');

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (t) => (color ? `\x1b[1m${t}\x1b[0m` : t);
const red = (t) => (color ? `\x1b[31m${t}\x1b[0m` : t);
const green = (t) => (color ? `\x1b[32m${t}\x1b[0m` : t);
const yellow = (t) => (color ? `\x1b[33m${t}\x1b[0m` : t);
const started = Date.now();
const secs = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const heading = (text) => console.log(`\n${bold(`━━ ${text}`)}`);

/** @type {{ name: string, passed: number, failed: number, skipped: number, note?: string, failures?: string[], time: string }[]} */
const steps = [];
/** @type {string[]} */
const skippedParts = [];

// ---------------------------------------------------------------------------------------------------------
// Child processes: each runs in its own process group so an interruption can end it with its grandchildren.
// Two may run at once (the PostgreSQL pass and the web build).
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
let cluster = null;
let interrupted = false;

/**
 * Runs a command to its end. `capture`: its output is kept (answered as `output`) instead of shown, for a
 * step running beside another one.
 */
function run(cmd, argv, { env = process.env, capture = false } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, argv, {
      cwd: root,
      env,
      stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
      detached: true,
    });
    running.add(child);
    let stderr = '';
    let output = '';
    if (capture) child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => {
      stderr += d;
      if (capture) output += d;
    });
    child.on('error', (err) => {
      running.delete(child);
      resolvePromise({ code: 127, stderr: err.message, output: output + err.message });
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolvePromise({ code: code ?? 128 + (signal === 'SIGKILL' ? 9 : 15), stderr, output });
    });
  });
}

function killGroup(child, sig) {
  try {
    process.kill(-child.pid, sig);
  } catch {
    /* already gone */
  }
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${red(`Interrupted (${sig}): stopping`)}`);
    const children = [...running];
    const finish = () => {
      cluster?.stop();
      process.exit(130);
    };
    if (children.length === 0) return finish();
    for (const child of children) killGroup(child, 'SIGTERM');
    const force = setTimeout(() => {
      for (const child of children) killGroup(child, 'SIGKILL');
      setTimeout(finish, 1000);
    }, 5000);
    Promise.all(children.map((child) => new Promise((done) => child.once('exit', done)))).then(() => {
      clearTimeout(force);
      // Playwright's web server and vitest's forks live in the same groups: make sure nothing lingers.
      for (const child of children) killGroup(child, 'SIGKILL');
      finish();
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Counting results.

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** First non-empty line of a failure message, without colour codes, cut to a readable length. */
function firstLine(text) {
  const line =
    String(text ?? '')
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

/** Vitest's JSON reporter (Jest-compatible shape). A file that fails to load counts as one failure. */
function countVitest(file, exitCode) {
  const r = readJson(file);
  if (!r) return { passed: 0, failed: exitCode === 0 ? 0 : 1, skipped: 0, note: 'no JSON report written' };
  let failed = r.numFailedTests ?? 0;
  /** @type {string[]} */
  const failures = [];
  for (const suite of r.testResults ?? []) {
    const file = relative(process.cwd(), suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests)
      failures.push(`${file} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (suite.status === 'failed' && failedTests.length === 0) {
      failed += 1; // load error, failing hook...
      failures.push(`${file}: ${firstLine(suite.message)}`);
    }
  }
  if (exitCode !== 0 && failed === 0) failed = 1; // e.g. unhandled error outside any test
  return {
    passed: r.numPassedTests ?? 0,
    failed,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    failures,
  };
}

/** Playwright's JSON reporter: a flaky test (passed on retry) counts as passed. */
function countPlaywright(file, exitCode) {
  const r = readJson(file);
  if (!r?.stats)
    return { passed: 0, failed: exitCode === 0 ? 0 : 1, skipped: 0, note: 'no JSON report written' };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = r.stats;
  let failed = unexpected + (r.errors?.length ?? 0); // errors: web server did not start, config errors...
  if (exitCode !== 0 && failed === 0) failed = 1;
  /** @type {string[]} */
  const failures = (r.errors ?? []).map((e) => firstLine(e.message));
  /** @param {any} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') {
          const error = t.results?.at(-1)?.error?.message;
          failures.push(`${spec.file} › ${spec.title}: ${firstLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
  return {
    passed: expected + flaky,
    failed,
    skipped,
    failures,
    note: flaky ? `${flaky} flaky (passed on retry)` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------------------
// apt helpers (root only; CI machines are fresh Debian).

let aptUpdated = false;
const canApt = () =>
  isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
async function aptInstall(pkg) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    console.log(`$ apt-get update`);
    const up = await run('apt-get', ['update'], { env });
    if (up.code !== 0) return false;
    aptUpdated = true;
  }
  console.log(`$ apt-get install -y ${pkg}`);
  const res = await run('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env });
  return res.code === 0;
}

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------------------------------------------------

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const npm = 'npm';
const vitestBin = join(root, 'node_modules/vitest/vitest.mjs');
// The PGlite pass must not pick up a developer's DATABASE_URL.
const baseEnv = { ...process.env };
delete baseEnv.DATABASE_URL;

// 0. Dependencies: a checkout without node_modules (`npm test` typed before `npm install`) installs them first
if (!existsSync(vitestBin)) {
  heading('Dependencies');
  console.log('node_modules is missing: running npm install (about a minute)');
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      red('npm install failed: run `npm install` in the repository root, then `npm test` again.'),
    );
    process.exit(1);
  }
}

// 1. Chromium -----------------------------------------------------------------------------------------------
let chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (runE2e) {
  heading('Chromium');
  if (!isExecutable(chromiumPath)) {
    if (!process.env.CHROMIUM_PATH && canApt()) {
      console.log(`${chromiumPath} is missing: installing Debian's chromium (about a minute)`);
      const ok = await aptInstall('chromium');
      if (!ok || !isExecutable(chromiumPath)) {
        console.error(red('Installing chromium with apt-get failed; see the output above.'));
        process.exit(1);
      }
    } else {
      console.error(
        red(
          [
            `Chromium non trovato in ${chromiumPath}: serve per i test end-to-end. Installalo con:`,
            '    sudo apt-get install -y chromium',
            'oppure indica il percorso con CHROMIUM_PATH=/percorso/di/chromium, o salta i test e2e con `npm test -- --no-e2e`.',
            '',
            `Chromium not found at ${chromiumPath}: the end-to-end tests need it. Install it with:`,
            '    sudo apt-get install -y chromium',
            'or set CHROMIUM_PATH=/path/to/chromium, or skip the e2e tests with `npm test -- --no-e2e`.',
          ].join('\n'),
        ),
      );
      process.exit(1);
    }
  }
  console.log(`using ${chromiumPath}`);
}

// 2. Vitest on PGlite ------------------------------------------------------------------------------------------
if (runVitest) {
  heading('Vitest: shared, web, api (embedded PGlite)');
  const t0 = Date.now();
  const out = join(resultsDir, 'vitest-pglite.json');
  const res = await run(
    process.execPath,
    [
      vitestBin,
      'run',
      '--project=shared',
      '--project=web',
      '--project=admin',
      '--project=api',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    { env: baseEnv },
  );
  steps.push({ name: 'vitest (shared, web, api on PGlite)', ...countVitest(out, res.code), time: secs(t0) });
}

// 3. api again on PostgreSQL, the web build beside it ---------------------------------------------------------
// The PostgreSQL pass mostly waits on the server, the build mostly computes: side by side they share the cores.
// The build's output is kept and shown when it is done, so the two logs do not interleave.
/** @type {Promise<{ code: number, output: string, time: string }> | null} */
let building = null;
if (runE2e) {
  const t0 = Date.now();
  // both front ends: the shop's web app and the back office (npm run build), then the app variant of the shop
  // (apps/web/dist-app, served to the `app` journeys by a server of their own)
  building = run(npm, ['run', 'build'], { capture: true })
    .then(async (web) =>
      web.code !== 0
        ? web
        : run(npm, ['run', 'build:app', '-w', '@spesa/web'], { capture: true }).then((app) => ({
            ...app,
            output: web.output + app.output,
          })),
    )
    .then((res) => ({ ...res, time: secs(t0) }));
}

if (runPg) {
  heading(`Vitest: api on a private PostgreSQL cluster${building ? ' (the web build runs beside it)' : ''}`);
  const t0 = Date.now();
  let binDir = findPgBinDir();
  let why = '';
  if (!binDir && canApt()) {
    console.log('PostgreSQL server binaries not found: trying apt-get install -y postgresql');
    if (await aptInstall('postgresql')) binDir = findPgBinDir();
    if (!binDir) why = 'apt-get install -y postgresql did not provide initdb/pg_ctl';
  } else if (!binDir) {
    why =
      'initdb/pg_ctl not found on PATH or in /usr/lib/postgresql/*/bin (install: sudo apt-get install -y postgresql)';
  }
  if (binDir) {
    try {
      cluster = await startPgCluster({ binDir, database: 'spesa_test', log: (m) => console.log(m) });
    } catch (err) {
      why = `the cluster did not start: ${err instanceof Error ? err.message : err}`;
    }
  }
  if (cluster) {
    const out = join(resultsDir, 'vitest-postgres.json');
    try {
      const res = await run(
        process.execPath,
        [
          vitestBin,
          'run',
          '--project=api',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${out}`,
        ],
        { env: { ...baseEnv, DATABASE_URL: cluster.url } },
      );
      steps.push({ name: 'vitest (api on PostgreSQL)', ...countVitest(out, res.code), time: secs(t0) });
    } finally {
      cluster.stop();
      cluster = null;
    }
  } else {
    console.log(yellow(`PostgreSQL pass skipped: ${why}`));
    skippedParts.push(`PostgreSQL pass skipped (${why.split('\n')[0]})`);
  }
}

// 4. Playwright journeys on the build ----------------------------------------------------------------------------
if (building) {
  heading('Web build');
  const build = await building;
  process.stdout.write(build.output);
  if (build.code !== 0) {
    steps.push({
      name: 'web build',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: 'vite build failed',
      time: build.time,
    });
  } else {
    console.log(`built in ${build.time}`);
    heading('Playwright journeys (Chromium)');
    const t1 = Date.now();
    const out = join(resultsDir, 'playwright.json');
    const port = process.env.E2E_PORT || String(await freePort());
    const appPort = process.env.E2E_APP_PORT || String(await freePort());
    const res = await run(npm, ['run', 'test:e2e'], {
      env: {
        ...baseEnv,
        CHROMIUM_PATH: chromiumPath,
        E2E_PORT: port,
        E2E_APP_PORT: appPort,
        PLAYWRIGHT_JSON_OUTPUT_FILE: out,
      },
    });
    steps.push({ name: 'playwright journeys', ...countPlaywright(out, res.code), time: secs(t1) });
  }
}

// 5. Summary ------------------------------------------------------------------------------------------------------
heading(`Summary (${secs(started)})`);
let passed = 0;
let failed = 0;
for (const s of steps) {
  passed += s.passed;
  failed += s.failed;
  const mark = s.failed ? red('✗') : green('✓');
  const extra = [s.skipped ? `${s.skipped} skipped` : '', s.note ?? ''].filter(Boolean).join(', ');
  console.log(
    `${mark} ${s.name}: ${s.passed} passed, ${s.failed} failed${extra ? ` (${extra})` : ''} — ${s.time}`,
  );
}
for (const s of steps) for (const f of s.failures ?? []) console.log(red(`  ✗ [${s.name}] ${f}`));
for (const p of skippedParts) console.log(yellow(`! ${p}`));
if (!runE2e) console.log(yellow('! e2e skipped (--no-e2e)'));
if (!runVitest) console.log(yellow('! vitest skipped (--no-vitest)'));
else if (!runPg) console.log(yellow('! PostgreSQL pass skipped (--no-pg)'));
if (steps.length === 0) console.log(yellow('! nothing ran'));
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
