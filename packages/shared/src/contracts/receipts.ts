import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Receipts (issue 22, decision 046; spec sections 1, 3, 4, 7, 9): the customer's receipts of in-store
 * purchases (linked through the loyalty card) and of delivered online orders, their detail and PDF, the
 * digital receipt service and voucher mode (switched on or off, effective within 24 hours), the tax-free
 * refunds (`GET /taxfree/list`), and the stores' till systems sending receipts. The receipts module
 * registers these.
 */

// ---------- helpers ----------
const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .max(30)
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const id = numberLike.pipe(z.number().int().min(1).max(2_147_483_647));
/** YYYY-MM-DD, a day of the calendar */
export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  );

export const RECEIPTS_PAGE_SIZE = 12;
export const RECEIPTS_PAGE_SIZE_MAX = 100;
/** spec sections 1 and 9: digital receipts are kept 6 months */
export const DIGITAL_RECEIPT_MONTHS = 6;
/** a date filter spans at most this many days (receipts and tax-free refunds) */
export const RECEIPT_FILTER_MAX_DAYS = 366;
/** VAT rates of the goods sold (Italian rates: 4 % basic food, 5 %, 10 %, 22 % ordinary) */
export const VAT_RATES = [4, 5, 10, 22] as const;
export const RECEIPT_SOURCES = ['store', 'online'] as const;
export const PAYMENT_METHODS = ['cash', 'card', 'voucher', 'online', 'other'] as const;
export const VOUCHER_MODES = ['paper', 'digital'] as const;
export type VoucherMode = (typeof VOUCHER_MODES)[number];
export const TAXFREE_STATUSES = ['approved', 'pending'] as const;

// ---------- the receipt on the wire ----------
export const receiptSummarySchema = z.object({
  receiptId: z.number().int(),
  source: z.enum(RECEIPT_SOURCES),
  documentNumber: z.string(),
  /** ISO date-time of the document */
  issuedAt: z.string(),
  storeName: z.string(),
  /** euro */
  total: z.number(),
  itemCount: z.number().int(),
  /** the paper receipt was not printed (digital receipt, kept 6 months) */
  digital: z.boolean(),
  /** the online order it is the receipt of */
  orderId: z.number().int().nullable(),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

export const receiptLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  /** euro */
  unitPrice: z.number(),
  amount: z.number(),
  /** % */
  vatRate: z.number(),
});

export const receiptDetailSchema = receiptSummarySchema.extend({
  tillCode: z.string(),
  storeVatNumber: z.string(),
  storeAddress: z.string(),
  /** the card shown, masked but for its last 4 digits */
  cardNumber: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  lines: z.array(receiptLineSchema),
  /** the VAT included in the total, by rate (euro) */
  vat: z.array(z.object({ rate: z.number(), taxable: z.number(), tax: z.number() })),
  vatTotal: z.number(),
  /** YYYY-MM-DD: a digital receipt is deleted after this day (null: kept with the purchases) */
  keptUntil: z.string().nullable(),
});
export type ReceiptDetail = z.infer<typeof receiptDetailSchema>;

export const receiptPageSchema = z.object({
  selPage: z.number().int(),
  totPages: z.number().int(),
  totItems: z.number().int(),
  itemsPerPage: z.number().int(),
});

// ---------- GET /receipts/list ----------
export const receiptListQuerySchema = z.object({
  page: numberLike.pipe(z.number().int().min(1).max(100_000)).optional(),
  page_size: numberLike.pipe(z.number().int().min(1).max(RECEIPTS_PAGE_SIZE_MAX)).optional(),
  from_date: isoDay.optional(),
  to_date: isoDay.optional(),
});
export type ReceiptListQuery = z.input<typeof receiptListQuerySchema>;
export const receiptListSchema = z.object({
  receipts: z.array(receiptSummarySchema),
  page: receiptPageSchema,
});
export type ReceiptList = z.infer<typeof receiptListSchema>;

// ---------- GET /receipts/view ----------
export const receiptIdQuerySchema = z.object({ receipt_id: id });
export const receiptViewSchema = z.object({ receipt: receiptDetailSchema });
export type ReceiptView = z.infer<typeof receiptViewSchema>;

// ---------- GET/POST /receipts/settings ----------
export const receiptSettingsSchema = z.object({
  /** in force now */
  digitalReceipt: z.boolean(),
  voucherMode: z.enum(VOUCHER_MODES),
  /** a requested change and when it takes effect (null: none) */
  pending: z
    .object({
      digitalReceipt: z.boolean(),
      voucherMode: z.enum(VOUCHER_MODES),
      /** ISO date-time */
      effectiveAt: z.string(),
    })
    .nullable(),
  /** the loyalty card the tills know the customer by (masked), null: no card, the service cannot work */
  cardNumber: z.string().nullable(),
});
export type ReceiptSettings = z.infer<typeof receiptSettingsSchema>;
export const receiptSettingsBodySchema = z
  .object({
    digitalReceipt: z.boolean().optional(),
    voucherMode: z.enum(VOUCHER_MODES).optional(),
  })
  .refine((b) => b.digitalReceipt !== undefined || b.voucherMode !== undefined);
export type ReceiptSettingsBody = z.input<typeof receiptSettingsBodySchema>;

// ---------- GET /taxfree/list (spec section 7) ----------
export const taxfreeListQuerySchema = z.object({
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
});
export type TaxfreeListQuery = z.input<typeof taxfreeListQuerySchema>;
export const taxfreeRefundSchema = z.object({
  status: z.enum(TAXFREE_STATUSES),
  invoiceNumber: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  /** euro */
  amount: z.number(),
  pointOfSale: z.string(),
});
export type TaxfreeRefund = z.infer<typeof taxfreeRefundSchema>;
export const taxfreeListSchema = z.object({
  /** the period answered (the defaults filled in) */
  startDate: z.string(),
  endDate: z.string(),
  refunds: z.array(taxfreeRefundSchema),
});
export type TaxfreeList = z.infer<typeof taxfreeListSchema>;

// ---------- POST /receipts/till/ingest (store systems) ----------
const cents = z.number().int().min(0).max(100_000_000);
export const tillReceiptBodySchema = z.object({
  /** the till's number in the store */
  tillCode: z.string().trim().min(1).max(20),
  documentNumber: z.string().trim().min(1).max(40),
  /** ISO date-time with offset */
  issuedAt: z.iso.datetime({ offset: true }),
  /** 13-digit loyalty card number shown at the till */
  cardNumber: z
    .string()
    .trim()
    .regex(/^\d{13}$/)
    .nullable()
    .optional(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  totalCents: cents,
  lines: z
    .array(
      z.object({
        description: z.string().trim().min(1).max(120),
        productId: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
        quantity: z.number().positive().max(100_000),
        unitPriceCents: cents,
        amountCents: z.number().int().min(-100_000_000).max(100_000_000),
        vatRate: z.number().refine((r) => (VAT_RATES as readonly number[]).includes(r)),
      }),
    )
    .min(1)
    .max(500),
});
export type TillReceiptBody = z.input<typeof tillReceiptBodySchema>;
export const tillReceiptAnswerSchema = z.object({
  receiptId: z.number().int(),
  /** the same document was received before: nothing new was written */
  duplicate: z.boolean(),
  /** the till prints the paper receipt (false: the customer's digital receipt service is in force) */
  printPaper: z.boolean(),
  /** how the till hands over its coupons and vouchers to this customer */
  voucherMode: z.enum(VOUCHER_MODES),
  /** the card belongs to a customer of the online shop */
  customerLinked: z.boolean(),
});
export type TillReceiptAnswer = z.infer<typeof tillReceiptAnswerSchema>;

export const receiptsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/receipts/list',
    query: receiptListQuerySchema,
    response: receiptListSchema,
  }),
  view: endpoint({
    method: 'GET',
    path: '/receipts/view',
    query: receiptIdQuerySchema,
    response: receiptViewSchema,
  }),
  settings: endpoint({ method: 'GET', path: '/receipts/settings', response: receiptSettingsSchema }),
  changeSettings: endpoint({
    method: 'POST',
    path: '/receipts/settings',
    body: receiptSettingsBodySchema,
    response: receiptSettingsSchema,
  }),
  taxfree: endpoint({
    method: 'GET',
    path: '/taxfree/list',
    query: taxfreeListQuerySchema,
    response: taxfreeListSchema,
  }),
  ingest: endpoint({
    method: 'POST',
    path: '/receipts/till/ingest',
    body: tillReceiptBodySchema,
    response: tillReceiptAnswerSchema,
  }),
} as const;
