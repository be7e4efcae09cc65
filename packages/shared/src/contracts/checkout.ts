import { z } from 'zod';
import { personFiscalFormSchema } from './account';
import { cartSchema } from './cart';
import { MEAL_VOUCHER_KINDS } from '../checkout/meal-vouchers';
import { OWN_TEXT, endpoint } from './endpoint';
import { mealVouchersSchema, orderIdParam, orderInvoiceSchema, orderSchema } from './order-shape';

/**
 * Checkout and payments (spec section 7 "Cart and checkout", section 9 payment types and pre-authorised
 * amount; decision 017): packaging types (shopping bags), payment types, gift codes, prepare (locks the
 * cart: status 7), buy, the pre-authorised amount, and the order actions (delete, modify, payment,
 * modify-payment-type, list-retry-payment). Money on the wire is euro (decision 002).
 */

// ---------- helpers ----------
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
const boolLike = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/**
 * Code of the refusal (and of the `checkout.missingCodes` entry) when the profile lacks a personal datum
 * needed to pay: first name, last name, a phone, the fiscal code of an Italian citizen.
 */
export const PERSONAL_DATA_MISSING_CODE = 'msg.checkout.personalData';

/** The invalid gift code text (spec section 8). */
export const GIFT_CODE_INVALID_TEXT =
  'Il codice sconto non è valido. Verifica di averlo scritto correttamente';
export const GIFT_CODE_MAX = 40;
/** a gift code as typed: trimmed, upper-cased, letters, digits and dashes */
export const giftCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1)
  .max(GIFT_CODE_MAX)
  .regex(/^[A-Z0-9-]+$/);

// ---------- GET /packaging-type/list -> data.products ----------
/** A shopping bag choice, in the shape of a product card (the platform answers `data.products`). */
export const packagingProductSchema = z.object({
  productId: z.number().int(),
  packagingTypeId: z.number().int(),
  code: z.string(),
  name: z.string(),
  shortDescr: z.string(),
  description: z.string(),
  mediaURL: z.string(),
  /** euro per bag */
  price: z.number(),
  priceDisplay: z.number(),
  /** how many pieces one bag holds (the estimate of the number of bags) */
  itemsPerBag: z.number().int(),
  /** bags the open cart would need, and their cost in euro */
  estimatedBags: z.number().int(),
  estimatedTotal: z.number(),
  isDefault: z.boolean(),
  /** the cart's current choice */
  selected: z.boolean(),
  available: z.number().int(),
});
export type PackagingProduct = z.infer<typeof packagingProductSchema>;
export const packagingTypeListDataSchema = z.object({ products: z.array(packagingProductSchema) });

// ---------- GET /payment-type/list-auth (payment_type_id) -> data.auths ----------
export const paymentTypeListQuerySchema = z.object({ payment_type_id: id.optional() });
export const paymentTypeSchema = z.object({
  paymentTypeId: z.number().int(),
  name: z.string(),
  descr: z.string(),
  online: z.boolean(),
  /** 12 by default (spec section 9) */
  default: z.boolean(),
  /** false: not offered for this cart (e.g. deferred payment needs a company account) */
  enabled: z.boolean(),
});
export type PaymentType = z.infer<typeof paymentTypeSchema>;
/**
 * `auths` are the customer's stored payment authorisations for a type (saved cards on the platform). Spesa
 * never keeps a card, so the list holds none; the payment types themselves travel in `paymentTypes`.
 */
export const paymentAuthSchema = z.object({
  userPaymentAuthId: z.number().int(),
  paymentTypeId: z.number().int(),
  creditCard: z.string(),
  expireDate: z.string().nullable(),
});
export const paymentTypeListDataSchema = z.object({
  auths: z.array(paymentAuthSchema),
  paymentTypes: z.array(paymentTypeSchema),
  defaultPaymentTypeId: z.number().int(),
});

// ---------- gift codes ----------
export const giftCodeQuerySchema = z.object({ code: giftCodeSchema });
export const giftCodeBodySchema = z.object({ code: giftCodeSchema });
export const giftCertificateSchema = z.object({
  giftCertificateId: z.number().int(),
  code: z.string(),
  name: z.string(),
  descr: z.string(),
  /** percent | amount */
  kind: z.string(),
  /** percent: e.g. 10 (%); amount: euro */
  value: z.number(),
  /** euro of goods needed */
  minSpend: z.number(),
  /** YYYY-MM-DD */
  validTo: z.string(),
});
export type GiftCertificate = z.infer<typeof giftCertificateSchema>;
/** GET /cart-giftcertificate/check: whether the code would apply to the open cart now, and how much. */
export const giftCheckDataSchema = z.object({
  giftCertificate: giftCertificateSchema,
  /** euro it would take off the open cart now (0 below the minimum spend) */
  discount: z.number(),
  applicable: z.boolean(),
});

// ---------- the cart as checkout answers it ----------
export const checkoutCartSchema = cartSchema.extend({
  orderAdjustmentSummary: z.object({
    orderAdjustments: z.array(
      z.object({
        userGiftCertificateId: z.number().int(),
        giftCertificate: giftCertificateSchema,
        /** euro taken off now */
        discount: z.number(),
      }),
    ),
    totalDiscount: z.number(),
  }),
  checkout: z.object({
    packagingTypeId: z.number().int().nullable(),
    /** estimated bags and their cost (euro) */
    bags: z.number().int(),
    packagingTotal: z.number(),
    giftDiscount: z.number(),
    /** lines - gift discount + fee + bags (euro) */
    orderTotal: z.number(),
    /** the hold of an online payment: total + 25 % of the variable-weight lines (+ bags) */
    prebilledAmount: z.number(),
    /** the delivery is one of the premium card's free deliveries (deliveryFee is 0) */
    premiumFreeDelivery: z.boolean(),
    /**
     * the premium card's 20 % product among the cart's lines (decision 043): its lines cost `percent` less
     * than their grossTotal, `discount` euros in all (in orderTotal already); null: none in this cart
     */
    premiumProduct: z
      .object({ productId: z.number().int(), percent: z.number().int(), discount: z.number() })
      .nullable(),
    rulesAccepted: z.boolean(),
    needInvoice: z.boolean(),
    invoice: orderInvoiceSchema.nullable(),
    lotteryCode: z.string().nullable(),
    extraEmail: z.string().nullable(),
    /** the order being modified (the cart is that order reopened), null otherwise */
    editingOrderId: z.number().int().nullable(),
    /**
     * euros of the modified order paid with the wallet: given back when it is bought again, so the wallet can
     * pay up to its balance plus this (0: none)
     */
    walletHeld: z.number(),
    /**
     * the meal vouchers declared (decision 047); `amount` is what they pay (0 while a rule refuses them: see
     * `missing`), prebilledAmount is what the payment type takes without it. null: none declared
     */
    mealVouchers: mealVouchersSchema.nullable(),
    /** the food part of the goods (euro): what meal vouchers may pay at most */
    foodTotal: z.number(),
    /** what is still missing before buying (Italian texts); empty: ready */
    missing: z.array(z.string()),
    /** the message code of each `missing` text, in the same order: what a client switches on */
    missingCodes: z.array(z.string()),
  }),
});
export type CheckoutCart = z.infer<typeof checkoutCartSchema>;

// ---------- POST /checkout/prepare (params) ----------
export const LOTTERY_CODE_PATTERN = /^[A-Z0-9]{8}$/;
export const checkoutPrepareBodySchema = z.object({
  /** the rules (terms of sale) accepted: required to buy (spec section 5) */
  accept_rules: boolLike.optional(),
  packaging_type_id: id.optional(),
  /** invoice: false/absent = none; with invoice data, or a saved person fiscal id */
  need_invoice: boolLike.optional(),
  person_fiscal_id: id.optional(),
  invoice: personFiscalFormSchema.optional(),
  /** the receipt lottery code (8 letters or digits); not together with an invoice (spec section 5) */
  lottery_code: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || LOTTERY_CODE_PATTERN.test(v), {
      error: 'Il codice lotteria deve essere di 8 caratteri tra lettere e cifre.',
    })
    .optional(),
  /** another e-mail that receives a copy of the order */
  extra_email: z
    .string()
    .trim()
    .max(254)
    .refine(
      (v) => v === '' || /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,11}$/.test(v),
      {
        error: 'Digitare una e-mail valida',
      },
    )
    .optional(),
  notes: z.string().trim().max(500).optional(),
  /**
   * electronic meal vouchers to hand over at delivery or pickup (decision 047): how many, their kind and one
   * voucher's face value in euro; null takes the declaration away. The rules (1 to 8, 1-20 €, goods of at least
   * 100 €, food only, no invoice) answer the checkout's Italian refusals.
   */
  meal_vouchers: z
    .object({
      count: numberLike.pipe(z.number().int().min(-1000).max(1000)),
      kind: z.enum(MEAL_VOUCHER_KINDS),
      face_value: numberLike.pipe(
        z
          .number()
          .min(0)
          .max(1000)
          .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6),
      ),
    })
    .nullable()
    .optional(),
});
export type CheckoutPrepareBody = z.infer<typeof checkoutPrepareBodySchema>;

// ---------- POST /checkout/buy ----------
/** `payment_data` travels as JSON text (spec section 7); only these keys are read, never a card number. */
export const WALLET_AMOUNT_INVALID_TEXT =
  "L'importo da pagare con il portafoglio non è valido: indica un importo in euro, al centesimo.";
export const paymentDataSchema = z
  .object({
    /** where the provider sends the browser back (a path of the web app), optional */
    return_path: z.string().max(200).optional(),
    /**
     * euros paid with the wallet (decision 039): the rest goes to the payment type. Whole cents, from 0 to
     * the order's total; 0 pays nothing with the wallet.
     */
    wallet_amount: z
      .number({ error: WALLET_AMOUNT_INVALID_TEXT })
      .min(0, { error: WALLET_AMOUNT_INVALID_TEXT })
      .max(100_000, { error: WALLET_AMOUNT_INVALID_TEXT })
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: WALLET_AMOUNT_INVALID_TEXT })
      .optional(),
  })
  .catchall(z.unknown());
export const paymentDataText = z
  .string()
  .max(4000)
  .transform((text, ctx) => {
    if (text.trim() === '') return {};
    try {
      const parsed: unknown = JSON.parse(text);
      const checked = paymentDataSchema.safeParse(parsed);
      if (checked.success) return checked.data;
      if (checked.error.issues.some((i) => i.path[0] === 'wallet_amount')) {
        ctx.addIssue({ code: 'custom', message: WALLET_AMOUNT_INVALID_TEXT, params: OWN_TEXT });
        return z.NEVER;
      }
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'Il parametro payment_data non è valido.' });
    return z.NEVER;
  });

/** The wallet's part of `payment_data` in cents (whole cents: the contract checked them); undefined: absent. */
export const walletCentsOf = (
  data: { wallet_amount?: number | undefined } | undefined,
): number | undefined =>
  data?.wallet_amount === undefined ? undefined : Math.round(data.wallet_amount * 100);

export const checkoutBuyBodySchema = z.object({
  payment_type_id: id.optional(),
  user_payment_auth_id: id.optional(),
  payment_data: paymentDataText.optional(),
  /** the idempotency key may also come in the body (the header `Idempotency-Key` wins) */
  idempotency_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/)
    .optional(),
});
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The answer of buy and of the payment actions: the order, and the hosted payment page for online types. */
export const orderPaymentDataSchema = z.object({
  order: orderSchema,
  orderId: z.number().int(),
  /** the provider's hosted page to send the browser to; null when nothing is to be paid online now */
  paymentUrl: z.string().nullable(),
  /** true: this call created nothing (a repeated buy answered the existing order) */
  replayed: z.boolean(),
});
export type OrderPaymentData = z.infer<typeof orderPaymentDataSchema>;

// ---------- GET /checkout/prebilled-amount (payment_type_id, order_id) -> data.prebilledAmount ----------
export const prebilledQuerySchema = z.object({ payment_type_id: id.optional(), order_id: id.optional() });
export const prebilledDataSchema = z.object({
  /** euro held by an online payment; equals grossTotal for types without provider */
  prebilledAmount: z.number(),
  grossTotal: z.number(),
  variableWeightTotal: z.number(),
  packagingTotal: z.number(),
});

// ---------- the order actions (spec section 7 "Orders") ----------
export const orderIdBodySchema = z.object({ order_id: orderIdParam });
/** POST /order/delete -> info 'Ordine {orderId} annullato' */
export const orderDeleteBodySchema = orderIdBodySchema;
export const orderCancelledText = (orderId: number) => `Ordine ${orderId} annullato`;
/** POST /order/modify: the order reopens as the customer's cart (slot kept) */
export const orderModifyBodySchema = orderIdBodySchema;
/** POST /order/payment: a new hosted payment session for a failed (11) or abandoned (1) payment */
export const orderPaymentBodySchema = orderIdBodySchema;
/** POST /order/modify-payment-type */
export const orderModifyPaymentTypeBodySchema = z.object({
  order_id: orderIdParam,
  payment_type_id: id,
  user_payment_auth_id: id.optional(),
  payment_data: paymentDataText.optional(),
});
/** GET /order/list-retry-payment: the customer's orders whose payment can be retried */
export const orderRetryListDataSchema = z.object({ orders: z.array(orderSchema) });

// ---------- payment provider feedback (GET /payment/feedback/:provider) ----------
export const paymentFeedbackQuerySchema = z.record(
  z.string().max(40),
  z.string().max(2000),
);
/** The provider of a feedback or webhook URL: its name (payment_authorizations.provider). */
export const paymentProviderParamsSchema = z.object({ provider: z.string().regex(/^[a-z]{2,20}$/) });
/** The web app's payment-completed route: /checkout/completed/:status?order_id=... */
export const PAYMENT_COMPLETED_STATUSES = ['success', 'failed', 'pending'] as const;
export type PaymentCompletedStatus = (typeof PAYMENT_COMPLETED_STATUSES)[number];

// ---------- endpoints (the checkout module registers them; the order actions are in ordersEndpoints) ----------
export const checkoutEndpoints = {
  packagingTypes: endpoint({
    method: 'GET',
    path: '/packaging-type/list',
    response: packagingTypeListDataSchema,
  }),
  paymentTypes: endpoint({
    method: 'GET',
    path: '/payment-type/list-auth',
    query: paymentTypeListQuerySchema,
    response: paymentTypeListDataSchema,
  }),
  giftCheck: endpoint({
    method: 'GET',
    path: '/cart-giftcertificate/check',
    query: giftCodeQuerySchema,
    response: giftCheckDataSchema,
  }),
  giftAdd: endpoint({
    method: 'POST',
    path: '/cart-giftcertificate/add_code',
    body: giftCodeBodySchema,
    response: checkoutCartSchema,
  }),
  giftRemove: endpoint({
    method: 'POST',
    path: '/cart-giftcertificate/remove_code',
    body: giftCodeBodySchema,
    response: checkoutCartSchema,
  }),
  prepare: endpoint({
    method: 'POST',
    path: '/checkout/prepare',
    body: checkoutPrepareBodySchema.optional(),
    response: checkoutCartSchema,
  }),
  unlock: endpoint({ method: 'POST', path: '/checkout/unlock', response: checkoutCartSchema }),
  /** The checkout's cart, read without changing it (the page's refetches must not unlock a cart being bought). */
  cart: endpoint({ method: 'GET', path: '/checkout/cart', response: checkoutCartSchema }),
  prebilled: endpoint({
    method: 'GET',
    path: '/checkout/prebilled-amount',
    query: prebilledQuerySchema,
    response: prebilledDataSchema,
  }),
  // the route also reads the Idempotency-Key header, which wins over the body's idempotency_key
  buy: endpoint({
    method: 'POST',
    path: '/checkout/buy',
    body: checkoutBuyBodySchema.optional(),
    response: orderPaymentDataSchema,
  }),
};
