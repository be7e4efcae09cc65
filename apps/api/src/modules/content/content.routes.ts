import { contentEndpoints as api } from '@spesa/shared/contracts/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import { sendWpFailure, wpAll, wpList, wpRoute, wpTotals } from '../../plugins/wp-rest';
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
 * 051): pages, menus, the general search, custom posts, ux-blocks and slides. All public. Every one answers
 * as WordPress or its plugins do (the bare data, totals in X-WP-Total / X-WP-TotalPages, WordPress's errors).
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
    ...wpRoute(api.menu, {
      access: ACCESS.public('the menus are shown to anyone'),
      tags: ['content'],
      summary:
        'The menu of a location (header, footer, profile) as the WP REST API V2 Menus plugin answers it',
    }),
    handler: async (request, reply) => {
      const found = await store.menu(request.params.location);
      return found.ok ? found.data : sendWpFailure(reply, found);
    },
  });
  app.route({
    ...wpRoute(api.search, {
      access: ACCESS.public('searching pages and products is open to anyone'),
      tags: ['content'],
      summary: 'General search across pages and products (24 per page; the totals count the products)',
    }),
    handler: async (request, reply) => {
      const found = await store.search(request.query.s, request.query.page, request.query.per_page);
      if (!found.ok) return sendWpFailure(reply, found);
      const { total, totalPages, ...data } = found.data;
      return wpTotals(reply, data, total, totalPages);
    },
  });
  app.route({
    ...wpRoute(api.postList, {
      access: ACCESS.public('the recipes are public'),
      tags: ['content'],
      summary:
        'Custom posts of a type (recipes) as WordPress lists posts, newest first, by a term and by field filters, paged (10)',
    }),
    handler: async (request, reply) => {
      const perPage = request.query.per_page;
      const found = await posts.postList({
        type: request.params.type,
        term: request.query.term,
        filters: request.query.filters,
        page: request.query.page,
        perPage,
      });
      return found.ok
        ? wpList(reply, found.data.posts, found.data.total, perPage)
        : sendWpFailure(reply, found);
    },
  });
  app.route({
    ...wpRoute(api.post, {
      access: ACCESS.public('the recipes are public'),
      tags: ['content'],
      summary: 'A custom post by slug with the previous (older) and next (newer) post of its type',
    }),
    handler: async (request, reply) => {
      const found = await posts.post(request.params.type, request.params.slug);
      return found.ok ? found.data : sendWpFailure(reply, found);
    },
  });
  app.route({
    ...wpRoute(api.uxBlocks, {
      access: ACCESS.public('content blocks are shown to anyone'),
      tags: ['content'],
      summary: 'Ux-blocks: the one of a slug (or none), or those placed on a term (a category slug)',
    }),
    handler: async (request, reply) => {
      const { slug, term } = request.query;
      const found = await posts.uxBlocks(slug !== undefined ? { slug } : { term: term ?? '' });
      return found.ok ? wpAll(reply, found.data) : sendWpFailure(reply, found);
    },
  });
  app.route({
    ...wpRoute(api.slides, {
      access: ACCESS.public('the slider is shown to anyone'),
      tags: ['content'],
      summary: 'The slides of a day stamp (YYYYMMDD) for a delivery service (and those for every service)',
    }),
    handler: async (request, reply) => {
      const found = await posts.slides(request.query.day, request.query.deliveryServiceId ?? null);
      return found.ok ? wpAll(reply, found.data) : sendWpFailure(reply, found);
    },
  });
  app.route({
    ...wpRoute(api.slidesById, {
      access: ACCESS.public('the slider is shown to anyone'),
      tags: ['content'],
      summary: 'Slides by id, in the order asked',
    }),
    handler: async (request, reply) => {
      const found = await posts.slidesById(request.query.ids);
      return found.ok ? wpAll(reply, found.data) : sendWpFailure(reply, found);
    },
  });
};
