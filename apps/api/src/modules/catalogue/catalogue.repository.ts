import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { catalogueVersion, categories } from '../../db/schema';

/**
 * SQL of the catalogue: categories, products (with today's promotion), facets, suggestions, versions.
 * Every value reaches PostgreSQL as a parameter; only fixed SQL text is written here. Numerics and dates
 * are cast in SQL (::float8, ::int, to_char) so PGlite and node-postgres give the same JS types.
 */

// ---------- catalogue version ----------
export async function readCatalogueVersion(db: Db): Promise<number> {
  const rows = await db
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1));
  return rows[0]?.version ?? 0;
}

/**
 * The catalogue's version as a subquery another module's hot-path read may compose (decision 059, session 45:
 * checkout's read of a prepared cart): every write of prices, promotions, stock or assortment bumps it.
 */
export const CATALOGUE_VERSION_SQL = sql<number>`(SELECT version FROM catalogue_version WHERE id = 1)`;

/** Bumps the version in one statement (no read-then-write race) and answers the new value. */
export async function incrementCatalogueVersion(db: Db): Promise<number> {
  const rows = await db
    .insert(catalogueVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: catalogueVersion.id,
      set: { version: sql`${catalogueVersion.version} + 1`, updatedAt: sql`now()` },
    })
    .returning({ version: catalogueVersion.version });
  return rows[0]?.version ?? 0;
}

// ---------- stock (inside a purchase's transaction: `db` is the caller's) ----------
/** numeric(12,3) parameter: exact text */
const qty = (n: number): string => n.toFixed(3);

/**
 * Moves the stock of several products at one warehouse in one statement (decision 095): a positive `delta`
 * takes that much (only if the product is sold and the warehouse has it), a negative one gives it back (a
 * missing row is made). The rows are locked in product-id order first (the lock order of decision 017,
 * that of a stock feed too), then updated. Answers the stock left of every product moved; a product that
 * could not give its `delta` is absent, and the caller rolls back.
 */
export async function moveStocks(
  moves: ReadonlyArray<{ productId: number; delta: number }>,
  warehouseId: number,
  db: Db,
): Promise<Map<number, number>> {
  if (moves.length === 0) return new Map();
  const returned = moves.filter((m) => m.delta < 0).map((m) => m.productId);
  if (returned.length > 0)
    await db.execute(
      sql`INSERT INTO product_stock (warehouse_id, product_id, stock)
          SELECT ${warehouseId}, id, 0 FROM unnest(string_to_array(${returned.join(',')}, ',')::int[]) AS r(id)
          ORDER BY id
          ON CONFLICT (warehouse_id, product_id) DO NOTHING`,
    );
  const rows = await queryRows<{ productId: number; stock: number }>(
    db,
    sql`WITH wanted AS (
          SELECT * FROM unnest(string_to_array(${moves.map((m) => m.productId).join(',')}, ',')::int[],
                               string_to_array(${moves.map((m) => qty(m.delta)).join(',')}, ',')::numeric[])
            AS w(product_id, delta)
        ), locked AS MATERIALIZED (
          SELECT s.product_id, w.delta, p.active FROM product_stock s
          JOIN wanted w ON w.product_id = s.product_id
          JOIN products p ON p.product_id = s.product_id
          WHERE s.warehouse_id = ${warehouseId}
          ORDER BY s.product_id
          FOR UPDATE OF s
        )
        UPDATE product_stock s SET stock = s.stock - l.delta, updated_at = now()
        FROM locked l
        WHERE s.warehouse_id = ${warehouseId} AND s.product_id = l.product_id
          AND (l.delta < 0 OR (l.active AND s.stock >= l.delta))
        RETURNING s.product_id AS "productId", s.stock::float8 AS stock`,
  );
  return new Map(rows.map((r) => [r.productId, r.stock]));
}

/**
 * A new order's stock taken inside one data-modifying statement that another module composes (decision 059,
 * session 46: checkout's one-statement purchase). Only takes (every `delta` positive). Its parts, each a CTE
 * body or an expression naming the CTEs the composer gave them:
 * - `lock(when)`: the order's products' stock rows at the warehouse, locked in product-id order (the lock
 *   order of decision 017) when `when` holds, with their stock as it stands once locked (a MATERIALIZED CTE);
 * - `enough(locked)`: every product wanted is locked, sold and has its `delta`;
 * - `short(locked)`: the products that have not (their ids, in id order): a refusal names them;
 * - `take(locked, when)`: takes every `delta` when `when` holds, answering each product's stock left;
 * - `soldOut(taken, when)`: the catalogue's version bumped (as `incrementCatalogueVersion`) when a product
 *   taken is left at zero or below and `when` holds.
 */
export function takeStocksSql(
  moves: ReadonlyArray<{ productId: number; delta: number }>,
  warehouseId: number,
) {
  const ids = moves.map((m) => m.productId).join(',');
  const wanted = sql`unnest(string_to_array(${ids}, ',')::int[],
    string_to_array(${moves.map((m) => qty(m.delta)).join(',')}, ',')::numeric[]) AS w(product_id, delta)`;
  return {
    lock: (when: SQL) =>
      sql`SELECT s.product_id, w.delta, p.active, s.stock FROM product_stock s
          JOIN ${wanted} ON w.product_id = s.product_id
          JOIN products p ON p.product_id = s.product_id
          WHERE s.warehouse_id = ${warehouseId} AND ${when}
          ORDER BY s.product_id
          FOR UPDATE OF s`,
    enough: (locked: SQL) =>
      sql`((SELECT count(*) FROM ${locked} l WHERE l.active AND l.stock >= l.delta) = ${moves.length})`,
    short: (locked: SQL) =>
      sql`ARRAY(SELECT w.id FROM unnest(string_to_array(${ids}, ',')::int[]) AS w(id)
            WHERE NOT EXISTS (SELECT 1 FROM ${locked} l WHERE l.product_id = w.id AND l.active AND l.stock >= l.delta)
            ORDER BY w.id)`,
    take: (locked: SQL, when: SQL) =>
      sql`UPDATE product_stock s SET stock = s.stock - l.delta, updated_at = now()
          FROM ${locked} l
          WHERE s.warehouse_id = ${warehouseId} AND s.product_id = l.product_id AND ${when}
          RETURNING s.product_id, s.stock`,
    soldOut: (taken: SQL, when: SQL) =>
      sql`INSERT INTO catalogue_version (id, version)
          SELECT 1, 1 WHERE EXISTS (SELECT 1 FROM ${taken} t WHERE t.stock <= 0) AND ${when}
          ON CONFLICT (id) DO UPDATE SET version = catalogue_version.version + 1, updated_at = now()
          RETURNING version`,
  };
}

/** Gives stock back to a warehouse (a cancelled or edited order, a picking shortfall). */
export async function returnStock(
  productId: number,
  quantity: number,
  warehouseId: number,
  db: Db,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO product_stock AS s (warehouse_id, product_id, stock)
        VALUES (${warehouseId}, ${productId}, ${qty(quantity)}::numeric)
        ON CONFLICT (warehouse_id, product_id)
          DO UPDATE SET stock = s.stock + EXCLUDED.stock, updated_at = now()`,
  );
}

// ---------- categories ----------
export type CategoryRow = typeof categories.$inferSelect;

export async function loadAllCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .orderBy(asc(categories.priority), asc(categories.name), asc(categories.categoryId));
}

// ---------- products ----------
/** Free-text part of a product search. */
export type TextMatch =
  /** Italian full text on search_vector; `lastPrefix` ("mozz:*") matches the word being typed */
  | { mode: 'fts'; full: string; head: string; lastPrefix: string | null }
  /** typo tolerance: trigram word similarity on the name (uses the GIN trigram index) */
  | { mode: 'trigram'; full: string };

export interface ProductCriteria {
  /** YYYY-MM-DD: which promotions are active */
  today: string;
  text?: TextMatch;
  /**
   * Category scopes, AND-ed (parent_category_id and category_id): the product's category must be in each
   * list. The service expands every requested category to its subtree (CategoryIndex.subtreeIds), so the
   * planner sees a plain IN list it can estimate and serve from the category index.
   */
  categoryScopes?: number[][];
  /** facet category:<id>: the product's category is in this list (the chosen categories' subtrees) */
  facetCategoryScope?: number[];
  /** facet vendor:<id>: any of them */
  vendorIds?: number[];
  promoOnly?: boolean;
  /** only products known to be free of all of these (products.free_from) */
  freeFrom?: readonly string[];
  newOnly?: boolean;
  productId?: number;
  slug?: string;
  barcode?: string;
  excludeProductId?: number;
  /**
   * whose stock and list price the rows carry (decision 095), and whose list prices order a price sort
   * (decision 098); the chain's catalogue when absent
   */
  warehouseId?: number;
}

export type ProductOrder =
  'relevance' | 'sales' | 'price_asc' | 'price_desc' | 'name_asc' | 'name_desc' | 'new';

/** One product with its vendor and today's best active promotion (promo_* null without one). */
export interface ProductRow {
  productId: number;
  codInt: string;
  codVar: string;
  name: string;
  slug: string;
  barcode: string | null;
  brand: string;
  format: string;
  vendorId: number;
  vendorName: string;
  categoryId: number;
  ivaPct: number;
  sellingType: string;
  unitBase: string;
  productInfos: unknown;
  priceCents: number;
  unitPriceCents: number | null;
  netQuantity: number | null;
  stock: number;
  minAcq: number;
  maxAcq: number | null;
  isNew: boolean;
  highlight: boolean;
  badgeLabel: string | null;
  badgeCssClass: string | null;
  ingredients: string | null;
  allergens: string | null;
  storage: string | null;
  nutritionalValues: string | null;
  features: string | null;
  nutriScoreEstimate: string | null;
  sourceUrl: string | null;
  mediaIcon: string;
  /** an uploaded photo's hash (product_images), or null */
  imageHash: string | null;
  logisticPackagingItems: number | null;
  logisticPalletItems: number | null;
  /** select_options as stored (validated by the mapper) */
  selectOptions: unknown;
  active: boolean;
  promoId: number | null;
  promoTypeId: number | null;
  promoType: string | null;
  promoPriceCents: number | null;
  promoDiscountPerc: number | null;
  promoValidFrom: string | null;
  promoValidTo: string | null;
  promoHeader: string | null;
  promoBody: string | null;
  promoFooter: string | null;
  promoBubble: string | null;
  promoCssClass: string | null;
  promoSelectable: boolean | null;
  /** the lowest price of the 30 days before the promotion (Omnibus) */
  promoPriorPriceCents: number | null;
  /** 'all' | 'card' | 'segment' (decision 032) */
  promoAudience: string | null;
  promoSegmentId: number | null;
  /** counted votes and the sum of their stars (null: no vote yet) */
  ratingTotal: number | null;
  ratingSum: number | null;
}

const STORE_PRICE_SQL = `
  COALESCE(sp.price_cents, p.price_cents) AS "priceCents",
  CASE WHEN sp.price_cents IS NULL OR p.unit_price_cents IS NULL OR p.price_cents <= 0 THEN p.unit_price_cents
       ELSE round(p.unit_price_cents::numeric * sp.price_cents / p.price_cents)::int END AS "unitPriceCents",
  CASE WHEN sp.price_cents IS NULL OR pr.promo_id IS NULL THEN pr.prior_price_cents
       ELSE COALESCE((SELECT min(h.price_cents) FROM price_history h
                      WHERE h.product_id = p.product_id
                        AND ((h.kind = 'list' AND h.price_list_id = sp.price_list_id) OR h.kind = 'promo')
                        AND h.valid_from <= pr.valid_from - 1
                        AND COALESCE(h.valid_to, 'infinity'::date) >= pr.valid_from - 30
                      HAVING bool_or(h.kind = 'list')), pr.prior_price_cents) END AS "promoPriorPriceCents"`;

/** STORE_COLUMNS but the stock: over `p`, `sp` (listPriceJoin) and `pr`. */
export const STORE_PRICE_COLUMNS = sql.raw(STORE_PRICE_SQL);

/**
 * The columns of a product row that depend on the warehouse (decision 095): its list price there, the unit
 * price in proportion, its stock there and the Omnibus lowest price of its promotion on the warehouse's list.
 * Over `p` (products), `st` and `sp` (storeJoin) and `pr` (the promotion: promo_id, valid_from,
 * prior_price_cents); the store's overlay (decision 098) reads them alone, the same SQL.
 */
export const STORE_COLUMNS = sql.raw(`${STORE_PRICE_SQL},
  st.stock`);

/** Today's promotion of a product row (alias pr) but its Omnibus price (STORE_COLUMNS'). */
const PROMO_COLUMNS = sql.raw(`
  pr.promo_id AS "promoId", pr.promo_type_id AS "promoTypeId", pr.promo_type AS "promoType",
  pr.promo_price_cents AS "promoPriceCents", pr.discount_perc::float8 AS "promoDiscountPerc",
  to_char(pr.valid_from, 'YYYY-MM-DD') AS "promoValidFrom", to_char(pr.valid_to, 'YYYY-MM-DD') AS "promoValidTo",
  pr.header AS "promoHeader", pr.body AS "promoBody", pr.footer AS "promoFooter", pr.bubble AS "promoBubble",
  pr.css_class AS "promoCssClass", pr.selectable AS "promoSelectable",
  pr.audience AS "promoAudience", pr.crm_segment_id AS "promoSegmentId"`);

/** A product row's counted votes (alias rs, RATING_JOIN). */
const RATING_COLUMNS = sql.raw(`rs.total AS "ratingTotal", rs.rating_sum::float8 AS "ratingSum"`);

const PRODUCT_COLUMNS = sql`
  p.product_id AS "productId", p.cod_int AS "codInt", p.cod_var AS "codVar", p.name, p.slug, p.barcode,
  p.brand, p.format, p.vendor_id AS "vendorId", v.name AS "vendorName", p.category_id AS "categoryId",
  p.iva_pct::float8 AS "ivaPct", p.selling_type AS "sellingType", p.unit_base AS "unitBase",
  p.product_infos AS "productInfos", ${STORE_COLUMNS},
  p.net_quantity::float8 AS "netQuantity", p.min_acq AS "minAcq", p.max_acq AS "maxAcq",
  p.is_new AS "isNew", p.highlight, p.badge_label AS "badgeLabel", p.badge_css_class AS "badgeCssClass",
  p.ingredients, p.allergens, p.storage, p.nutritional_values AS "nutritionalValues", p.features,
  p.nutri_score_estimate AS "nutriScoreEstimate", p.source_url AS "sourceUrl", p.media_icon AS "mediaIcon", p.image_hash AS "imageHash",
  p.logistic_packaging_items AS "logisticPackagingItems", p.logistic_pallet_items AS "logisticPalletItems",
  p.select_options AS "selectOptions", p.active, ${PROMO_COLUMNS}, ${RATING_COLUMNS}`;

/** The chain's catalogue (a visitor without a store): it shows the most any store holds (decision 095). */
export const CHAIN_WAREHOUSE_ID = 1;

/**
 * A product's stock (`st.stock`) and list price (`sp`, null: the chain's list) at a warehouse (decision 095):
 * its row of product_stock (none: 0), or at the chain's catalogue the most any store holds; the price of the
 * warehouse's list valid today (the latest start), if it has a list and the list prices the product.
 */
export const storeJoin = (warehouseId: number, today: string): SQL => sql`
  LEFT JOIN LATERAL (
    SELECT COALESCE(max(s.stock), 0)::float8 AS stock FROM product_stock s
    WHERE s.product_id = p.product_id
      ${warehouseId === CHAIN_WAREHOUSE_ID ? sql`` : sql`AND s.warehouse_id = ${warehouseId}`}
  ) st ON true
  ${listPriceJoin(warehouseId, today)}`;

/**
 * The list price of p at a warehouse valid today (`sp`: price_cents, price_list_id; none: the chain's list).
 * A column for the warehouse must not be of an alias `ls` (the join's own). The warehouse's list (one per
 * warehouse: its key) is a subquery that does not depend on p, so PostgreSQL reads it once per statement (an
 * InitPlan), not once per product as a join did (decision 059, session 52).
 */
export const listPriceJoin = (warehouseId: number | SQL, today: string | SQL): SQL => sql`
  LEFT JOIN LATERAL (
    SELECT lp.price_cents, lp.price_list_id FROM price_list_prices lp
    WHERE lp.price_list_id = (SELECT ls.price_list_id FROM price_list_stores ls WHERE ls.warehouse_id = ${warehouseId})
      AND lp.product_id = p.product_id
      AND lp.valid_from <= ${today}::date AND (lp.valid_to IS NULL OR lp.valid_to >= ${today}::date)
    ORDER BY lp.valid_from DESC
    LIMIT 1
  ) sp ON true`;

/** A store's own prices order a price sort (decision 098); the chain's catalogue orders by the chain's. */
const atStore = (c: ProductCriteria): boolean =>
  c.warehouseId !== undefined && c.warehouseId !== CHAIN_WAREHOUSE_ID;

/** The product's counted votes (the ratings module keeps them; decision 036). */
const RATING_JOIN = sql.raw(`LEFT JOIN product_rating_summaries rs ON rs.product_id = p.product_id`);

/**
 * RATING_JOIN for a few products: each one's summary by the primary key (`LIMIT 1` keeps the subquery from
 * being flattened into RATING_JOIN). The cart's live read asks an array PostgreSQL cannot count when it plans,
 * and with RATING_JOIN it hashed the whole table for each read (issue 53, decision 059 session 50).
 */
const RATING_BY_PRODUCT = sql.raw(`LEFT JOIN LATERAL (
    SELECT r.total, r.rating_sum FROM product_rating_summaries r WHERE r.product_id = p.product_id LIMIT 1
  ) rs ON true`);

/**
 * Today's best active promotion of p (lowest promo price) that the public catalogue shows: every one but the
 * promotions of one customer segment (decision 032), which only their customers' carts apply. `segments`:
 * those instead.
 */
const activePromoJoin = (today: string | SQL, segments = false): SQL => sql`
  LEFT JOIN LATERAL (
    SELECT pp.* FROM product_promos pp
    WHERE pp.product_id = p.product_id AND pp.valid_from <= ${today}::date AND pp.valid_to >= ${today}::date
      AND pp.audience ${segments ? sql`=` : sql`<>`} 'segment'
    ORDER BY pp.promo_price_cents ASC, pp.promo_id ASC
    LIMIT 1
  ) pr ON true`;

const hasActivePromo = (today: string): SQL => sql`EXISTS (
  SELECT 1 FROM product_promos pp
  WHERE pp.product_id = p.product_id AND pp.valid_from <= ${today}::date AND pp.valid_to >= ${today}::date
    AND pp.audience <> 'segment')`;

/** `p.category_id IN (...)`; an empty list matches nothing. */
const categoryIn = (ids: readonly number[]): SQL =>
  ids.length === 0
    ? sql`false`
    : sql`p.category_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;

// ts_rank's normalisation 1 divides by 1 + log(words): "Latte fresco intero" before a long name that
// mentions "latt" once among ten other words
const ftsQuery = (t: Extract<TextMatch, { mode: 'fts' }>): { match: SQL; rank: SQL } => {
  const full = sql`websearch_to_tsquery('it_unaccent', ${t.full})`;
  if (!t.lastPrefix)
    return { match: sql`p.search_vector @@ ${full}`, rank: sql`ts_rank(p.search_vector, ${full}, 1)` };
  const prefix =
    t.head === ''
      ? sql`to_tsquery('it_unaccent', ${t.lastPrefix})`
      : sql`(websearch_to_tsquery('it_unaccent', ${t.head}) && to_tsquery('it_unaccent', ${t.lastPrefix}))`;
  return {
    match: sql`(p.search_vector @@ ${full} OR p.search_vector @@ ${prefix})`,
    rank: sql`ts_rank(p.search_vector, ${full} || ${prefix}, 1)`,
  };
};

function textMatch(t: TextMatch): { match: SQL; rank: SQL } {
  if (t.mode === 'fts') return ftsQuery(t);
  // `<%` uses the trigram index with pg_trgm.word_similarity_threshold (set per connection in client.ts)
  return { match: sql`${t.full} <% p.name`, rank: sql`word_similarity(${t.full}, p.name)` };
}

type FacetName = 'vendor' | 'category';

/** WHERE conditions of the criteria; `skipFacet` leaves one facet's own filter out (disjunctive counts). */
function conditions(c: ProductCriteria, skipFacet?: FacetName): SQL {
  const parts: SQL[] = [sql`p.active`];
  if (c.productId !== undefined) parts.push(sql`p.product_id = ${c.productId}`);
  if (c.slug !== undefined) parts.push(sql`p.slug = ${c.slug}`);
  if (c.barcode !== undefined) parts.push(sql`p.barcode = ${c.barcode}`);
  if (c.excludeProductId !== undefined) parts.push(sql`p.product_id <> ${c.excludeProductId}`);
  if (c.text) parts.push(textMatch(c.text).match);
  for (const scope of c.categoryScopes ?? []) parts.push(categoryIn(scope));
  if (skipFacet !== 'category' && c.facetCategoryScope?.length) parts.push(categoryIn(c.facetCategoryScope));
  if (skipFacet !== 'vendor' && c.vendorIds?.length)
    parts.push(
      sql`p.vendor_id IN (${sql.join(
        c.vendorIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (c.promoOnly) parts.push(hasActivePromo(c.today));
  if (c.freeFrom && c.freeFrom.length > 0)
    parts.push(sql`p.free_from @> string_to_array(${c.freeFrom.join(',')}, ',')::text[]`);
  if (c.newOnly) parts.push(sql`p.is_new`);
  return sql.join(parts, sql` AND `);
}

function orderBy(order: ProductOrder, c: ProductCriteria): SQL {
  // the price paid: today's promotion (the chain's price, whatever the list), else the list price of the
  // store (sp, joined where the order needs it), else the chain's
  const paid = atStore(c)
    ? sql`COALESCE(pr.promo_price_cents, sp.price_cents, p.price_cents)`
    : sql`COALESCE(pr.promo_price_cents, p.price_cents)`;
  switch (order) {
    case 'relevance':
      return c.text
        ? sql`${textMatch(c.text).rank} DESC, p.sales_rank DESC, p.product_id`
        : sql`p.sales_rank DESC, p.product_id`;
    case 'sales':
      return sql`p.sales_rank DESC, p.product_id`;
    case 'price_asc':
      return sql`${paid} ASC, p.product_id`;
    case 'price_desc':
      return sql`${paid} DESC, p.product_id`;
    case 'name_asc':
      return sql`lower(unaccent(p.name)) COLLATE "C" ASC, p.product_id`;
    case 'name_desc':
      return sql`lower(unaccent(p.name)) COLLATE "C" DESC, p.product_id`;
    case 'new':
      return sql`p.is_new DESC, p.created_at DESC, p.product_id`;
  }
}

/**
 * A page of products in two steps: the inner query picks the page's product ids reading only what the
 * filters and the order need, the outer one reads the wide columns, the vendor and today's promotion of
 * those rows only (joining them before the LIMIT read every matching row of a department: tens of ms).
 */
export async function findProducts(
  c: ProductCriteria,
  page: { order: ProductOrder; limit: number; offset: number },
  db: Db,
): Promise<ProductRow[]> {
  return queryRows<ProductRow>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS}
        FROM (${pageIdsQuery(c, page)}) page
        JOIN products p ON p.product_id = page.product_id
        JOIN vendors v ON v.vendor_id = p.vendor_id ${activePromoJoin(c.today)} ${RATING_JOIN}
          ${storeJoin(c.warehouseId ?? CHAIN_WAREHOUSE_ID, c.today)}
        ORDER BY ${orderBy(page.order, c)}`,
  );
}

/** The ids of a page of products, in the page's order (findProducts without the wide columns). */
export async function findProductIds(
  c: ProductCriteria,
  page: { order: ProductOrder; limit: number; offset: number },
  db: Db,
): Promise<number[]> {
  const rows = await queryRows<{ ids: string | null }>(
    db,
    sql`SELECT string_agg(product_id::text, ',' ORDER BY n) AS ids
        FROM (SELECT product_id, row_number() OVER () AS n FROM (${pageIdsQuery(c, page)}) page) numbered`,
  );
  const text = rows[0]?.ids;
  return text ? text.split(',').map(Number) : [];
}

/** The query of a page's product ids (see findProducts). */
function pageIdsQuery(c: ProductCriteria, page: { order: ProductOrder; limit: number; offset: number }): SQL {
  const bySales = page.order === 'sales' || (page.order === 'relevance' && !c.text);
  let pageIds: SQL;
  if (bySales && c.categoryScopes?.length) {
    // A category listing in the default order: the categories' active products first (an index-only scan
    // of products_listing_sales_idx, a few thousand rows at most), then a top-N sort. Left to itself the
    // planner walks the global sales_rank index and filters by category, which reads ~10,000 heap rows for
    // a department whose products are not the best sellers; MATERIALIZED keeps the two steps apart.
    pageIds = sql`
      WITH matching AS MATERIALIZED (SELECT p.product_id, p.sales_rank FROM products p WHERE ${conditions(c)})
      SELECT product_id FROM matching
      ORDER BY sales_rank DESC, product_id
      LIMIT ${page.limit} OFFSET ${page.offset}`;
  } else {
    // only the price orders need today's promotion to choose the page
    const promoInPage = page.order === 'price_asc' || page.order === 'price_desc';
    pageIds = sql`
      SELECT p.product_id
      FROM products p ${promoInPage ? activePromoJoin(c.today) : sql``}
        ${promoInPage && atStore(c) ? listPriceJoin(c.warehouseId ?? CHAIN_WAREHOUSE_ID, c.today) : sql``}
      WHERE ${conditions(c)}
      ORDER BY ${orderBy(page.order, c)}
      LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  return pageIds;
}

/** Most matching products a listing remembers in order (see salesOrderIds); more are paged in SQL. */
export const ORDERED_IDS_MAX = 20_000;

/**
 * Ids of the matching products, best sellers first (index-only scan of products_listing_sales_idx and a
 * sort when the criteria hold category scopes); null when there are more than ORDERED_IDS_MAX.
 */
export async function salesOrderIds(c: ProductCriteria, db: Db): Promise<number[] | null> {
  // One row with the ids as text (thousands of one-column rows cost the driver more than the query). The
  // order is the aggregate's, not the query's: with ORDER BY ... LIMIT the planner walks the global
  // sales_rank index and filters by category, reading ~10,000 heap rows for a department whose products are
  // not the best sellers; here it scans the categories' entries of products_listing_sales_idx and sorts.
  const rows = await queryRows<{ ids: string | null }>(
    db,
    sql`SELECT string_agg(p.product_id::text, ',' ORDER BY p.sales_rank DESC, p.product_id) AS ids
        FROM products p WHERE ${conditions(c)}`,
  );
  const text = rows[0]?.ids;
  if (!text) return [];
  const ids = text.split(',').map(Number);
  return ids.length > ORDERED_IDS_MAX ? null : ids;
}

/** These products (with vendor and today's promotion), in the order of `ids`. */
/**
 * Products by id with today's public promotion; `segments`: with today's promotion of a customer segment
 * instead, only the products that have one (the cart's pricing, decision 032).
 */
export async function findProductsByIds(
  ids: readonly number[],
  today: string,
  segments: boolean,
  warehouseId: number,
  db: Db,
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ProductRow>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS}
        FROM products p JOIN vendors v ON v.vendor_id = p.vendor_id ${activePromoJoin(today, segments)}
          ${RATING_JOIN} ${storeJoin(warehouseId, today)}
        WHERE p.product_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) ${segments ? sql`AND pr.promo_id IS NOT NULL` : sql``}`,
  );
  const byId = new Map(rows.map((r) => [r.productId, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined);
}

/**
 * A promotion's columns as a product row names them (`promo…`), each as an SQL expression over the promotion's
 * alias: the segment promotion's columns (`seg_…`), and the live read's arrays.
 */
const PROMO_FIELDS: ReadonlyArray<readonly [(t: string) => string, PromoKey]> = (
  [
    ['promo_id', 'promoId'],
    ['promo_type_id', 'promoTypeId'],
    ['promo_type', 'promoType'],
    ['promo_price_cents', 'promoPriceCents'],
    ['discount_perc::float8', 'promoDiscountPerc'],
    ["to_char(valid_from, 'YYYY-MM-DD')", 'promoValidFrom'],
    ["to_char(valid_to, 'YYYY-MM-DD')", 'promoValidTo'],
    ['header', 'promoHeader'],
    ['body', 'promoBody'],
    ['footer', 'promoFooter'],
    ['bubble', 'promoBubble'],
    ['css_class', 'promoCssClass'],
    ['selectable', 'promoSelectable'],
    ['prior_price_cents', 'promoPriorPriceCents'],
    ['audience', 'promoAudience'],
    ['crm_segment_id', 'promoSegmentId'],
  ] as const
).map(([column, key]) => [
  (t: string) => (column.startsWith('to_char(') ? column.replace('(', `(${t}.`) : `${t}.${column}`),
  key,
]);

type PromoKey = Extract<keyof ProductRow, `promo${string}`>;

/** The promotion columns of PRODUCT_COLUMNS (alias pr), as the segment promotion's (alias ps) under `seg_` names. */
const SEGMENT_PROMO_COLUMNS = sql.raw(
  PROMO_FIELDS.map(([column, key]) => `${column('ps')} AS "seg_${key}"`).join(', '),
);

type SegmentPromoColumns = {
  [K in keyof ProductRow as K extends `promo${string}` ? `seg_${K}` : never]: ProductRow[K];
};

/** A product of a cart as one statement reads it (findCartProducts). */
export interface CartProductRow {
  /** the product with today's public promotion */
  row: ProductRow;
  /** the same product with today's best segment promotion instead, if it has one */
  segmentRow: ProductRow | null;
  /** the store does not sell it (product_delistings) */
  delisted: boolean;
}

/**
 * The products of a cart in one statement: each with today's public promotion, today's best segment
 * promotion and whether the store sells it (what findProductsByIds twice and delistedAt read). In the order
 * of `ids`; unknown ids are absent.
 *
 * The ids reach the products through a sub-select (an initplan): the planner does not see their count in a plan
 * for the values nor in the generic one, so both cost the same (ten ids, the planner's guess for any array) and
 * PostgreSQL keeps the generic plan (plan_cache_mode=auto) instead of planning the statement at every execution
 * (decision 059, session 48); with the ids a constant, a cart of fewer than ten products made every plan for the
 * values cheaper than the generic one. The plan is the same for 3 and for 80 products.
 */
export async function findCartProducts(
  ids: readonly number[],
  today: string,
  warehouseId: number,
  db: Db,
): Promise<CartProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<CartProductColumns>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS}, ${SEGMENT_PROMO_COLUMNS},
          EXISTS (SELECT 1 FROM product_delistings d
                  WHERE d.product_id = p.product_id AND d.warehouse_id = ${warehouseId}) AS delisted
        FROM products p JOIN vendors v ON v.vendor_id = p.vendor_id ${activePromoJoin(today)}
          ${segmentPromoJoin(today)}
          ${RATING_JOIN} ${storeJoin(warehouseId, today)}
        WHERE p.product_id = ANY(ARRAY(SELECT unnest(string_to_array(${ids.join(',')}, ',')::int[])))`,
  );
  const byId = new Map(rows.map((r) => [r.productId, cartProductRowOf(r)]));
  return ids.map((id) => byId.get(id)).filter((r): r is CartProductRow => r !== undefined);
}

/** A cart product's columns as read (findCartProducts, or a static row with its live columns over it). */
type CartProductColumns = ProductRow & SegmentPromoColumns & { delisted: boolean };

/** Today's best segment promotion of p (alias ps; decision 032). */
const segmentPromoJoin = (today: string | SQL): SQL => sql`
  LEFT JOIN LATERAL (
    SELECT pp.* FROM product_promos pp
    WHERE pp.product_id = p.product_id AND pp.valid_from <= ${today}::date AND pp.valid_to >= ${today}::date
      AND pp.audience = 'segment'
    ORDER BY pp.promo_price_cents ASC, pp.promo_id ASC
    LIMIT 1
  ) ps ON true`;

/** The public row (product and public promotion) and the segment row (its promotion instead) of a cart product. */
function cartProductRowOf(r: CartProductColumns): CartProductRow {
  const { delisted, ...rest } = r;
  const row = {} as Record<string, unknown>;
  const segment = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(rest)) {
    if (key.startsWith('seg_')) segment[key.slice(4)] = value;
    else row[key] = value;
  }
  const productRow = row as unknown as ProductRow;
  return {
    row: productRow,
    segmentRow: segment.promoId === null ? null : ({ ...row, ...segment } as unknown as ProductRow),
    delisted,
  };
}

/**
 * The columns of a cart's products that change without a new catalogue version or differ per store
 * (decision 059, session 46): whether it is sold (`active`) and delisted at the store, its stock and list
 * price there, today's public and segment promotions, its votes. The product's other columns (name, selling
 * rules, VAT, images, units, options) change only with a catalogue write, which bumps `catalogue_version`:
 * they come from the process's snapshot (`cartProductsOf`), checked against the version read here.
 */
export type CartLiveColumns = Pick<
  CartProductColumns,
  | 'productId'
  | 'active'
  | 'delisted'
  | 'stock'
  | 'priceCents'
  | 'unitPriceCents'
  | 'ratingTotal'
  | 'ratingSum'
  | Extract<keyof CartProductColumns, `promo${string}` | `seg_promo${string}`>
>;

/** What `cartProductsLiveSql` answers: the catalogue's version with the live columns of each product found. */
export interface CartProductsLive {
  version: number;
  rows: CartLiveColumns[];
}

/** The keys the live subquery is read by: the caller's columns or placeholders (qualified, as SQL). */
export interface CartProductsLiveKeys {
  /** an int[] of the products (repeats allowed) */
  productIds: SQL;
  warehouseId: SQL;
  /** YYYY-MM-DD (Italian day) */
  today: SQL;
}

/**
 * The live read's row of a product, an array: the columns of LIVE_HEAD, the public promotion's
 * (LIVE_PUBLIC_PROMO, in an array; null: none), the segment promotion's (LIVE_SEGMENT_PROMO, the same), those of
 * LIVE_TAIL. The promotions' columns of a product without one are one null, not fifteen keys with null: PostgreSQL
 * writes a row's JSON per value, the key's name with it (decision 059, session 48).
 */
const LIVE_HEAD = ['productId', 'active', 'priceCents', 'unitPriceCents', 'promoPriorPriceCents', 'stock'] as const;
const LIVE_PUBLIC_PROMO = PROMO_FIELDS.map(([, key]) => key).filter((key) => key !== 'promoPriorPriceCents');
const LIVE_SEGMENT_PROMO = PROMO_FIELDS.map(([, key]) => `seg_${key}` as const);
const LIVE_TAIL = ['ratingTotal', 'ratingSum', 'delisted'] as const;

/** LIVE_HEAD … LIVE_TAIL of the live read's row (alias x, its columns named as CartLiveColumns). */
const LIVE_ROW_ARRAY = sql.raw(
  `json_build_array(${[
    ...LIVE_HEAD.map((key) => `x."${key}"`),
    `CASE WHEN x."promoId" IS NULL THEN NULL
       ELSE json_build_array(${LIVE_PUBLIC_PROMO.map((key) => `x."${key}"`).join(', ')}) END`,
    `CASE WHEN x."seg_promoId" IS NULL THEN NULL
       ELSE json_build_array(${LIVE_SEGMENT_PROMO.map((key) => `x."${key}"`).join(', ')}) END`,
    ...LIVE_TAIL.map((key) => `x."${key}"`),
  ].join(', ')})`,
);

/**
 * The live columns of products at a warehouse (CartLiveColumns), as a subquery another module composes into
 * its own statement (the cart's read of the open cart), keyed by its columns: one json value. The stock and
 * list price are STORE_COLUMNS over the same joins as a product row's (`storeJoin`, with the warehouse an SQL
 * value: the chain's catalogue shows the most any store holds). The stock is one of two subqueries, the
 * chain's (the most of the product's rows, read from the end of `product_stock_product_idx`) or the store's
 * (its row by the primary key): one condition `warehouse = chain OR warehouse = w` read all the product's rows
 * at every store (decision 059, session 48).
 */
export function cartProductsLiveSql(keys: CartProductsLiveKeys): SQL<CartProductsLive> {
  const w = keys.warehouseId;
  return sql`(SELECT json_build_object('version', ${CATALOGUE_VERSION_SQL},
      'rows', COALESCE(json_agg(${LIVE_ROW_ARRAY}), '[]'::json)) FROM (
      SELECT p.product_id AS "productId", p.active, ${STORE_COLUMNS}, ${PROMO_COLUMNS},
        ${SEGMENT_PROMO_COLUMNS}, ${RATING_COLUMNS},
        EXISTS (SELECT 1 FROM product_delistings d
                WHERE d.product_id = p.product_id AND d.warehouse_id = ${w}) AS delisted
      FROM products p ${activePromoJoin(keys.today)} ${segmentPromoJoin(keys.today)} ${RATING_BY_PRODUCT}
        CROSS JOIN LATERAL (
          SELECT COALESCE(CASE WHEN ${w} = ${CHAIN_WAREHOUSE_ID}
                   THEN (SELECT max(s.stock) FROM product_stock s WHERE s.product_id = p.product_id)
                   ELSE (SELECT s.stock FROM product_stock s
                         WHERE s.warehouse_id = ${w} AND s.product_id = p.product_id) END, 0)::float8 AS stock
        ) st
        ${listPriceJoin(w, keys.today)}
      WHERE p.product_id = ANY(${keys.productIds})) x)`.mapWith(cartProductsLiveOf);
}

/** `cartProductsLiveSql`'s value (json text or parsed) decoded: each row's array as CartLiveColumns. */
export function cartProductsLiveOf(value: unknown): CartProductsLive {
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as {
    version: number;
    rows: unknown[][];
  };
  return { version: json.version, rows: json.rows.map(liveColumnsOf) };
}

function liveColumnsOf(values: unknown[]): CartLiveColumns {
  const row: Record<string, unknown> = {};
  let i = 0;
  for (const key of LIVE_HEAD) row[key] = values[i++];
  const promo = values[i++] as unknown[] | null;
  const segment = values[i++] as unknown[] | null;
  LIVE_PUBLIC_PROMO.forEach((key, j) => (row[key] = promo === null ? null : promo[j]));
  LIVE_SEGMENT_PROMO.forEach((key, j) => (row[key] = segment === null ? null : segment[j]));
  for (const key of LIVE_TAIL) row[key] = values[i++];
  return row as unknown as CartLiveColumns;
}

/**
 * The cart products of static rows (the snapshot's, read whatever the store and day) with their live columns
 * laid over them: what findCartProducts reads, from the live read. A product without a static row is absent.
 */
export function cartProductsOverStatic(
  live: readonly CartLiveColumns[],
  statics: ReadonlyMap<number, ProductRow>,
): CartProductRow[] {
  const out: CartProductRow[] = [];
  for (const l of live) {
    const fixed = statics.get(l.productId);
    if (fixed) out.push(cartProductRowOver(fixed, l));
  }
  return out;
}

/**
 * cartProductRowOf of a static row with the live columns laid over it, without the merged row in between
 * (a static row has neither `delisted` nor `seg_` columns): the product row is the static one with the live
 * columns, the segment row that with the segment's promotion columns instead.
 */
function cartProductRowOver(fixed: ProductRow, live: CartLiveColumns): CartProductRow {
  const row = { ...fixed } as Record<string, unknown>;
  const segment = {} as Record<string, unknown>;
  const columns = live as unknown as Record<string, unknown>;
  for (const key of Object.keys(columns)) {
    if (key === 'delisted') continue;
    if (key.startsWith('seg_')) segment[key.slice(4)] = columns[key];
    else row[key] = columns[key];
  }
  const productRow = row as unknown as ProductRow;
  return {
    row: productRow,
    segmentRow: segment.promoId === null ? null : ({ ...row, ...segment } as unknown as ProductRow),
    delisted: live.delisted,
  };
}

/** Which of these products the store does not sell (product_delistings). */
export async function delistedAt(warehouseId: number, ids: readonly number[], db: Db): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT product_id AS id FROM product_delistings
        WHERE warehouse_id = ${warehouseId} AND product_id = ANY(string_to_array(${ids.join(',')}, ',')::int[])`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * How far a product `p` is from the product `o` it would stand in for (0: the same list price, content and
 * brand): the log ratio of the list prices (twice the price counts as much as half of it), the log ratio of
 * the net contents when both are of the same unit, half a point for another unit (a loose product against
 * packs: only the price compares) and a quarter of a point for another brand.
 */
const DISTANCE = sql`(abs(ln(greatest(p.price_cents, 1)::float8 / greatest(o.price_cents, 1)))
  + CASE WHEN p.unit_base = o.unit_base AND p.net_quantity > 0 AND o.net_quantity > 0
         THEN abs(ln(p.net_quantity::float8 / o.net_quantity::float8))
         WHEN p.unit_base = o.unit_base THEN 0 ELSE 0.5 END
  + CASE WHEN lower(p.brand) = lower(o.brand) THEN 0 ELSE 0.25 END)`;

/** `p` is on sale at the store: active, in stock, not delisted there. */
const SOLD_AT = (warehouseId: number) => sql`p.active
  AND EXISTS (SELECT 1 FROM product_stock s WHERE s.product_id = p.product_id AND s.stock > 0
              ${warehouseId === CHAIN_WAREHOUSE_ID ? sql`` : sql`AND s.warehouse_id = ${warehouseId}`})
  AND NOT EXISTS (SELECT 1 FROM product_delistings d
                  WHERE d.product_id = p.product_id AND d.warehouse_id = ${warehouseId})`;

/**
 * The alternatives of each product, best first (issue 20): products of the same shelf (leaf category) on
 * sale at the store, nearest first (DISTANCE), then by sales.
 */
export async function alternativeIds(
  productIds: readonly number[],
  warehouseId: number,
  limit: number,
  db: Db,
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return out;
  const rows = await queryRows<{ productId: number; alternativeId: number }>(
    db,
    sql`SELECT o.product_id AS "productId", a.product_id AS "alternativeId"
        FROM products o
        CROSS JOIN LATERAL (
          SELECT p.product_id, row_number() OVER (ORDER BY ${DISTANCE}, p.sales_rank DESC, p.product_id) AS n
          FROM products p
          WHERE p.category_id = o.category_id AND p.product_id <> o.product_id AND ${SOLD_AT(warehouseId)}
          ORDER BY n
          LIMIT ${limit}
        ) a
        WHERE o.product_id = ANY(string_to_array(${productIds.join(',')}, ',')::int[])
        ORDER BY o.product_id, a.n`,
  );
  for (const r of rows) out.get(r.productId)?.push(r.alternativeId);
  return out;
}

/**
 * What may replace an ordered product at its store, nearest first (DISTANCE): its shelf's products, or with
 * a search word those whose name, brand or internal code hold it, its shelf's before the others.
 */
export async function substituteIds(
  productId: number,
  warehouseId: number,
  opts: { q?: string | undefined; limit: number },
  db: Db,
): Promise<number[]> {
  const like = opts.q ? `%${opts.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT p.product_id AS id
        FROM products o JOIN products p ON p.product_id <> o.product_id
        WHERE o.product_id = ${productId} AND ${SOLD_AT(warehouseId)}
          AND ${like === null ? sql`p.category_id = o.category_id` : sql`(p.name ILIKE ${like} OR p.brand ILIKE ${like} OR p.cod_int ILIKE ${like})`}
        ORDER BY (p.category_id <> o.category_id), ${DISTANCE}, p.sales_rank DESC, p.product_id
        LIMIT ${opts.limit}`,
  );
  return rows.map((r) => r.id);
}

export async function countProducts(c: ProductCriteria, db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM products p WHERE ${conditions(c)}`,
  );
  return rows[0]?.n ?? 0;
}

export interface FacetCountRow {
  id: number;
  name: string;
  quantity: number;
}

export interface CategoryVendorCountRow {
  categoryId: number;
  vendorId: number;
  vendorName: string;
  n: number;
}

/**
 * Matching products per (category, brand): the total and both facets in one pass when no facet filter is
 * set (an index-only scan of products_category_vendor_idx for a category listing), instead of a count and
 * two grouped queries over the same rows.
 */
export async function countsByCategoryAndVendor(
  c: ProductCriteria,
  db: Db,
): Promise<CategoryVendorCountRow[]> {
  return queryRows<CategoryVendorCountRow>(
    db,
    sql`SELECT g.category_id AS "categoryId", g.vendor_id AS "vendorId", v.name AS "vendorName", g.n
        FROM (
          SELECT p.category_id, p.vendor_id, count(*)::int AS n
          FROM products p WHERE ${conditions(c)}
          GROUP BY p.category_id, p.vendor_id
        ) g JOIN vendors v ON v.vendor_id = g.vendor_id`,
  );
}

/**
 * Brands (vendors) of the result set, ignoring the vendor facet itself so that several can be chosen. The
 * vendor without a name (products of unknown brand) is not a brand to filter by.
 */
export async function vendorFacet(c: ProductCriteria, limit: number, db: Db): Promise<FacetCountRow[]> {
  return queryRows<FacetCountRow>(
    db,
    sql`SELECT v.vendor_id AS id, v.name, count(*)::int AS quantity
        FROM products p JOIN vendors v ON v.vendor_id = p.vendor_id
        WHERE ${conditions(c, 'vendor')} AND v.name <> ''
        GROUP BY v.vendor_id, v.name
        ORDER BY quantity DESC, v.name ASC
        LIMIT ${limit}`,
  );
}

/** Leaf categories of the result set, ignoring the category facet itself. */
export async function categoryFacet(c: ProductCriteria, limit: number, db: Db): Promise<FacetCountRow[]> {
  return queryRows<FacetCountRow>(
    db,
    sql`SELECT c.category_id AS id, c.name, count(*)::int AS quantity
        FROM products p JOIN categories c ON c.category_id = p.category_id
        WHERE ${conditions(c, 'category')}
        GROUP BY c.category_id, c.name
        ORDER BY quantity DESC, c.name ASC
        LIMIT ${limit}`,
  );
}

/** What a search statement answers: the total, the (category, brand) counts and the page's ids in order. */
export interface SearchAnswer {
  /** which match found the products: 1 whole words, 2 the last word as a prefix, 3 trigrams; 0 none */
  stage: 0 | 1 | 2 | 3;
  total: number;
  groups: CategoryVendorCountRow[];
  /** the page's product ids, in the page's order */
  ids: number[];
  /** with `wholeOrder`: every matching id in the page's order (the page is a slice of it) */
  order?: number[];
}

/** The search's words, as parseSearchText gives them. */
export interface SearchWords {
  full: string;
  head: string;
  lastPrefix: string | null;
  words: string;
}

/** The matches of a text, in the order they are tried; the n-th is stage n (trigrams: always 3). */
export function stageMatches(words: SearchWords): TextMatch[] {
  const stages: TextMatch[] = [{ mode: 'fts', full: words.full, head: words.head, lastPrefix: null }];
  if (words.lastPrefix)
    stages.push({ mode: 'fts', full: words.full, head: words.head, lastPrefix: words.lastPrefix });
  stages.push({ mode: 'trigram', full: words.words });
  return stages;
}

/** The match that found a search's products (SearchAnswer.stage); undefined for stage 0. */
export function matchOfStage(words: SearchWords, stage: SearchAnswer['stage']): TextMatch | undefined {
  const stages = stageMatches(words);
  if (stage === 0) return undefined;
  return stage === 3 ? stages[stages.length - 1] : stages[stage - 1];
}

/** Sort keys a search's matching rows carry (k1, k2) and the order of the page over them. */
function searchOrderKeys(order: ProductOrder, rank: SQL): { keys: SQL; order: SQL; promo: boolean } {
  switch (order) {
    case 'relevance':
      return {
        keys: sql`${rank} AS k1, p.sales_rank AS k2`,
        order: sql`k1 DESC, k2 DESC, product_id`,
        promo: false,
      };
    case 'sales':
      return { keys: sql`p.sales_rank AS k1`, order: sql`k1 DESC, product_id`, promo: false };
    case 'price_asc':
    case 'price_desc':
      return {
        keys: sql`COALESCE(pr.promo_price_cents, p.price_cents) AS k1`,
        order: order === 'price_asc' ? sql`k1 ASC, product_id` : sql`k1 DESC, product_id`,
        promo: true,
      };
    case 'name_asc':
    case 'name_desc':
      return {
        keys: sql`lower(unaccent(p.name)) COLLATE "C" AS k1`,
        order: order === 'name_asc' ? sql`k1 ASC, product_id` : sql`k1 DESC, product_id`,
        promo: false,
      };
    case 'new':
      return {
        keys: sql`p.is_new AS k1, p.created_at AS k2`,
        order: sql`k1 DESC, k2 DESC, product_id`,
        promo: false,
      };
  }
}

/**
 * A page with its total and counts in one statement (decision 058): the matching rows are read once, into
 * a materialised set that gives the total, the (category, brand) counts and the page's ids. For a text the
 * three matches are tried in order (whole words, the last word as a prefix, trigrams) inside the statement:
 * a later one is scanned only when the earlier ones found nothing (an uncorrelated NOT EXISTS is a one-time
 * filter). `words` null: a listing, the filters only (stage 1 when anything matches). `wholeOrder`: the
 * statement answers every matching id in order instead of the page's, so that later pages are slices of it.
 */
export async function searchProducts(
  c: Omit<ProductCriteria, 'text'>,
  words: SearchWords | null,
  page: { order: ProductOrder; limit: number; offset: number },
  wholeOrder = false,
  db: Db,
): Promise<SearchAnswer> {
  const stages: (TextMatch | null)[] = words ? stageMatches(words) : [null];
  const ctes = stages.map((text, i) => {
    const k = searchOrderKeys(page.order, text ? textMatch(text).rank : sql`0`);
    const earlier = stages.slice(0, i).map((_, j) => sql`NOT EXISTS (SELECT 1 FROM ${sql.raw(`s${j + 1}`)})`);
    const where = sql.join([conditions(text ? { ...c, text } : c), ...earlier], sql` AND `);
    return sql`${sql.raw(`s${i + 1}`)} AS MATERIALIZED (
      SELECT p.product_id, p.category_id, p.vendor_id, ${k.keys}
      FROM products p ${k.promo ? activePromoJoin(c.today) : sql``}
      WHERE ${where})`;
  });
  // without a prefix stage the trigram stage is stage 3 all the same
  const stageNumbers = stages.length === 2 ? [1, 3] : stages.map((_, i) => i + 1);
  const all = sql.join(
    stageNumbers.map((n, i) => sql`SELECT *, ${sql.raw(String(n))} AS stage FROM ${sql.raw(`s${i + 1}`)}`),
    sql` UNION ALL `,
  );
  const order = searchOrderKeys(page.order, sql`0`).order;
  const rows = await queryRows<{ stage: number; total: number; ids: string | null; groups: string | null }>(
    db,
    sql`WITH ${sql.join(ctes, sql`, `)}, m AS MATERIALIZED (${all})
        SELECT
          (SELECT coalesce(max(stage), 0)::int FROM m) AS stage,
          (SELECT count(*)::int FROM m) AS total,
          ${
            wholeOrder
              ? sql`(SELECT string_agg(product_id::text, ',' ORDER BY ${order}) FROM m) AS ids,`
              : sql`(SELECT string_agg(pg.product_id::text, ',' ORDER BY pg.n) FROM (
                  SELECT product_id, row_number() OVER (ORDER BY ${order}) AS n FROM m
                  ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}) pg) AS ids,`
          }
          (SELECT json_agg(json_build_array(g.category_id, g.vendor_id, v.name, g.n))::text FROM (
             SELECT category_id, vendor_id, count(*)::int AS n FROM m GROUP BY category_id, vendor_id
           ) g JOIN vendors v ON v.vendor_id = g.vendor_id) AS groups`,
  );
  const row = rows[0];
  const groups = row?.groups
    ? (JSON.parse(row.groups) as [number, number, string, number][]).map(
        ([categoryId, vendorId, vendorName, n]) => ({ categoryId, vendorId, vendorName, n }),
      )
    : [];
  const ids = row?.ids ? row.ids.split(',').map(Number) : [];
  return {
    stage: (row?.stage ?? 0) as SearchAnswer['stage'],
    total: row?.total ?? 0,
    groups,
    ...(wholeOrder ? { ids: ids.slice(page.offset, page.offset + page.limit), order: ids } : { ids }),
  };
}

/** Active products per leaf category, optionally only those matching a text. */
export async function productCountsByCategory(
  c: Pick<ProductCriteria, 'text' | 'today'>,
  db: Db,
): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; n: number }>(
    db,
    sql`SELECT p.category_id AS id, count(*)::int AS n FROM products p WHERE ${conditions(c)} GROUP BY p.category_id`,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

// ---------- suggestions ----------
export interface TermRow {
  term: string;
  frequency: number;
}

/** The whole suggestion dictionary (a few thousand words), loaded into memory once per catalogue version. */
export async function loadSearchTerms(db: Db): Promise<TermRow[]> {
  return queryRows<TermRow>(db, sql`SELECT term, frequency::int AS frequency FROM search_terms`);
}
