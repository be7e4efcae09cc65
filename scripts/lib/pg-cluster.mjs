// A private, throw-away PostgreSQL cluster for tests and benchmarks.
//
// Used by scripts/test.mjs (the API suite's PostgreSQL pass) and bench/src/bench.ts. The cluster lives in a
// temporary folder, listens on 127.0.0.1 on a free port with its socket inside that folder, runs with
// fsync off, and is stopped (`pg_ctl stop -m immediate`) and deleted by `stop()` — also when the process exits
// or is interrupted, through the handlers installed here. When running as root the server runs as the
// `postgres` user (PostgreSQL refuses to run as root).
import { spawnSync, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  readFileSync,
  realpathSync,
  accessSync,
  constants,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Finds a folder holding `initdb` and `pg_ctl`: first PATH, then /usr/lib/postgresql/<version>/bin
 * (newest version first). Returns null when there is none.
 */
export function findPgBinDir() {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    // Follow symlinks (/usr/local/bin/initdb -> /usr/lib/postgresql/15/bin/initdb) to the folder that also
    // holds createdb and psql.
    if (isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl'))) {
      return dirname(realpathSync(join(dir, 'initdb')));
    }
  }
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const dir = join(base, v, 'bin');
      if (isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl'))) return dir;
    }
  }
  return null;
}

/** Asks the kernel for a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

function userExists(name) {
  return spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0;
}

/** Runs a PostgreSQL binary, as `postgres` when we are root. Throws with its output on failure. */
function runPg(binDir, tool, args, { asPostgres }) {
  const exe = join(binDir, tool);
  let cmd = exe;
  let argv = args;
  if (asPostgres) {
    if (isExecutable('/usr/sbin/runuser') || isExecutable('/sbin/runuser')) {
      cmd = isExecutable('/usr/sbin/runuser') ? '/usr/sbin/runuser' : '/sbin/runuser';
      argv = ['-u', 'postgres', '--', exe, ...args];
    } else {
      const quote = (s) => `'${String(s).replaceAll("'", `'\\''`)}'`;
      cmd = 'su';
      argv = ['postgres', '-s', '/bin/sh', '-c', [exe, ...args].map(quote).join(' ')];
    }
  }
  const res = spawnSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() });
  if (res.status !== 0) {
    const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim();
    throw new Error(`${tool} ${args.join(' ')} failed (exit ${res.status ?? res.signal}):\n${out}`);
  }
  return res.stdout;
}

const liveClusters = new Set();
let handlersInstalled = false;

function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // 'exit' handlers must be synchronous: stop() only uses spawnSync and rmSync.
  process.on('exit', () => {
    for (const c of [...liveClusters]) c.stop();
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      for (const c of [...liveClusters]) c.stop();
      // Let the caller's own handlers run too; if there are none besides ours, exit like the default would.
      if (process.listenerCount(sig) <= 1)
        process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
    });
  }
}

/**
 * Creates and starts a cluster, and creates database `database`.
 * @param {{ database?: string, binDir?: string, settings?: Record<string, string|number>, log?: (msg: string) => void }} [opts]
 * @returns {Promise<{ url: string, port: number, dir: string, binDir: string, version: string, stop: () => void }>}
 */
export async function startPgCluster(opts = {}) {
  const log = opts.log ?? (() => {});
  const database = opts.database ?? 'spesa';
  const binDir = opts.binDir ?? findPgBinDir();
  if (!binDir) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found');
  const asPostgres = isRoot;
  if (asPostgres && !userExists('postgres')) {
    throw new Error('running as root but there is no "postgres" user to run the server as');
  }

  const dir = mkdtempSync(join(tmpdir(), 'spesa-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  let started = false;
  let stopped = false;

  const cluster = {
    url: '',
    port: 0,
    dir,
    binDir,
    version: '',
    stop() {
      if (stopped) return;
      stopped = true;
      liveClusters.delete(cluster);
      if (started) {
        try {
          runPg(binDir, 'pg_ctl', ['-D', dataDir, 'stop', '-m', 'immediate', '-w', '-t', '20'], {
            asPostgres,
          });
        } catch (err) {
          // Last resort: kill the postmaster by the pid in its pid file.
          try {
            const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
            if (pid > 0) process.kill(pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
          log(`pg_ctl stop: ${err instanceof Error ? err.message : err}`);
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  liveClusters.add(cluster);
  installExitHandlers();

  try {
    if (asPostgres) execFileSync('chown', ['-R', 'postgres', dir]);
    const t0 = Date.now();
    const initArgs = ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'];
    try {
      runPg(binDir, 'initdb', [...initArgs, '--locale=C.UTF-8'], { asPostgres });
    } catch {
      // Machines without the C.UTF-8 locale: plain C still works (only case folding of accents differs).
      rmSync(dataDir, { recursive: true, force: true });
      runPg(binDir, 'initdb', [...initArgs, '--locale=C'], { asPostgres });
    }
    const port = await freePort();
    const settings = {
      listen_addresses: '127.0.0.1',
      port,
      unix_socket_directories: dir,
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: 200,
      ...opts.settings,
    };
    const pgOptions = Object.entries(settings)
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' ');
    runPg(binDir, 'pg_ctl', ['-D', dataDir, '-l', logFile, '-o', pgOptions, '-w', '-t', '60', 'start'], {
      asPostgres,
    });
    started = true;
    runPg(binDir, 'createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database], {
      asPostgres,
    });
    cluster.port = port;
    cluster.url = `postgres://postgres@127.0.0.1:${port}/${database}`;
    cluster.version = runPg(binDir, 'pg_ctl', ['--version'], { asPostgres: false }).trim();
    log(
      `PostgreSQL cluster up in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${cluster.url} (${cluster.version})`,
    );
    return cluster;
  } catch (err) {
    let serverLog = '';
    try {
      serverLog = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      /* no log */
    }
    cluster.stop();
    if (serverLog)
      throw new Error(`${err instanceof Error ? err.message : err}\n--- server log ---\n${serverLog}`);
    throw err;
  }
}

// `node scripts/lib/pg-cluster.mjs` starts a cluster, checks it answers, stops it: a smoke test of this file.
if (import.meta.url === `file://${process.argv[1]}`) {
  const c = await startPgCluster({ log: console.log });
  const res = spawnSync(join(c.binDir, 'psql'), [c.url, '-Atc', 'select version()'], { encoding: 'utf8' });
  console.log(res.stdout.trim() || res.stderr.trim());
  c.stop();
  console.log(existsSync(c.dir) ? `NOT deleted: ${c.dir}` : 'stopped and deleted');
}
