import type { Db } from '../../db/client';
import type { VersionedReadCache } from '../../lib/read-cache';
import type { ContentService } from '../content/content.service';
import {
  incrementCatalogueVersion,
  readCatalogueVersion,
  type CartProductsLive,
} from './catalogue.repository';
import { CatalogueCategories } from './catalogue-categories';
import { CatalogueListing } from './catalogue-listing';
import { CatalogueProducts } from './catalogue-products';
import type { AdvQueryInput, CategoryQueryInput, ProductsQueryInput } from './catalogue-queries';
import { CatalogueReads } from './catalogue-reads';
import { CatalogueSliders } from './catalogue-sliders';
import { CatalogueStock } from './catalogue-stock';
import { CatalogueSuggestions } from './catalogue-suggestions';

export { CATEGORY_NOT_FOUND } from './catalogue-categories';
export { LISTING_WARM_PAGES } from './catalogue-listing';
export { PRODUCT_NOT_FOUND, type CartProductFacts, type StoreProduct } from './catalogue-products';
export {
  lastSlugSegment,
  pageOf,
  parseFacets,
  type AdvQueryInput,
  type CategoryQueryInput,
  type ProductsQueryInput,
} from './catalogue-queries';
export { seededShuffle } from './catalogue-sliders';
export {
  applyPriceListPrices,
  assignPriceList,
  ensurePriceList,
  PRICE_LIST_TEXT,
  type PriceListBatch,
  type PriceListPriceRow,
} from './price-lists';
export {
  applyStockLevels,
  STOCK_TEXT,
  stockByWarehouse,
  type StockLevelRow,
  type StockLevelsApplied,
  type StockLevelsBatch,
} from './stock-levels';
export { SUGGEST_MAX_CATEGORIES, SUGGEST_MAX_ITEMS } from './catalogue-suggestions';
export { readCatalogueVersion };
export {
  CATALOGUE_VERSION_SQL,
  cartProductsLiveOf,
  cartProductsLiveSql,
  takeStocksSql,
  type CartProductsLive,
  type CartProductsLiveKeys,
} from './catalogue.repository';

export interface CatalogueServiceOptions {
  now?: () => Date;
}

/** Bumps catalogue_version: every cached catalogue read made before is no longer served. */
export async function bumpCatalogueVersion(db: Db): Promise<number> {
  return incrementCatalogueVersion(db);
}

/**
 * The catalogue as the other modules and the routes ask it: the category tree and pages
 * (catalogue-categories.ts), product lists and search (catalogue-listing.ts), single products
 * (catalogue-products.ts), suggestions (catalogue-suggestions.ts), the recommendation sliders (/adv,
 * catalogue-sliders.ts) and the stock a purchase moves (catalogue-stock.ts). Reads go through the versioned
 * read cache, shared by the parts with today's date and the category index (catalogue-reads.ts).
 */
export class CatalogueService {
  readonly #reads: CatalogueReads;
  readonly #stock = new CatalogueStock();
  readonly #categories: CatalogueCategories;
  readonly #products: CatalogueProducts;
  readonly #listing: CatalogueListing;
  readonly #suggestions: CatalogueSuggestions;
  readonly #sliders: CatalogueSliders;

  constructor(
    db: Db,
    cache: VersionedReadCache,
    content: ContentService,
    opts: CatalogueServiceOptions = {},
  ) {
    this.#reads = new CatalogueReads(db, cache, opts.now ?? (() => new Date()));
    this.#categories = new CatalogueCategories(this.#reads, content);
    this.#products = new CatalogueProducts(this.#reads);
    this.#listing = new CatalogueListing(this.#reads, this.#products);
    this.#suggestions = new CatalogueSuggestions(this.#reads);
    this.#sliders = new CatalogueSliders(this.#reads);
  }

  /** Bumps the version and makes this process see it at once (other processes within a second). */
  async bumpCatalogueVersion(): Promise<number> {
    const version = await bumpCatalogueVersion(this.#reads.db);
    this.#reads.cache.invalidateVersion();
    return version;
  }

  /** The catalogue version the read cache serves (re-read at most once a second). */
  version(): Promise<number> {
    return this.#reads.cache.version();
  }

  today(): string {
    return this.#reads.today();
  }

  // ---------- stock, inside a purchase's transaction (`tx`: the caller's; decision 029) ----------
  /** Takes or gives back the stock of several products at one warehouse (CatalogueStock.moveStocks). */
  moveStocks(moves: ReadonlyArray<{ productId: number; delta: number }>, warehouseId: number, tx: Db) {
    return this.#stock.moveStocks(moves, warehouseId, tx);
  }

  /** Gives stock back to a warehouse (a cancelled or edited order, a picking shortfall). */
  returnStock(productId: number, quantity: number, warehouseId: number, tx: Db) {
    return this.#stock.returnStock(productId, quantity, warehouseId, tx);
  }

  /** A product sold out inside the caller's transaction: the version moves with its commit. */
  soldOut(tx: Db) {
    return this.#stock.soldOut(tx);
  }

  // ---------- categories ----------
  categoryTree(query: CategoryQueryInput) {
    return this.#categories.categoryTree(query);
  }

  category(query: CategoryQueryInput) {
    return this.#categories.category(query);
  }

  // ---------- listings and products ----------
  /** Reads the first pages of every menu category's listing before customers ask (CatalogueListing). */
  warmListings() {
    return this.#listing.warmListings();
  }

  products(query: ProductsQueryInput) {
    return this.#listing.products(query);
  }

  productList(query: ProductsQueryInput) {
    return this.#listing.productList(query);
  }

  product(key: { productId?: number; slug?: string; barcode?: string }, skipCache?: boolean) {
    return this.#products.product(key, skipCache);
  }

  /** Products as one store shows them, through the read cache unless `fresh` (the lists' products). */
  productsAt(ids: readonly number[], warehouseId: number, fresh = false) {
    return this.#products.productsAt(ids, warehouseId, fresh);
  }

  /** The products of a cart, read fresh for every cart answer. */
  productsForCart(ids: readonly number[], warehouseId: number) {
    return this.#products.productsForCart(ids, warehouseId);
  }

  /**
   * The products of a cart from their live columns read by the caller's statement (`cartProductsLiveSql`)
   * and the rest from this process's snapshot: the facts `productsForCart` answers (CatalogueProducts).
   */
  cartProductsOf(live: CartProductsLive) {
    return this.#products.cartProductsOf(live);
  }

  alternatives(
    productIds: readonly number[],
    warehouseId: number,
    opts: { details?: boolean; filtered?: boolean } = {},
  ) {
    return this.#products.alternatives(productIds, warehouseId, opts);
  }

  /** What may replace an ordered product at its store, nearest first. */
  substitutes(productId: number, warehouseId: number, opts: { q?: string | undefined; limit: number }) {
    return this.#products.substitutes(productId, warehouseId, opts);
  }

  // ---------- suggestions and sliders ----------
  suggest(q: string) {
    return this.#suggestions.suggest(q);
  }

  adv(query: AdvQueryInput) {
    return this.#sliders.adv(query);
  }
}
