import { z } from 'zod';
import { categoryBlockInfoDataSchema, categoryBlockInfoQuerySchema, productSchema } from './catalogue';
import { endpoint, OWN_TEXT } from './endpoint';

/**
 * Wire contracts of the content module (spec section 7, "Content system under /p/wp-json"; decision 050):
 * category blocks, and the content store's pages, menus, search and ad slots in the shapes a WordPress REST
 * client reads (title.rendered, content.rendered, yoast_head_json…). Every route under /p/wp-json answers as
 * WordPress and its plugins do, without the envelope (wire `wp`, decision 050); the ad slots stay under
 * /ebsn/api with the envelope.
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
  /** ISO 8601, Rome time without offset, as WordPress sends `date` */
  date: z.string(),
  modified: z.string(),
  slug: z.string(),
  /** only published pages are answered */
  status: z.literal('publish'),
  type: z.literal('page'),
  /** the shop's path of the page: /page/<slug> */
  link: z.string(),
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

/** The headers of a WordPress list: how many items the query matches, and on how many pages. */
export const WP_TOTAL_HEADER = 'x-wp-total';
export const WP_TOTAL_PAGES_HEADER = 'x-wp-totalpages';

/** A WordPress REST failure: `{ code: "rest_post_invalid_id", message, data: { status: 404 } }`. */
export const wpErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.object({
    status: z.number().int(),
    /** rest_invalid_param: a message per parameter refused */
    params: z.record(z.string(), z.string()).optional(),
  }),
});
export type WpError = z.infer<typeof wpErrorSchema>;

export const pagedQuerySchema = z.object({
  page: queryInt(1, 10_000).default(1),
  per_page: queryInt(1, CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE_DEFAULT),
  /** the client's cache key (spec: the hash includes the date); not read */
  hash: z.string().max(100).optional(),
});

/** GET /wp/v2/pages: by slug, by words of the title or text, or all of them; paged (10 by default). */
export const pagesQuerySchema = pagedQuerySchema.extend({
  slug: pageSlugSchema.optional(),
  search: z
    .string()
    .transform((s) => s.trim().slice(0, 100))
    .pipe(z.string().min(1))
    .optional(),
  /** WordPress's flag to embed linked resources: accepted, pages link none */
  _embed: z.string().max(50).optional(),
});
export const pagesDataSchema = z.array(wpPageSchema);
export const pageByIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** A page in the general search: no content. */
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

// ---------- menus ----------
/** a menu location as the menus plugin's route reads it (`[a-zA-Z0-9_-]+`); unknown ones are not found */
export const menuParamsSchema = z.object({
  location: z
    .string()
    .max(50)
    .regex(/^[a-zA-Z0-9_-]+$/),
});
/** A menu entry as the "WP REST API V2 Menus" plugin answers it (a WordPress nav_menu_item, flat menus). */
export const menuItemSchema = z.object({
  ID: z.number().int(),
  db_id: z.number().int(),
  title: z.string(),
  /** a shop path (/page/privacy) or an external address: the link rules apply */
  url: z.string(),
  menu_order: z.number().int(),
  /** "0": a top-level entry (the shop's menus have no sub-entries, so no item carries `child_items`) */
  menu_item_parent: z.string(),
  /** "page" for a shop page, "custom" for any other address */
  object: z.string(),
  object_id: z.string(),
  type: z.enum(['post_type', 'custom']),
  type_label: z.string(),
  /** a shop page's slug (post_type entries) */
  slug: z.string().optional(),
  target: z.string(),
  attr_title: z.string(),
  description: z.string(),
  classes: z.array(z.string()),
  xfn: z.string(),
  post_type: z.literal('nav_menu_item'),
  post_status: z.literal('publish'),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
/** The menu of a location: the WordPress menu term with its `items`, as the menus plugin answers it. */
export const wpMenuSchema = z.object({
  term_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  term_group: z.number().int(),
  term_taxonomy_id: z.number().int(),
  taxonomy: z.literal('nav_menu'),
  description: z.string(),
  parent: z.number().int(),
  count: z.number().int(),
  filter: z.literal('raw'),
  items: z.array(menuItemSchema),
});
export type WpMenu = z.infer<typeof wpMenuSchema>;

// ---------- general search ----------
export const contentSearchQuerySchema = z.object({
  s: z
    .string()
    .transform((s) => s.trim().slice(0, 100))
    .pipe(z.string().min(2)),
  page: queryInt(1, 10_000).default(1),
  per_page: queryInt(1, CONTENT_SEARCH_PAGE_SIZE).default(CONTENT_SEARCH_PAGE_SIZE),
});
/** The general search: its pages (all of them, on page 1) and a page of products (X-WP-Total counts them). */
export const contentSearchDataSchema = z.object({
  pages: z.array(wpPageSummarySchema),
  products: z.array(productSchema),
});
export type ContentSearchData = z.infer<typeof contentSearchDataSchema>;

// ---------- custom posts (recipes) ----------
/** The custom post types the content store keeps, with the taxonomy each is grouped by. */
export const POST_TYPES = ['ricette'] as const;
export type PostType = (typeof POST_TYPES)[number];
export const POST_TAXONOMY: Record<PostType, string> = { ricette: 'portata' };
/** The terms of each type's taxonomy; a term's WordPress id is its place here plus one (primi: 1). */
export const POST_TERMS = { ricette: ['primi', 'secondi', 'contorni', 'dolci'] } as const satisfies Record<
  PostType,
  readonly string[]
>;

/** `filters=difficolta:facile,vegetariana:si`: up to 5 key:value pairs of a post's fields. */
const postFiltersSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^[a-z_]{1,30}:[a-z0-9-]{1,40}(,[a-z_]{1,30}:[a-z0-9-]{1,40}){0,4}$/)
  .transform((s) => Object.fromEntries(s.split(',').map((pair) => pair.split(':') as [string, string])));

export const postTypeParamsSchema = z.object({ type: z.enum(POST_TYPES) });
export const postListQuerySchema = pagedQuerySchema.extend({
  /** a term of the type's taxonomy (for recipes, the course: "primi", "dolci"…) */
  term: pageSlugSchema.optional(),
  filters: postFiltersSchema.optional(),
});
export const postParamsSchema = z.object({ type: z.enum(POST_TYPES), slug: pageSlugSchema });

const renderedText = z.object({ rendered: z.string(), protected: z.boolean() });
/** A custom post as WordPress answers one: its taxonomy's term ids, the shop's own fields under `acf`. */
export const wpPostSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 without offset: Rome time (`date`), UTC (`date_gmt`) */
  date: z.string(),
  date_gmt: z.string(),
  /** posts keep no change time: their date */
  modified: z.string(),
  modified_gmt: z.string(),
  slug: z.string(),
  status: z.literal('publish'),
  type: z.enum(POST_TYPES),
  /** the shop's path of the post: /ricette/<slug> */
  link: z.string(),
  title: rendered,
  /** sanitised HTML */
  content: renderedText,
  excerpt: renderedText,
  /** no media library: pictures are addresses (`acf.img`) */
  featured_media: z.number().int(),
  /** the ids of the post's terms of its taxonomy "portata" (POST_TERMS) */
  portata: z.array(z.number().int()),
  acf: z.object({
    /** a picture of the post, or null */
    img: z.string().nullable(),
    /** the taxonomy's terms of the post by slug ({ portata: ["primi"] }) */
    terms: z.record(z.string(), z.array(z.string())),
    /** the fields the filters read ({ difficolta: "facile", tempo: "30", vegetariana: "si" }) */
    fields: z.record(z.string(), z.string()),
  }),
});
export type WpPost = z.infer<typeof wpPostSchema>;
const postLinkSchema = z.object({ slug: z.string(), link: z.string(), title: rendered });
/** One post by slug (a custom endpoint): the post with the older (`previous`) and newer (`next`) one. */
export const wpPostWithNeighboursSchema = wpPostSchema.extend({
  previous: postLinkSchema.nullable(),
  next: postLinkSchema.nullable(),
});
export type WpPostWithNeighbours = z.infer<typeof wpPostWithNeighboursSchema>;
export const postListDataSchema = z.array(wpPostSchema);

// ---------- ux-blocks ----------
export const uxBlocksQuerySchema = z
  .object({
    /** one block by its slug */
    slug: pageSlugSchema.optional(),
    /** the blocks placed on a term (a category's slug) */
    term: pageSlugSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.slug === undefined) === (q.term === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['slug'],
        message: 'Indica uno tra slug e term.',
        params: OWN_TEXT,
      });
  });
export const uxBlockSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: rendered,
  /** sanitised HTML */
  content: rendered,
  terms: z.array(z.string()),
});
export type UxBlock = z.infer<typeof uxBlockSchema>;
/** the block of a slug (one or none), or the blocks placed on a term */
export const uxBlocksDataSchema = z.array(uxBlockSchema);

// ---------- slides ----------
/** `day`: the day stamp YYYYMMDD the slides are for (Rome's calendar day) */
export const slidesQuerySchema = z.object({
  day: z
    .string()
    .regex(/^\d{8}$/)
    .refine((d) => !Number.isNaN(Date.parse(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T00:00:00Z`)))
    .transform((d) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`),
  deliveryServiceId: queryInt(1, 99_999).optional(),
});
export const slidesByIdQuerySchema = z.object({
  /** "3,5,8": up to 20 slide ids */
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,19}$/)
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});
export const slideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  img: z.string().nullable(),
  /** a shop path or an external address: the link rules apply */
  link: z.string().nullable(),
  /** YYYY-MM-DD, both included */
  validFrom: z.string(),
  validTo: z.string(),
  /** the delivery services the slide is for; empty: all */
  deliveryServiceIds: z.array(z.number().int()),
});
export type Slide = z.infer<typeof slideSchema>;
export const slidesDataSchema = z.array(slideSchema);

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
  pages: endpoint({
    method: 'GET',
    path: '/p/wp-json/wp/v2/pages',
    query: pagesQuerySchema,
    response: pagesDataSchema,
    wire: 'wp',
  }),
  pageById: endpoint({
    method: 'GET',
    path: '/p/wp-json/wp/v2/pages/:id',
    params: pageByIdParamsSchema,
    response: wpPageSchema,
    wire: 'wp',
  }),
  menu: endpoint({
    method: 'GET',
    path: '/p/wp-json/menus/v1/locations/:location',
    params: menuParamsSchema,
    response: wpMenuSchema,
    wire: 'wp',
  }),
  search: endpoint({
    method: 'GET',
    path: '/p/wp-json/spesa/v1/search',
    query: contentSearchQuerySchema,
    response: contentSearchDataSchema,
    wire: 'wp',
  }),
  postList: endpoint({
    method: 'GET',
    path: '/p/wp-json/spesa/v1/posts/:type',
    params: postTypeParamsSchema,
    query: postListQuerySchema,
    response: postListDataSchema,
    wire: 'wp',
  }),
  post: endpoint({
    method: 'GET',
    path: '/p/wp-json/spesa/v1/posts/:type/:slug',
    params: postParamsSchema,
    response: wpPostWithNeighboursSchema,
    wire: 'wp',
  }),
  uxBlocks: endpoint({
    method: 'GET',
    path: '/p/wp-json/spesa/v1/ux-blocks',
    query: uxBlocksQuerySchema,
    response: uxBlocksDataSchema,
    wire: 'wp',
  }),
  slides: endpoint({
    method: 'GET',
    path: '/p/wp-json/spesa/v1/slides',
    query: slidesQuerySchema,
    response: slidesDataSchema,
    wire: 'wp',
  }),
  slidesById: endpoint({
    method: 'GET',
    path: '/p/wp-json/spesa/v1/slides_by_id',
    query: slidesByIdQuerySchema,
    response: slidesDataSchema,
    wire: 'wp',
  }),
  adv: endpoint({
    method: 'GET',
    path: '/adv/slot',
    query: advQuerySchema,
    response: advDataSchema,
  }),
};
