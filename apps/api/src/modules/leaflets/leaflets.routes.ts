import { leafletsEndpoints as api } from '@spesa/shared/contracts/leaflets';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { StoreOfRequest } from '../catalogue/catalogue.routes';
import { LEAFLET_MEDIA_PREFIX, type LeafletsService } from './leaflets.service';

const tags = ['catalogue'];

/** The leaflets' calls under /ebsn/api (spec section 7 `/leaflet/*`, decision 052). Thin. */
const leafletsRoutes: FastifyPluginAsyncZod<{ leaflets: LeafletsService; storeOf: StoreOfRequest }> = async (
  app,
  { leaflets, storeOf },
) => {
  const storeAware = ACCESS.customerOrAnonymous(
    "anyone may read the leaflets; a signed-in customer's are those of their cart's store",
  );

  app.route({
    ...contractRoute(api.search, {
      access: storeAware,
      tags,
      summary: "Leaflets valid today for a store (the caller's by default), optionally of one type",
    }),
    handler: async (request) => answer(request, await leaflets.search(request.query, await storeOf(request))),
  });

  app.route({
    ...contractRoute(api.view, {
      access: storeAware,
      tags,
      summary: 'A current leaflet by number or slug: pages, departments, hot-spots of the products sold',
    }),
    handler: async (request) =>
      answer(request, await leaflets.view(request.query.leaflet_id, await storeOf(request))),
  });

  app.route({
    ...contractRoute(api.productSearch, {
      access: storeAware,
      tags,
      summary: "A leaflet's products sold at the store, optionally by words or department, a page at a time",
    }),
    handler: async (request) => {
      const { parent_leaflet_id: key, ...rest } = request.query;
      return answer(request, await leaflets.productSearch(key, rest, await storeOf(request)));
    },
  });
};

export default leafletsRoutes;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /media/leaflets/<leafletId>-<version>/pagina-<n>[-<width>].<png|webp|avif> and volantino.pdf: a leaflet's
 * files (immutable: the version is the hash of what it prints), drawn when missing. Anything else: 404.
 */
export const leafletFilesRoutes: FastifyPluginAsync<{ leaflets: LeafletsService }> = async (
  app,
  { leaflets },
) => {
  app.get<{ Params: { folder: string; file: string } }>(
    `${LEAFLET_MEDIA_PREFIX}/:folder/:file`,
    { config: { access: ACCESS.public('the leaflets are shown to anyone') } },
    async (request, reply) => {
      const file = await leaflets.file(request.params.folder, request.params.file);
      if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      if (file.downloadName)
        reply.header('content-disposition', `attachment; filename="${file.downloadName}"`);
      return reply
        .header('cache-control', IMMUTABLE)
        .header('content-length', file.sizeBytes)
        .type(file.contentType)
        .send(file.stream);
    },
  );
};
