import { z } from 'zod';
import { personFiscalSchema } from './account';
import { cartShippingAddressSchema } from './cart';
import { MEAL_VOUCHER_KINDS } from '../checkout/meal-vouchers';

/**
 * The order on the wire (spec section 3 "Order", section 7 "Orders"): one shape for every answer that
 * carries an order (checkout/buy, order/view, token-order/view, order/list with fetch_detail, the order
 * actions). Money is euro with two decimals (decision 002), computed by the server from integer cents.
 * Lines keep what was ordered and, once picked, what was delivered (quantity, real weight, substitute).
 *
 * Its own file so that both contracts/checkout.ts (the buy answer, the checkout cart's invoice) and
 * contracts/orders.ts (whose endpoints include the order actions answering the checkout cart) read it
 * without importing each other; contracts/orders.ts re-exports every name.
 */

const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .max(30)
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
export const orderIdParam = numberLike.pipe(z.number().int().min(1).max(2_147_483_647));

// ---------- the order ----------
export const orderStatusHistoryEntrySchema = z.object({
  orderStatusId: z.number().int(),
  orderStatusDescr: z.string(),
  /** ISO date-time */
  date: z.string(),
  /** customer | provider | staff | system */
  actor: z.string(),
});

export const orderDeliveredSchema = z.object({
  /** delivered quantity in the base unit (pieces, kg, l) */
  quantity: z.number(),
  /** the real weight of a variable-weight line, base unit; null otherwise */
  weight: z.number().nullable(),
  unitPrice: z.number(),
  grossTotal: z.number(),
  /** the product delivered instead of the one ordered (accept alternatives) */
  substitute: z.object({ productId: z.number().int(), name: z.string() }).nullable(),
});

export const orderItemSchema = z.object({
  orderItemId: z.number().int(),
  productId: z.number().int(),
  codInt: z.string(),
  name: z.string(),
  shortDescr: z.string(),
  description: z.string(),
  mediaURL: z.string(),
  slug: z.string().optional(),
  /** Pezzo | Sfuso | Confezione */
  sellingType: z.string(),
  /** pz | kg | l */
  unitBase: z.string(),
  /** the chosen options: { parameterName: key } */
  params: z.record(z.string(), z.string()),
  /** ordered quantity (base unit) */
  quantity: z.number(),
  /** euro: unit price paid, list price, line total paid, line total at list price */
  unitPrice: z.number(),
  unitPriceStandard: z.number(),
  grossTotal: z.number(),
  grossTotalStandard: z.number(),
  /** promotion texts at buy time */
  warehousePromo: z
    .object({ warehousePromoId: z.number().int(), header: z.string(), body: z.string() })
    .nullable(),
  variableWeight: z.boolean(),
  acceptAlternatives: z.boolean(),
  cartItemInfo: z.record(z.string(), z.string()),
  sectorId: z.number().int(),
  /** null until the line is picked */
  delivered: orderDeliveredSchema.nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** What the provider held, took or gave back of an order, and when (decision 085). */
export const orderMoneyMovementSchema = z.object({
  /** held: "Importo bloccato"; taken: "Addebitato"; returned: "Restituito" (a released hold or a refund) */
  kind: z.enum(['held', 'taken', 'returned']),
  /** euro */
  amount: z.number(),
  /** ISO instant */
  at: z.string(),
});

export const orderPaymentSchema = z.object({
  paymentTypeId: z.number().int(),
  paymentTypeDescr: z.string(),
  online: z.boolean(),
  /** created | pending | authorized | declined | voided | captured | refunded | not_required; null: none */
  status: z.string().nullable(),
  /** euro held, taken */
  amountAuthorized: z.number(),
  amountCaptured: z.number(),
  /** at most the brand and the last four digits (card numbers are never stored) */
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** euro given back by refunds (decision 085); absent from servers before it */
  amountRefunded: z.number().optional(),
  /** every movement of the order's money at the provider, oldest first (decision 085); absent before it */
  movements: z.array(orderMoneyMovementSchema).optional(),
});

export const orderAdjustmentSchema = z.object({
  giftCertificate: z.object({ giftCertificateId: z.number().int(), code: z.string(), name: z.string() }),
  /** euro taken off */
  discount: z.number(),
});

/** The invoice data an order keeps: the customer's billing data (a person fiscal) as it was at the purchase. */
export const orderInvoiceSchema = personFiscalSchema.omit({ personFiscalId: true });
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

/**
 * Meal vouchers declared at checkout (decision 047): how many, their kind, one voucher's face value, the amount
 * they pay (euro) and their service cost (euro, inside the total) with its percentage.
 */
export const mealVouchersSchema = z.object({
  count: z.number().int(),
  kind: z.enum(MEAL_VOUCHER_KINDS),
  faceValue: z.number(),
  amount: z.number(),
  serviceCost: z.number(),
  serviceCostPercent: z.number(),
});
export type MealVouchers = z.infer<typeof mealVouchersSchema>;

/** "Sto arrivando" (decision 049): the customer's last word to the store about their arrival. */
export const parkingReservationSchema = z.object({
  orderId: z.number().int(),
  /** km */
  distance: z.number(),
  reservationInfo: z.string(),
  /** ISO date-time of the last update */
  updatedAt: z.string(),
});
export type ParkingReservation = z.infer<typeof parkingReservationSchema>;

export const orderSchema = z.object({
  orderId: z.number().int(),
  orderStatusId: z.number().int(),
  orderStatusDescr: z.string(),
  /** 1 = normal order */
  orderTypeId: z.number().int(),
  /** ISO date-time of the order */
  date: z.string(),
  /** the cart this order came from */
  cartId: z.number().int(),
  deliveryServiceId: z.number().int(),
  /** true: home delivery; false: pickup (Drive, locker) */
  homeDelivery: z.boolean(),
  store: z.object({ storeId: z.number().int(), name: z.string() }),
  warehouse: z.object({ warehouseId: z.number().int(), name: z.string() }),
  shippingAddress: cartShippingAddressSchema,
  timeslot: z.object({
    date: z.string(),
    timeslotId: z.number().int(),
    beginTime: z.string(),
    endTime: z.string(),
    deliveryDayPeriodId: z.number().int(),
  }),
  paymentTypeId: z.number().int(),
  payment: orderPaymentSchema,
  // euro
  totalItems: z.number().int(),
  /** lines paid (after promotions) */
  totalPrice: z.number(),
  totalPriceStandard: z.number(),
  totalDiscount: z.number(),
  deliveryFee: z.number(),
  /** estimated shopping bags */
  packagingTotal: z.number(),
  giftDiscount: z.number(),
  /** what the customer pays: lines - gift discount + delivery fee + bags + meal vouchers' service cost */
  grossTotal: z.number(),
  /** what the payment type takes: an online payment's hold (pre-authorised amount), less the wallet's part */
  prebilledAmount: z.number(),
  /** the part paid with the wallet (decision 039) */
  walletTotal: z.number(),
  /** the meal vouchers to collect at delivery or pickup (decision 047), null: none */
  mealVouchers: mealVouchersSchema.nullable(),
  /** the real amount taken when prepared; null before */
  capturedAmount: z.number().nullable(),
  /** the delivered lines' total (after picking); null before */
  deliveredTotal: z.number().nullable(),
  orderAdjustmentSummary: z.object({ orderAdjustments: z.array(orderAdjustmentSchema) }),
  packaging: z
    .object({
      packagingTypeId: z.number().int(),
      name: z.string(),
      bags: z.number().int(),
      price: z.number(),
    })
    .nullable(),
  /** invoice, lottery code, extra e-mail for the copy, notes */
  invoice: orderInvoiceSchema.nullable(),
  lotteryCode: z.string().nullable(),
  extraEmail: z.string().nullable(),
  notes: z.string().nullable(),
  orderItems: z.array(orderItemSchema),
  statusHistory: z.array(orderStatusHistoryEntrySchema),
  // what the customer may do now (packages/shared orders/order-status.ts)
  isEditable: z.boolean(),
  isCancellable: z.boolean(),
  canRetryPayment: z.boolean(),
  isPaymentTypeChangeable: z.boolean(),
  /** reorder (cart/add-all-from-order) is always offered */
  canReorder: z.boolean(),
  /** the customer's rating of the order, if any */
  note: z
    .object({ noteId: z.number().int(), rating: z.number().int(), title: z.string(), comment: z.string() })
    .nullable(),
  /** the arrival the customer announced for a Drive order (GET /order/view only, when there is one) */
  parkingReservation: parkingReservationSchema.nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;
