import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { users } from './schema-account';
import { addresses, deliverySlots } from './schema-delivery';

/** The cart (one open per customer) and its delivery part: the store, the address and the slot it is for. */
export const carts = pgTable(
  'carts',
  {
    cartId: serial('cart_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    cartStatusId: smallint('cart_status_id').notNull().default(0),
    deliveryServiceId: integer('delivery_service_id'),
    storeId: integer('store_id').notNull().default(1),
    warehouseId: integer('warehouse_id').notNull().default(1),
    shippingAddressId: integer('shipping_address_id').references(() => addresses.addressId),
    timeslotDate: date('timeslot_date'),
    timeslotId: integer('timeslot_id'),
    slotId: integer('slot_id').references(() => deliverySlots.slotId),
    addressAutoAssigned: boolean('address_auto_assigned').notNull().default(true),
    timeslotAutoAssigned: boolean('timeslot_auto_assigned').notNull().default(true),
    storeAutoAssigned: boolean('store_auto_assigned').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('carts_open_uq')
      .on(t.userId)
      .where(sql`${t.closedAt} IS NULL`),
    index('carts_address_idx').on(t.shippingAddressId),
  ],
);

/**
 * The cart's lines and infos (decision 015). A line is one product with one choice of options:
 * `options_key` is the canonical text of the chosen options ("" without any), and the unique index on
 * (cart, product, options_key) keeps one line per product and options under concurrent adds (INSERT ... ON
 * CONFLICT DO UPDATE). Quantities are numeric with 3 decimals (pieces, or kg / l for Sfuso), never integers.
 * Prices are not stored: the server prices every line from the catalogue when it answers the cart. The
 * product id is not a foreign key: the catalogue is another domain (a product that disappears shows as not
 * available in the cart).
 */
export const cartItems = pgTable(
  'cart_items',
  {
    itemId: serial('item_id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.cartId, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    /** "PARAM=key|PARAM2=key" sorted by parameter name; "" for a product without options */
    optionsKey: text('options_key').notNull().default(''),
    /** the chosen options: { parameterName: key } */
    options: jsonb('options').notNull().default({}),
    /** pieces for Pezzo / Confezione, base unit (kg, l) for Sfuso */
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    /** the selectable promotion the customer chose (warehousePromoId), null otherwise */
    promoId: integer('promo_id'),
    /** cartItemInfo: string values (accept_alternatives "true" / "false", notes) */
    infos: jsonb('infos').notNull().default({}),
    /** cartItemInsertionTypeId: 1 = normal item */
    insertionTypeId: smallint('insertion_type_id').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line_uq').on(t.cartId, t.productId, t.optionsKey),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** cartInfos: name -> string value (need_invoice "true", notes). */
export const cartInfos = pgTable(
  'cart_infos',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.cartId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.name] })],
);
