import { VersionedReadCache } from '../../lib/read-cache';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { FastifyInstance } from 'fastify';
import { BlockAdmin } from './block-admin';
import contentAdminRoutes from './content-admin.routes';
import { contentFirstViewRoute } from './content-first-view';
import { ContentPostsService, type ContentPostsPorts } from './content-posts.service';
import { readContentVersion } from './content-store.repository';
import { ContentStoreService, type ContentStorePorts } from './content-store.service';
import contentRoutes, { contentStoreRoutes } from './content.routes';
import { ContentService } from './content.service';

export interface ContentModuleDeps extends ModuleCore {
  /** the catalogue's read cache: the shop's blocks and banners change with the catalogue's version */
  catalogueCache: VersionedReadCache;
  /** how often the content version is re-read (ms) */
  versionCheckMs: number;
  /** the chain's stores (the delivery module) */
  stores: ContentStorePorts['stores'];
  /** a product and the product search (the catalogue module) */
  products: Pick<ContentStorePorts, 'product' | 'searchProducts'>;
  /** the back office's audit log of pages and of posts */
  audit: { pages: ContentStorePorts['audit']; posts: ContentPostsPorts['audit'] };
}

/**
 * The content module: the shop's blocks and banners, and the content store (decisions 050, 056) with its own
 * cache keyed on content_version; stores, products and the audit log by port.
 */
export function contentModule(app: FastifyInstance, d: ContentModuleDeps) {
  const { db, env } = d;
  const content = new ContentService(db, d.catalogueCache);
  const contentCache = new VersionedReadCache({
    ttlMs: env.CACHE_TTL_MS,
    maxEntries: env.CACHE_MAX_ENTRIES,
    versionCheckMs: d.versionCheckMs,
    readVersion: () => readContentVersion(db),
  });
  const posts = new ContentPostsService(db, contentCache, { audit: (e, tx) => d.audit.posts(e, tx) });
  const store = new ContentStoreService(db, contentCache, {
    stores: () => d.stores(),
    product: (productId) => d.products.product(productId),
    searchProducts: (text, page, perPage) => d.products.searchProducts(text, page, perPage),
    audit: (e, tx) => d.audit.pages(e, tx),
  });
  app.decorate('contentStore', store);
  app.decorate('contentPosts', posts);
  return {
    content,
    store,
    posts,
    /** the category pages' blocks as the back office edits them */
    blocks: new BlockAdmin(),
    routes: (async (api) => {
      await api.register(contentRoutes, { content, store });
    }) satisfies RouteRegistrar,
    adminRoutes: (async (api) => {
      await api.register(contentAdminRoutes, { store, posts });
    }) satisfies RouteRegistrar,
    /** the content system at the spec's paths, outside /ebsn/api: pages, menus, search (decision 050) */
    rootRoutes: (async (root) => {
      await root.register(contentStoreRoutes, { store, posts });
    }) satisfies RouteRegistrar,
    firstView: contentFirstViewRoute(store),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the content store (tests write pages through it) */
    contentStore: ContentStoreService;
    /** the content store's recipes, ux-blocks and slides (decision 056) */
    contentPosts: ContentPostsService;
  }
}
