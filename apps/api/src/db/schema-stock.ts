import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from './schema';

/**
 * Stock and list prices per store (decision 095), owned by the catalogue module. Stock is kept by the
 * warehouse that holds the goods: a store (a locker's orders are picked from its parent store) or the
 * warehouse of a home-delivery zone: the `warehouse_id` a cart already carries. A missing row is no stock
 * there. The chain's catalogue (warehouse 1, a visitor without a store) shows the most any warehouse holds.
 */
export const productStock = pgTable(
  'product_stock',
  {
    warehouseId: integer('warehouse_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    /** sellable stock in selling units (decimal: kg for Sfuso); never below zero */
    stock: numeric('stock', { precision: 12, scale: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.productId] }),
    // the chain's view (the most any warehouse holds) and a product's stock per store in the back office
    index('product_stock_product_idx').on(t.productId, t.stock),
    check('product_stock_not_negative', sql`${t.stock} >= 0`),
  ],
);

/** A price list: the chain's list prices of some stores (`code`: the ERP's name for it). */
export const priceLists = pgTable('price_lists', {
  priceListId: serial('price_list_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** The price list of a store or warehouse; no row: the chain's list (`products.price_cents`). */
export const priceListStores = pgTable(
  'price_list_stores',
  {
    warehouseId: integer('warehouse_id').primaryKey(),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.priceListId, { onDelete: 'cascade' }),
  },
  (t) => [index('price_list_stores_list_idx').on(t.priceListId)],
);

/**
 * A list's price of a product from `valid_from` (to `valid_to`, its last day, or open). On a day the row
 * with the latest `valid_from` still valid applies; a product without one takes the chain's list price.
 */
export const priceListPrices = pgTable(
  'price_list_prices',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.priceListId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId, t.validFrom] }),
    check('price_list_prices_positive', sql`${t.priceCents} > 0`),
    check('price_list_prices_dates', sql`${t.validTo} IS NULL OR ${t.validTo} >= ${t.validFrom}`),
  ],
);
