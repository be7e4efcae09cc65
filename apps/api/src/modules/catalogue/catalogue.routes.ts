import { catalogueEndpoints as api } from '@spesa/shared/contracts/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { CatalogueService } from './catalogue.service';

const tags = ['catalogue'];

/** Catalogue endpoints under /ebsn/api (spec section 7). Thin: parse, call the service, answer. */
const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  const browsable = ACCESS.public('the catalogue is browsable by anyone');
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
    handler: async (request) => answer(request, await catalogue.products(request.query)),
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
