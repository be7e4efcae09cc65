import type { App, BuildAppOptions } from './app-options';
import { poolProbeOf } from './db/client';
import { fileStoreOf } from './lib/file-store-of';
import { JobQueue } from './lib/jobs';
import { Lifecycle } from './lib/lifecycle';
import { createMetrics } from './lib/metrics';
import type { ModuleCore } from './lib/module';
import { ShopEventListeners } from './lib/shop-events';
import operationsPlugin from './plugins/operations';

/**
 * What every module is built with (`ModuleCore`): the database, the settings, the clock, the job queue (work
 * after the answer and later, once per cluster: decision 026), the files every host sees (decision 090) and
 * the shop's events; and the operations plugin that drains the process and counts what happens (decision 089).
 */
export async function buildCore(app: App, opts: BuildAppOptions): Promise<ModuleCore> {
  const { env, db } = opts;
  const now = opts.now ?? (() => new Date());
  const lifecycle = new Lifecycle();
  const metrics = createMetrics();
  if (opts.processMetrics) metrics.observeProcess();
  const events = new ShopEventListeners();
  events.on(metrics.onEvent);
  await app.register(operationsPlugin, { lifecycle, metrics });
  const jobs = new JobQueue(db, {
    onError: (err, job) => {
      metrics.jobFailed(job.kind);
      app.log.error({ err, job }, 'scheduled job failed');
    },
  });
  // PostgreSQL, or object storage when configured; files a caller hands over are the caller's to close
  const files = opts.files ?? fileStoreOf(env, db);
  if (!opts.files)
    app.addHook('onClose', async () => {
      files.close?.();
    });
  metrics.observe({
    pool: () => poolProbeOf(db)?.use() ?? { total: 0, idle: 0, waiting: 0 },
    onPoolWait: poolProbeOf(db)?.onWait,
    jobQueue: () => jobs.backlog(),
  });
  return { db, env, now, jobs, files, events };
}
