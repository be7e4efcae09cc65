import fp from 'fastify-plugin';
import type { Env } from '../env';

/** Makes the validated configuration available as `app.config` (read once in env.ts). */
declare module 'fastify' {
  interface FastifyInstance {
    config: Env;
  }
}

export default fp<{ env: Env }>(
  async (app, opts) => {
    app.decorate('config', opts.env);
  },
  { name: 'env' },
);
