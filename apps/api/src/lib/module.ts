import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { FileStore } from './file-store';
import type { JobQueue } from './jobs';
import type { ShopEvents } from './shop-events';

/**
 * What every module is built with: the database, the configuration, the clock, the scheduled work and the
 * file store every host sees (decision 090).
 */
export interface ModuleCore {
  db: Db;
  env: Env;
  now: () => Date;
  jobs: JobQueue;
  files: FileStore;
  /** what happened that an operator counts (orders placed, payments, sign-in failures, mails): lib/shop-events.ts */
  events: ShopEvents;
}

/**
 * The back office's audit log (the backoffice module writes it), as the modules whose back-office changes it
 * records take it: one entry per staff change, written in the change's own transaction.
 */
export type AuditPort = (
  e: {
    staff: { userId: number; name: string };
    action: string;
    resource: string;
    id: number;
    before: unknown;
    after: unknown;
  },
  tx: Db,
) => Promise<void>;

/** Registers some of a module's routes on the scope app.ts gives it (the API's under /ebsn/api, or the root). */
export type RouteRegistrar = (scope: FastifyInstance) => Promise<void>;

/**
 * A port whose module is built further down app.ts's list: every use reads `get()` again, so the port works
 * once that module exists (from the first request or job on). Reading it while the modules are still being
 * built fails at once, naming no port that is not there yet.
 */
export function late<T extends object>(get: () => T): T {
  const target = function latePort() {};
  return new Proxy(target, {
    get(_target, key) {
      const port = get();
      const value: unknown = Reflect.get(port, key, port);
      return typeof value === 'function' ? value.bind(port) : value;
    },
    has: (_target, key) => Reflect.has(get(), key),
    apply: (_target, thisArg, args: unknown[]) =>
      Reflect.apply(get() as (...a: unknown[]) => unknown, thisArg, args),
  }) as unknown as T;
}
