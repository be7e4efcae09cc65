import { z } from 'zod';
import { adminIdParamsSchema, type StaffRole } from './admin';
import { endpoint } from './endpoint';

/**
 * The chain's price lists in the back office ("Listini", decision 099), registered by the catalogue module:
 * the lists and their stores, a new list, a store moved to a list (or back to the chain's list), and a list's
 * prices by product with their validity, written by the catalogue's own price-list rules (decision 095), the
 * ones the integration API's price batches go through. Catalogue managers and administrators only.
 */
export const PRICE_LIST_GRANTS = {
  read: ['administrator', 'catalogue_manager'] as StaffRole[],
  write: ['administrator', 'catalogue_manager'] as StaffRole[],
};

/** A list's code (as the ERP names it): a letter or digit, then letters, digits, `.`, `_`, `-`; 40 at most. */
export const PRICE_LIST_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
/** A list price's bounds in cents (the integration API's price batches take the same). */
export const PRICE_LIST_PRICE_MAX_CENTS = 10_000_000;

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const day = z.iso.date({ error: 'Data non valida (AAAA-MM-GG).' });

export const adminPriceListSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** the stores that sell at this list */
  storeIds: z.array(z.number().int()),
  /** the products the list prices (any validity) */
  products: z.number().int(),
});
export type AdminPriceList = z.infer<typeof adminPriceListSchema>;

export const adminPriceListStoreSchema = z.object({
  storeId: z.number().int(),
  name: z.string(),
  /** null: the chain's list (the products' own price) */
  priceListId: z.number().int().nullable(),
});
export type AdminPriceListStore = z.infer<typeof adminPriceListStoreSchema>;

export const adminPriceListsDataSchema = z.object({
  data: z.object({
    lists: z.array(adminPriceListSchema),
    stores: z.array(adminPriceListStoreSchema),
  }),
});
export type AdminPriceListsOverview = z.infer<typeof adminPriceListsDataSchema>['data'];

// ---------- POST /admin/price-lists/create ----------
export const adminPriceListCreateBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(
      PRICE_LIST_CODE,
      'Il codice va da 1 a 40 caratteri: lettere, cifre, punto, trattino e trattino basso.',
    ),
  name: z
    .string()
    .trim()
    .min(2, 'Il nome va da 2 a 120 caratteri.')
    .max(120, 'Il nome va da 2 a 120 caratteri.'),
});

// ---------- POST /admin/price-lists/assign ----------
export const adminPriceListAssignBodySchema = z.object({
  storeId: id,
  /** null: the store goes back to the chain's list */
  priceListId: id.nullable(),
});

// ---------- GET /admin/price-lists/:id/prices ----------
export const adminPriceListPricesQuerySchema = z.object({
  /** a product's code, EAN or part of its name; absent: the products the list prices */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});

export const adminListPriceSchema = z.object({
  priceCents: z.number().int(),
  validFrom: z.string(),
  /** the last day, included; null: until a later price */
  validTo: z.string().nullable(),
});
export type AdminListPrice = z.infer<typeof adminListPriceSchema>;

export const adminPriceListProductSchema = z.object({
  productId: z.number().int(),
  code: z.string(),
  ean: z.string().nullable(),
  name: z.string(),
  brand: z.string(),
  /** the chain's list price (stores without a list, products this list does not price) */
  chainPriceCents: z.number().int(),
  /** this list's price today, null: the chain's applies */
  todayPriceCents: z.number().int().nullable(),
  /** this list's prices of the product, by start */
  prices: z.array(adminListPriceSchema),
});
export type AdminPriceListProduct = z.infer<typeof adminPriceListProductSchema>;

export const adminPriceListPricesDataSchema = z.object({
  data: z.array(adminPriceListProductSchema),
  total: z.number().int(),
});

// ---------- POST /admin/price-lists/:id/prices/set and /remove ----------
export const adminListPriceSetBodySchema = z.object({
  productId: id,
  priceCents: z
    .number({ error: 'Il prezzo deve essere un numero.' })
    .int('Il prezzo va in centesimi interi.')
    .min(1, 'Il prezzo deve essere maggiore di zero.')
    .max(PRICE_LIST_PRICE_MAX_CENTS, 'Il prezzo supera il massimo consentito (100.000 €).'),
  validFrom: day,
  validTo: day.nullable().default(null),
});
export type AdminListPriceSet = z.infer<typeof adminListPriceSetBodySchema>;

export const adminListPriceRemoveBodySchema = z.object({ productId: id, validFrom: day });

export const adminPriceListProductDataSchema = z.object({ data: adminPriceListProductSchema });

export const adminPriceListsEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/admin/price-lists',
    response: adminPriceListsDataSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/price-lists/create',
    body: adminPriceListCreateBodySchema,
    response: adminPriceListsDataSchema,
  }),
  assign: endpoint({
    method: 'POST',
    path: '/admin/price-lists/assign',
    body: adminPriceListAssignBodySchema,
    response: adminPriceListsDataSchema,
  }),
  prices: endpoint({
    method: 'GET',
    path: '/admin/price-lists/:id/prices',
    params: adminIdParamsSchema,
    query: adminPriceListPricesQuerySchema,
    response: adminPriceListPricesDataSchema,
  }),
  setPrice: endpoint({
    method: 'POST',
    path: '/admin/price-lists/:id/prices/set',
    params: adminIdParamsSchema,
    body: adminListPriceSetBodySchema,
    response: adminPriceListProductDataSchema,
  }),
  removePrice: endpoint({
    method: 'POST',
    path: '/admin/price-lists/:id/prices/remove',
    params: adminIdParamsSchema,
    body: adminListPriceRemoveBodySchema,
    response: adminPriceListProductDataSchema,
  }),
};
