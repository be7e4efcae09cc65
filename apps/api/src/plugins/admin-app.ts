import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ACCESS } from './access';
import { withDemoShopBanner } from './demo-shop-banner';

/**
 * The back office's build (apps/admin/dist, decision 030) under /admin: its own files and bundle, never
 * loaded by the shop's pages; every path under /admin that is not a file answers its index.html (the admin
 * app routes itself). Its page loads before sign-in: the admin API checks the staff session on every call.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
export const ADMIN_PREFIX = '/admin';

const adminApp: FastifyPluginAsync<{
  dist: string;
  /** a demonstration shop: every page of the back office carries its banner too (decision 084) */
  demoShop?: boolean;
}> = async (app, { dist, demoShop = false }) => {
  const indexFile = join(dist, 'index.html');
  if (existsSync(indexFile))
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `${ADMIN_PREFIX}/`,
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        if (path.includes(join(dist, 'assets'))) res.header('cache-control', IMMUTABLE);
        else res.header('cache-control', 'no-cache');
      },
    });
  else app.log.warn(`The back office is not built (${indexFile} is missing): run \`npm run build\`.`);

  const page = {
    config: {
      access: ACCESS.public("the back office's page loads before sign-in; its API checks the staff session"),
    },
  };
  const sendIndex = async (_request: unknown, reply: FastifyReply) => {
    if (!existsSync(indexFile))
      return reply.code(503).type('text/plain; charset=utf-8').send('Il back office non è ancora compilato.');
    return reply
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(demoShop ? withDemoShopBanner(readFileSync(indexFile, 'utf8')) : readFileSync(indexFile, 'utf8'));
  };
  app.get(ADMIN_PREFIX, page, sendIndex);
  app.get(`${ADMIN_PREFIX}/*`, page, sendIndex);
};

/** The former server-rendered staff page: picking is the back office's orders now (pickers' bookmarks). */
export const staffRedirect: FastifyPluginAsync = async (app) => {
  app.get(
    '/staff',
    { config: { access: ACCESS.public('a permanent redirect to the back office') } },
    async (_request, reply) => reply.redirect(`${ADMIN_PREFIX}/orders`, 301),
  );
};

export default adminApp;
