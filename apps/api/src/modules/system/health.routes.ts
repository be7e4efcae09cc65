import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER, type Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { Lifecycle } from '../../lib/lifecycle';
import { ACCESS } from '../../plugins/access';

/** How long a readiness check waits for the database before it answers "not ready". */
const DATABASE_CHECK_MS = 2000;

export interface HealthDeps {
  db: Db;
  lifecycle: Lifecycle;
}

/**
 * Whether this process should get requests: not draining, the database answers, and it holds every migration
 * this code was built with (the check of the migrations is made until it passes once: they never go away).
 */
export function readinessCheck({ db, lifecycle }: HealthDeps) {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const newest = Math.max(0, ...migrations.map((m) => m.folderMillis));
  let migrated = false;
  const probe = async (): Promise<boolean> => {
    if (migrated) {
      await db.execute(sql`SELECT 1`);
      return true;
    }
    const [row] = await queryRows<{ newest: string | null }>(
      db,
      sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`,
    );
    migrated = Number(row?.newest ?? 0) >= newest;
    return migrated;
  };
  return async (): Promise<boolean> => {
    if (lifecycle.draining) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
    });
    try {
      return await Promise.race([probe().catch(() => false), late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

const plain = (reply: FastifyReply, code: number, text: string) =>
  reply.code(code).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (it should be sent requests) for load balancers and
 * process managers (decision 089), at the site root: a status code and one word, nothing else, never cached.
 */
export function healthRoutes(deps: HealthDeps) {
  const ready = readinessCheck(deps);
  return async (root: FastifyInstance): Promise<void> => {
    const schema = { tags: ['system'], hide: true };
    root.get(
      '/healthz',
      { config: { access: ACCESS.public('a load balancer asks whether the process is alive') }, schema },
      async (_request, reply) => plain(reply, 200, 'ok'),
    );
    root.get(
      '/readyz',
      {
        config: { access: ACCESS.public('a load balancer asks whether to send this process requests') },
        schema,
      },
      async (_request, reply) => ((await ready()) ? plain(reply, 200, 'ready') : plain(reply, 503, 'unready')),
    );
  };
}
