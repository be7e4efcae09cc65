import { catalogueEndpoints as api } from '@spesa/shared/contracts/catalogue';
import type { FastifyRequest } from 'fastify';
import type { ProductListData } from '@spesa/shared/contracts/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import { ok, type Result } from '../../lib/result';
import type { CatalogueService } from './catalogue.service';

const tags = ['catalogue'];

/** Catalogue endpoints under /ebsn/api (spec section 7). Thin: parse, call the service, answer. */
/** The store whose assortment a visitor sees: a signed-in customer's cart's, else the chain's default. */
export type StoreOfRequest = (request: FastifyRequest) => Promise<number>;

/**
 * `GET /products?leaflet=...`: a leaflet's products, a page at a time (the leaflets module's port, decision
 * 052); the catalogue keeps `/products` and hands this filter over.
 */
export type LeafletProductsPort = (
  request: FastifyRequest,
  query: { leaflet: string; page: number; page_size: number; q?: string | undefined },
) => Promise<Result<ProductListData>>;

const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  storeOf: StoreOfRequest;
  leafletProducts?: LeafletProductsPort;
}> = async (app, { catalogue, storeOf, leafletProducts }) => {
  const browsable = ACCESS.public('the catalogue is browsable by anyone');

  const storeAware = ACCESS.customerOrAnonymous(
    "anyone; a signed-in customer's alternatives are those of their cart's store",
  );
  app.route({
    ...contractRoute(api.alternatives, {
      access: storeAware,
      tags,
      summary:
        'For each product, the products to take instead: same shelf, similar size and price, in stock at the store',
    }),
    handler: async (request) => {
      const q = request.query;
      const alternatives = await catalogue.alternatives(q.product_ids, await storeOf(request), {
        details: q.details ?? false,
        filtered: q.filtered ?? false,
      });
      return answer(request, ok({ alternatives }));
    },
  });

  app.route({
    ...contractRoute(api.alternativeDetail, {
      access: storeAware,
      tags,
      summary: 'The alternatives of one product (whole products with details)',
    }),
    handler: async (request) => {
      const q = request.query;
      const [one] = await catalogue.alternatives([q.product_id], await storeOf(request), {
        details: q.details ?? false,
      });
      return answer(request, ok(one ?? { productId: q.product_id, alternativeIds: [] }));
    },
  });
  app.route({
    ...contractRoute(api.category, {
      access: browsable,
      tags,
      summary: 'Category tree (no slug) or one category page with its blocks (slug or categoryId)',
    }),
    handler: async (request) => {
      const q = request.query;
      if (q.slug !== undefined || q.categoryId !== undefined)
        return answer(request, await catalogue.category(q));
      return answer(request, await catalogue.categoryTree(q));
    },
  });

  app.route({
    ...contractRoute(api.products, {
      access: browsable,
      tags,
      summary: 'Product search and lists; one product by slug, product_id or barcode',
    }),
    handler: async (request) => {
      const q = request.query;
      if (q.leaflet !== undefined && leafletProducts)
        return answer(
          request,
          await leafletProducts(request, {
            leaflet: q.leaflet,
            page: q.page,
            page_size: q.page_size,
            q: q.q,
          }),
        );
      return answer(request, await catalogue.products(q));
    },
  });

  app.route({
    ...contractRoute(api.suggest, {
      access: browsable,
      tags,
      summary: 'Search suggestions: words (prefix and typo tolerant) and categories',
    }),
    handler: async (request) => answer(request, await catalogue.suggest(request.query.q)),
  });

  app.route({
    ...contractRoute(api.product, { access: browsable, tags, summary: 'One product by id' }),
    handler: async (request) =>
      answer(request, await catalogue.product({ productId: request.params.productId })),
  });

  app.route({
    ...contractRoute(api.adv, {
      access: browsable,
      tags,
      summary: 'Recommendation sliders by CRM algorithm (layout)',
    }),
    handler: async (request) => answer(request, await catalogue.adv(request.query)),
  });
};

export default catalogueRoutes;
