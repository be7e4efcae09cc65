import {
  advDataSchema,
  advQuerySchema,
  categoryDataSchema,
  categoryQuerySchema,
  categoryTreeDataSchema,
  productIdParamsSchema,
  productSchema,
  productsDataSchema,
  productsQuerySchema,
  suggestDataSchema,
  suggestQuerySchema,
} from '@spesa/shared/contracts/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS } from '../../plugins/access';
import { answer, apiResponse } from '../../plugins/envelope';
import type { CatalogueService } from './catalogue.service';

/** Catalogue endpoints under /ebsn/api (spec section 7). Thin: parse, call the service, answer. */
const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  const browsable = ACCESS.public('the catalogue is browsable by anyone');
  app.get(
    '/category',
    {
      config: { access: browsable },
      schema: {
        tags: ['catalogue'],
        summary: 'Category tree (no slug) or one category page with its blocks (slug or categoryId)',
        querystring: categoryQuerySchema,
        response: { 200: apiResponse(z.union([categoryDataSchema, categoryTreeDataSchema])) },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.slug !== undefined || q.categoryId !== undefined)
        return answer(request, await catalogue.category(q));
      return answer(request, await catalogue.categoryTree(q));
    },
  );

  app.get(
    '/products',
    {
      config: { access: browsable },
      schema: {
        tags: ['catalogue'],
        summary: 'Product search and lists; one product by slug, product_id or barcode',
        querystring: productsQuerySchema,
        response: { 200: apiResponse(productsDataSchema) },
      },
    },
    async (request) => answer(request, await catalogue.products(request.query)),
  );

  app.get(
    '/products/suggest',
    {
      config: { access: browsable },
      schema: {
        tags: ['catalogue'],
        summary: 'Search suggestions: words (prefix and typo tolerant) and categories',
        querystring: suggestQuerySchema,
        response: { 200: apiResponse(suggestDataSchema) },
      },
    },
    async (request) => answer(request, await catalogue.suggest(request.query.q)),
  );

  app.get(
    '/products/:productId',
    {
      config: { access: browsable },
      schema: {
        tags: ['catalogue'],
        summary: 'One product by id',
        params: productIdParamsSchema,
        response: { 200: apiResponse(productSchema) },
      },
    },
    async (request) => answer(request, await catalogue.product({ productId: request.params.productId })),
  );

  app.get(
    '/adv',
    {
      config: { access: browsable },
      schema: {
        tags: ['catalogue'],
        summary: 'Recommendation sliders by CRM algorithm (layout)',
        querystring: advQuerySchema,
        response: { 200: apiResponse(advDataSchema) },
      },
    },
    async (request) => answer(request, await catalogue.adv(request.query)),
  );
};

export default catalogueRoutes;
