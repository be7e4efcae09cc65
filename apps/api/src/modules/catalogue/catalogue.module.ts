import { fromMilli, toMilli } from '@spesa/shared/cart/quantity';
import { DEFAULT_STORE } from '@spesa/shared/contracts/delivery';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { productsQuerySchema } from '@spesa/shared/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { OrderTransition, OrderTransitionsPort } from '../../lib/order-transitions';
import type { Db } from '../../db/client';
import { VersionedReadCache } from '../../lib/read-cache';
import type { ContentService } from '../content/content.service';
import assortmentRoutes from './assortment.routes';
import { AssortmentService } from './assortment.service';
import { CatalogueAdmin } from './catalogue-admin';
import { AssortmentAdmin } from './catalogue-assortment';
import { CatalogueImports, IMPORT_JOB, type CatalogueAuditPort } from './catalogue-import';
import catalogueRoutes, { type LeafletProductsPort, type StoreOfRequest } from './catalogue.routes';
import { CatalogueService, readCatalogueVersion, type CartProductFacts } from './catalogue.service';
import { applyPriceListPrices } from './price-lists';
import { PriceListsAdmin } from './price-lists-admin';
import priceListRoutes from './price-lists.routes';
import { applyStockLevels } from './stock-levels';
import { CategoryAdmin } from './category-admin';
import { PriceHistory } from './price-history';
import { productFirstViewRoute } from './product-first-view';
import { isImageSize, ProductImages } from './product-images';
import { NO_PRIVILEGES, promoFor } from './promo-audience';
import { PromotionsAdmin } from './promotions-admin';

/** The catalogue's read cache, keyed on catalogue_version (the content module's blocks and banners share it). */
export function catalogueReadCache({ db, env }: Pick<ModuleCore, 'db' | 'env'>, versionCheckMs: number) {
  return new VersionedReadCache({
    ttlMs: env.CACHE_TTL_MS,
    maxEntries: env.CACHE_MAX_ENTRIES,
    maxItems: env.CACHE_MAX_ITEMS,
    versionCheckMs,
    readVersion: () => readCatalogueVersion(db),
  });
}

export interface CatalogueModuleDeps extends Pick<ModuleCore, 'db' | 'now' | 'files' | 'jobs'> {
  /** the back office's audit log (the assortment's changes) */
  audit: CatalogueAuditPort;
  cache: VersionedReadCache;
  content: ContentService;
  /** the store whose assortment a request sees (the cart module) */
  storeOf: StoreOfRequest;
  /** a leaflet's products (the leaflets module) */
  leafletProducts: LeafletProductsPort;
  /** the listeners of orders' status transitions (the orders module) */
  orderTransitions: OrderTransitionsPort;
}

/**
 * A cancelled order's stock given back to its store: its quantity per product, the products in id order (no
 * deadlock).
 */
async function returnOrderStock(catalogue: CatalogueService, order: OrderTransition, tx: Db): Promise<void> {
  const byProduct = new Map<number, number>();
  for (const l of await order.lines())
    byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + toMilli(l.quantity));
  for (const productId of [...byProduct.keys()].sort((a, b) => a - b))
    await catalogue.returnStock(productId, fromMilli(byProduct.get(productId) ?? 0), order.warehouseId, tx);
}

/**
 * The catalogue module: products, categories and search through the read cache; the back office's product,
 * category and promotion editors with their price history; product photos; and the catalogue as the
 * modules that may not import it ask for it (content pages, ratings, staff substitutions, the premium product).
 */
export function catalogueModule(app: FastifyInstance, d: CatalogueModuleDeps) {
  const { db } = d;
  const catalogue = new CatalogueService(db, d.cache, d.content, { now: d.now });
  app.decorate('catalogue', catalogue);
  d.orderTransitions.onTransition(ORDER_STATUS.cancelled, 'catalogue: stock given back', (order, tx) =>
    returnOrderStock(catalogue, order, tx),
  );
  const priceHistory = new PriceHistory();
  const products = new CatalogueAdmin(db, priceHistory);
  const images = new ProductImages(d.files, d.jobs);
  images.registerJobs(db);
  const categories = new CategoryAdmin(db);
  const assortment = new AssortmentAdmin(priceHistory);
  const imports = new CatalogueImports(db, assortment, d.jobs, d.audit, d.now, (err, line) =>
    app.log.error({ err, line }, 'catalogue import: row failed'),
  );
  d.jobs.register(IMPORT_JOB, (payload) => imports.runJob(payload));
  const assortmentService = new AssortmentService(db, assortment, products, categories, d.audit, d.now);
  const priceLists = new PriceListsAdmin(db, d.audit, d.now);
  /** A product as a substitute (null: no longer sold): its price for everyone today bounds what it costs. */
  const substituteOf = (productId: number, f: CartProductFacts) => {
    if (!f.active) return null;
    const promo = promoFor(f.promos, null, NO_PRIVILEGES);
    return {
      productId,
      name: f.product.name,
      brand: f.product.shortDescr,
      format: f.product.description,
      priceCents: promo?.priceCents ?? f.listPriceCents,
    };
  };
  const productOf = async (productId: number) => {
    const found = await catalogue.product({ productId });
    return found.ok ? found.data : null;
  };
  return {
    catalogue,
    /** the back office's editors of the catalogue */
    admin: {
      products,
      priceHistory,
      images,
      promotions: new PromotionsAdmin(db, priceHistory),
      categories,
    },
    /** one product as the shop shows it, or null */
    productOf,
    /** the content pages' products: one product, one page of a search */
    contentProducts: {
      product: productOf,
      searchProducts: async (text: string, page: number, perPage: number) => {
        const found = await catalogue.products(
          productsQuerySchema.parse({ q: text, page, page_size: perPage }),
        );
        return found.ok && 'products' in found.data
          ? { products: found.data.products, page: found.data.page }
          : { products: [], page: { selPage: page, totPages: 0, totItems: 0, itemsPerPage: perPage } };
      },
    },
    /** the products still on sale among `ids`, as the default store shows them, in one read (ratings) */
    productsOnSale: {
      products: async (ids: readonly number[]) => {
        const facts = await catalogue.productsForCart(ids, DEFAULT_STORE.storeId);
        return new Map([...facts].flatMap(([id, f]) => (f.active ? [[id, f.product] as const] : [])));
      },
    },
    /** the staff's substitutes of an order line (the orders module) */
    substitutes: {
      productOf: async (productId: number, warehouseId: number) => {
        const f = (await catalogue.productsForCart([productId], warehouseId)).get(productId);
        return f ? substituteOf(productId, f) : null;
      },
      /** the products closest to the ordered one, nearest first, on sale at the order's store */
      candidates: async (productId: number, warehouseId: number, q: string | undefined, limit: number) => {
        const ids = await catalogue.substitutes(productId, warehouseId, { q, limit });
        const facts = await catalogue.productsForCart(ids, warehouseId);
        return ids.flatMap((id) => {
          const f = facts.get(id);
          const offer = f ? substituteOf(id, f) : null;
          return offer ? [offer] : [];
        });
      },
    },
    /** the product master's rules and upsert by code (the integration API's product batches) */
    productMaster: assortment,
    /** stock by store and list prices fed by the chain's systems (decision 095; the integration API) */
    storeStock: { applyStockLevels, applyPriceListPrices },
    /** a product photo's file at one of its sizes (the media module's route) */
    productImage: (productId: number, hash: string, size: string) =>
      isImageSize(size) ? images.read(productId, hash, size, db) : Promise.resolve(null),
    routes: (async (api) => {
      await api.register(catalogueRoutes, {
        catalogue,
        storeOf: d.storeOf,
        leafletProducts: d.leafletProducts,
      });
    }) satisfies RouteRegistrar,
    /** the back office's assortment (products, categories, the imports) and its price lists */
    adminRoutes: (async (api) => {
      await api.register(assortmentRoutes, { service: assortmentService, imports });
      await api.register(priceListRoutes, { service: priceLists });
    }) satisfies RouteRegistrar,
    firstView: productFirstViewRoute(catalogue),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService;
  }
}
