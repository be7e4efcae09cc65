import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The content store (issue 23, decision 050), owned by the content module: the shop's pages (rich text
 * sanitised when written), the menus by location, the ad slots by route path, and the content version the
 * read cache keys on.
 */

/** A page served as /p/wp-json/wp/v2/pages?slug=…; `content` is HTML already through the sanitiser. */
export const contentPages = pgTable(
  'content_pages',
  {
    pageId: serial('page_id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** "Valido dal … al …" or "Aggiornato il …": shown under the title */
    validityText: text('validity_text').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /** default | stores (the stores listed under the text) | faq (grouped questions, searchable) */
    template: text('template').notNull().default('default'),
    /** a form shown with the page (the forms module's id), or null */
    formId: integer('form_id'),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_pages_slug_idx').on(t.slug),
    check('content_pages_template_check', sql`${t.template} IN ('default', 'stores', 'faq')`),
  ],
);

/** A menu entry of a location (header, footer, profile), in `position` order. */
export const contentMenuItems = pgTable(
  'content_menu_items',
  {
    itemId: serial('item_id').primaryKey(),
    location: text('location').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('content_menu_items_location_idx').on(t.location, t.position),
    check('content_menu_items_location_check', sql`${t.location} IN ('header', 'footer', 'profile')`),
  ],
);

/** The ad slot of a route path (GET /adv): a banner or a product. */
export const adSlots = pgTable(
  'ad_slots',
  {
    slotId: serial('slot_id').primaryKey(),
    /** "/", "/cart", "/category/frutta-e-verdura"… (no query, no trailing slash) */
    routePath: text('route_path').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    img: text('img'),
    link: text('link'),
    productId: integer('product_id'),
    active: boolean('active').notNull().default(true),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ad_slots_route_path_idx').on(t.routePath),
    check('ad_slots_kind_check', sql`${t.kind} IN ('banner', 'product')`),
    check('ad_slots_product_check', sql`${t.kind} <> 'product' OR ${t.productId} IS NOT NULL`),
  ],
);

/**
 * A custom post (decision 056): a recipe today. `terms` are its taxonomy's terms (a recipe's courses),
 * `fields` the values the list's filters read (difficolta, tempo, vegetariana), `content` sanitised HTML.
 */
export const contentPosts = pgTable(
  'content_posts',
  {
    postId: serial('post_id').primaryKey(),
    postType: text('post_type').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    img: text('img'),
    terms: text('terms').array().notNull().default(sql`'{}'::text[]`),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    published: boolean('published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_posts_type_slug_idx').on(t.postType, t.slug),
    index('content_posts_type_date_idx').on(t.postType, t.publishedAt),
    check('content_posts_type_check', sql`${t.postType} IN ('ricette')`),
  ],
);

/** A reusable block of rich text (a ux-block), read by its slug or by the terms it is placed on. */
export const contentUxBlocks = pgTable(
  'content_ux_blocks',
  {
    blockId: serial('block_id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** where the block shows: category slugs */
    terms: text('terms').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('content_ux_blocks_slug_idx').on(t.slug)],
);

/** A slide of the content system's slider: valid on a span of days, for some delivery services or all. */
export const contentSlides = pgTable(
  'content_slides',
  {
    slideId: serial('slide_id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    img: text('img'),
    link: text('link'),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    /** empty: every delivery service */
    deliveryServiceIds: integer('delivery_service_ids').array().notNull().default(sql`'{}'::integer[]`),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('content_slides_valid_idx').on(t.validFrom, t.validTo),
    check('content_slides_span_check', sql`${t.validFrom} <= ${t.validTo}`),
  ],
);

/** Monotonic counter bumped by every content write; the content read cache keys on it. */
export const contentVersion = pgTable('content_version', {
  id: smallint('id').primaryKey(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
