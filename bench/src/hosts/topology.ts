// The machines of `npm run test:hosts` (decision 091), started inside the network namespaces that
// scripts/test-hosts.mjs built: a PostgreSQL primary (db1) and its synchronous streaming standby (db2), each with
// its role check; HAProxy (lb) with deploy/haproxy.cfg in front of the API hosts and of the databases; two API
// hosts (api1, api2) of 2 worker processes each. This process runs in the "client" namespace.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { findPgBinDir } from '../../../scripts/lib/pg-cluster.mjs';
import { root, sleep } from '../lib';

/**
 * The path HAProxy health-checks the API hosts on: the shop's readiness (decision 089: 200 when the database
 * answers and the migrations are applied, 503 while the process drains).
 */
export const HEALTH_CHECK_PATH = '/readyz';

/** The compiled API server (decision 089) the hosts run; scripts/test-hosts.mjs builds it when stale. */
export const API_SERVER = join(root, 'apps/api/dist/server.mjs');

export const PREFIX = process.env.SPESA_HOSTS_NS_PREFIX ?? 'spesa-h-';
export const WORK_DIR = process.env.SPESA_HOSTS_WORK_DIR ?? '';
export const ADDR = {
  lb: '10.152.0.2',
  api1: '10.152.0.21',
  api2: '10.152.0.22',
  db1: '10.152.0.11',
  db2: '10.152.0.12',
  client: '10.152.0.100',
} as const;
export type Machine = keyof typeof ADDR;
export const API_PORT = 8080;
export const SHOP_URL = `http://${ADDR.lb}:8080`;
export const DATABASE_URL = `postgres://postgres@${ADDR.lb}:5432/spesa`;
export const directUrl = (db: 'db1' | 'db2', database = 'spesa') =>
  `postgres://postgres@${ADDR[db]}:5432/${database}`;
const pgBin = findPgBinDir() ?? '/usr/lib/postgresql/15/bin';
const logDir = () => join(WORK_DIR, 'logs');

const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of started) killGroup(c, 'SIGKILL');
});

export function killGroup(child: ChildProcess, sig: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, sig);
  } catch {
    /* gone */
  }
}

/** Runs a command in a machine's namespace to its end; throws with its output when it fails. */
export function inMachine(
  machine: Machine,
  cmd: string,
  args: string[],
  opts: { asPostgres?: boolean; env?: NodeJS.ProcessEnv } = {},
): string {
  const argv = opts.asPostgres ? ['runuser', '-u', 'postgres', '--', cmd, ...args] : [cmd, ...args];
  const r = spawnSync('ip', ['netns', 'exec', `${PREFIX}${machine}`, ...argv], {
    encoding: 'utf8',
    env: opts.env ?? process.env,
    cwd: '/',
  });
  if (r.status !== 0)
    throw new Error(
      `${machine}: ${argv.join(' ')} failed (${r.status ?? r.signal}): ${`${r.stdout}${r.stderr}`.trim()}`,
    );
  return r.stdout;
}

/** Starts a long-running process in a machine's namespace, in its own process group, its output in logs/. */
export function startIn(
  machine: Machine,
  label: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): ChildProcess {
  const out = createWriteStream(join(logDir(), `${label}.log`), { flags: 'a' });
  const child = spawn('ip', ['netns', 'exec', `${PREFIX}${machine}`, cmd, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL

export class PgHost {
  readonly dir: string;
  readonly data: string;
  /** `folder`: the host's folder under the work dir (default its machine's name) */
  constructor(
    readonly machine: Machine,
    readonly archiveDir: string,
    folder: string = machine,
  ) {
    this.dir = join(WORK_DIR, folder);
    this.data = join(this.dir, 'data');
  }

  private ctl(args: string[]) {
    return inMachine(this.machine, join(pgBin, 'pg_ctl'), args, { asPostgres: true });
  }

  /** The settings every database host of the test runs with (postgresql.auto.conf is copied to a standby). */
  private writeSettings() {
    appendFileSync(
      join(this.data, 'postgresql.conf'),
      [
        "listen_addresses = '*'",
        'port = 5432',
        `unix_socket_directories = '${this.dir}'`,
        'max_connections = 200',
        // the machine does not crash under the test; a PostgreSQL process does (pg_ctl stop -m immediate)
        'fsync = off',
        'wal_level = replica',
        'max_wal_senders = 10',
        "wal_keep_size = '256MB'",
        'hot_standby = on',
        'archive_mode = on',
        `archive_command = 'test ! -f ${this.archiveDir}/%f && cp %p ${this.archiveDir}/%f'`,
        '',
      ].join('\n'),
    );
    appendFileSync(
      join(this.data, 'pg_hba.conf'),
      'host all all 10.152.0.0/24 trust\nhost replication all 10.152.0.0/24 trust\n',
    );
  }

  initPrimary() {
    mkdirSync(this.dir, { recursive: true });
    spawnSync('chown', ['-R', 'postgres', this.dir]);
    inMachine(
      this.machine,
      join(pgBin, 'initdb'),
      ['-D', this.data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
      {
        asPostgres: true,
      },
    );
    this.writeSettings();
  }

  /** A standby: a base backup of `from` streamed over the network, following it as `application_name`. */
  initStandby(from: PgHost) {
    mkdirSync(this.dir, { recursive: true });
    spawnSync('chown', ['-R', 'postgres', this.dir]);
    inMachine(
      this.machine,
      join(pgBin, 'pg_basebackup'),
      [
        '-h',
        ADDR[from.machine],
        '-U',
        'postgres',
        '-D',
        this.data,
        '-X',
        'stream',
        '-c',
        'fast',
        '-R',
        '--no-sync',
      ],
      {
        asPostgres: true,
      },
    );
    appendFileSync(
      join(this.data, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=${ADDR[from.machine]} port=5432 user=postgres application_name=${this.machine}'\n`,
    );
    // the copied postgresql.conf names the primary's socket folder
    appendFileSync(join(this.data, 'postgresql.conf'), `unix_socket_directories = '${this.dir}'\n`);
  }

  start() {
    this.ctl(['-D', this.data, '-l', join(this.dir, 'postgres.log'), '-w', '-t', '60', 'start']);
  }

  /** Like a crash: no checkpoint, the clients cut. */
  stopImmediate() {
    this.ctl(['-D', this.data, '-m', 'immediate', '-w', 'stop']);
  }

  promote() {
    this.ctl(['-D', this.data, '-w', 'promote']);
  }

  psql(sqlText: string, database = 'postgres'): string {
    return inMachine(this.machine, join(pgBin, 'psql'), [
      '-h',
      '127.0.0.1',
      '-U',
      'postgres',
      '-d',
      database,
      '-Atqc',
      sqlText,
    ]).trim();
  }

  /** The role check HAProxy asks (deploy/pg-role-check.mjs). */
  startRoleCheck() {
    startIn(
      this.machine,
      `${this.machine}-role-check`,
      process.execPath,
      [join(root, 'deploy/pg-role-check.mjs')],
      {
        PG_CHECK_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      },
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// HAProxy

export function startProxy(): { statsSocket: string; child: ChildProcess } {
  const statsSocket = join(WORK_DIR, 'haproxy.sock');
  const child = startIn('lb', 'haproxy', 'haproxy', ['-db', '-f', join(root, 'deploy/haproxy.cfg')], {
    SPESA_STATS_SOCKET: statsSocket,
    SPESA_HTTP_BIND: `${ADDR.lb}:8080`,
    SPESA_API1: `${ADDR.api1}:${API_PORT}`,
    SPESA_API2: `${ADDR.api2}:${API_PORT}`,
    SPESA_READY_PATH: HEALTH_CHECK_PATH,
    SPESA_PG_BIND: `${ADDR.lb}:5432`,
    SPESA_DB1: `${ADDR.db1}:5432`,
    SPESA_DB2: `${ADDR.db2}:5432`,
  });
  return { statsSocket, child };
}

/** `show stat` of the runtime socket, per backend server ("api/api1"). */
export interface ServerStats {
  status: string;
  requests: number;
  /** connection retries and requests sent to another server after a failure (redispatches) */
  retries: number;
  redispatches: number;
}

export async function proxyStats(statsSocket: string): Promise<Map<string, ServerStats>> {
  const text = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const c = createConnection(statsSocket, () => c.write('show stat\n'));
    c.on('data', (d) => (buf += d.toString()));
    c.on('end', () => resolve(buf));
    c.on('error', reject);
  });
  const out = new Map<string, ServerStats>();
  const lines = text.split('\n');
  const head = (lines[0] ?? '').replace(/^# /, '').split(',');
  const col = (n: string) => head.indexOf(n);
  for (const l of lines.slice(1)) {
    const c = l.split(',');
    if (c.length < 10 || c[1] === 'FRONTEND' || c[1] === 'BACKEND') continue;
    const n = (name: string) => Number(c[col(name)] || 0);
    out.set(`${c[0]}/${c[1]}`, {
      status: c[col('status')] ?? '',
      requests: n('stot'),
      retries: n('wretr'),
      redispatches: n('wredis'),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The API hosts

/** What every API host shares: the production environment of a demonstration shop with the sandbox provider. */
export const sharedSecrets = {
  PAYMENT_SANDBOX_SECRET: randomBytes(24).toString('base64url'),
  STAFF_TOTP_KEY: randomBytes(32).toString('base64url'),
};
/** gift-code checks per customer in the window: small, so the throttle part reaches it in a few calls */
export const GIFT_CODE_LIMIT = 6;

export function apiEnv(machine: 'api1' | 'api2', databaseUrl = DATABASE_URL): NodeJS.ProcessEnv {
  const own = join(WORK_DIR, machine);
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '0.0.0.0',
    PORT: String(API_PORT),
    WORKERS: '2',
    DATABASE_URL: databaseUrl,
    TRUST_PROXY_HOPS: '1',
    DEMO_SHOP: 'on',
    PAYMENT_SANDBOX: 'on',
    ...sharedSecrets,
    GIFT_CODE_RATE_MAX_PER_CUSTOMER: String(GIFT_CODE_LIMIT),
    // each host its own disk: what a file needs from another host shows
    FORM_UPLOADS_DIR: join(own, 'form-uploads'),
    LEAFLETS_DIR: join(own, 'leaflets'),
    PUBLIC_URL: SHOP_URL,
  };
}

export interface ApiHost {
  machine: 'api1' | 'api2';
  child: ChildProcess;
  /** kill -9 of every process of the host (its primary and its workers) */
  kill(): void;
  stop(): Promise<void>;
}

/**
 * Starts an API host: `seeded` settles when its primary has migrated and seeded the database (another host may
 * start then), `ready` when it printed "Spesa is ready" (every worker listens).
 */
export function launchApiHost(
  machine: 'api1' | 'api2',
  opts: { timeoutMs?: number } = {},
): { seeded: Promise<void>; ready: Promise<ApiHost> } {
  mkdirSync(join(WORK_DIR, machine), { recursive: true });
  const child = startIn(machine, `${machine}-api`, process.execPath, [API_SERVER], apiEnv(machine));
  let seeded = false;
  let ready = false;
  let exited: string | null = null;
  child.stdout?.on('data', (d: Buffer) => {
    const text = d.toString();
    if (text.includes('Starting 2 API processes')) seeded = true;
    if (text.includes('Spesa is ready')) ready = seeded = true;
  });
  child.once('exit', (code, signal) => (exited = String(signal ?? code)));
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  const until = async (what: string, done: () => boolean) => {
    while (!done()) {
      if (exited !== null)
        throw new Error(
          `${machine}: the API server exited (${exited}) before it was ${what} (see logs/${machine}-api.log)`,
        );
      if (Date.now() > deadline) throw new Error(`${machine}: the API server was not ${what} in time`);
      await sleep(200);
    }
  };
  const host: ApiHost = {
    machine,
    child,
    kill: () => killGroup(child, 'SIGKILL'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return killGroup(child, 'SIGKILL');
      const done = new Promise((r) => child.once('exit', r));
      killGroup(child, 'SIGTERM');
      const t = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
      await done;
      clearTimeout(t);
      killGroup(child, 'SIGKILL');
    },
  };
  const readyPromise = until('ready', () => ready).then(() => host);
  readyPromise.catch(() => {});
  return { seeded: until('seeded', () => seeded), ready: readyPromise };
}

export function startApiHost(machine: 'api1' | 'api2'): Promise<ApiHost> {
  return launchApiHost(machine).ready;
}

/** Waits until `check` holds, polling; answers the milliseconds it took, or throws `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 100,
): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    try {
      if (await check()) return Date.now() - t0;
    } catch {
      /* not yet */
    }
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
}

export function writeNote(file: string, text: string) {
  writeFileSync(join(WORK_DIR, file), text);
}
