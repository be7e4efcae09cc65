import { contentEndpoints as api } from '@spesa/shared/contracts/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import { sendWpFailure, wpList, wpRoute } from '../../plugins/wp-rest';
import type { ContentPostsService } from './content-posts.service';
import type { ContentStoreService } from './content-store.service';
import type { ContentService } from './content.service';

/**
 * Content under /ebsn/api: GET /category-block/info and the ad slots (GET /adv/slot). All public: what they
 * serve is shown to anyone.
 */
const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService; store: ContentStoreService }> = async (
  app,
  { content, store },
) => {
  app.route({
    ...contractRoute(api.blockInfo, {
      access: ACCESS.public('category page content is shown to anyone'),
      tags: ['content'],
      summary: 'One content block with its proposals',
    }),
    handler: async (request) => answer(request, await content.blockInfo(request.query.categoryBlockId)),
  });
  app.route({
    ...contractRoute(api.adv, {
      access: ACCESS.public('ad slots are shown to anyone'),
      tags: ['content'],
      summary: 'The ad slot of a route path, or the fallback (GET /adv answers the recommendation sliders)',
    }),
    handler: async (request) => answer(request, await store.adv(request.query.path)),
  });
};

export default contentRoutes;

/**
 * The content store at the spec's paths under /p/wp-json, outside /ebsn/api like the forms (decisions 050,
 * 051): pages, menus, the general search. All public. The WordPress core routes (/wp/v2/pages) answer
 * WordPress's shapes; the custom namespaces answer the envelope.
 */
export const contentStoreRoutes: FastifyPluginAsyncZod<{
  store: ContentStoreService;
  posts: ContentPostsService;
}> = async (app, { store, posts }) => {
  app.route({
    ...wpRoute(api.pages, {
      access: ACCESS.public('the shop pages (conditions, privacy, contacts…) are public'),
      tags: ['content'],
      summary: 'The published pages as WordPress lists them: by slug, by search words, or all; paged (10)',
    }),
    handler: async (request, reply) => {
      const { slug, search, page, per_page: perPage } = request.query;
      const found = await store.pages({ slug, search, page, perPage });
      return found.ok
        ? wpList(reply, found.data.pages, found.data.total, perPage)
        : sendWpFailure(reply, found);
    },
  });
  app.route({
    ...wpRoute(api.pageById, {
      access: ACCESS.public('the shop pages are public'),
      tags: ['content'],
      summary: 'A published page by id (WordPress shape; rest_post_invalid_id otherwise)',
    }),
    handler: async (request, reply) => {
      const found = await store.pageById(request.params.id);
      return found.ok ? found.data : sendWpFailure(reply, found);
    },
  });
  app.route({
    ...contractRoute(api.menu, {
      access: ACCESS.public('the menus are shown to anyone'),
      tags: ['content'],
      summary: 'The menu of a location (header, footer, profile)',
    }),
    handler: async (request) => answer(request, await store.menu(request.params.location)),
  });
  app.route({
    ...contractRoute(api.search, {
      access: ACCESS.public('searching pages and products is open to anyone'),
      tags: ['content'],
      summary: 'General search across pages and products (24 per page)',
    }),
    handler: async (request) =>
      answer(request, await store.search(request.query.s, request.query.page, request.query.per_page)),
  });
  app.route({
    ...contractRoute(api.postList, {
      access: ACCESS.public('the recipes are public'),
      tags: ['content'],
      summary:
        'Custom posts of a type (recipes), newest first, by a term of its taxonomy and by field filters, paged (10)',
    }),
    handler: async (request) =>
      answer(
        request,
        await posts.postList({
          type: request.params.type,
          term: request.query.term,
          filters: request.query.filters,
          page: request.query.page,
          perPage: request.query.per_page,
        }),
      ),
  });
  app.route({
    ...contractRoute(api.post, {
      access: ACCESS.public('the recipes are public'),
      tags: ['content'],
      summary: 'A custom post by slug with the previous (older) and next (newer) post of its type',
    }),
    handler: async (request) => answer(request, await posts.post(request.params.type, request.params.slug)),
  });
  app.route({
    ...contractRoute(api.uxBlocks, {
      access: ACCESS.public('content blocks are shown to anyone'),
      tags: ['content'],
      summary: 'Ux-blocks: one by slug, or those placed on a term (a category slug)',
    }),
    handler: async (request) => {
      const { slug, term } = request.query;
      return answer(request, await posts.uxBlocks(slug !== undefined ? { slug } : { term: term ?? '' }));
    },
  });
  app.route({
    ...contractRoute(api.slides, {
      access: ACCESS.public('the slider is shown to anyone'),
      tags: ['content'],
      summary: 'The slides of a day stamp (YYYYMMDD) for a delivery service (and those for every service)',
    }),
    handler: async (request) =>
      answer(request, await posts.slides(request.query.day, request.query.deliveryServiceId ?? null)),
  });
  app.route({
    ...contractRoute(api.slidesById, {
      access: ACCESS.public('the slider is shown to anyone'),
      tags: ['content'],
      summary: 'Slides by id, in the order asked',
    }),
    handler: async (request) => answer(request, await posts.slidesById(request.query.ids)),
  });
};
