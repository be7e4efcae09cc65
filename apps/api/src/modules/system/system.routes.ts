import { langInfoDataSchema, langInfoQuerySchema, versionSchema } from '@spesa/shared/contracts/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/result';
import { ACCESS } from '../../plugins/access';
import { answer, apiResponse } from '../../plugins/envelope';

/** Interface language and version check (spec sections 7 and 9), under /ebsn/api. */
const systemRoutes: FastifyPluginAsyncZod<{ build: { version: string; build: string } }> = async (
  app,
  { build },
) => {
  app.get(
    '/lang/lang-info',
    {
      config: { access: ACCESS.public('the interface language is needed before sign-in') },
      schema: {
        tags: ['system'],
        summary: 'Interface language (labels come from the web app)',
        querystring: langInfoQuerySchema,
        response: { 200: apiResponse(langInfoDataSchema) },
      },
    },
    async (request) => answer(request, ok({ lang: 'it', fallback: 'it', labels: {} })),
  );

  app.get(
    '/version.json',
    {
      config: { access: ACCESS.public('the release version, polled by every client') },
      schema: {
        tags: ['system'],
        summary: 'Version of the shop (in the envelope)',
        response: { 200: apiResponse(versionSchema) },
      },
    },
    async (request) => answer(request, ok(build)),
  );
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
      schema: { tags: ['system'], summary: 'Version of the shop', response: { 200: versionSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return build;
    },
  );
};

export default systemRoutes;
