import { z } from 'zod';
import { cartItemSchema, cartSectorSchema } from './cart';
import { endpoint } from './endpoint';
import { PAYMENT_METHODS, tillReceiptAnswerSchema } from './receipts';
import { ITEM_CODE_MAX } from '../smartcart/item-code';

/**
 * Self-scanning in the store (spec sections 1, 2, 5 and 7 "Smart cart"; decision 057). The customer's phone
 * keeps a smart cart: one session at one store, its lines scanned or typed, priced at the store's price.
 * Every call answers the whole smart cart, shaped as the online cart (its lines are the cart's lines).
 */

/**
 * open → ended (till code shown) → closing (a till is writing its receipt) → closed (the receipt is written);
 * open or ended → cancelled
 */
export const SMART_CART_STATUSES = ['open', 'ended', 'closing', 'closed', 'cancelled'] as const;
export type SmartCartStatus = (typeof SMART_CART_STATUSES)[number];

export const smartCartItemSchema = cartItemSchema.extend({
  /** the code scanned or typed for the line (a scale label for weighed goods), null when added by product */
  scannedCode: z.string().nullable(),
  /** a price label's fixed amount: the line costs exactly this (euro), whatever the weight */
  labelPrice: z.number().nullable(),
});
export type SmartCartItem = z.infer<typeof smartCartItemSchema>;

/** A product of the shopping list imported as a reminder, and whether a line of it is already scanned. */
export const smartCartReminderSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  quantity: z.number(),
  scanned: z.boolean(),
});

export const smartCartSchema = z.object({
  cartId: z.number().int(),
  user: z.object({ userId: z.number().int() }),
  status: z.enum(SMART_CART_STATUSES),
  store: z.object({ storeId: z.number().int(), name: z.string() }),
  /** update-cart-info's properties (reminder_list_id, doc) */
  cartInfos: z.record(z.string(), z.string()),
  cartItems: z.array(smartCartItemSchema),
  sectors: z.array(cartSectorSchema.extend({ cartItems: z.array(smartCartItemSchema) })).optional(),
  reminders: z.array(smartCartReminderSchema),
  /** number of lines */
  totalItems: z.number(),
  /** euro: lines paid, at list price, their difference */
  totalPrice: z.number(),
  totalPriceStandard: z.number(),
  totalDiscount: z.number(),
  /** the code to show at the till once ended (also drawn as a barcode), null while open */
  tillCode: z.string().nullable(),
  /** the scans already applied, most recent first (the device drops them from its queue) */
  appliedScanIds: z.array(z.string()),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type SmartCart = z.infer<typeof smartCartSchema>;

// ---------- requests ----------
const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .max(30)
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const id = numberLike.pipe(z.number().int().min(1).max(2_147_483_647));
const quantity = numberLike.pipe(z.number().min(0).max(999_999));
const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');
/** a scan's id chosen by the device (a UUID): applied once, whenever and however often it is sent */
export const scanIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{8,64}$/, { message: 'Identificativo della scansione non valido.' });

export const SMART_CART_ITEMS_MAX = 50;

export const smartCartQuerySchema = z.object({
  store_id: id,
  show_sectors: queryBool.optional(),
});
export const smartCartViewQuerySchema = smartCartQuerySchema.extend({
  calculate_stock: queryBool.optional(),
});

/**
 * POST /smart-cart/add_prod: productId and quantity (pieces; kg for Sfuso, or `weight`), or — ours — the
 * `code` scanned or typed (a barcode or a scale label), with the device's `scanId`.
 */
export const smartCartAddItemSchema = z
  .object({
    productId: id.optional(),
    quantity: quantity.optional(),
    weight: quantity.optional(),
    code: z.string().trim().max(ITEM_CODE_MAX).optional(),
    scanId: scanIdSchema.optional(),
  })
  .refine((i) => i.productId !== undefined || i.code !== undefined, {
    message: 'Indicare il prodotto o il codice articolo.',
  });
export type SmartCartAddItem = z.infer<typeof smartCartAddItemSchema>;
export const smartCartAddBodySchema = z.object({
  items: z.array(smartCartAddItemSchema).min(1).max(SMART_CART_ITEMS_MAX),
});

/** POST /smart-cart/update_prods: a line's new quantity (0 removes it). */
export const smartCartUpdateBodySchema = z.object({
  items: z
    .array(z.object({ itemId: id, quantity, scanId: scanIdSchema.optional() }))
    .min(1)
    .max(SMART_CART_ITEMS_MAX),
});

/** POST /smart-cart/delete_prods: lines by itemId (quantity 0, productId as sent), plus a random hash. */
export const smartCartDeleteBodySchema = z.object({
  items: z
    .array(
      z.object({
        itemId: id,
        quantity: quantity.optional(),
        productId: id.optional(),
        scanId: scanIdSchema.optional(),
      }),
    )
    .min(1)
    .max(SMART_CART_ITEMS_MAX),
  /** the client's random hash (a cache buster) */
  hash: z.string().max(64).optional(),
});

/**
 * POST /smart-cart/update-cart-info (property, value, doc): `status` = `end` (the till code; `doc` the codice
 * fiscale to print on the receipt, optional) or `cancel`; `reminder_list_id` = a shopping list's id (its
 * products become reminders; '' forgets them).
 */
export const SMART_CART_INFO_PROPERTIES = ['status', 'reminder_list_id'] as const;
export const smartCartInfoBodySchema = z.object({
  property: z.string().max(50),
  value: z.union([z.string().max(100), z.number()]).transform(String),
  doc: z.string().trim().max(16).optional(),
});

/** GET /smart-cart/stores (ours): the stores where self-scanning is available. */
export const smartCartStoresSchema = z.object({
  stores: z.array(z.object({ storeId: z.number().int(), name: z.string() })),
});

// ---------- the till ----------
export const tillCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{4,20}$/, { message: 'Codice della spesa non valido.' });
export const smartCartTillQuerySchema = z.object({ code: tillCodeSchema });

/** What the till reads back from the code: the lines at the prices of the end, and the re-scan check. */
export const smartCartTillViewSchema = z.object({
  cartId: z.number().int(),
  status: z.enum(SMART_CART_STATUSES),
  storeId: z.number().int(),
  /** the chain's control: this session must be re-scanned by the staff before paying */
  rescan: z.boolean(),
  lines: z.array(
    z.object({
      description: z.string(),
      productId: z.number().int(),
      barcode: z.string().nullable(),
      quantity: z.number(),
      unitPriceCents: z.number().int(),
      amountCents: z.number().int(),
      vatRate: z.number(),
    }),
  ),
  totalCents: z.number().int(),
  /** the codice fiscale the customer asked to print, or null */
  doc: z.string().nullable(),
  receiptId: z.number().int().nullable(),
});
export type SmartCartTillView = z.infer<typeof smartCartTillViewSchema>;

export const smartCartTillCloseBodySchema = z.object({
  code: tillCodeSchema,
  tillCode: z.string().trim().min(1).max(20),
  documentNumber: z.string().trim().min(1).max(40),
  issuedAt: z.iso.datetime({ offset: true }),
  paymentMethod: z.enum(PAYMENT_METHODS),
});
export type SmartCartTillCloseBody = z.infer<typeof smartCartTillCloseBodySchema>;
export const smartCartTillCloseSchema = smartCartTillViewSchema.extend({ receipt: tillReceiptAnswerSchema });
export type SmartCartTillClose = z.infer<typeof smartCartTillCloseSchema>;

/** The till's re-scan check of a flagged session: all lines right, or some wrong (and corrected). */
export const RESCAN_OUTCOMES = ['passed', 'discrepancies'] as const;
export type RescanOutcome = (typeof RESCAN_OUTCOMES)[number];

const DISCREPANCIES_TEXT =
  'Indica il numero di righe errate: almeno 1 se ci sono differenze, 0 se il controllo è superato.';
const ADJUSTED_TEXT =
  'Indica l’importo corretto in centesimi (da -100000 a 100000), 0 se il controllo è superato.';
export const smartCartTillRescanBodySchema = z
  .object({
    code: tillCodeSchema,
    /** the till that checked (as in the close) */
    tillCode: z.string().trim().min(1).max(20),
    outcome: z.enum(RESCAN_OUTCOMES, { message: 'Esito del controllo non valido: passed o discrepancies.' }),
    /** lines found wrong */
    discrepancies: z
      .number({ message: DISCREPANCIES_TEXT })
      .int({ message: DISCREPANCIES_TEXT })
      .min(0)
      .max(999),
    /** what the till added to (positive) or took from (negative) the total, in cents */
    adjustedCents: z
      .number({ message: ADJUSTED_TEXT })
      .int({ message: ADJUSTED_TEXT })
      .min(-100_000, { message: ADJUSTED_TEXT })
      .max(100_000, { message: ADJUSTED_TEXT }),
  })
  .refine(
    (b) => (b.outcome === 'passed' ? b.discrepancies === 0 && b.adjustedCents === 0 : b.discrepancies >= 1),
    {
      message: DISCREPANCIES_TEXT,
      path: ['discrepancies'],
    },
  );
export type SmartCartTillRescanBody = z.infer<typeof smartCartTillRescanBodySchema>;
export const smartCartTillRescanSchema = z.object({
  cartId: z.number().int(),
  outcome: z.enum(RESCAN_OUTCOMES),
  discrepancies: z.number().int(),
  adjustedCents: z.number().int(),
  tillCode: z.string(),
  reportedAt: z.string(),
  /** this report had already been recorded (a replay): nothing changed */
  duplicate: z.boolean(),
});
export type SmartCartTillRescan = z.infer<typeof smartCartTillRescanSchema>;

// ---------- endpoints (the smartcart module registers them) ----------
export const smartCartEndpoints = {
  stores: endpoint({ method: 'GET', path: '/smart-cart/stores', response: smartCartStoresSchema }),
  view: endpoint({
    method: 'GET',
    path: '/smart-cart/view',
    query: smartCartViewQuerySchema,
    response: smartCartSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/smart-cart/add_prod',
    query: smartCartQuerySchema,
    body: smartCartAddBodySchema,
    response: smartCartSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/smart-cart/update_prods',
    query: smartCartQuerySchema,
    body: smartCartUpdateBodySchema,
    response: smartCartSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/smart-cart/delete_prods',
    query: smartCartQuerySchema,
    body: smartCartDeleteBodySchema,
    response: smartCartSchema,
  }),
  updateCartInfo: endpoint({
    method: 'POST',
    path: '/smart-cart/update-cart-info',
    body: smartCartInfoBodySchema,
    response: smartCartSchema,
  }),
  tillView: endpoint({
    method: 'GET',
    path: '/smart-cart/till/view',
    query: smartCartTillQuerySchema,
    response: smartCartTillViewSchema,
  }),
  tillClose: endpoint({
    method: 'POST',
    path: '/smart-cart/till/close',
    body: smartCartTillCloseBodySchema,
    response: smartCartTillCloseSchema,
  }),
  tillRescan: endpoint({
    method: 'POST',
    path: '/smart-cart/till/rescan',
    body: smartCartTillRescanBodySchema,
    response: smartCartTillRescanSchema,
  }),
};
