import cluster, { type Worker } from 'node:cluster';
import type { Env } from './env';
import { readyMessage } from './ready-message';

/** Whether this worker was forked as the spare: it prepares everything, then waits for `awaitCallIn`. */
export const isSpareWorker = (env: Env): boolean => cluster.isWorker && env.WORKER_ROLE === 'spare';

/**
 * The spare's side: tells the primary it is built and warm, then waits until the primary calls it in (a
 * serving worker ended) before it listens.
 */
export function awaitCallIn(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== 'serve') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send?.('spare-ready');
  });
}

/**
 * The primary of WORKERS processes sharing the port (node:cluster). A worker that ends (a crash, kill -9, its
 * own SIGTERM in a rolling restart) is replaced: by the spare when one is ready (SPARE_WORKER, decision 089:
 * started ahead with its packages loaded, its app built and its listings warm, it only has to listen), else by
 * a new worker that warms after it serves. A new spare is then started behind. The primary logs how long after
 * the end the replacement served.
 */
export function superviseWorkers(env: Env, started: number): void {
  let closing = false;
  let ready = 0;
  const forkedAt = new Map<number, number>();
  /** the spare, and whether it has said it is ready to be called in */
  let spare: { worker: Worker; ready: boolean } | null = null;
  /** a promoted spare: the worker it replaced and when that one ended */
  const replacing = new Map<number, { pid: number | undefined; endedAt: number }>();

  const fork = (role: 'first' | 'replacement' | 'spare') => {
    const worker = cluster.fork(
      role === 'spare'
        ? { WORKER_ROLE: 'spare' }
        : role === 'replacement'
          ? { WARM_BEFORE_LISTEN: 'off' }
          : {},
    );
    forkedAt.set(worker.id, performance.now());
    if (role === 'spare') spare = { worker, ready: false };
  };
  const wantsSpare = () => env.SPARE_WORKER === 'on' && !closing && spare === null;

  cluster.on('message', (worker, message: unknown) => {
    if (message === 'spare-ready') {
      if (spare?.worker.id !== worker.id) return;
      spare.ready = true;
      const ms = performance.now() - (forkedAt.get(worker.id) ?? performance.now());
      console.log(
        `API process ${worker.process.pid} ready as the spare ${Math.round(ms)} ms after it was started`,
      );
      return;
    }
    if (message !== 'ready') return;
    ready += 1;
    const promoted = replacing.get(worker.id);
    replacing.delete(worker.id);
    if (ready === env.WORKERS) {
      console.log(readyMessage(env, started));
      // the spare is started once the first workers serve: their start goes first
      if (wantsSpare()) fork('spare');
    } else if (promoted) {
      const ms = performance.now() - promoted.endedAt;
      console.log(
        `API process ${worker.process.pid} serving ${Math.round(ms)} ms after API process ${promoted.pid} ended (the spare started ahead)`,
      );
    } else if (ready > env.WORKERS) {
      const ms = performance.now() - (forkedAt.get(worker.id) ?? performance.now());
      console.log(`API process ${worker.process.pid} serving ${Math.round(ms)} ms after it was started`);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    forkedAt.delete(worker.id);
    replacing.delete(worker.id);
    if (closing) {
      // the last worker gone: the primary goes too
      if (forkedAt.size === 0) process.exit(0);
      return;
    }
    if (spare?.worker.id === worker.id) {
      // the spare itself ended: another is started behind
      console.error(
        `API process ${worker.process.pid} (the spare) ended (${signal ?? code}): starting another`,
      );
      spare = null;
      fork('spare');
      return;
    }
    const why = signal ?? code;
    if (spare?.ready) {
      const called = spare.worker;
      spare = null;
      replacing.set(called.id, { pid: worker.process.pid, endedAt: performance.now() });
      called.send('serve');
      if (code === 0) console.log(`API process ${worker.process.pid} stopped: the spare takes its place`);
      else console.error(`API process ${worker.process.pid} ended (${why}): the spare takes its place`);
      fork('spare');
      return;
    }
    // a worker stopped on its own SIGTERM (a rolling restart) or that died: another takes its place
    if (code === 0) console.log(`API process ${worker.process.pid} stopped: starting another`);
    else console.error(`API process ${worker.process.pid} ended (${why}): starting another`);
    fork('replacement');
  });

  for (let i = 0; i < env.WORKERS; i++) fork('first');
  // the workers drain themselves (server-operations.ts); the primary waits for the last of them
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
