import { z } from 'zod';
import {
  categoryBlockInfoDataSchema,
  categoryBlockInfoQuerySchema,
  pageSchema,
  productSchema,
} from './catalogue';
import { endpoint } from './endpoint';

/**
 * Wire contracts of the content module (spec section 7, "Content system under /p/wp-json"; decision 050):
 * category blocks, and the content store's pages, menus, search and ad slots in the shapes a WordPress REST
 * client reads (title.rendered, content.rendered, yoast_head_json…).
 */

// ---------- query helpers ----------
const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** a page's slug: lower-case letters, digits and dashes */
export const pageSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(100);

export const CONTENT_PAGE_SIZE_DEFAULT = 10;
export const CONTENT_PAGE_SIZE_MAX = 100;
export const CONTENT_SEARCH_PAGE_SIZE = 24;
export const MENU_LOCATIONS = ['header', 'footer', 'profile'] as const;
export type MenuLocation = (typeof MENU_LOCATIONS)[number];
export const PAGE_TEMPLATES = ['default', 'stores', 'faq'] as const;

// ---------- pages ----------
const rendered = z.object({ rendered: z.string() });

/** A store listed by the "punti vendita" page (read from the delivery module). */
export const pageStoreSchema = z.object({
  storeId: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  province: z.string(),
  postalcode: z.string(),
  phone: z.string(),
});
export type PageStore = z.infer<typeof pageStoreSchema>;

export const wpPageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** the shop's path of the page: /page/<slug> */
  link: z.string(),
  /** ISO 8601, Rome time without offset, as WordPress sends `date` */
  date: z.string(),
  modified: z.string(),
  title: rendered,
  /** sanitised HTML; may hold a `[form id=N]` placeholder where the page's form goes */
  content: rendered,
  excerpt: rendered,
  /** "Aggiornate il 26 novembre 2026", "Valido fino al …", or empty */
  validity_text: z.string(),
  template: z.enum(PAGE_TEMPLATES),
  form_id: z.number().int().nullable(),
  yoast_head_json: z.object({ title: z.string(), description: z.string() }),
  /** template "stores": the chain's stores */
  stores: z.array(pageStoreSchema).optional(),
});
export type WpPage = z.infer<typeof wpPageSchema>;

export const pageBySlugQuerySchema = z.object({ slug: pageSlugSchema });
export const pageBySlugDataSchema = z.object({ page: wpPageSchema });

export const pagedQuerySchema = z.object({
  page: queryInt(1, 10_000).default(1),
  per_page: queryInt(1, CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE_DEFAULT),
  /** the client's cache key (spec: the hash includes the date); not read */
  hash: z.string().max(100).optional(),
});

/** A page in a list: no content. */
export const wpPageSummarySchema = wpPageSchema.pick({
  id: true,
  slug: true,
  link: true,
  date: true,
  modified: true,
  title: true,
  excerpt: true,
});
export type WpPageSummary = z.infer<typeof wpPageSummarySchema>;
export const pageListDataSchema = z.object({ pages: z.array(wpPageSummarySchema), page: pageSchema });

// ---------- menus ----------
export const menuParamsSchema = z.object({ location: z.enum(MENU_LOCATIONS) });
export const menuItemSchema = z.object({
  ID: z.number().int(),
  title: z.string(),
  /** a shop path (/page/privacy) or an external address: the link rules apply */
  url: z.string(),
  menu_order: z.number().int(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
export const menuDataSchema = z.object({ location: z.enum(MENU_LOCATIONS), items: z.array(menuItemSchema) });

// ---------- general search ----------
export const contentSearchQuerySchema = z.object({
  s: z
    .string()
    .transform((s) => s.trim().slice(0, 100))
    .pipe(z.string().min(2)),
  page: queryInt(1, 10_000).default(1),
  per_page: queryInt(1, CONTENT_SEARCH_PAGE_SIZE).default(CONTENT_SEARCH_PAGE_SIZE),
});
export const contentSearchDataSchema = z.object({
  pages: z.array(wpPageSummarySchema),
  products: z.array(productSchema),
  /** the products' paging (pages matching are few: all of them come on page 1) */
  page: pageSchema,
});
export type ContentSearchData = z.infer<typeof contentSearchDataSchema>;

// ---------- ad slots ----------
export const advQuerySchema = z.object({
  /** the route path the layout shows ("/", "/cart", "/category/frutta"); query and hash are ignored */
  path: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/[^\s]*$/),
});
export const advSlotSchema = z.object({
  /** "fallback": nothing configured for this path: the chain's default banner */
  kind: z.enum(['banner', 'product', 'fallback']),
  routePath: z.string(),
  title: z.string(),
  description: z.string(),
  img: z.string().nullable(),
  link: z.string().nullable(),
  product: productSchema.nullable(),
});
export type AdvSlot = z.infer<typeof advSlotSchema>;
export const advDataSchema = z.object({ adv: advSlotSchema });

// ---------- endpoints (the content module registers them) ----------
export const contentEndpoints = {
  blockInfo: endpoint({
    method: 'GET',
    path: '/category-block/info',
    query: categoryBlockInfoQuerySchema,
    response: categoryBlockInfoDataSchema,
  }),
  pageBySlug: endpoint({
    method: 'GET',
    path: '/p/wp-json/wp/v2/pages',
    query: pageBySlugQuerySchema,
    response: pageBySlugDataSchema,
  }),
  pageList: endpoint({
    method: 'GET',
    path: '/p/wp-json/spesa/v1/pages',
    query: pagedQuerySchema,
    response: pageListDataSchema,
  }),
  menu: endpoint({
    method: 'GET',
    path: '/p/wp-json/menus/v1/locations/:location',
    params: menuParamsSchema,
    response: menuDataSchema,
  }),
  search: endpoint({
    method: 'GET',
    path: '/p/wp-json/spesa/v1/search',
    query: contentSearchQuerySchema,
    response: contentSearchDataSchema,
  }),
  adv: endpoint({
    method: 'GET',
    path: '/adv/slot',
    query: advQuerySchema,
    response: advDataSchema,
  }),
};
