import { z } from 'zod';
import { MASTER_COLUMNS, type MasterColumn } from '../catalogue/product-master';
import { endpoint } from './endpoint';

/**
 * The integration API (decision 096): the chain's ERP, store systems and warehouse call it with an OAuth 2.0
 * access token of the client credentials grant (RFC 6749 §4.4), under /ebsn/api/integration/v1. Batches are
 * idempotent by `batchId` and applied whole or not at all; the orders' feed is read by cursor. The token
 * endpoint itself answers RFC 6749's shapes (not the envelope): its schemas are here too.
 */
export const INTEGRATION_SCOPES = ['stock', 'prices', 'products', 'orders'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];
export const INTEGRATION_PREFIX = '/integration/v1';
/** the OpenAPI security scheme of the integration calls */
export const INTEGRATION_SECURITY_SCHEME = 'integrationClientCredentials';

/** Limits of a batch: its rows (the HTTP body is cut at the route's byte limit too). */
export const INTEGRATION_LIMITS = {
  productRows: 1_000,
  stockRows: 100_000,
  priceRows: 20_000,
  /** the bad rows one refusal lists */
  refusedRowsShown: 50,
  feedPageMax: 500,
  feedPageDefault: 100,
  /** bytes of a products batch, of a stock or prices batch */
  productBodyBytes: 2 * 1024 * 1024,
  stockBodyBytes: 16 * 1024 * 1024,
} as const;

// ---------- POST /integration/oauth/token (RFC 6749 §4.4, application/x-www-form-urlencoded) ----------
export const tokenRequestSchema = z.object({
  grant_type: z.string().max(100),
  scope: z.string().max(200).optional(),
  client_id: z.string().max(100).optional(),
  client_secret: z.string().max(200).optional(),
});
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
/** RFC 6749 §5.2 */
export const TOKEN_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;
export const tokenErrorSchema = z.object({
  error: z.enum(TOKEN_ERRORS),
  error_description: z.string(),
});
export type TokenError = z.infer<typeof tokenErrorSchema>;

const batchId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'Il batchId può contenere solo lettere, cifre e . _ : -');

/** What a batch did (also answered again, unchanged, for a replay of the same batch). */
export const batchResultSchema = z.object({
  batchId: z.string(),
  /** true: this answer is the stored one of an earlier call with the same batch id and body */
  replayed: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** stock, full: the stores' products left with no stock because the batch did not name them */
  removed: z.number().int().optional(),
  /** stock, delta: rows whose result would have gone below zero, kept at zero */
  clamped: z.number().int().optional(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

// ---------- POST /integration/v1/products (scope products) ----------
/** A cell as a file would hold it: text, a number or a yes/no; read by the same rules as a CSV row. */
const cell = z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]);
const productRowShape = Object.fromEntries(
  Object.keys(MASTER_COLUMNS).map((column) => [column, cell.optional()]),
) as Record<MasterColumn, z.ZodOptional<typeof cell>>;
export const productRowSchema = z.strictObject(productRowShape);
export type ProductRow = z.infer<typeof productRowSchema>;
export const productsBatchSchema = z.object({
  batchId,
  rows: z.array(productRowSchema).min(1).max(INTEGRATION_LIMITS.productRows),
});
export type ProductsBatch = z.infer<typeof productsBatchSchema>;

// ---------- POST /integration/v1/stock (scope stock) ----------
const code = z.string().trim().min(1).max(40);
const storeId = z.number().int().min(1).max(2_147_483_647);
export const stockBatchSchema = z.object({
  batchId,
  /**
   * full: the quantities are the stores' whole stock on hand (products not named have none left); the shop
   * takes from them what its orders not yet picked there hold (decision 100). delta: a movement, added.
   */
  mode: z.enum(['full', 'delta']),
  /** the one store the batch is about (every row must name it; `full` with no row empties it) */
  storeId: storeId.optional(),
  rows: z
    .array(
      z.object({
        storeId,
        code,
        /** pieces, or kg for loose products; three decimals at most (negative: taken, delta only) */
        quantity: z.number().min(-1_000_000).max(1_000_000),
      }),
    )
    .max(INTEGRATION_LIMITS.stockRows),
});
export type StockBatch = z.infer<typeof stockBatchSchema>;

// ---------- POST /integration/v1/prices (scope prices) ----------
const day = z.iso.date();
export const pricesBatchSchema = z.object({
  batchId,
  /** the price list's code (the lists and the stores of each are set up once, decision 095) */
  priceListCode: z.string().trim().min(1).max(40),
  rows: z
    .array(
      z.object({
        code,
        /** list price in cents (per kg for loose products) */
        priceCents: z.number().int().min(1).max(10_000_000),
        validFrom: day,
        /** last day of validity, included; absent: until a later price */
        validTo: day.optional(),
      }),
    )
    .min(1)
    .max(INTEGRATION_LIMITS.priceRows),
});
export type PricesBatch = z.infer<typeof pricesBatchSchema>;

// ---------- GET /integration/v1/orders/events (scope orders) ----------
export const ORDER_EVENT_KINDS = ['new', 'changed', 'cancelled', 'prepared'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
export const WEBHOOK_EVENT_TYPES = ORDER_EVENT_KINDS.map((k) => `order.${k}` as const);
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const feedQuerySchema = z.object({
  /** the `nextCursor` of the previous page; absent or 0: from the start */
  cursor: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(INTEGRATION_LIMITS.feedPageMax)
    .default(INTEGRATION_LIMITS.feedPageDefault),
});

export const feedOrderSchema = z.object({
  orderId: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  storeId: z.number().int(),
  warehouseId: z.number().int(),
  deliveryServiceId: z.number().int(),
  slotDate: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  totalCents: z.number().int(),
  capturedCents: z.number().int().nullable(),
  lines: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      /** ordered: pieces, or kg for loose products */
      quantity: z.number(),
      variableWeight: z.boolean(),
      /** picked (prepared orders): pieces delivered, and the weighed kg of a variable-weight line */
      deliveredQuantity: z.number().nullable(),
      realWeight: z.number().nullable(),
      substituteName: z.string().nullable(),
    }),
  ),
});
export const feedEventSchema = z.object({
  seq: z.number().int(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  orderId: z.number().int(),
  status: z.number().int(),
  at: z.string(),
  /** the order as it stands when read (a later change is a later event) */
  order: feedOrderSchema.nullable(),
});
export type FeedEvent = z.infer<typeof feedEventSchema>;
export const feedPageSchema = z.object({
  events: z.array(feedEventSchema),
  /** pass it as `cursor` for the next page (the same value when nothing new happened) */
  nextCursor: z.number().int(),
  hasMore: z.boolean(),
});

export const integrationEndpoints = {
  products: endpoint({
    method: 'POST',
    path: `${INTEGRATION_PREFIX}/products`,
    body: productsBatchSchema,
    response: batchResultSchema,
  }),
  stock: endpoint({
    method: 'POST',
    path: `${INTEGRATION_PREFIX}/stock`,
    body: stockBatchSchema,
    response: batchResultSchema,
  }),
  prices: endpoint({
    method: 'POST',
    path: `${INTEGRATION_PREFIX}/prices`,
    body: pricesBatchSchema,
    response: batchResultSchema,
  }),
  orderEvents: endpoint({
    method: 'GET',
    path: `${INTEGRATION_PREFIX}/orders/events`,
    query: feedQuerySchema,
    response: feedPageSchema,
  }),
};
