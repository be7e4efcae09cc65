import {
  ORDER_BY_SORT,
  productsQuerySchema,
  type Facet,
  type Product,
  type ProductListData,
} from '@spesa/shared/contracts/catalogue';
import { withJson } from '../../lib/memo-serializer';
import { normaliseQuery } from '../../lib/read-cache';
import { failWith, ok, type Result } from '../../lib/result';
import {
  CHAIN_WAREHOUSE_ID,
  categoryFacet,
  countProducts,
  countsByCategoryAndVendor,
  findProductIds,
  findProducts,
  findProductsByIds,
  matchOfStage,
  ORDERED_IDS_MAX,
  salesOrderIds,
  searchProducts,
  vendorFacet,
  type CategoryVendorCountRow,
  type FacetCountRow,
  type ProductCriteria,
  type ProductOrder,
} from './catalogue.repository';
import type { CatalogueProducts } from './catalogue-products';
import {
  lastSlugSegment,
  pageOf,
  parseFacets,
  SORT_ORDER,
  type ProductsQueryInput,
} from './catalogue-queries';
import type { CatalogueReads } from './catalogue-reads';
import type { CategoryIndex } from './category-index';
import { toWireProduct } from './product.mapper';
import { parseSearchText } from './search-text';
import { prepareStoreJson, storePageJson } from './store-json';
import { productsAtStore } from './store-overlay';

const FACET_VALUES_MAX = 50;

/** Total and facets of a listing's filters (cached apart from its pages). */
interface ListingSummary {
  criteria: ProductCriteria;
  totItems: number;
  facets: Facet[];
  /** category listings: every matching id, best sellers first, so a page is read by primary key */
  salesOrder?: number[];
}

export const UNKNOWN_STORE = {
  code: 'msg.store.unknown',
  text: 'Negozio sconosciuto: scegli un negozio o un magazzino della catena.',
} as const;

/** What a listing's summary (total, facets, order) does not depend on: the page, its order, the store. */
const SUMMARY_IGNORES = ['hash', 'skip_cache', 'page', 'page_size', 'sort', 'warehouse_id'];

/** How many pages of each category's listing the warm-up reads (most visits stop within the first few). */
export const LISTING_WARM_PAGES = 3;

/** Product lists and search: a listing's page, its total and facets (cached apart), and the warm-up. */
export class CatalogueListing {
  readonly #r: CatalogueReads;
  readonly #products: CatalogueProducts;

  constructor(reads: CatalogueReads, products: CatalogueProducts) {
    this.#r = reads;
    this.#products = products;
  }

  /**
   * Reads the first pages of every menu category's listing through the read cache, one after the other, so
   * that the listing summaries (total, facets, sales order: the costly part, shared by all pages of a
   * category) and the pages most customers look at are ready before they ask, with every store's stock and
   * prices of their products (decision 098). Answers how many listing
   * pages were read for the version.
   */
  async warmListings(): Promise<{ version: number; listings: number }> {
    const version = await this.#r.cache.version();
    const index = await this.#r.categories();
    let listings = 0;
    for (const id of index.menuProductCategoryIds()) {
      for (let page = 1; page <= LISTING_WARM_PAGES; page++) {
        const query = { parent_category_id: String(id), page: String(page) };
        const result = await this.productList(productsQuerySchema.parse(query));
        if (!result.ok) break;
        // every store's stock and prices of the page and its products' JSON pieces (decision 098): a store's
        // first look costs no statement and no encoding of the products
        await this.#r.figures.warm(result.data.products, this.#r.today(), this.#r.db);
        prepareStoreJson(result.data.products);
        listings++;
        // the embedded database answers in microtasks: without a turn of the event loop here, the whole
        // warm-up ran before any customer's request (seen as 6-10 s stalls after a back-office edit)
        await new Promise((resolve) => setImmediate(resolve));
        if (page >= result.data.page.totPages) break;
      }
    }
    return { version, listings };
  }

  async products(query: ProductsQueryInput): Promise<Result<ProductListData | Product>> {
    const w = query.warehouse_id ?? CHAIN_WAREHOUSE_ID;
    if (w !== CHAIN_WAREHOUSE_ID && !(await this.#r.knownWarehouse(w)))
      return failWith(UNKNOWN_STORE, 'validation');
    if (query.product_id !== undefined)
      return this.#products.product({ productId: query.product_id }, query.skip_cache, w);
    if (query.slug !== undefined)
      return this.#products.product({ slug: lastSlugSegment(query.slug) }, query.skip_cache, w);
    if (query.barcode !== undefined)
      return this.#products.product({ barcode: query.barcode.trim() }, query.skip_cache, w);
    const { order_by: orderBy, ...listing } = query;
    const sort = listing.sort || (orderBy ? ORDER_BY_SORT[orderBy] : '');
    return this.productList({ ...listing, ...(sort ? { sort } : {}) });
  }

  /**
   * A listing page. The count and the facets depend on the filters only, not on the page, the order or the
   * store, so they are cached apart: paging through a department computes them once, for every store. At a
   * store (decision 098) the page is the chain's, cached once for all stores, with the store's stock and list
   * prices laid over its products by one statement; a price sort at a store with a price list of its own
   * orders by that store's prices instead. The store's page is then kept in a cache of its own.
   */
  async productList(query: ProductsQueryInput): Promise<Result<ProductListData>> {
    const today = this.#r.today();
    const w = query.warehouse_id ?? CHAIN_WAREHOUSE_ID;
    const { warehouse_id: _store, ...chainQuery } = query;
    const chainPage = () =>
      this.#r.cache.getOrLoad(
        ['products', normaliseQuery(chainQuery), today],
        () => this.#page(chainQuery, CHAIN_WAREHOUSE_ID, today),
        query.skip_cache,
      );
    if (w === CHAIN_WAREHOUSE_ID) return chainPage();
    return this.#r.storeCache.getOrLoad(
      ['products', normaliseQuery(query), today],
      async () => {
        const order = query.sort ? SORT_ORDER[query.sort] : null;
        const priceSort = order === 'price_asc' || order === 'price_desc';
        const ownPrices = priceSort && (await this.#r.storesWithPriceList()).has(w);
        const page = ownPrices ? await this.#page(chainQuery, w, today) : await chainPage();
        if (!page.ok) return page;
        const products = await productsAtStore(page.data.products, w, today, this.#r);
        const data = { ...page.data, products };
        return ok(withJson(data, () => storePageJson(page.data, products)));
      },
      query.skip_cache,
    );
  }

  /**
   * A listing page of the chain's products. `orderAt`: the warehouse whose list prices order a price sort (the
   * chain's catalogue: the chain's prices).
   */
  async #page(query: ProductsQueryInput, orderAt: number, today: string): Promise<Result<ProductListData>> {
    const index = await this.#r.categories();
    const chosen = parseFacets(query.facet);
    // a facet chosen needs each facet counted without its own filter: the statements of #listingSummary
    if (chosen.vendorIds.length === 0 && chosen.categoryIds.length === 0)
      return this.#onePass(query, index, today, orderAt);
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
    const page = { order: sort, limit: query.page_size, offset };
    let products: Product[] = [];
    if (totItems <= offset) products = [];
    else if (sort === 'sales' && summary.salesOrder)
      products = await this.#productsByIds(
        summary.salesOrder.slice(offset, offset + query.page_size),
        index,
        today,
        query.skip_cache,
      );
    else if (orderAt !== CHAIN_WAREHOUSE_ID)
      products = await this.#productsByIds(
        await findProductIds({ ...criteria, warehouseId: orderAt }, page, this.#r.db),
        index,
        today,
        query.skip_cache,
      );
    else
      products = (await findProducts({ ...criteria, warehouseId: CHAIN_WAREHOUSE_ID }, page, this.#r.db)).map(
        (r) => toWireProduct(r, index),
      );
    return ok({
      products,
      page: pageOf(totItems, query.page, query.page_size),
      facets: summary.facets,
    });
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
    orderAt: number,
  ): Promise<Result<ProductListData>> {
    const empty: ProductListData = { products: [], page: pageOf(0, query.page, query.page_size), facets: [] };
    const words = query.q ? parseSearchText(query.q) : null;
    if (query.q && !words) return ok(empty);
    const base = this.#filterCriteria(query, index);
    const order: ProductOrder = query.sort ? SORT_ORDER[query.sort] : words ? 'relevance' : 'sales';
    const offset = (query.page - 1) * query.page_size;
    const filters = normaliseQuery(query, SUMMARY_IGNORES);
    const bySales = order === 'sales' && !words && (base.categoryScopes?.length ?? 0) > 0;
    const fresh: { ids?: number[] } = {};
    const loaded = await this.#r.cache.getOrLoad<ListingSummary>(
      ['products-summary', filters, today],
      async () => {
        const found = await searchProducts(
          { ...base, today },
          words,
          { order, limit: query.page_size, offset },
          bySales,
          this.#r.db,
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
      // a store's own prices order its price sorts: not the chain's page the summary's statement answered
      const ownOrder = orderAt !== CHAIN_WAREHOUSE_ID;
      const ids =
        (ownOrder ? undefined : fresh.ids) ??
        (bySales && salesOrder
          ? salesOrder.slice(offset, offset + query.page_size)
          : await findProductIds(
              { ...criteria, ...(ownOrder ? { warehouseId: orderAt } : {}) },
              { order, limit: query.page_size, offset },
              this.#r.db,
            ));
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
   * The chain's products by id, each remembered apart in the read cache: a department's later pages show
   * products its categories' first pages (warmed at start) already read, so they are assembled without the
   * database. Once for all stores: a store lays its stock and prices over them (decision 098).
   */
  #productsByIds(
    ids: readonly number[],
    index: CategoryIndex,
    today: string,
    skip = false,
  ): Promise<Product[]> {
    return this.#r.cache.getManyOrLoad<Product>(
      `product@${CHAIN_WAREHOUSE_ID}`,
      today,
      ids,
      async (missing) => {
        const rows = await findProductsByIds(missing, today, false, CHAIN_WAREHOUSE_ID, this.#r.db);
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
    const filters = normaliseQuery(query, SUMMARY_IGNORES);
    const loaded = await this.#r.cache.getOrLoad<ListingSummary | null>(
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
          const found = await this.#r.textMatch(text, base);
          criteria = { ...criteria, text: found.match };
          totItems = found.count;
        } else if (base.categoryScopes?.length) {
          // a category listing: its order is remembered with the counts (the pages of a department are
          // then read by primary key, not each by sorting the department's products again)
          const [groups, ids] = await Promise.all([
            unfaceted ? countsByCategoryAndVendor(criteria, this.#r.db) : null,
            salesOrderIds(criteria, this.#r.db),
          ]);
          if (ids) salesOrder = ids;
          if (groups) {
            grouped = this.#facetsOfGroups(groups, index);
            totItems = grouped.total;
          } else {
            totItems = ids ? ids.length : await countProducts(criteria, this.#r.db);
          }
        } else if (unfaceted) {
          grouped = this.#facetsOfGroups(await countsByCategoryAndVendor(criteria, this.#r.db), index);
          totItems = grouped.total;
        } else {
          totItems = await countProducts(criteria, this.#r.db);
        }
        if (totItems === 0) return ok({ criteria, totItems, facets: [] });
        if (!grouped && unfaceted)
          grouped = this.#facetsOfGroups(await countsByCategoryAndVendor(criteria, this.#r.db), index);
        const [vendors, cats] = grouped
          ? [grouped.vendors, grouped.cats]
          : await Promise.all([
              vendorFacet(criteria, FACET_VALUES_MAX, this.#r.db),
              categoryFacet(criteria, FACET_VALUES_MAX, this.#r.db),
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
}
