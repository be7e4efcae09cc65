import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real API processes for the tests that need more than one (apps/api/src/server.ts spawned with tsx, as
 * `npm start` runs it): a free port, start until `/version.json` answers, stop with SIGTERM (SIGKILL after 10 s).
 */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export function freePort(): Promise<number> {
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

export interface ApiProcess {
  url: string;
  proc: ChildProcess;
  log: () => string;
}

/** `env` goes over this process's environment; a variable set to undefined there is left out. */
export async function startApiProcess(port: number, env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  let out = '';
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/version.json`)).ok) return { url, proc, log: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}

export async function stopApiProcess(p: ApiProcess | undefined): Promise<void> {
  if (!p || p.proc.exitCode !== null || p.proc.signalCode !== null) return;
  const gone = new Promise<void>((r) => p.proc.once('exit', () => r()));
  p.proc.kill('SIGTERM');
  const timer = setTimeout(() => p.proc.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}
