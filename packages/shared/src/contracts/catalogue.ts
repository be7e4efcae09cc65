import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Wire contracts of the catalogue and content endpoints (spec sections 3 and 7, wire notes).
 * Names are the platform's. Money on the wire is a euro amount with two decimals (as the real
 * platform sends it); the database keeps integer cents and converts at the boundary.
 */

// ---------- query helpers ----------
/** Query-string integer: accepts "3", rejects "3.5", "abc", "1e9" beyond the bound. */
const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');
/** Free text from a query string: bounded, trimmed; longer input is cut, not refused. */
const queryText = z.string().transform((s) => s.trim().slice(0, 200));

export const PRODUCTS_PAGE_SIZE_DEFAULT = 24;
/** The largest page GET /products answers; a larger page_size is cut to it, not refused (scripts ask 200, 500). */
export const PRODUCTS_PAGE_SIZE_MAX = 500;
export const PRODUCT_SLIDER_LIMIT_DEFAULT = 12;
export const CATEGORY_TREE_DEPTH = 4;

// ---------- product ----------
export const productInfosSchema = z.record(z.string(), z.string());

export const warehousePromoSchema = z.object({
  warehousePromoId: z.number().int(),
  warehousePromoTypeId: z.number().int(),
  promoType: z.string(),
  discount: z.number(),
  discountPerc: z.number(),
  validityDate: z.string(),
  expireDate: z.string(),
  selectable: z.boolean(),
  /**
   * The lowest price applied in the 30 days before the promotion started (Omnibus Directive, art. 17-bis
   * Codice del Consumo), euro: shown beside every announced reduction. Absent when not known.
   */
  priorPrice: z.number().optional(),
  /**
   * 'card': the price is for holders of a valid loyalty card only (decision 032): shown to everyone as an
   * invitation beside the list price, which the others pay. Absent: for everyone.
   */
  audience: z.literal('card').optional(),
  view: z.object({
    cssClass: z.string(),
    header: z.string(),
    body: z.string(),
    footer: z.string(),
    bubble: z.string(),
    permanent: z.boolean(),
    selectablePromoText: z.string().optional(),
  }),
});
export type WarehousePromo = z.infer<typeof warehousePromoSchema>;

export const breadCrumbSchema = z.object({
  name: z.string(),
  slug: z.string(),
  categoryId: z.number().int(),
});

export const productSchema = z.object({
  productId: z.number().int(),
  codInt: z.string(),
  /** the chain's article code (codInt), as the real platform's clients read it */
  code: z.string().optional(),
  codVar: z.string(),
  name: z.string(),
  /** the brand */
  shortDescr: z.string(),
  /** the pack format, e.g. "g 500" */
  description: z.string(),
  slug: z.string(),
  itemUrl: z.string(),
  barcode: z.string().nullable(),
  vendor: z.object({ vendorId: z.number().int(), name: z.string() }),
  categoryId: z.number().int(),
  breadCrumbs: z.array(breadCrumbSchema),
  ivaCategory: z.object({ code: z.string(), descr: z.string(), ivaPct: z.string() }),
  unitMeasureBaseSelling: z.object({ um: z.string(), umDes: z.string() }),
  productInfos: productInfosSchema,
  mediaURL: z.string(),
  mediaURLMedium: z.string(),
  media: z.array(z.object({ small: z.string(), medium: z.string(), large: z.string() })),
  available: z.number().int(),
  price: z.number(),
  priceDisplay: z.number(),
  priceStandardDisplay: z.number().optional(),
  /** price per base unit (per kg / l / pz), euro */
  /** the price per kg / l / piece of the price paid (priceDisplay) */
  priceUmDisplay: z.number().optional(),
  /** during a reduction: the list price's unit price, the struck former one */
  priceStandardUmDisplay: z.number().optional(),
  priceUnitDisplay: z.string(),
  weightUnitDisplay: z.string(),
  warehousePromo: warehousePromoSchema.optional(),
  deliveryWarehouse: z.object({ warehouseId: z.number().int(), name: z.string() }),
  maxAcq: z.number().int().optional(),
  minAcq: z.number().int(),
  badge: z.object({ label: z.string(), cssClass: z.string() }).optional(),
  isNew: z.boolean(),
  /** the counted votes (stars 1-5 in half steps): average with one decimal and how many; absent without votes */
  ratingSummary: z.object({ avg: z.number(), total: z.number().int() }).optional(),
  highlight: z.boolean(),
  selectOptions: z.array(
    z.object({
      name: z.string(),
      parameterName: z.string(),
      options: z.array(z.object({ key: z.string(), value: z.string() })),
      selected: z.string().optional(),
    }),
  ),
  productClasses: z.array(
    z.object({ productClassId: z.number().int(), productClassGroupId: z.number().int() }),
  ),
  logisticPackagingItems: z.number().int().optional(),
  logisticPalletItems: z.number().int().optional(),
  metaData: z.object({
    product_description: z
      .object({
        /** HTML: the ingredient list, each allergen in <strong> (Regulation EU 1169/2011 art. 21) */
        ingredients: z.string().optional(),
        allergens: z.string().optional(),
        storage: z.string().optional(),
        /** HTML: a <table> of nutrient (th) and value per 100 g (td), one row each */
        nutritional_values: z.string().optional(),
        features: z.string().optional(),
      })
      .optional(),
    product_extra: z
      .object({
        nutriScoreEstimate: z.string().optional(),
        sourceUrl: z.string().optional(),
        /** 'true': not food (household, personal care, pets): no food information is due */
        nonFood: z.string().optional(),
      })
      .optional(),
  }),
});
export type Product = z.infer<typeof productSchema>;

export const pageSchema = z.object({
  selPage: z.number().int(),
  totPages: z.number().int(),
  totItems: z.number().int(),
  itemsPerPage: z.number().int(),
});
export type Page = z.infer<typeof pageSchema>;

export const facetSchema = z.object({
  name: z.string(),
  parameterName: z.string(),
  values: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.number().int() })),
});
export type Facet = z.infer<typeof facetSchema>;

export const PRODUCT_SORTS = ['', 'pri_asc', 'pri_desc', 'alf_asc', 'alf_dsc', 'new'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** `order_by` values and the sort each means ('' = relevance for a search, best sellers otherwise). */
export const ORDER_BY_SORT = {
  'search_score desc': '',
  'price asc': 'pri_asc',
  'price desc': 'pri_desc',
  'name asc': 'alf_asc',
  'name desc': 'alf_dsc',
  'new desc': 'new',
} as const satisfies Record<string, ProductSort>;

/** What a shopper filters by: "senza glutine", "senza lattosio" (decision 033). */
export const FREE_FROM = ['glutine', 'lattosio'] as const;
export type FreeFrom = (typeof FREE_FROM)[number];
const freeFromParam = z
  .union([z.string().max(100), z.array(z.string().max(20)).max(10)])
  .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(FREE_FROM)));

/** GET /products: search, list by category, or one product by slug / product_id / barcode. */
export const productsQuerySchema = z.object({
  q: queryText.optional(),
  parent_category_id: queryInt(1, 2_147_483_647).optional(),
  category_id: queryInt(1, 2_147_483_647).optional(),
  slug: z.string().max(300).optional(),
  product_id: queryInt(1, 2_147_483_647).optional(),
  barcode: z.string().max(32).optional(),
  /** facet filters, e.g. "brand:12,brand:15" style is the real platform's; ours: repeated ids */
  facet: z.union([z.string().max(500), z.array(z.string().max(100)).max(50)]).optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
  promo: queryBool.optional(),
  /** only products known to be free of these ("glutine,lattosio"): from their name or declared allergens */
  free_from: freeFromParam.optional(),
  new_product: queryBool.optional(),
  /** only the products of a leaflet (its number or slug; spec section 7): answered by the leaflets module */
  leaflet: z.string().trim().max(120).optional(),
  onlyNew: queryBool.optional(),
  /**
   * The warehouse whose stock and list prices the products carry: the cart's `warehouseId` (a store; a
   * locker's store; a home delivery's warehouse). Absent: the chain's catalogue, available where any store
   * has stock, at the chain's list price (decision 095).
   */
  warehouse_id: queryInt(1, 2_147_483_647).optional(),
  page: queryInt(1, 100_000).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, PRODUCTS_PAGE_SIZE_MAX))
    .default(PRODUCTS_PAGE_SIZE_DEFAULT),
  /**
   * The real platform's ordering, as its users' scripts send it: "search_score desc" (relevance, the
   * default), "price asc|desc", "name asc|desc", "new desc"; it maps to `sort` (which wins when both come).
   */
  order_by: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(
      z.enum(
        Object.keys(ORDER_BY_SORT) as [keyof typeof ORDER_BY_SORT, ...Array<keyof typeof ORDER_BY_SORT>],
      ),
    )
    .optional(),
  /** read through the server cache */
  skip_cache: queryBool.optional(),
  hash: z.string().max(100).optional(),
});
export type ProductsQuery = z.input<typeof productsQuerySchema>;

export const productListDataSchema = z.object({
  products: z.array(productSchema),
  page: pageSchema,
  facets: z.array(facetSchema),
});
export type ProductListData = z.infer<typeof productListDataSchema>;

/** GET /products answers either a list or (slug / product_id / barcode) a single product. */
export const productsDataSchema = z.union([productListDataSchema, productSchema]);

export const productIdParamsSchema = z.object({ productId: queryInt(1, 2_147_483_647) });

export const suggestQuerySchema = z.object({ q: queryText });
export const suggestItemSchema = z.object({
  /** the word to search */
  name: z.string(),
  type: z.enum(['Word', 'Category', 'Product']),
  /** category or product slug when type is not Word */
  slug: z.string().optional(),
  id: z.number().int().optional(),
});
export type SuggestItem = z.infer<typeof suggestItemSchema>;
export const suggestDataSchema = z.object({ items: z.array(suggestItemSchema) });

// ---------- category, blocks, proposals ----------
export const proposalSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
  proposalUrl: z.string().nullable(),
  img: z.string().nullable(),
  imgAlt: z.string().nullable(),
  imgDescription: z.string().nullable(),
  descr: z.string().nullable(),
  content: z.string().nullable(),
  categoryProposalType: z.object({ name: z.string() }),
  metaData: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const BLOCK_TYPES = [
  'BannerList',
  'BannerGrid',
  'BannerSlider',
  'BannerSliderHeader',
  'CrmProductSlider',
  'ProductSlider',
  'ProductTab',
  'StaticImage',
  'StaticText',
  'LeafletSliderWrapper',
  'Tutorial',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const categoryBlockSchema = z.object({
  categoryBlockId: z.number().int(),
  /** which GRID_CONFIG column the block goes in */
  position: z.string(),
  priority: z.number().int(),
  templateBlock: z.object({ codInt: z.enum(BLOCK_TYPES), name: z.string() }),
  templateBlockType: z.object({ modeName: z.string() }),
  proposals: z.array(proposalSchema),
  /** TITLE, DESCRIPTION, BACKGROUND_COLOR, SHOW_BULLETS, PRODUCT_LIMIT, ALGORITHM, CATEGORY, ... */
  metaData: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])),
});
export type CategoryBlock = z.infer<typeof categoryBlockSchema>;

export const BREAKPOINT_KEYS = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export const gridColumnSchema = z.object({
  position: z.string(),
  xs: z.number().int().min(1).max(12).optional(),
  sm: z.number().int().min(1).max(12).optional(),
  md: z.number().int().min(1).max(12).optional(),
  lg: z.number().int().min(1).max(12).optional(),
  xl: z.number().int().min(1).max(12).optional(),
});
export const gridConfigSchema = z.object({
  rows: z.array(z.object({ container: z.boolean().optional(), cols: z.array(gridColumnSchema) })),
});
export type GridConfig = z.infer<typeof gridConfigSchema>;

export const categoryMetaDataSchema = z.object({
  template_model: z.object({ GRID_CONFIG: gridConfigSchema }).optional(),
  category_info: z
    .object({ DESCRIPTION: z.string().optional(), ICON: z.string().optional(), EMOJI: z.string().optional() })
    .optional(),
});

export type Category = {
  categoryId: number;
  parentId: number | null;
  slug: string;
  name: string;
  level: number;
  productCount?: number;
  metaData?: z.infer<typeof categoryMetaDataSchema>;
  categoryBlocks?: CategoryBlock[];
  categories?: Category[];
};
export const categorySchema: z.ZodType<Category> = z.lazy(() =>
  z.object({
    categoryId: z.number().int(),
    parentId: z.number().int().nullable(),
    slug: z.string(),
    name: z.string(),
    level: z.number().int(),
    productCount: z.number().int().optional(),
    metaData: categoryMetaDataSchema.optional(),
    categoryBlocks: z.array(categoryBlockSchema).optional(),
    categories: z.array(categorySchema).optional(),
  }),
);

/** GET /category: without slug the tree (data.categories); with slug or categoryId one category. */
export const categoryQuerySchema = z.object({
  slug: z.string().max(300).optional(),
  categoryId: queryInt(1, 2_147_483_647).optional(),
  q: queryText.optional(),
  filtered: queryBool.optional(),
  skip_cache: queryBool.optional(),
  depth: queryInt(1, CATEGORY_TREE_DEPTH).optional(),
  hash: z.string().max(100).optional(),
});
export const categoryTreeDataSchema = z.object({ categories: z.array(categorySchema) });
export const categoryDataSchema = z.object({ category: categorySchema });

export const categoryBlockInfoQuerySchema = z.object({ categoryBlockId: queryInt(1, 2_147_483_647) });
export const categoryBlockInfoDataSchema = z.object({ categoryBlock: categoryBlockSchema });

// ---------- adv (recommendation sliders) ----------
/** CRM algorithm ids (spec section 9). */
export const CRM_ALGORITHM = {
  upsellingOnDetail: 220,
  promoLevel1: 25,
  crossSellingOnDetail: 223,
  globalTopSelling: 26,
  level1TopSelling: 27,
  myFavourites: 29,
  recentlyViewed: 1000,
  suggestedForYou: 21,
} as const;

export const advQuerySchema = z.object({
  layout: queryInt(1, 100_000),
  limit: queryInt(1, 48).default(PRODUCT_SLIDER_LIMIT_DEFAULT),
  shuffle: queryBool.optional(),
  promo: queryBool.optional(),
  product_id: queryInt(1, 2_147_483_647).optional(),
  category_id: queryInt(1, 2_147_483_647).optional(),
  /** read through the server cache */
  skip_cache: queryBool.optional(),
  hash: z.string().max(100).optional(),
});
export const advDataSchema = z.object({ products: z.array(productSchema), totItems: z.number().int() });

// ---------- system ----------
export const langInfoQuerySchema = z.object({ lang_info_name: z.string().max(50).optional() });
export const langInfoDataSchema = z.object({
  lang: z.string(),
  fallback: z.string(),
  labels: z.record(z.string(), z.string()),
});
export const versionSchema = z.object({ version: z.string(), build: z.string() });

// ---------- alternatives (issue 20) ----------
/** How many alternatives a product gets at most. */
export const ALTERNATIVES_LIMIT = 6;
/** How many products one GET /products/list-product-alternative asks about at most. */
export const ALTERNATIVES_PRODUCTS_MAX = 50;
const productIdList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v.join(',') : v).split(',').map((s) => s.trim()))
  .pipe(
    z
      .array(z.string().regex(/^\d{1,10}$/))
      .min(1)
      .max(ALTERNATIVES_PRODUCTS_MAX),
  )
  .transform((ids) => ids.map(Number))
  .pipe(z.array(z.number().int().min(1).max(2_147_483_647)));
/**
 * GET /products/list-product-alternative: for each product, a handful of products a customer could take
 * instead (same shelf, similar size and price, sold and in stock at the cart's store), best first.
 * `details` answers whole products (else ids only); `filtered` leaves out products with no alternative.
 */
export const alternativesQuerySchema = z.object({
  product_ids: productIdList,
  details: queryBool.optional(),
  filtered: queryBool.optional(),
});
export type AlternativesQueryInput = z.input<typeof alternativesQuerySchema>;
export const productAlternativesSchema = z.object({
  productId: z.number().int(),
  alternativeIds: z.array(z.number().int()),
  /** with `details` only */
  products: z.array(productSchema).optional(),
});
export type ProductAlternatives = z.infer<typeof productAlternativesSchema>;
export const alternativesDataSchema = z.object({ alternatives: z.array(productAlternativesSchema) });
/** GET /products/product-alternative-detail: the alternatives of one product. */
export const alternativeDetailQuerySchema = z.object({
  product_id: queryInt(1, 2_147_483_647),
  details: queryBool.optional(),
});

// ---------- endpoints (the catalogue module registers them) ----------
/** GET /category answers one category (slug or categoryId) or the tree (neither). */
export const categoryAnswerSchema = z.union([categoryDataSchema, categoryTreeDataSchema]);

export const catalogueEndpoints = {
  category: endpoint({
    method: 'GET',
    path: '/category',
    query: categoryQuerySchema,
    response: categoryAnswerSchema,
  }),
  products: endpoint({
    method: 'GET',
    path: '/products',
    query: productsQuerySchema,
    response: productsDataSchema,
  }),
  suggest: endpoint({
    method: 'GET',
    path: '/products/suggest',
    query: suggestQuerySchema,
    response: suggestDataSchema,
  }),
  alternatives: endpoint({
    method: 'GET',
    path: '/products/list-product-alternative',
    query: alternativesQuerySchema,
    response: alternativesDataSchema,
  }),
  alternativeDetail: endpoint({
    method: 'GET',
    path: '/products/product-alternative-detail',
    query: alternativeDetailQuerySchema,
    response: productAlternativesSchema,
  }),
  product: endpoint({
    method: 'GET',
    path: '/products/:productId',
    params: productIdParamsSchema,
    response: productSchema,
  }),
  adv: endpoint({ method: 'GET', path: '/adv', query: advQuerySchema, response: advDataSchema }),
};
