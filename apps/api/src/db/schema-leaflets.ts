import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { warehouses } from './schema-delivery';

/**
 * Digital leaflets (decision 052), owned by the leaflets module: a leaflet of one type for one store (or, with
 * no store, for every store of the chain), valid from / to (both included, Rome dates). Its pages' images and
 * its PDF are files under LEAFLETS_DIR named by `files_version` (immutable URLs), drawn again from these rows
 * when missing.
 */
export const leaflets = pgTable(
  'leaflets',
  {
    leafletId: serial('leaflet_id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** contracts/leaflets.ts LEAFLET_TYPE */
    leafletTypeId: smallint('leaflet_type_id').notNull(),
    /** null: every store of the chain */
    warehouseId: integer('warehouse_id').references(() => warehouses.warehouseId),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    pageCount: smallint('page_count').notNull(),
    /** a hash of what is printed: the files' folder, so their URLs never show stale pages */
    filesVersion: text('files_version').notNull(),
    /** draft: only the back office sees it; published: customers of its stores on its dates (decision 097) */
    status: text('status').notNull().default('published'),
    /** drawn: its pages are drawn from its products (the seed); uploaded: from a PDF or images (decision 097) */
    source: text('source').notNull().default('drawn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leaflets_valid_idx').on(t.toDate, t.fromDate),
    index('leaflets_warehouse_idx').on(t.warehouseId),
  ],
);

/**
 * The products a leaflet prints: where (page, region as fractions of the page: the hot-spot), in which
 * department, and the caption and price as printed (a leaflet is a document: a later price change does not
 * rewrite it; the shop's product card shows today's price).
 */
export const leafletProducts = pgTable(
  'leaflet_products',
  {
    leafletId: integer('leaflet_id')
      .notNull()
      .references(() => leaflets.leafletId, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    /** 0-based page */
    page: smallint('page').notNull(),
    /** order on the page */
    position: smallint('position').notNull(),
    department: text('department').notNull(),
    caption: text('caption').notNull(),
    brand: text('brand').notNull().default(''),
    format: text('format').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    listPriceCents: integer('list_price_cents'),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    w: doublePrecision('w').notNull(),
    h: doublePrecision('h').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leafletId, t.productId] }),
    index('leaflet_products_page_idx').on(t.leafletId, t.page, t.position),
    index('leaflet_products_product_idx').on(t.productId),
  ],
);

/**
 * The stores a leaflet of the back office is for (decision 097); none: every store of the chain. A leaflet with
 * `warehouse_id` (the seed's) is for that store only and has no rows here.
 */
export const leafletWarehouses = pgTable(
  'leaflet_warehouses',
  {
    leafletId: integer('leaflet_id')
      .notNull()
      .references(() => leaflets.leafletId, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.warehouseId),
  },
  (t) => [
    primaryKey({ columns: [t.leafletId, t.warehouseId] }),
    index('leaflet_warehouses_warehouse_idx').on(t.warehouseId),
  ],
);
