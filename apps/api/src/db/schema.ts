import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The catalogue and content tables. Money is integer cents; quantities and weights are numeric.
 * Full-text search uses the `it_unaccent` text search configuration created in the first migration
 * (Italian stemming + unaccent), so the tsvector expression is immutable and can be indexed.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Kinds of category: product departments/aisles, or content pages assembled from blocks (home, service-selector...). */
export const CATEGORY_TYPE = { products: 1, content: 2 } as const;

export const categories = pgTable(
  'categories',
  {
    categoryId: integer('category_id').primaryKey(),
    parentId: integer('parent_id'),
    categoryTypeId: smallint('category_type_id').notNull().default(CATEGORY_TYPE.products),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** 0 = root, 1 = department (reparto), 2 = category, 3 = subcategory */
    level: smallint('level').notNull(),
    priority: integer('priority').notNull().default(0),
    description: text('description'),
    /** fluent-emoji-flat icon name, e.g. "red-apple" */
    icon: text('icon'),
    emoji: text('emoji'),
    /** generator hints kept for the demo: Pezzo / Sfuso / Confezione, base unit kg / l / pz */
    sellingType: text('selling_type'),
    unit: text('unit'),
    /** metaData.template_model.GRID_CONFIG */
    gridConfig: jsonb('grid_config'),
    /** the last change of the category or its page in the back office (a stale edit is refused) */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    showInMenu: boolean('show_in_menu').notNull().default(true),
  },
  (t) => [uniqueIndex('categories_slug_uq').on(t.slug), index('categories_parent_idx').on(t.parentId)],
);

export const categoryBlocks = pgTable(
  'category_blocks',
  {
    categoryBlockId: serial('category_block_id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.categoryId, { onDelete: 'cascade' }),
    /** GRID_CONFIG column the block renders in */
    position: text('position').notNull(),
    priority: integer('priority').notNull().default(0),
    /** templateBlock.codInt: BannerSlider, ProductSlider, ... */
    blockType: text('block_type').notNull(),
    /** templateBlockType.modeName */
    modeName: text('mode_name').notNull().default('default'),
    metaData: jsonb('meta_data').notNull().default({}),
  },
  (t) => [index('category_blocks_category_idx').on(t.categoryId)],
);

export const proposals = pgTable(
  'proposals',
  {
    proposalId: serial('proposal_id').primaryKey(),
    categoryBlockId: integer('category_block_id')
      .notNull()
      .references(() => categoryBlocks.categoryBlockId, { onDelete: 'cascade' }),
    priority: integer('priority').notNull().default(0),
    name: text('name').notNull(),
    slug: text('slug'),
    proposalUrl: text('proposal_url'),
    img: text('img'),
    imgAlt: text('img_alt'),
    imgDescription: text('img_description'),
    descr: text('descr'),
    content: text('content'),
    /** categoryProposalType.name: image, card, horizontal card, responsive card, header card, button */
    proposalType: text('proposal_type').notNull(),
    metaData: jsonb('meta_data').notNull().default({}),
  },
  (t) => [index('proposals_block_idx').on(t.categoryBlockId)],
);

export const vendors = pgTable(
  'vendors',
  {
    vendorId: serial('vendor_id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('vendors_name_uq').on(t.name)],
);

export const products = pgTable(
  'products',
  {
    productId: serial('product_id').primaryKey(),
    codInt: text('cod_int').notNull(),
    codVar: text('cod_var').notNull().default('1'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    barcode: text('barcode'),
    /** shortDescr: the brand */
    brand: text('brand').notNull(),
    /** description: the pack format, e.g. "g 500" */
    format: text('format').notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.vendorId),
    /** leaf category */
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.categoryId),
    ivaPct: numeric('iva_pct', { precision: 5, scale: 2 }).notNull(),
    /** Pezzo | Sfuso | Confezione (also in productInfos.TIPOLOGIA) */
    sellingType: text('selling_type').notNull(),
    /** base unit of the per-unit price: kg, l, pz */
    unitBase: text('unit_base').notNull(),
    /** string map sent as productInfos */
    productInfos: jsonb('product_infos').notNull(),
    /** list price in cents: per piece/pack, or per kg for Sfuso */
    priceCents: integer('price_cents').notNull(),
    /** price per base unit (kg / l) in cents, when meaningful */
    unitPriceCents: integer('unit_price_cents'),
    /** net content of one selling unit in the base unit (kg or l), for the per-unit price */
    netQuantity: numeric('net_quantity', { precision: 12, scale: 3 }),
    minAcq: integer('min_acq').notNull().default(1),
    maxAcq: integer('max_acq'),
    isNew: boolean('is_new').notNull().default(false),
    highlight: boolean('highlight').notNull().default(false),
    badgeLabel: text('badge_label'),
    badgeCssClass: text('badge_css_class'),
    ingredients: text('ingredients'),
    allergens: text('allergens'),
    storage: text('storage'),
    nutritionalValues: text('nutritional_values'),
    features: text('features'),
    /**
     * What the product is known to be free of ('glutine', 'lattosio': catalogue/food-info.ts freeFromOf),
     * from its name or its declared allergens and ingredients; the shop's "senza glutine" filters read it
     */
    freeFrom: text('free_from')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nutriScoreEstimate: text('nutri_score_estimate'),
    /** Open Food Facts page, kept for attribution (never hot-linked for images) */
    sourceUrl: text('source_url'),
    /** fluent-emoji-flat icon name used for the generated illustration */
    mediaIcon: text('media_icon').notNull(),
    /** the photo uploaded in the back office (product_images), by its content hash; null: the illustration */
    imageHash: text('image_hash'),
    /** selectOptions: [{ name, parameterName, options: [{ key, value }] }] chosen when adding to the cart */
    selectOptions: jsonb('select_options').notNull().default([]),
    logisticPackagingItems: integer('logistic_packaging_items'),
    logisticPalletItems: integer('logistic_pallet_items'),
    /** units sold in the last period: drives the top-seller sliders */
    salesRank: integer('sales_rank').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('it_unaccent'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('it_unaccent'::regconfig, coalesce(brand, '')), 'B') || setweight(to_tsvector('it_unaccent'::regconfig, coalesce(format, '')), 'D')`,
    ),
  },
  (t) => [
    uniqueIndex('products_slug_uq').on(t.slug),
    uniqueIndex('products_cod_int_uq').on(t.codInt),
    uniqueIndex('products_barcode_uq').on(t.barcode),
    index('products_category_idx').on(t.categoryId),
    /** listings' count and facets as index-only scans (the table is wide): category, brand, active */
    index('products_category_vendor_idx').on(t.categoryId, t.vendorId, t.active),
    /**
     * a category listing's default order (best sellers first) as an index-only scan of its categories'
     * active products and a sort; the wide columns are then read for one page's rows only. The brand
     * (vendor_id) rides along so that the one statement of a listing (decision 058) counts the facets from
     * the same index-only scan.
     */
    index('products_listing_sales_idx')
      .on(t.categoryId, t.salesRank.desc().nullsFirst(), t.productId, t.vendorId)
      .where(sql`${t.active}`),
    index('products_search_idx').using('gin', t.searchVector),
    /** typo-tolerant fallback search on the name (pg_trgm similarity) */
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    /** default order of lists and the top-seller sliders */
    index('products_sales_rank_idx').on(t.salesRank),
  ],
);

/** warehousePromo: one active promotion per product and period. */
export const productPromos = pgTable(
  'product_promos',
  {
    promoId: serial('promo_id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    promoTypeId: integer('promo_type_id').notNull(),
    /** e.g. "SCONTO_PERC", "PREZZO_FISSO", "TAGLIO_PREZZO" */
    promoType: text('promo_type').notNull(),
    /** price the customer pays, cents */
    promoPriceCents: integer('promo_price_cents').notNull(),
    discountPerc: numeric('discount_perc', { precision: 5, scale: 2 }).notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    header: text('header').notNull(),
    body: text('body').notNull(),
    footer: text('footer').notNull(),
    bubble: text('bubble').notNull(),
    cssClass: text('css_class').notNull(),
    selectable: boolean('selectable').notNull().default(false),
    /**
     * The lowest price applied in the 30 days before the promotion starts (Omnibus, art. 17-bis Codice del
     * Consumo), from price_history when the promotion is made, cents; fixed for its whole run. Null: unknown
     * (then no reduction is announced against it).
     */
    priorPriceCents: integer('prior_price_cents'),
    /**
     * Who pays the promotion's price: 'all', 'card' (holders of a valid loyalty card; the others see it as an
     * invitation and pay the list price) or 'segment' (the customers of `crmSegmentId` only; not shown in
     * the public catalogue, applied in their cart). Decision 032.
     */
    audience: text('audience').notNull().default('all'),
    crmSegmentId: integer('crm_segment_id'),
  },
  (t) => [index('product_promos_product_idx').on(t.productId, t.validFrom, t.validTo)],
);

/**
 * The stores that do not sell a product (back office, decision 030): a cart prepared by such a store refuses
 * it, and a line already there is shown not available, out of the totals and of the order. No row: every
 * store sells it. `warehouseId` is a store's (a locker's cart is prepared by its store).
 */
export const productDelistings = pgTable(
  'product_delistings',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.warehouseId] })],
);

/**
 * A product's photo as uploaded in the back office, resized to each size the shop shows (WebP): the sizes are
 * files of the shop's file store, which every API process and host reads (decisions 030 and 090). Replaced whole
 * by the next upload.
 */
export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    /** 'large' (800 px) | 'medium' (400 px) | 'small' (160 px) */
    size: text('size').notNull(),
    /** the first 16 hex digits of the large image's SHA-256: part of the URL, so it is cached for ever */
    hash: text('hash').notNull(),
    contentType: text('content_type').notNull(),
    /** null: the file is in the file store (`products/<id>-<hash>-<size>.webp`); bytes: kept by an earlier version, until moved */
    content: bytea('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_images_uq').on(t.productId, t.size)],
);

/**
 * The prices a product was sold at, day by day (decision 031): its list price from `validFrom` until the
 * next list price (`validTo` null while current), and each promotion's price over its days. Written by every
 * list-price change and every promotion; read for the lowest price of the 30 days before a reduction.
 * `warehouseId` null: every store (the chain has one price list today).
 */
export const priceHistory = pgTable(
  'price_history',
  {
    historyId: bigserial('history_id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id'),
    /** the price list whose list price this is (decision 095); null: the chain's list, and every promotion */
    priceListId: integer('price_list_id'),
    /** 'list' | 'promo' */
    kind: text('kind').notNull(),
    promoId: integer('promo_id'),
    priceCents: integer('price_cents').notNull(),
    validFrom: date('valid_from').notNull(),
    /** the last day; null: still the list price */
    validTo: date('valid_to'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** the staff member who made the change; null: the seed or an import */
    recordedBy: integer('recorded_by'),
  },
  (t) => [index('price_history_product_idx').on(t.productId, t.validFrom)],
);

/** Term dictionary for typo-tolerant suggestions (pg_trgm index on term). */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    /** how many products contain it: ranks the suggestions */
    frequency: integer('frequency').notNull(),
  },
  (t) => [index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`)],
);

/** Monotonic counter bumped by every catalogue write; the read cache keys on it. */
export const catalogueVersion = pgTable('catalogue_version', {
  id: smallint('id').primaryKey(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export * from './schema-account';
export * from './schema-backoffice';
export * from './schema-cart';
export * from './schema-delivery';
export * from './schema-leaflets';
export * from './schema-lists';
export * from './schema-notifications';
export * from './schema-loyalty';
export * from './schema-orders';
export * from './schema-payment';
export * from './schema-ratings';
export * from './schema-system';
export * from './schema-files';
export * from './schema-receipts';
export * from './schema-content';
export * from './schema-forms';
export * from './schema-operators';
export * from './schema-identity';
export * from './schema-smartcart';
export * from './schema-assortment';
export * from './schema-invoices';
export * from './schema-stock';
export * from './schema-integration';
