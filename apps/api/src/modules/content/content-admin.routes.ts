import {
  adminContentEndpoints as api,
  adminSlideEndpoints as slides,
  adminUxBlockEndpoints as blocks,
  adminRecipeEndpoints as recipes,
  PAGES_GRANTS,
} from '@spesa/shared/contracts/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { ContentPostsService } from './content-posts.service';
import type { ContentStoreService } from './content-store.service';

const tags = ['backoffice'];

/**
 * The content store in the back office, for the roles of `ADMIN_GRANTS.pages`: editors create and change the
 * pages (decision 050, /admin/pages; the HTML through the server's sanitiser), the slides, the ux-blocks and
 * the recipes (decision 056, /admin/slides, /admin/ux-blocks, /admin/recipes), every write audited, the shop sees it within a second; customer service and supervisors
 * read them.
 */
const contentAdminRoutes: FastifyPluginAsyncZod<{
  store: ContentStoreService;
  posts: ContentPostsService;
}> = async (app, { store, posts }) => {
  app.route({
    ...contractRoute(api.list, {
      access: ACCESS.admin(PAGES_GRANTS.read),
      tags,
      summary: 'The shop pages, published or not, by title (q: words of the title or slug)',
    }),
    handler: async (request) => {
      const { q, page, perPage } = request.query;
      return answer(request, await store.adminList(q || undefined, page, perPage));
    },
  });

  app.route({
    ...contractRoute(api.one, {
      access: ACCESS.admin(PAGES_GRANTS.read),
      tags,
      summary: 'One page with its stored (sanitised) HTML',
    }),
    handler: async (request) => answer(request, await store.adminOne(request.params.id)),
  });

  app.route({
    ...contractRoute(api.create, {
      access: ACCESS.admin(PAGES_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'A new page (its slug fixed from now on; the HTML sanitised; audited)',
    }),
    handler: async (request) => answer(request, await store.adminCreate(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.update, {
      access: ACCESS.admin(PAGES_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'Changes a page’s texts and publication (slug and template stay; the HTML sanitised; audited)',
    }),
    handler: async (request) =>
      answer(request, await store.adminUpdate(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(slides.list, {
      access: ACCESS.admin(PAGES_GRANTS.read),
      tags,
      summary: 'The slides, switched off or not, latest validity first (q: words of the title)',
    }),
    handler: async (request) => {
      const { q, page, perPage } = request.query;
      return answer(request, await posts.adminSlideList(q || undefined, page, perPage));
    },
  });

  app.route({
    ...contractRoute(slides.one, {
      access: ACCESS.admin(PAGES_GRANTS.read),
      tags,
      summary: 'One slide',
    }),
    handler: async (request) => answer(request, await posts.adminSlideOne(request.params.id)),
  });

  app.route({
    ...contractRoute(slides.create, {
      access: ACCESS.admin(PAGES_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'A new slide for some days and delivery services (audited)',
    }),
    handler: async (request) => answer(request, await posts.adminSlideCreate(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(slides.update, {
      access: ACCESS.admin(PAGES_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'Changes a slide, or switches it off (audited)',
    }),
    handler: async (request) =>
      answer(request, await posts.adminSlideUpdate(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(blocks.list, {
      access: ACCESS.admin(PAGES_GRANTS.read),
      tags,
      summary:
        'The content blocks of the category pages, switched off or not (q: words of the title or slug)',
    }),
    handler: async (request) => {
      const { q, page, perPage } = request.query;
      return answer(request, await posts.adminUxBlockList(q || undefined, page, perPage));
    },
  });

  app.route({
    ...contractRoute(blocks.one, {
      access: ACCESS.admin(PAGES_GRANTS.read),
      tags,
      summary: 'One content block with its stored (sanitised) HTML',
    }),
    handler: async (request) => answer(request, await posts.adminUxBlockOne(request.params.id)),
  });

  app.route({
    ...contractRoute(blocks.create, {
      access: ACCESS.admin(PAGES_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'A new content block on some categories (its slug fixed; the HTML sanitised; audited)',
    }),
    handler: async (request) =>
      answer(request, await posts.adminUxBlockCreate(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(blocks.update, {
      access: ACCESS.admin(PAGES_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'Changes a content block, or switches it off (the HTML sanitised; audited)',
    }),
    handler: async (request) =>
      answer(request, await posts.adminUxBlockUpdate(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(recipes.list, {
      access: ACCESS.admin(PAGES_GRANTS.read),
      tags,
      summary: 'The recipes, published or not, newest first (q: words of the title or slug)',
    }),
    handler: async (request) => {
      const { q, page, perPage } = request.query;
      return answer(request, await posts.adminRecipeList(q || undefined, page, perPage));
    },
  });

  app.route({
    ...contractRoute(recipes.one, {
      access: ACCESS.admin(PAGES_GRANTS.read),
      tags,
      summary: 'One recipe with its stored (sanitised) HTML',
    }),
    handler: async (request) => answer(request, await posts.adminRecipeOne(request.params.id)),
  });

  app.route({
    ...contractRoute(recipes.create, {
      access: ACCESS.admin(PAGES_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'A new recipe (its address fixed; the HTML sanitised; audited)',
    }),
    handler: async (request) =>
      answer(request, await posts.adminRecipeCreate(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(recipes.update, {
      access: ACCESS.admin(PAGES_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'Changes a recipe, or unpublishes it (the HTML sanitised; audited)',
    }),
    handler: async (request) =>
      answer(request, await posts.adminRecipeUpdate(adminOf(request), request.params.id, request.body)),
  });
};

export default contentAdminRoutes;
