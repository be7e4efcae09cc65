// Helpers shared by bench.ts and lighthouse.ts: paths, starting the real server, docs/benchmarks.md sections.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A command-line option: `--name=value`, `--name` (true) or `--no-name` (false). Through the root script
 * (`npm run bench -- --db=pglite`) npm turns unknown flags into npm_config_<name> variables instead of
 * passing them on, so those are read too ('' there means --no-name).
 */
export function option(name: string): string | boolean | undefined {
  for (const arg of process.argv.slice(2)) {
    if (arg === `--${name}`) return true;
    if (arg === `--no-${name}`) return false;
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  const fromNpm = process.env[`npm_config_${name.replaceAll('-', '_')}`];
  if (fromNpm === undefined) return undefined;
  if (fromNpm === '' || fromNpm === 'false') return false;
  return fromNpm === 'true' ? true : fromNpm;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The parts of the wire types the benchmarks read. */
export interface CategoryNode {
  categoryId: number;
  name: string;
  slug: string;
  categories?: CategoryNode[];
}
export interface ProductItem {
  productId: number;
  name: string;
  slug: string;
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const liveChildren = new Set<ChildProcess>();
function killGroup(child: ChildProcess, sig: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, sig);
  } catch {
    /* gone */
  }
}
process.on('exit', () => {
  for (const c of liveChildren) killGroup(c, 'SIGKILL');
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: stopping`);
    process.exit(130); // 'exit' handlers kill servers and stop PostgreSQL clusters
  });
}

/**
 * Compiles the API server (apps/api/dist/server.mjs, scripts/build-api.mjs) when it is missing or older than its
 * sources, as `npm start` does.
 */
export function buildApiIfStale(): void {
  const r = spawnSync(process.execPath, [join(root, 'scripts/build-api.mjs'), '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`the API build failed (exit ${r.status ?? r.signal})`);
}

/**
 * Starts apps/api/src/server.ts (through tsx; with `built`, the compiled apps/api/dist/server.mjs as `npm start`
 * runs it, built first when stale) as a child in its own process group and waits until
 * /ebsn/api/version.json answers and, with `readyLine`, until the server printed a line starting with it (with
 * several, with each of them)
 * (with WORKERS > 1 the primary prints "Spesa is ready" once every worker listens, while version.json
 * answers as soon as the first one does). `readyTimeoutMs` must cover a first start that seeds the database.
 * The server runs with NODE_ENV=production as a demonstration shop (decision 084): the sandbox payment provider
 * is switched on explicitly with a secret of this run (production refuses to start without a payment provider,
 * and runs the sandbox only in a demo shop, whose pages carry its banner).
 */
export async function startServer(opts: {
  port: number;
  env: Record<string, string | undefined>;
  label: string;
  readyTimeoutMs?: number;
  quiet?: boolean;
  readyLine?: string | string[];
  /** node flags before the script, e.g. --cpu-prof (not allowed in NODE_OPTIONS) */
  nodeArgs?: string[];
  /** the compiled server (apps/api/dist/server.mjs) instead of the sources through tsx */
  built?: boolean;
  /** another compiled server (an A/B's other build), run as it is */
  script?: string;
}): Promise<RunningServer> {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.WORKERS;
  if (opts.built) buildApiIfStale();
  const script = opts.script
    ? [opts.script]
    : opts.built
      ? [join(root, 'apps/api/dist/server.mjs')]
      : ['--import', 'tsx', join(root, 'apps/api/src/server.ts')];
  const args = [...(opts.nodeArgs ?? []), ...script];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DEMO_SHOP: 'on',
      PAYMENT_SANDBOX: 'on',
      PAYMENT_SANDBOX_SECRET: randomBytes(24).toString('base64url'),
      STAFF_TOTP_KEY: randomBytes(32).toString('base64url'),
      ...opts.env,
      PORT: String(opts.port),
    },
    stdio: ['ignore', opts.readyLine ? 'pipe' : opts.quiet ? 'ignore' : 'inherit', 'inherit'],
    detached: true,
  });
  liveChildren.add(child);
  // every line asked for, once each has been printed
  const unseen = new Set(opts.readyLine === undefined ? [] : [opts.readyLine].flat());
  let sawReadyLine = unseen.size === 0;
  if (unseen.size > 0 && child.stdout) {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (!opts.quiet) process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const wanted of unseen) if (lines.some((l) => l.startsWith(wanted))) unseen.delete(wanted);
      sawReadyLine = unseen.size === 0;
    });
  }
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  const t0 = Date.now();
  let lastLog = t0;
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `${signal ?? code}`));
  for (;;) {
    if (exited !== null) throw new Error(`${opts.label}: the server exited (${exited}) before answering`);
    try {
      const res = await fetch(`${url}/ebsn/api/version.json`, { signal: AbortSignal.timeout(2000) });
      if (res.ok && sawReadyLine) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      killGroup(child, 'SIGKILL');
      throw new Error(`${opts.label}: the server did not answer within ${opts.readyTimeoutMs ?? 120_000} ms`);
    }
    if (Date.now() - lastLog > 30_000) {
      lastLog = Date.now();
      console.log(`  … ${opts.label}: still starting (${Math.round((Date.now() - t0) / 1000)} s)`);
    }
    await sleep(250);
  }
  console.log(`  ${opts.label}: server ready at ${url} after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        killGroup(child, 'SIGKILL'); // a worker the primary left behind
        liveChildren.delete(child);
        return;
      }
      const done = new Promise((r) => child.once('exit', r));
      // the primary alone: with WORKERS > 1 it stops its workers itself (and would start a new one for a
      // worker that ended on its own before it heard the signal)
      try {
        if (child.pid) process.kill(child.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      const t = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
      await done;
      clearTimeout(t);
      killGroup(child, 'SIGKILL'); // whatever is left of the group
      liveChildren.delete(child);
    },
  };
}

/** GET an API path and return the envelope's `data` (throws on HTTP or envelope errors). */
export async function apiData<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
  const body = (await res.json()) as { response?: { status?: number }; data?: T };
  if (body.response && body.response.status !== 0)
    throw new Error(`GET ${path}: status ${body.response.status}`);
  return body.data as T;
}

export function gitSha(): string {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) return 'unknown';
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: root,
    encoding: 'utf8',
  });
  return r.stdout.trim() + (dirty.stdout.trim() ? ' (+ uncommitted changes)' : '');
}

export function machine(): string {
  const c = cpus();
  return `${c.length} cores (${c[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
}

export const today = () => new Date().toISOString().slice(0, 10);

/** Replaces (or appends) the `## <title>` section of docs/benchmarks.md, keeping the other sections. */
export function writeDocsSection(title: string, body: string): string {
  const file = join(root, 'docs/benchmarks.md');
  let text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nLatest figures from `npm run bench` and `npm run lighthouse`; each command rewrites its own section.\n';
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = text.indexOf(`${heading}\n`);
  if (start === -1) {
    text = `${text.trimEnd()}\n\n${section}`;
  } else {
    const next = text.indexOf('\n## ', start + heading.length);
    text = `${text.slice(0, start)}${section}${next === -1 ? '' : `\n${text.slice(next + 1)}`}`;
  }
  writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
  return file;
}

/** Renders a Markdown table. */
export function mdTable(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Renders a plain-text table for the console. */
export function textTable(head: string[], rows: (string | number)[][]): string {
  const all = [head, ...rows].map((r) => r.map(String));
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const fmt = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [fmt(all[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(fmt)].join('\n');
}
