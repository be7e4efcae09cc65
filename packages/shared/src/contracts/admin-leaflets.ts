import { z } from 'zod';
import { ADMIN_GRANTS, adminIdParamsSchema } from './admin';
import { endpoint, OWN_TEXT } from './endpoint';
import { LEAFLET_TYPE_IDS } from './leaflets';

/**
 * The leaflets in the back office (decision 097), registered by the leaflets module: a leaflet is made as a
 * draft (title, validity, the stores it is for), gets its pages from a PDF or images and the products printed on
 * them (by code or EAN, with the leaflet's price), and is published and withdrawn. Customers see a published
 * leaflet in its stores on its dates through `/leaflet/*`. Roles: `ADMIN_GRANTS.leaflets`.
 */
export const LEAFLET_GRANTS = ADMIN_GRANTS.leaflets;

/** A leaflet's pages: a PDF up to this size … */
export const LEAFLET_PDF_MAX_BYTES = 20 * 1024 * 1024;
/** … or images (JPEG, PNG, WebP), each up to this size … */
export const LEAFLET_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** … and at most this many pages either way */
export const LEAFLET_MAX_PAGES = 40;
/** products printed on one leaflet */
export const LEAFLET_MAX_PRODUCTS = 300;
/** the longest validity, in days (both ends included) */
export const LEAFLET_MAX_DAYS = 62;

export const LEAFLET_STATUSES = ['draft', 'published'] as const;
export type LeafletStatus = (typeof LEAFLET_STATUSES)[number];
export const LEAFLET_STATUS_LABEL: Record<LeafletStatus, string> = {
  draft: 'Bozza',
  published: 'Pubblicato',
};

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data non valida (AAAA-MM-GG).' })
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, {
    error: 'Data non valida (AAAA-MM-GG).',
  });
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

// ---------- POST /admin/leaflets/create, POST /admin/leaflets/:id ----------
export const adminLeafletBodySchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, { error: 'Il titolo va da 3 a 120 caratteri.' })
      .max(120, { error: 'Il titolo va da 3 a 120 caratteri.' }),
    description: z
      .string()
      .trim()
      .max(500, { error: 'La descrizione è lunga al massimo 500 caratteri.' })
      .default(''),
    leafletTypeId: z.coerce
      .number()
      .int()
      .refine((n) => LEAFLET_TYPE_IDS.includes(n), {
        error: 'Il tipo di volantino non esiste.',
      })
      .default(1),
    /** the first and last day it is valid, YYYY-MM-DD (Italian days, both included) */
    fromDate: isoDay,
    toDate: isoDay,
    /** the stores it is for; empty: every store of the chain */
    warehouseIds: z
      .array(z.coerce.number().int().min(1).max(2_147_483_647))
      .max(500)
      .default([])
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  })
  .superRefine((b, ctx) => {
    if (b.toDate < b.fromDate)
      ctx.addIssue({
        code: 'custom',
        path: ['toDate'],
        message: "L'ultimo giorno non può precedere il primo.",
        params: OWN_TEXT,
      });
    else if (dayNumber(b.toDate) - dayNumber(b.fromDate) + 1 > LEAFLET_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['toDate'],
        message: `Un volantino vale al massimo ${LEAFLET_MAX_DAYS} giorni.`,
        params: OWN_TEXT,
      });
  });
export type AdminLeafletBody = z.output<typeof adminLeafletBodySchema>;

// ---------- POST /admin/leaflets/:id/products ----------
const euro = z.coerce
  .number({ error: 'Prezzo non valido.' })
  .min(0.01, { error: 'Il prezzo va da 0,01 a 100.000 euro.' })
  .max(100_000, { error: 'Il prezzo va da 0,01 a 100.000 euro.' });
export const adminLeafletProductInputSchema = z.object({
  /** the product's code or its EAN */
  key: z.string().trim().min(1, { error: 'Indica il codice o l’EAN del prodotto.' }).max(40),
  /** the page it is printed on, from 1 */
  page: z.coerce.number().int().min(1, { error: 'Pagina non valida.' }).max(LEAFLET_MAX_PAGES),
  /** the leaflet's price, euro */
  price: euro,
});
export const adminLeafletProductsBodySchema = z.object({
  products: z.array(adminLeafletProductInputSchema).max(LEAFLET_MAX_PRODUCTS, {
    error: `Al massimo ${LEAFLET_MAX_PRODUCTS} prodotti per volantino.`,
  }),
});
export type AdminLeafletProductsBody = z.output<typeof adminLeafletProductsBodySchema>;

// ---------- answers ----------
export const adminLeafletProductSchema = z.object({
  productId: z.number().int(),
  code: z.string(),
  ean: z.string().nullable(),
  name: z.string(),
  /** from 1, as the editor shows it */
  page: z.number().int(),
  price: z.number(),
  listPrice: z.number().nullable(),
});
export const adminLeafletSchema = z.object({
  /** react-admin's record id: the leaflet's */
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  leafletTypeId: z.number().int(),
  fromDate: z.string(),
  toDate: z.string(),
  /** the stores it is for; empty: every store (a leaflet of the seed: its one store) */
  warehouseIds: z.array(z.number().int()),
  status: z.enum(LEAFLET_STATUSES),
  /** drawn from its products (the demo's) or uploaded */
  source: z.enum(['drawn', 'uploaded']),
  pageCount: z.number().int(),
  /** the pages' images: `{baseLocation}{n}-480.webp`, n from 0 (as the shop's viewer) */
  baseLocation: z.string(),
  products: z.array(adminLeafletProductSchema),
  updatedAt: z.string(),
});
export type AdminLeaflet = z.infer<typeof adminLeafletSchema>;
export const adminLeafletDataSchema = z.object({ data: adminLeafletSchema });
export const adminLeafletListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
});
export const adminLeafletListDataSchema = z.object({
  data: z.array(adminLeafletSchema.omit({ products: true })),
  total: z.number().int(),
});

export const adminLeafletsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/leaflets',
    query: adminLeafletListQuerySchema,
    response: adminLeafletListDataSchema,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/leaflets/:id',
    params: adminIdParamsSchema,
    response: adminLeafletDataSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/leaflets/create',
    body: adminLeafletBodySchema,
    response: adminLeafletDataSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/leaflets/:id',
    params: adminIdParamsSchema,
    body: adminLeafletBodySchema,
    response: adminLeafletDataSchema,
  }),
  /** multipart: one PDF (`file`) or images (`file`, one per page, in order) */
  uploadPages: endpoint({
    method: 'POST',
    path: '/admin/leaflets/:id/pages',
    params: adminIdParamsSchema,
    response: adminLeafletDataSchema,
  }),
  setProducts: endpoint({
    method: 'POST',
    path: '/admin/leaflets/:id/products',
    params: adminIdParamsSchema,
    body: adminLeafletProductsBodySchema,
    response: adminLeafletDataSchema,
  }),
  publish: endpoint({
    method: 'POST',
    path: '/admin/leaflets/:id/publish',
    params: adminIdParamsSchema,
    response: adminLeafletDataSchema,
  }),
  unpublish: endpoint({
    method: 'POST',
    path: '/admin/leaflets/:id/unpublish',
    params: adminIdParamsSchema,
    response: adminLeafletDataSchema,
  }),
} as const;
