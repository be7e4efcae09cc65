import { z } from 'zod';
import { OWN_TEXT, endpoint } from './endpoint';
import { pageSchema, productSchema } from './catalogue';

/**
 * Digital leaflets (volantini; spec sections 2, 3 "Leaflet", 7 `/leaflet/*`, 9; wire notes "Leaflets";
 * decision 052): a chain's or a store's leaflet of one type, valid from / to, its pages as images
 * (`{baseLocation}{n}.png`, n from 0, plus modern formats at several widths), its PDF, and its products with
 * the region of the page each one occupies (hot-spots). The leaflets module registers these.
 */

/** Leaflet types (`parent_leaflet_type_id`). */
export const LEAFLET_TYPE = { weekly: 1, special: 2 } as const;
export type LeafletTypeId = (typeof LEAFLET_TYPE)[keyof typeof LEAFLET_TYPE];
export const LEAFLET_TYPE_IDS = Object.values(LEAFLET_TYPE) as number[];
export const LEAFLET_TYPE_LABEL: Record<LeafletTypeId, string> = { 1: 'Volantino', 2: 'Speciale' };

export { LEAFLET_AVIF_WIDTHS, LEAFLET_IMAGE_WIDTHS, LEAFLET_PAGE_RATIO } from '../leaflets/page-images';

export const LEAFLETS_PAGE_SIZE = 24;
export const LEAFLETS_PAGE_SIZE_MAX = 100;

export const LEAFLET_ID_TEXT = 'Il volantino richiesto non è valido.';
export const LEAFLET_WAREHOUSE_TEXT = 'Il punto vendita richiesto non è valido.';
export const LEAFLET_TYPE_TEXT = 'Il tipo di volantino richiesto non esiste.';
export const LEAFLET_PAGE_TEXT = 'Il numero di pagina non è valido.';
export const LEAFLET_PAGE_SIZE_TEXT = `Il numero di elementi per pagina deve essere tra 1 e ${LEAFLETS_PAGE_SIZE_MAX}.`;

const intParam = (text: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim().max(12)]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: text, params: OWN_TEXT });
      return z.NEVER;
    }
    return n;
  });

/** A leaflet named by number or slug (spec: "slug or numeric id as text"). */
export const leafletKeySchema = z
  .union([z.number(), z.string().trim().max(120)])
  .transform((v, ctx): { leafletId: number } | { slug: string } => {
    if (typeof v === 'number' || /^\d{1,9}$/.test(v)) {
      const n = Number(v);
      if (Number.isInteger(n) && n >= 1 && n <= 2_147_483_647) return { leafletId: n };
    } else if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v)) return { slug: v };
    ctx.addIssue({ code: 'custom', message: LEAFLET_ID_TEXT, params: OWN_TEXT });
    return z.NEVER;
  });

const paging = {
  page: intParam(LEAFLET_PAGE_TEXT, 1, 100_000).optional(),
  page_size: intParam(LEAFLET_PAGE_SIZE_TEXT, 1, LEAFLETS_PAGE_SIZE_MAX).optional(),
};
const warehouseParam = intParam(LEAFLET_WAREHOUSE_TEXT, 1, 2_147_483_647);
const typeParam = intParam(LEAFLET_TYPE_TEXT, 1, 1_000).refine((n) => LEAFLET_TYPE_IDS.includes(n), {
  message: LEAFLET_TYPE_TEXT,
  params: OWN_TEXT,
});

export const leafletSchema = z.object({
  leafletId: z.number().int(),
  slug: z.string(),
  /** Italian */
  title: z.string(),
  /** ISO dates (Europe/Rome), both included */
  fromDate: z.string(),
  toDate: z.string(),
  /** page images are `{baseLocation}{n}.png`, n from 0; also `{baseLocation}{n}-{w}.webp|avif` (LEAFLET_*_WIDTHS) */
  baseLocation: z.string(),
  /** the first page's image (png) */
  firstPagePreview: z.string(),
  leafletTypeId: z.number().int(),
  leafletTypeName: z.string(),
  /** the store it is for; null: every store of the chain */
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  pageCount: z.number().int(),
  /** the PDF to download */
  pdfUrl: z.string(),
  /** a short Italian description (the viewer's "info") */
  description: z.string(),
});
export type Leaflet = z.infer<typeof leafletSchema>;

/** A region of a page (fractions 0..1 of its width and height) showing one product. */
export const leafletHotspotSchema = z.object({
  productId: z.number().int(),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
});
export type LeafletHotspot = z.infer<typeof leafletHotspotSchema>;

export const leafletDepartmentSchema = z.object({
  name: z.string(),
  /** the first page showing it (0-based) */
  page: z.number().int(),
  productCount: z.number().int(),
});
export type LeafletDepartment = z.infer<typeof leafletDepartmentSchema>;

// ---------- GET /leaflet/search ----------
export const leafletSearchQuerySchema = z.object({
  /** the store; absent: the caller's store (their cart's), chain-wide leaflets always included */
  parent_warehouse_id: warehouseParam.optional(),
  parent_leaflet_type_id: typeParam.optional(),
  ...paging,
});
export type LeafletSearchQuery = z.input<typeof leafletSearchQuerySchema>;
export const leafletSearchDataSchema = z.object({ leaflets: z.array(leafletSchema), page: pageSchema });
export type LeafletSearchData = z.infer<typeof leafletSearchDataSchema>;

// ---------- GET /leaflet/view ----------
export const leafletViewQuerySchema = z.object({ leaflet_id: leafletKeySchema });
export const leafletViewDataSchema = leafletSchema.extend({
  departments: z.array(leafletDepartmentSchema),
  /** the products' regions, only of products sold where the leaflet is valid */
  hotspots: z.array(leafletHotspotSchema),
});
export type LeafletView = z.infer<typeof leafletViewDataSchema>;

// ---------- GET /leaflet/product-search ----------
export const leafletProductSearchQuerySchema = z.object({
  parent_leaflet_id: leafletKeySchema,
  /** words of the product's name or brand */
  q: z.string().max(200).optional(),
  /** one department of the leaflet */
  department: z.string().max(200).optional(),
  ...paging,
});
export type LeafletProductSearchQuery = z.input<typeof leafletProductSearchQuerySchema>;
export const leafletProductSearchDataSchema = z.object({
  products: z.array(productSchema),
  page: pageSchema,
});
export type LeafletProductSearchData = z.infer<typeof leafletProductSearchDataSchema>;

export const leafletsEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/leaflet/search',
    query: leafletSearchQuerySchema,
    response: leafletSearchDataSchema,
  }),
  view: endpoint({
    method: 'GET',
    path: '/leaflet/view',
    query: leafletViewQuerySchema,
    response: leafletViewDataSchema,
  }),
  productSearch: endpoint({
    method: 'GET',
    path: '/leaflet/product-search',
    query: leafletProductSearchQuerySchema,
    response: leafletProductSearchDataSchema,
  }),
} as const;
