import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';
import { addresses } from './schema-delivery';

/**
 * Shopping lists (wishlists, issue 20), owned by the lists module: a customer's named lists, one of them the
 * default, their products with a quantity (pieces) or a weight (kg, loose products), and the customers a list
 * is shared with (READ: see it and put it in the cart; WRITE: also change it).
 */
export const wishlists = pgTable(
  'wishlists',
  {
    listId: serial('list_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** /wishlist/confirm: the list confirmed as the usual basket for one of the owner's addresses */
    confirmedAddressId: integer('confirmed_address_id').references(() => addresses.addressId, {
      onDelete: 'set null',
    }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wishlists_user_idx').on(t.userId),
    // at most one default list per customer
    uniqueIndex('wishlists_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    itemId: serial('item_id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => wishlists.listId, { onDelete: 'cascade' }),
    /** a catalogue product (never deleted: a product no longer sold is inactive) */
    productId: integer('product_id').notNull(),
    /** pieces (or kg for a product sold by weight), stepped by the shared quantity rules */
    quantity: numeric('quantity', { precision: 10, scale: 3 }).notNull(),
    /** the options chosen (e.g. slicing), as the cart keeps them */
    infos: jsonb('infos').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wishlist_items_list_product_idx').on(t.listId, t.productId),
    check('wishlist_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const wishlistShares = pgTable(
  'wishlist_shares',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => wishlists.listId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** READ: not editable (spec section 6); WRITE: editable */
    grant: varchar('grant', { length: 5 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.userId] }),
    index('wishlist_shares_user_idx').on(t.userId),
    check('wishlist_shares_grant', sql`${t.grant} IN ('READ', 'WRITE')`),
  ],
);
