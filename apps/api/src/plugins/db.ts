import fp from 'fastify-plugin';
import type { Db, DbKind } from '../db/client';

/**
 * `app.db`: the Drizzle handle opened by the caller (server.ts or the test helper), who also closes it.
 * The app does not own the connection so that tests can share one database image between apps.
 */
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DbKind;
  }
}

export default fp<{ db: Db; kind: DbKind }>(
  async (app, opts) => {
    app.decorate('db', opts.db);
    app.decorate('dbKind', opts.kind);
  },
  { name: 'db' },
);
