import { REPO_ROOT } from '../../env';
import type { Lifecycle } from '../../lib/lifecycle';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import { deleteEndedThrottleWindows } from '../../plugins/rate-limit';
import { healthRoutes } from './health.routes';
import systemRoutes, { rootVersionRoute } from './system.routes';
import { buildInfo } from './system.service';

export interface SystemModuleDeps extends ModuleCore {
  /** the bot checks' expired challenges (the account module) */
  botChecks: { deleteExpired(): Promise<unknown> };
  /** whether the process drains (server.ts, on SIGTERM): /readyz turns 503 */
  lifecycle: Lifecycle;
}

/**
 * The system module: the version and build of the running code, the health and readiness checks of load
 * balancers, and the clean-up of what the shared tables
 * no longer need (throttle windows, bot checks, finished jobs), once per cluster every ten minutes.
 */
export function systemModule(d: SystemModuleDeps) {
  const { db, env, jobs } = d;
  jobs.every('system.cleanup', 10 * 60_000, async () => {
    await deleteEndedThrottleWindows(db);
    await d.botChecks.deleteExpired();
    await jobs.deleteFinished();
  });
  const build = buildInfo({ version: env.APP_VERSION, buildSha: env.BUILD_SHA, repoRoot: REPO_ROOT });
  return {
    routes: (async (api) => {
      await api.register(systemRoutes, { build });
    }) satisfies RouteRegistrar,
    rootRoutes: (async (root) => {
      await root.register(rootVersionRoute, { build });
      await healthRoutes({ db, lifecycle: d.lifecycle })(root);
    }) satisfies RouteRegistrar,
  };
}
