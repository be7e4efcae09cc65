import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { App } from './app';
import { poolProbeOf, type OpenedDatabase } from './db/client';
import type { Env } from './env';

/**
 * The process-level side of operating the shop (decision 089): the metrics port, and the shutdown that loses
 * no request. server.ts calls these; the app itself knows only whether it drains (lib/lifecycle.ts).
 */

/**
 * Serves GET /metrics on METRICS_HOST:METRICS_PORT (nothing else, and not the shop's port). `read` gives the
 * text: this process's registry, or a cluster primary's gathering of its workers'.
 */
export function serveMetrics(
  env: Env,
  read: () => Promise<{ contentType: string; text: string }>,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    read().then(
      ({ contentType, text }) =>
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`metrics unavailable: ${err instanceof Error ? err.message : String(err)}`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.METRICS_PORT, env.METRICS_HOST, () => resolve(server.unref()));
  });
}

/** The metrics of a lone process: its app's registry. */
export const processMetrics = (registry: Registry) => async () => ({
  contentType: registry.contentType,
  text: await registry.metrics(),
});

/** A worker answers its primary's requests for metrics with its app's registry. */
export function answerPrimaryForMetrics(registry: Registry): void {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** The metrics of a cluster: the primary asks every worker and adds them up (prom-client's aggregator). */
export function clusterMetrics() {
  const aggregator = new AggregatorRegistry();
  return async () => ({ contentType: aggregator.contentType, text: await aggregator.clusterMetrics() });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the database has no query under way nor waiting (work started by a request or a timer before
 * the app closed), at most `maxMs`, so that closing the pool cuts nothing off.
 */
async function databaseQuiet(database: OpenedDatabase, maxMs: number): Promise<void> {
  const probe = poolProbeOf(database.db);
  if (!probe) return;
  const deadline = performance.now() + maxMs;
  let quietChecks = 0;
  while (quietChecks < 2 && performance.now() < deadline) {
    const { total, idle, waiting } = probe.use();
    quietChecks = total === idle && waiting === 0 ? quietChecks + 1 : 0;
    await sleep(20);
  }
}

/**
 * The shutdown of a process serving requests, on SIGTERM or SIGINT: /readyz turns 503 and answers close
 * their connections for DRAIN_DELAY_MS; then the server stops listening, the requests under way finish, the
 * scheduled work stops taking jobs (the app's onClose), the database goes quiet, and only then is the pool
 * closed. Past SHUTDOWN_TIMEOUT_MS the process exits anyway (code 1).
 */
export function drainOnSignals(
  env: Env,
  app: App,
  database: OpenedDatabase,
  before: () => Promise<void> | void,
): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      app.log.warn({ signal }, `shutdown longer than ${env.SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`);
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS).unref();
    app.lifecycle.startDraining();
    app.log.info({ signal, drainDelayMs: env.DRAIN_DELAY_MS }, 'draining');
    if (env.DRAIN_DELAY_MS > 0) await sleep(env.DRAIN_DELAY_MS);
    await before();
    await app.close();
    await databaseQuiet(database, 5000);
    await database.close();
    app.log.info({ signal, worker: cluster.worker?.id ?? null }, 'stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      shutdown(signal).catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
    });
}
