import {
  ALTERNATIVES_LIMIT,
  CATEGORY_TREE_DEPTH,
  CRM_ALGORITHM,
  gridConfigSchema,
  ORDER_BY_SORT,
  productsQuerySchema,
  type Category,
  type Facet,
  type FreeFrom,
  type Product,
  type ProductAlternatives,
  type ProductListData,
  type ProductSort,
  type SuggestItem,
} from '@spesa/shared/contracts/catalogue';
import seedrandom from 'seedrandom';
import type { Db } from '../../db/client';
import type { VersionedReadCache } from '../../lib/read-cache';
import { normaliseQuery } from '../../lib/read-cache';
import { failWith, ok, type Message, type Result } from '../../lib/result';
import type { ContentService } from '../content/content.service';
import { audienceOf, type CartPromo } from './promo-audience';
import {
  alternativeIds,
  substituteIds,
  categoryFacet,
  countProducts,
  countsByCategoryAndVendor,
  delistedAt,
  findProductsByIds,
  ORDERED_IDS_MAX,
  salesOrderIds,
  matchOfStage,
  searchProducts,
  findProductIds,
  findProducts,
  incrementCatalogueVersion,
  loadAllCategories,
  productCountsByCategory,
  readCatalogueVersion,
  loadSearchTerms,
  returnStock,
  moveStocks,
  findCartProducts,
  vendorFacet,
  type CategoryRow,
  type CategoryVendorCountRow,
  type FacetCountRow,
  type ProductRow,
  type ProductCriteria,
  type ProductOrder,
  type TextMatch,
} from './catalogue.repository';
import { CategoryIndex } from './category-index';
import { toWireProduct } from './product.mapper';
import { dictionaryForm, italianDate, parseSearchText, type SearchText } from './search-text';
import { SuggestionIndex } from './suggestion-index';

/**
 * Rules of the catalogue: the category tree and pages, product lists and search, single products,
 * suggestions and the recommendation sliders (/adv). Reads go through the versioned read cache.
 */
export const CATEGORY_NOT_FOUND = {
  code: 'msg.category.notFound',
  text: 'La pagina richiesta non è stata trovata.',
} as const satisfies Message;
export const PRODUCT_NOT_FOUND = {
  code: 'msg.product.notFound',
  text: 'Prodotto non trovato.',
} as const satisfies Message;

export const SUGGEST_MAX_ITEMS = 10;
export const SUGGEST_MAX_CATEGORIES = 3;
const SUGGEST_TYPO_BELOW = 5;
const FACET_VALUES_MAX = 50;
/** candidates of a shuffled slider: the best N by the algorithm's rank, then a per-day order */
const SHUFFLE_POOL_MAX = 96;

export interface CatalogueServiceOptions {
  now?: () => Date;
}

/** The parsed /products query (contract output). */
export interface ProductsQueryInput {
  q?: string | undefined;
  parent_category_id?: number | undefined;
  category_id?: number | undefined;
  slug?: string | undefined;
  product_id?: number | undefined;
  barcode?: string | undefined;
  facet?: string | string[] | undefined;
  sort?: ProductSort | undefined;
  /** the real platform's ordering; `sort` wins when both come */
  order_by?: keyof typeof ORDER_BY_SORT | undefined;
  promo?: boolean | undefined;
  free_from?: FreeFrom[] | undefined;
  new_product?: boolean | undefined;
  onlyNew?: boolean | undefined;
  page: number;
  page_size: number;
  skip_cache?: boolean | undefined;
}

export interface CategoryQueryInput {
  slug?: string | undefined;
  categoryId?: number | undefined;
  q?: string | undefined;
  filtered?: boolean | undefined;
  skip_cache?: boolean | undefined;
  depth?: number | undefined;
}

export interface AdvQueryInput {
  layout: number;
  limit: number;
  shuffle?: boolean | undefined;
  promo?: boolean | undefined;
  product_id?: number | undefined;
  category_id?: number | undefined;
  skip_cache?: boolean | undefined;
}

const SORT_ORDER: Record<Exclude<ProductSort, ''>, ProductOrder> = {
  pri_asc: 'price_asc',
  pri_desc: 'price_desc',
  alf_asc: 'name_asc',
  alf_dsc: 'name_desc',
  new: 'new',
};

const MAX_INT = 2_147_483_647;

/** facet=vendor:12,vendor:15&facet=category:10101 (brand: is accepted for vendor:). Unknown tokens are ignored. */
export function parseFacets(raw: string | string[] | undefined): {
  vendorIds: number[];
  categoryIds: number[];
} {
  const vendorIds = new Set<number>();
  const categoryIds = new Set<number>();
  const tokens = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((s) => s.split(','));
  for (const token of tokens) {
    const m = /^\s*(vendor|brand|category):(\d{1,10})\s*$/.exec(token);
    if (!m) continue;
    const id = Number(m[2]);
    if (id < 1 || id > MAX_INT) continue;
    (m[1] === 'category' ? categoryIds : vendorIds).add(id);
  }
  return { vendorIds: [...vendorIds], categoryIds: [...categoryIds] };
}

/** The last segment of a slug that may be a path (frutta-e-verdura/frutta, /category/frutta). */
export function lastSlugSegment(slug: string): string {
  const parts = slug.toLowerCase().split('/').filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

export function pageOf(totItems: number, page: number, pageSize: number) {
  return { selPage: page, totPages: Math.ceil(totItems / pageSize), totItems, itemsPerPage: pageSize };
}

/** Deterministic shuffle: the same order all day for the same seed, a new one tomorrow. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const rng = seedrandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** Bumps catalogue_version: every cached catalogue read made before is no longer served. */
export async function bumpCatalogueVersion(db: Db): Promise<number> {
  return incrementCatalogueVersion(db);
}

export { readCatalogueVersion };

/** A product as one store shows it (productsAt). */
export interface StoreProduct {
  product: Product;
  /** still sold, and by this store (otherwise a cart or list line stays, as not available) */
  active: boolean;
}

/** What the cart needs of one product (productsForCart). Money in cents, stock in the cart's unit. */
export interface CartProductFacts extends StoreProduct {
  /** sellable stock: pieces, or kg / l for Sfuso */
  stock: number;
  listPriceCents: number;
  /**
   * today's promotions: the public one (for everyone or card holders) and a segment's; `promoFor` picks the
   * one a line gets (decision 032)
   */
  promos: CartPromo[];
}

/** Total and facets of a listing's filters (cached apart from its pages). */
interface ListingSummary {
  criteria: ProductCriteria;
  totItems: number;
  facets: Facet[];
  /** category listings: every matching id, best sellers first, so a page is read by primary key */
  salesOrder?: number[];
}

/** How many pages of each category's listing the warm-up reads (most visits stop within the first few). */
export const LISTING_WARM_PAGES = 3;

/** A row's promotion as a cart line may get it (decision 032); null without one. */
function promoOf(r: ProductRow, product: Product): CartPromo | null {
  if (r.promoId === null || r.promoPriceCents === null) return null;
  return {
    promoId: r.promoId,
    priceCents: r.promoPriceCents,
    selectable: r.promoSelectable ?? false,
    audience: audienceOf(r.promoAudience),
    segmentId: r.promoSegmentId,
    view: product.warehousePromo ?? null,
  };
}

export class CatalogueService {
  readonly #db: Db;
  readonly #cache: VersionedReadCache;
  readonly #content: ContentService;
  readonly #now: () => Date;
  #index: { version: number; index: Promise<CategoryIndex> } | null = null;
  #suggestions: { version: number; index: Promise<SuggestionIndex> } | null = null;

  constructor(
    db: Db,
    cache: VersionedReadCache,
    content: ContentService,
    opts: CatalogueServiceOptions = {},
  ) {
    this.#db = db;
    this.#cache = cache;
    this.#content = content;
    this.#now = opts.now ?? (() => new Date());
  }

  /** Bumps the version and makes this process see it at once (other processes within a second). */
  async bumpCatalogueVersion(): Promise<number> {
    const version = await bumpCatalogueVersion(this.#db);
    this.#cache.invalidateVersion();
    return version;
  }

  // ---------- stock, inside a purchase's transaction (`tx`: the caller's; decision 029) ----------
  /**
   * Moves the stock of several products in one statement, locking them in product-id order: a positive
   * `delta` (base unit) is taken if the product is sold and has that much, a negative one given back.
   * Answers the stock left of every product moved; a product absent could not give its `delta`.
   */
  moveStocks(
    tx: Db,
    moves: ReadonlyArray<{ productId: number; delta: number }>,
  ): Promise<Map<number, number>> {
    return moveStocks(moves, tx);
  }

  /** Gives stock back (a cancelled or edited order). */
  returnStock(tx: Db, productId: number, quantity: number): Promise<void> {
    return returnStock(productId, quantity, tx);
  }

  /**
   * A product sold out inside the caller's transaction: the version moves with its commit, and every
   * process's read cache (listings showing it available) sees it within a second.
   */
  async soldOut(tx: Db): Promise<void> {
    await incrementCatalogueVersion(tx);
  }

  /** The catalogue version the read cache serves (re-read at most once a second). */
  version(): Promise<number> {
    return this.#cache.version();
  }

  today(): string {
    return italianDate(this.#now());
  }

  /**
   * Reads the first pages of every menu category's listing through the read cache, one after the other, so
   * that the listing summaries (total, facets, sales order: the costly part, shared by all pages of a
   * category) and the pages most customers look at are ready before they ask. Answers how many listing
   * pages were read for the version.
   */
  async warmListings(): Promise<{ version: number; listings: number }> {
    const version = await this.#cache.version();
    const index = await this.#categories();
    let listings = 0;
    for (const id of index.menuProductCategoryIds()) {
      for (let page = 1; page <= LISTING_WARM_PAGES; page++) {
        const query = { parent_category_id: String(id), page: String(page) };
        const result = await this.productList(productsQuerySchema.parse(query));
        if (!result.ok) break;
        listings++;
        // the embedded database answers in microtasks: without a turn of the event loop here, the whole
        // warm-up ran before any customer's request (seen as 6-10 s stalls after a back-office edit)
        await new Promise((resolve) => setImmediate(resolve));
        if (page >= result.data.page.totPages) break;
      }
    }
    return { version, listings };
  }

  async #categories(): Promise<CategoryIndex> {
    const version = await this.#cache.version();
    if (this.#index?.version !== version) {
      const index = loadAllCategories(this.#db).then((rows) => new CategoryIndex(rows));
      this.#index = { version, index };
      index.catch(() => {
        if (this.#index?.index === index) this.#index = null;
      });
    }
    return this.#index.index;
  }

  async #suggestionIndex(): Promise<SuggestionIndex> {
    const version = await this.#cache.version();
    if (this.#suggestions?.version !== version) {
      const index = loadSearchTerms(this.#db).then((rows) => new SuggestionIndex(rows));
      this.#suggestions = { version, index };
      index.catch(() => {
        if (this.#suggestions?.index === index) this.#suggestions = null;
      });
    }
    return this.#suggestions.index;
  }

  // ---------- categories ----------
  async categoryTree(query: CategoryQueryInput): Promise<Result<{ categories: Category[] }>> {
    const depth = query.depth ?? CATEGORY_TREE_DEPTH;
    const text = query.q ? parseSearchText(query.q) : null;
    const key = ['category', depth, text?.full ?? null, query.filtered ?? false, this.today()];
    return this.#cache.getOrLoad(
      key,
      async () => {
        const index = await this.#categories();
        const textMatch = query.q ? (text ? (await this.#textMatch(text, {})).match : null) : undefined;
        const counts =
          textMatch === null
            ? new Map<number, number>()
            : await productCountsByCategory(
                {
                  today: this.today(),
                  ...(textMatch ? { text: textMatch } : {}),
                },
                this.#db,
              );
        const pruneEmpty = query.q !== undefined || query.filtered === true;
        const build = (row: CategoryRow, level: number): Category | null => {
          const children =
            level < depth
              ? index
                  .menuChildren(row.categoryId)
                  .map((c) => build(c, level + 1))
                  .filter((c): c is Category => c !== null)
              : [];
          const count = this.#subtreeCount(index, row.categoryId, counts);
          if (pruneEmpty && count === 0) return null;
          return this.#wireCategory(index, row, count, level < depth ? children : undefined);
        };
        const categories = index.roots.map((r) => build(r, 1)).filter((c): c is Category => c !== null);
        return ok({ categories });
      },
      query.skip_cache,
    );
  }

  async category(query: CategoryQueryInput): Promise<Result<{ category: Category }>> {
    const slug = query.slug !== undefined ? lastSlugSegment(query.slug) : undefined;
    const depth = query.depth ?? 1;
    const key = ['category', slug ?? null, query.categoryId ?? null, depth, this.today()];
    return this.#cache.getOrLoad(
      key,
      async () => {
        const index = await this.#categories();
        const row =
          slug !== undefined
            ? index.bySlug(slug)
            : query.categoryId !== undefined
              ? index.byId(query.categoryId)
              : undefined;
        if (!row) return failWith(CATEGORY_NOT_FOUND, 'notFound');
        const counts = await productCountsByCategory({ today: this.today() }, this.#db);
        const build = (r: CategoryRow, level: number): Category =>
          this.#wireCategory(
            index,
            r,
            this.#subtreeCount(index, r.categoryId, counts),
            level < depth ? index.menuChildren(r.categoryId).map((c) => build(c, level + 1)) : undefined,
          );
        const children = index.menuChildren(row.categoryId).map((c) => build(c, 1));
        const category: Category = {
          ...this.#wireCategory(
            index,
            row,
            this.#subtreeCount(index, row.categoryId, counts),
            children,
            true,
          ),
          categoryBlocks: await this.#content.blocksOfCategory(row.categoryId),
        };
        return ok({ category });
      },
      query.skip_cache,
    );
  }

  #subtreeCount(index: CategoryIndex, categoryId: number, counts: Map<number, number>): number {
    let total = counts.get(categoryId) ?? 0;
    for (const child of index.menuChildren(categoryId))
      total += this.#subtreeCount(index, child.categoryId, counts);
    return total;
  }

  #wireCategory(
    index: CategoryIndex,
    row: CategoryRow,
    productCount: number,
    children: Category[] | undefined,
    withGrid = false,
  ): Category {
    const info: { DESCRIPTION?: string; ICON?: string; EMOJI?: string } = {};
    if (row.description) info.DESCRIPTION = row.description;
    if (row.icon) info.ICON = row.icon;
    if (row.emoji) info.EMOJI = row.emoji;
    const metaData: NonNullable<Category['metaData']> = {};
    if (withGrid && row.gridConfig !== null) {
      const grid = gridConfigSchema.safeParse(row.gridConfig);
      if (grid.success) metaData.template_model = { GRID_CONFIG: grid.data };
    }
    if (Object.keys(info).length > 0) metaData.category_info = info;
    return {
      categoryId: row.categoryId,
      parentId: index.wireParentId(row),
      slug: row.slug,
      name: row.name,
      level: row.level,
      productCount,
      metaData,
      ...(children ? { categories: children } : {}),
    };
  }

  // ---------- products ----------
  /**
   * Whole words first ("pasta" finds pasta, not "pastiglie lavastoviglie"); when they find nothing, the last
   * word as a prefix (a word still being typed, "mozz"); then trigram similarity on the name (typos).
   * Answers the count too.
   */
  async #textMatch(
    text: SearchText,
    base: Omit<ProductCriteria, 'text' | 'today'>,
  ): Promise<{ match: TextMatch; count: number }> {
    const words: TextMatch = { mode: 'fts', full: text.full, head: text.head, lastPrefix: null };
    const whole = await countProducts({ ...base, today: this.today(), text: words }, this.#db);
    if (whole > 0) return { match: words, count: whole };
    if (text.lastPrefix) {
      const fts: TextMatch = { mode: 'fts', full: text.full, head: text.head, lastPrefix: text.lastPrefix };
      const hits = await countProducts({ ...base, today: this.today(), text: fts }, this.#db);
      if (hits > 0) return { match: fts, count: hits };
    }
    const trigram: TextMatch = { mode: 'trigram', full: text.words };
    return {
      match: trigram,
      count: await countProducts({ ...base, today: this.today(), text: trigram }, this.#db),
    };
  }

  async products(query: ProductsQueryInput): Promise<Result<ProductListData | Product>> {
    if (query.product_id !== undefined)
      return this.product({ productId: query.product_id }, query.skip_cache);
    if (query.slug !== undefined)
      return this.product({ slug: lastSlugSegment(query.slug) }, query.skip_cache);
    if (query.barcode !== undefined) return this.product({ barcode: query.barcode.trim() }, query.skip_cache);
    const { order_by: orderBy, ...listing } = query;
    const sort = listing.sort || (orderBy ? ORDER_BY_SORT[orderBy] : '');
    return this.productList({ ...listing, ...(sort ? { sort } : {}) });
  }

  async product(
    key: { productId?: number; slug?: string; barcode?: string },
    skipCache?: boolean,
  ): Promise<Result<Product>> {
    const today = this.today();
    return this.#cache.getOrLoad(
      ['product', key.productId ?? null, key.slug ?? null, key.barcode ?? null, today],
      async () => {
        const index = await this.#categories();
        const rows = await findProducts({ today, ...key }, { order: 'sales', limit: 1, offset: 0 }, this.#db);
        const row = rows[0];
        return row ? ok(toWireProduct(row, index)) : failWith(PRODUCT_NOT_FOUND, 'notFound');
      },
      skipCache,
    );
  }

  /**
   * Products as one store shows them: the public price and promotion, and whether the store sells them
   * (`active`). The product itself comes from the read cache, as listings show it (its stock as fresh as
   * theirs), unless `fresh`; whether the store sells it is read every time. The lists' products; the cart
   * reads `productsForCart`, always fresh and with the promotions of customer segments. Unknown ids are absent.
   */
  async productsAt(
    ids: readonly number[],
    warehouseId: number,
    fresh = false,
  ): Promise<Map<number, StoreProduct>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const index = await this.#categories();
    const today = this.today();
    const shown = await this.#cache.getManyOrLoad<StoreProduct>(
      'store-product',
      today,
      unique,
      async (missing) => {
        const rows = await findProductsByIds(missing, today, false, this.#db);
        return new Map(
          rows.map((r) => [r.productId, { product: toWireProduct(r, index), active: r.active }]),
        );
      },
      fresh,
    );
    const delisted = await delistedAt(warehouseId, unique, this.#db);
    return new Map(
      shown.map((s) => [
        s.product.productId,
        { product: s.product, active: s.active && !delisted.has(s.product.productId) },
      ]),
    );
  }

  /**
   * The products of a cart, read fresh for every cart answer (not through the read cache: prices, today's
   * promotion and stock must be current). Prices are the same in every warehouse of the chain today; a
   * product the cart's store does not sell is not `active` there. Unknown ids are absent from the map.
   */
  async productsForCart(ids: readonly number[], warehouseId: number): Promise<Map<number, CartProductFacts>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const index = await this.#categories();
    const rows = await findCartProducts(unique, this.today(), warehouseId, this.#db);
    return new Map(
      rows.map(({ row: r, segmentRow, delisted }): [number, CartProductFacts] => {
        const product = toWireProduct(r, index);
        // the public row gives the product, the segment row its promotion only
        const promos = [
          promoOf(r, product),
          segmentRow && promoOf(segmentRow, toWireProduct(segmentRow, index)),
        ];
        return [
          r.productId,
          {
            product,
            active: r.active && !delisted,
            stock: r.stock,
            listPriceCents: r.priceCents,
            promos: promos.filter((p): p is CartPromo => p !== null),
          },
        ];
      }),
    );
  }

  /**
   * The alternatives of products at one store (issue 20; repository `alternativeIds` says how they are
   * ranked). Read fresh, like a cart's products: stock decides. Unknown ids answer no alternative.
   */
  async alternatives(
    productIds: readonly number[],
    warehouseId: number,
    opts: { details?: boolean; filtered?: boolean } = {},
  ): Promise<ProductAlternatives[]> {
    const unique = [...new Set(productIds)];
    const byProduct = await alternativeIds(unique, warehouseId, ALTERNATIVES_LIMIT, this.#db);
    let wire = new Map<number, Product>();
    if (opts.details) {
      const index = await this.#categories();
      const ids = [...new Set([...byProduct.values()].flat())];
      const rows = await findProductsByIds(ids, this.today(), false, this.#db);
      wire = new Map(rows.map((r) => [r.productId, toWireProduct(r, index)]));
    }
    return unique
      .map((productId) => {
        const alternativeIds = byProduct.get(productId) ?? [];
        return {
          productId,
          alternativeIds,
          ...(opts.details ? { products: alternativeIds.flatMap((id) => wire.get(id) ?? []) } : {}),
        };
      })
      .filter((a) => !opts.filtered || a.alternativeIds.length > 0);
  }

  /** What may replace an ordered product at its store, nearest first (repository `substituteIds`). */
  substitutes(
    productId: number,
    warehouseId: number,
    opts: { q?: string | undefined; limit: number },
  ): Promise<number[]> {
    return substituteIds(productId, warehouseId, opts, this.#db);
  }

  /**
   * A listing page. The count and the facets depend on the filters only, not on the page or the order, so
   * they are cached apart: paging through a department computes them once.
   */
  async productList(query: ProductsQueryInput): Promise<Result<ProductListData>> {
    const today = this.today();
    return this.#cache.getOrLoad(
      ['products', normaliseQuery(query), today],
      async () => {
        const index = await this.#categories();
        const chosen = parseFacets(query.facet);
        // a facet chosen needs each facet counted without its own filter: the statements of #listingSummary
        if (chosen.vendorIds.length === 0 && chosen.categoryIds.length === 0)
          return this.#onePass(query, index, today);
        const summary = await this.#listingSummary(query, index, today);
        const empty: ProductListData = {
          products: [],
          page: pageOf(0, query.page, query.page_size),
          facets: [],
        };
        if (!summary || summary.totItems === 0) return ok(empty);
        const { criteria, totItems } = summary;
        const sort = query.sort ? SORT_ORDER[query.sort] : criteria.text ? 'relevance' : 'sales';
        const offset = (query.page - 1) * query.page_size;
        const products =
          totItems <= offset
            ? []
            : sort === 'sales' && summary.salesOrder
              ? await this.#productsByIds(
                  summary.salesOrder.slice(offset, offset + query.page_size),
                  index,
                  today,
                  query.skip_cache,
                )
              : (await findProducts(criteria, { order: sort, limit: query.page_size, offset }, this.#db)).map(
                  (r) => toWireProduct(r, index),
                );
        return ok({
          products,
          page: pageOf(totItems, query.page, query.page_size),
          facets: summary.facets,
        });
      },
      query.skip_cache,
    );
  }

  /**
   * A search or a listing without a facet chosen (decision 058). When its total and facets are not cached,
   * one statement answers them with the page's ids (the page's products are then read by id, each
   * remembered apart in the read cache); when they are, the page alone is one statement. A category listing
   * in the default order keeps every id in order with its total, as #listingSummary does: its other pages
   * are slices of it, their products read by id (a department's deep pages no longer sort it again).
   */
  async #onePass(
    query: ProductsQueryInput,
    index: CategoryIndex,
    today: string,
  ): Promise<Result<ProductListData>> {
    const empty: ProductListData = { products: [], page: pageOf(0, query.page, query.page_size), facets: [] };
    const words = query.q ? parseSearchText(query.q) : null;
    if (query.q && !words) return ok(empty);
    const base = this.#filterCriteria(query, index);
    const order: ProductOrder = query.sort ? SORT_ORDER[query.sort] : words ? 'relevance' : 'sales';
    const offset = (query.page - 1) * query.page_size;
    const filters = normaliseQuery(query, ['hash', 'skip_cache', 'page', 'page_size', 'sort']);
    const bySales = order === 'sales' && !words && (base.categoryScopes?.length ?? 0) > 0;
    const fresh: { ids?: number[] } = {};
    const loaded = await this.#cache.getOrLoad<ListingSummary>(
      ['products-summary', filters, today],
      async () => {
        const found = await searchProducts(
          { ...base, today },
          words,
          { order, limit: query.page_size, offset },
          bySales,
          this.#db,
        );
        fresh.ids = found.ids;
        const text = words ? matchOfStage(words, found.stage) : undefined;
        return ok({
          criteria: { ...base, today, ...(text ? { text } : {}) },
          totItems: found.total,
          facets: this.#facetList(this.#facetsOfGroups(found.groups, index)),
          ...(found.order && found.order.length <= ORDERED_IDS_MAX ? { salesOrder: found.order } : {}),
        });
      },
      query.skip_cache,
    );
    if (!loaded.ok) return ok(empty);
    const { criteria, totItems, facets, salesOrder } = loaded.data;
    if (totItems === 0) return ok(empty);
    let products: Product[] = [];
    if (totItems > offset) {
      const ids =
        fresh.ids ??
        (bySales && salesOrder
          ? salesOrder.slice(offset, offset + query.page_size)
          : await findProductIds(criteria, { order, limit: query.page_size, offset }, this.#db));
      products = await this.#productsByIds(ids, index, today, query.skip_cache);
    }
    return ok({ products, page: pageOf(totItems, query.page, query.page_size), facets });
  }

  /** The criteria of a listing's filters other than the text. */
  #filterCriteria(query: ProductsQueryInput, index: CategoryIndex): Omit<ProductCriteria, 'today'> {
    const facets = parseFacets(query.facet);
    return {
      categoryScopes: [query.parent_category_id, query.category_id]
        .filter((id): id is number => id !== undefined)
        .map((id) => index.subtreeIds(id)),
      facetCategoryScope: facets.categoryIds.flatMap((id) => index.subtreeIds(id)),
      vendorIds: facets.vendorIds,
      promoOnly: query.promo === true,
      newOnly: query.new_product === true || query.onlyNew === true,
      ...(query.free_from && query.free_from.length > 0 ? { freeFrom: query.free_from } : {}),
    };
  }

  /** The facets as the wire shows them: categories, then brands (each left out when empty). */
  #facetList({ vendors, cats }: { vendors: FacetCountRow[]; cats: FacetCountRow[] }): Facet[] {
    const facetList: Facet[] = [];
    if (cats.length > 0)
      facetList.push({
        name: 'Categoria',
        parameterName: 'category',
        values: cats.map((c) => ({ id: String(c.id), name: c.name, quantity: c.quantity })),
      });
    if (vendors.length > 0)
      facetList.push({
        name: 'Marca',
        parameterName: 'vendor',
        values: vendors.map((v) => ({ id: String(v.id), name: v.name, quantity: v.quantity })),
      });
    return facetList;
  }

  /**
   * Products by id, each remembered apart in the read cache: a department's later pages show products its
   * categories' first pages (warmed at start) already read, so they are assembled without the database.
   */
  #productsByIds(
    ids: readonly number[],
    index: CategoryIndex,
    today: string,
    skip = false,
  ): Promise<Product[]> {
    return this.#cache.getManyOrLoad<Product>(
      'product',
      today,
      ids,
      async (missing) => {
        const rows = await findProductsByIds(missing, today, false, this.#db);
        return new Map(rows.map((r) => [r.productId, toWireProduct(r, index)]));
      },
      skip,
    );
  }

  /** Criteria, total and facets of a listing's filters (null: the text has no searchable word). */
  async #listingSummary(
    query: ProductsQueryInput,
    index: CategoryIndex,
    today: string,
  ): Promise<ListingSummary | null> {
    const filters = normaliseQuery(query, ['hash', 'skip_cache', 'page', 'page_size', 'sort']);
    const loaded = await this.#cache.getOrLoad<ListingSummary | null>(
      ['products-summary', filters, today],
      async () => {
        const facets = parseFacets(query.facet);
        const base = this.#filterCriteria(query, index);
        let criteria: ProductCriteria = { ...base, today };
        // no facet chosen: the total and both facets come from one grouped query
        const unfaceted = facets.vendorIds.length === 0 && facets.categoryIds.length === 0;
        let totItems: number;
        let grouped: { total: number; vendors: FacetCountRow[]; cats: FacetCountRow[] } | null = null;
        let salesOrder: number[] | undefined;
        if (query.q !== undefined && query.q !== '') {
          const text = parseSearchText(query.q);
          if (!text) return ok(null);
          const found = await this.#textMatch(text, base);
          criteria = { ...criteria, text: found.match };
          totItems = found.count;
        } else if (base.categoryScopes?.length) {
          // a category listing: its order is remembered with the counts (the pages of a department are
          // then read by primary key, not each by sorting the department's products again)
          const [groups, ids] = await Promise.all([
            unfaceted ? countsByCategoryAndVendor(criteria, this.#db) : null,
            salesOrderIds(criteria, this.#db),
          ]);
          if (ids) salesOrder = ids;
          if (groups) {
            grouped = this.#facetsOfGroups(groups, index);
            totItems = grouped.total;
          } else {
            totItems = ids ? ids.length : await countProducts(criteria, this.#db);
          }
        } else if (unfaceted) {
          grouped = this.#facetsOfGroups(await countsByCategoryAndVendor(criteria, this.#db), index);
          totItems = grouped.total;
        } else {
          totItems = await countProducts(criteria, this.#db);
        }
        if (totItems === 0) return ok({ criteria, totItems, facets: [] });
        if (!grouped && unfaceted)
          grouped = this.#facetsOfGroups(await countsByCategoryAndVendor(criteria, this.#db), index);
        const [vendors, cats] = grouped
          ? [grouped.vendors, grouped.cats]
          : await Promise.all([
              vendorFacet(criteria, FACET_VALUES_MAX, this.#db),
              categoryFacet(criteria, FACET_VALUES_MAX, this.#db),
            ]);
        const facetList = this.#facetList({ vendors, cats });
        return ok({ criteria, totItems, facets: facetList, ...(salesOrder ? { salesOrder } : {}) });
      },
      query.skip_cache,
    );
    return loaded.ok ? loaded.data : null;
  }

  /**
   * Total, brand facet and category facet of (category, brand) counts, in the order of vendorFacet and
   * categoryFacet: most products first, then by name (code point order, as the C collation sorts).
   */
  #facetsOfGroups(
    groups: readonly CategoryVendorCountRow[],
    index: CategoryIndex,
  ): { total: number; vendors: FacetCountRow[]; cats: FacetCountRow[] } {
    let total = 0;
    const vendors = new Map<number, FacetCountRow>();
    const cats = new Map<number, FacetCountRow>();
    const add = (into: Map<number, FacetCountRow>, id: number, name: string, n: number) => {
      const row = into.get(id);
      if (row) row.quantity += n;
      else into.set(id, { id, name, quantity: n });
    };
    for (const g of groups) {
      total += g.n;
      if (g.vendorName !== '') add(vendors, g.vendorId, g.vendorName, g.n); // no brand: not a brand to filter by
      add(cats, g.categoryId, index.byId(g.categoryId)?.name ?? '', g.n);
    }
    const top = (rows: Iterable<FacetCountRow>) =>
      [...rows]
        .sort((a, b) =>
          b.quantity !== a.quantity
            ? b.quantity - a.quantity
            : a.name < b.name
              ? -1
              : a.name > b.name
                ? 1
                : 0,
        )
        .slice(0, FACET_VALUES_MAX);
    return { total, vendors: top(vendors.values()), cats: top(cats.values()) };
  }

  // ---------- suggestions ----------
  async suggest(q: string): Promise<Result<{ items: SuggestItem[] }>> {
    const form = dictionaryForm(q);
    if (form.length < 2) return ok({ items: [] });
    return this.#cache.getOrLoad(['suggest', form], async () => {
      const words = form.split(' ');
      const last = words[words.length - 1] ?? '';
      const head = words.slice(0, -1).join(' ');
      // the words typed before the last one, then the term; a term of several words that already starts
      // with them (a category's name) stands alone
      const phrase = (term: string) => (!head || term.startsWith(`${head} `) ? term : `${head} ${term}`);
      const index = await this.#categories();

      const categories: SuggestItem[] = [];
      for (const row of [...index.roots, ...index.roots.flatMap((r) => this.#descendants(index, r))]) {
        if (categories.length >= SUGGEST_MAX_CATEGORIES) break;
        if (` ${dictionaryForm(row.name)}`.includes(` ${form}`))
          categories.push({ name: row.name, type: 'Category', slug: row.slug, id: row.categoryId });
      }
      const maxWords = SUGGEST_MAX_ITEMS - categories.length;
      const seen = new Set<string>();
      const items: SuggestItem[] = [];
      const add = (term: string) => {
        const name = phrase(term);
        if (items.length >= maxWords || seen.has(name)) return;
        seen.add(name);
        items.push({ name, type: 'Word' });
      };
      const dictionary = await this.#suggestionIndex();
      if (last.length >= 2) for (const t of dictionary.byPrefix(last, maxWords)) add(t.term);
      // typo tolerance only when the prefix finds little: otherwise it adds noise to good completions
      if (items.length < SUGGEST_TYPO_BELOW && last.length >= 3)
        for (const t of dictionary.bySimilarity(last, maxWords)) add(t.term);
      return ok({ items: [...items, ...categories] });
    });
  }

  #descendants(index: CategoryIndex, row: CategoryRow): CategoryRow[] {
    return index.menuChildren(row.categoryId).flatMap((c) => [c, ...this.#descendants(index, c)]);
  }

  // ---------- recommendation sliders ----------
  async adv(query: AdvQueryInput): Promise<Result<{ products: Product[]; totItems: number }>> {
    const today = this.today();
    return this.#cache.getOrLoad(
      ['adv', normaliseQuery(query), today],
      async () => {
        const index = await this.#categories();
        const plan = await this.#advPlan(query, index, today);
        if (!plan) return ok({ products: [], totItems: 0 });
        const criteria: ProductCriteria = {
          ...plan.criteria,
          today,
          ...(query.promo ? { promoOnly: true } : {}),
        };
        const totItems = await countProducts(criteria, this.#db);
        const poolSize = query.shuffle
          ? Math.min(Math.max(query.limit * 4, 24), SHUFFLE_POOL_MAX)
          : query.limit;
        let rows = await findProducts(criteria, { order: plan.order, limit: poolSize, offset: 0 }, this.#db);
        if (query.shuffle)
          rows = seededShuffle(rows, `${today}:${normaliseQuery(query)}`).slice(0, query.limit);
        return ok({ products: rows.map((r) => toWireProduct(r, index)), totItems });
      },
      query.skip_cache,
    );
  }

  /** What each CRM algorithm (spec section 9) shows. null: nothing for this visitor, or unknown layout. */
  async #advPlan(
    query: AdvQueryInput,
    index: CategoryIndex,
    today: string,
  ): Promise<{ criteria: Omit<ProductCriteria, 'today'>; order: ProductOrder } | null> {
    const departmentOf = (categoryId: number | undefined) =>
      categoryId === undefined ? undefined : index.department(categoryId)?.categoryId;
    switch (query.layout) {
      case CRM_ALGORITHM.promoLevel1: {
        const dept = departmentOf(query.category_id);
        return {
          criteria: { promoOnly: true, ...(dept ? { categoryScopes: [index.subtreeIds(dept)] } : {}) },
          order: 'sales',
        };
      }
      case CRM_ALGORITHM.globalTopSelling:
        return { criteria: {}, order: 'sales' };
      case CRM_ALGORITHM.level1TopSelling: {
        const dept = departmentOf(query.category_id);
        return { criteria: dept ? { categoryScopes: [index.subtreeIds(dept)] } : {}, order: 'sales' };
      }
      case CRM_ALGORITHM.crossSellingOnDetail:
      case CRM_ALGORITHM.upsellingOnDetail: {
        if (query.product_id === undefined) return null;
        const [product] = await findProducts(
          { today, productId: query.product_id },
          { order: 'sales', limit: 1, offset: 0 },
          this.#db,
        );
        if (!product) return null;
        // cross-selling: the same category; upselling: the rest of the department
        const scope =
          query.layout === CRM_ALGORITHM.crossSellingOnDetail
            ? product.categoryId
            : departmentOf(product.categoryId);
        if (scope === undefined) return null;
        return {
          criteria: { categoryScopes: [index.subtreeIds(scope)], excludeProductId: product.productId },
          order: 'sales',
        };
      }
      case CRM_ALGORITHM.suggestedForYou:
        return { criteria: { newOnly: true }, order: 'new' };
      default:
        // 29 (favourites) and 1000 (recently viewed) need a logged-in customer; unknown layouts show nothing
        return null;
    }
  }
}
