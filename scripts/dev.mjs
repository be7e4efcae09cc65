// `npm run dev`: the API with reload (tsx watch) and the Vite dev server together, output prefixed.
// The Vite dev server (http://localhost:5173) proxies /ebsn and /media to the API (PORT, default 8080).
// Ctrl-C stops both; if one of them exits, the other is stopped too.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);

const services = [
  {
    name: 'api',
    color: 36,
    cmd: process.execPath,
    args: [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      'watch',
      '--clear-screen=false',
      'apps/api/src/server.ts',
    ],
  },
  {
    name: 'web',
    color: 35,
    cmd: 'npm',
    args: ['run', 'dev', '-w', '@spesa/web', '--', '--host', '127.0.0.1'],
  },
];

const children = [];
let stopping = false;

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) {
      try {
        process.kill(-c.pid, 'SIGTERM'); // the child's whole process group (npm -> vite, tsx -> node)
      } catch {
        /* gone */
      }
    }
  }
  setTimeout(() => {
    for (const c of children) {
      try {
        process.kill(-c.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    process.exit(exitCode);
  }, 5000).unref();
}

for (const s of services) {
  const prefix = paint(s.color, `[${s.name}]`);
  const child = spawn(s.cmd, s.args, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: color ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so stopAll can end grandchildren too
  });
  children.push(child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
  }
  child.on('error', (err) => {
    console.error(`${prefix} failed to start: ${err.message}`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.log(`${prefix} exited (${signal ?? code}); stopping the others`);
      stopAll(code || 1);
    } else if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
      process.exit(process.exitCode ?? 0);
    }
  });
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stopAll(0));
