import {
  adminPriceListsEndpoints as api,
  PRICE_LIST_GRANTS,
} from '@spesa/shared/contracts/admin-price-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { PriceListsAdmin } from './price-lists-admin';

const tags = ['backoffice'];
const readers = ACCESS.admin(PRICE_LIST_GRANTS.read);
const writers = ACCESS.admin(PRICE_LIST_GRANTS.write);

/**
 * "Listini" in the back office (decision 099), under /ebsn/api/admin: the price lists and their stores, a
 * new list, a store's list, a list's prices by product.
 */
const priceListRoutes: FastifyPluginAsyncZod<{ service: PriceListsAdmin }> = async (app, { service }) => {
  app.route({
    ...contractRoute(api.overview, {
      access: readers,
      tags,
      summary: "The chain's price lists with their stores, and every store with its list (null: the chain's)",
    }),
    handler: async (request) => answer(request, await service.overview()),
  });

  app.route({
    ...contractRoute(api.create, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary: 'A new price list (code, name), without stores or prices; refused when the code is taken',
    }),
    handler: async (request) => answer(request, await service.create(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.assign, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary: "Moves a store to a price list (priceListId null: back to the chain's list)",
    }),
    handler: async (request) => answer(request, await service.assign(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.prices, {
      access: readers,
      tags,
      summary: "A list's priced products, or the products of a code, EAN or name (q), with the list's prices",
    }),
    handler: async (request) => answer(request, await service.prices(request.params.id, request.query)),
  });

  app.route({
    ...contractRoute(api.setPrice, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary: "Sets a list's price of a product from a day (to a day, or open), the price batches' rules",
    }),
    handler: async (request) =>
      answer(request, await service.setPrice(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(api.removePrice, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary: "Takes a list's price of a product (the one from validFrom) out of the list",
    }),
    handler: async (request) =>
      answer(request, await service.removePrice(adminOf(request), request.params.id, request.body)),
  });
};

export default priceListRoutes;
