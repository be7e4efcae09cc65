import { versionSchema } from '@spesa/shared/contracts/catalogue';
import { systemEndpoints as api } from '@spesa/shared/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/result';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';

const tags = ['system'];

/** Interface language and version check (spec sections 7 and 9), under /ebsn/api. */
const systemRoutes: FastifyPluginAsyncZod<{ build: { version: string; build: string } }> = async (
  app,
  { build },
) => {
  app.route({
    ...contractRoute(api.langInfo, {
      access: ACCESS.public('the interface language is needed before sign-in'),
      tags,
      summary: 'Interface language (labels come from the web app)',
    }),
    handler: async (request) => answer(request, ok({ lang: 'it', fallback: 'it', labels: {} })),
  });

  app.route({
    ...contractRoute(api.version, {
      access: ACCESS.public('the release version, polled by every client'),
      tags,
      summary: 'Version of the shop (in the envelope)',
    }),
    handler: async (request) => answer(request, ok(build)),
  });
};

/** The plain /version.json at the site root, which the client polls for new releases. */
export const rootVersionRoute: FastifyPluginAsyncZod<{ build: { version: string; build: string } }> = async (
  app,
  { build },
) => {
  app.get(
    '/version.json',
    {
      config: { access: ACCESS.public('the release version, polled by every client') },
      schema: { tags, summary: 'Version of the shop', response: { 200: versionSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return build;
    },
  );
};

export default systemRoutes;
