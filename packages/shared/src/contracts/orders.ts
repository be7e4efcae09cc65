import { z } from 'zod';
import { cartQuerySchema, cartSchema } from './cart';
import {
  checkoutCartSchema,
  orderDeleteBodySchema,
  orderModifyBodySchema,
  orderModifyPaymentTypeBodySchema,
  orderPaymentBodySchema,
  orderPaymentDataSchema,
  orderRetryListDataSchema,
} from './checkout';
import { OWN_TEXT, endpoint } from './endpoint';
import { orderIdParam, orderSchema, parkingReservationSchema } from './order-shape';

/**
 * The customer's orders (spec section 7 "Orders", decision 018): list, detail, read-only token view,
 * rating, reorder, and the endpoints of the orders module (with the order actions, whose request and answer
 * schemas live in contracts/checkout.ts). The order itself is in contracts/order-shape.ts, re-exported here.
 */
export {
  orderAdjustmentSchema,
  orderDeliveredSchema,
  orderIdParam,
  orderInvoiceSchema,
  orderItemSchema,
  orderPaymentSchema,
  orderSchema,
  orderStatusHistoryEntrySchema,
  parkingReservationSchema,
  type Order,
  type OrderInvoice,
  type OrderItem,
  type ParkingReservation,
} from './order-shape';

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
const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');
/** YYYY-MM-DD */
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  );
const euroParam = numberLike.pipe(z.number().min(0).max(1_000_000));

/** spec section 9: orders page size 12 */
export const ORDERS_PAGE_SIZE = 12;
export const ORDERS_PAGE_SIZE_MAX = 100;

// ---------- GET /order/list (spec section 3 "Product order filters") ----------
export const orderListQuerySchema = z.object({
  page: numberLike.pipe(z.number().int().min(1).max(100_000)).optional(),
  page_size: numberLike.pipe(z.number().int().min(1).max(ORDERS_PAGE_SIZE_MAX)).optional(),
  /** with the lines (orderItems); without, orderItems is [] */
  fetch_detail: queryBool.optional(),
  /** also orders still in payment (statuses 1, 2, 11) */
  show_pending: queryBool.optional(),
  /** also lines replaced by a substitute, shown as ordered */
  show_replaced: queryBool.optional(),
  from_date: isoDate.optional(),
  to_date: isoDate.optional(),
  from_gross_total: euroParam.optional(),
  to_gross_total: euroParam.optional(),
  order_type: numberLike.pipe(z.number().int().min(1).max(100)).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const pageSchema = z.object({
  selPage: z.number().int(),
  totPages: z.number().int(),
  totItems: z.number().int(),
  itemsPerPage: z.number().int(),
});

export const orderListDataSchema = z.object({ orders: z.array(orderSchema), page: pageSchema });
export type OrderListData = z.infer<typeof orderListDataSchema>;

// ---------- GET /order/view, GET /token-order/view ----------
export const orderViewQuerySchema = z.object({
  order_id: orderIdParam,
  show_replaced: queryBool.optional(),
});
/** the platform's client reads data.data */
export const orderViewDataSchema = z.object({ data: orderSchema });

/** a read-only, expiring access token (base64url of 32 random bytes) */
export const ORDER_ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const tokenOrderViewQuerySchema = z.object({
  order_id: orderIdParam,
  access_token: z.string().trim().regex(ORDER_ACCESS_TOKEN_PATTERN),
  show_replaced: queryBool.optional(),
});

// ---------- POST /note/order/add | /note/order/update (order rating) ----------
export const orderNoteBodySchema = z.object({
  orderId: orderIdParam,
  /** present: update that note */
  noteId: orderIdParam.optional(),
  noteTypeId: numberLike.pipe(z.number().int().min(1).max(100)).optional(),
  rating: numberLike.pipe(z.number().int().min(1).max(5)),
  title: z.string().trim().max(120).optional(),
  comment: z.string().trim().max(2000).optional(),
});
export type OrderNoteBody = z.infer<typeof orderNoteBodySchema>;
export const orderNoteDataSchema = z.object({
  note: z.object({
    noteId: z.number().int(),
    orderId: z.number().int(),
    noteTypeId: z.number().int(),
    rating: z.number().int(),
    title: z.string(),
    comment: z.string(),
  }),
});

// ---------- POST /cart/add-all-from-order (reorder) ----------
/** body `{ order_id }` (form or JSON); the answer is the whole new cart (contracts/cart.ts cartSchema) */
export const cartAddAllFromOrderBodySchema = z.object({ order_id: orderIdParam });

// ---------- GET /order/list-for-all-user-shipping-addresses (spec section 3 "Per-address filters") ----------
/**
 * Every order of the customer, whatever its address or store, with the per-address filters; answers
 * `orderListDataSchema`. Orders in payment are included. Spesa has no sub-orders: a sub-order is the order
 * itself (its store, its slot day).
 */
export const orderListForAddressesQuerySchema = z.object({
  page: numberLike.pipe(z.number().int().min(1).max(100_000)).optional(),
  page_size: numberLike.pipe(z.number().int().min(1).max(ORDERS_PAGE_SIZE_MAX)).optional(),
  order_id_filter: orderIdParam.optional(),
  order_from_date_filter: isoDate.optional(),
  order_to_date_filter: isoDate.optional(),
  suborder_id_filter: orderIdParam.optional(),
  suborder_warehouseid_filter: orderIdParam.optional(),
  /** the slot day */
  suborder_delivery_from_date_filter: isoDate.optional(),
  suborder_delivery_to_date_filter: isoDate.optional(),
  shipping_address_id_filter: orderIdParam.optional(),
  fetch_only_suborders_matching_filter: queryBool.optional(),
  fetch_detail: queryBool.optional(),
});
export type OrderListForAddressesQuery = z.infer<typeof orderListForAddressesQuerySchema>;

// ---------- POST /order/reserve (parking at pickup, spec sections 3, 4 and 7; decision 049) ----------
/** the customer's distance from the store in km: 0 to this */
export const PARKING_DISTANCE_MAX_KM = 300;
export const PARKING_INFO_MAX = 40;
export const PARKING_DISTANCE_TEXT = `Indica a quanti chilometri sei dal punto vendita (da 0 a ${PARKING_DISTANCE_MAX_KM}).`;
export const PARKING_INFO_TEXT = `Scrivi la targa dell’auto o il numero dello stallo (da 2 a ${PARKING_INFO_MAX} caratteri).`;
export const orderReserveBodySchema = z.object({
  order_id: orderIdParam,
  /** km, at most one decimal kept */
  distance: z.union([z.number(), z.string().trim().max(12)]).transform((v, ctx) => {
    const n =
      typeof v === 'number' ? v : /^\d+([.,]\d+)?$/.test(v) ? Number(v.replace(',', '.')) : Number.NaN;
    if (!Number.isFinite(n) || n < 0 || n > PARKING_DISTANCE_MAX_KM) {
      ctx.addIssue({ code: 'custom', message: PARKING_DISTANCE_TEXT, params: OWN_TEXT });
      return z.NEVER;
    }
    return Math.round(n * 10) / 10;
  }),
  /** the car's plate or the bay, trimmed, inner spaces collapsed */
  reservation_info: z
    .string({ error: PARKING_INFO_TEXT })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .refine(
      (v) => v.length >= 2 && v.length <= PARKING_INFO_MAX && !/[<>]/.test(v) && ![...v].some((c) => c < ' '),
      {
        error: PARKING_INFO_TEXT,
        params: OWN_TEXT,
      },
    ),
});
export type OrderReserveBody = z.input<typeof orderReserveBodySchema>;
export const orderReserveDataSchema = z.object({ reservation: parkingReservationSchema });

// ---------- endpoints (the orders module registers them) ----------
export const ordersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/order/list',
    query: orderListQuerySchema,
    response: orderListDataSchema,
  }),
  listForAllAddresses: endpoint({
    method: 'GET',
    path: '/order/list-for-all-user-shipping-addresses',
    query: orderListForAddressesQuerySchema,
    response: orderListDataSchema,
  }),
  view: endpoint({
    method: 'GET',
    path: '/order/view',
    query: orderViewQuerySchema,
    response: orderViewDataSchema,
  }),
  tokenView: endpoint({
    method: 'GET',
    path: '/token-order/view',
    query: tokenOrderViewQuerySchema,
    response: orderViewDataSchema,
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/note/order/add',
    body: orderNoteBodySchema,
    response: orderNoteDataSchema,
  }),
  updateNote: endpoint({
    method: 'POST',
    path: '/note/order/update',
    body: orderNoteBodySchema,
    response: orderNoteDataSchema,
  }),
  addAllFromOrder: endpoint({
    method: 'POST',
    path: '/cart/add-all-from-order',
    query: cartQuerySchema,
    body: cartAddAllFromOrderBodySchema,
    response: cartSchema,
  }),
  // the customer's order actions (request and answer schemas in contracts/checkout.ts)
  cancel: endpoint({
    method: 'POST',
    path: '/order/delete',
    body: orderDeleteBodySchema,
    response: z.object({ order: orderSchema }),
  }),
  modify: endpoint({
    method: 'POST',
    path: '/order/modify',
    body: orderModifyBodySchema,
    response: z.object({ cart: checkoutCartSchema }),
  }),
  retryPayment: endpoint({
    method: 'POST',
    path: '/order/payment',
    body: orderPaymentBodySchema,
    response: orderPaymentDataSchema,
  }),
  modifyPaymentType: endpoint({
    method: 'POST',
    path: '/order/modify-payment-type',
    body: orderModifyPaymentTypeBodySchema,
    response: orderPaymentDataSchema,
  }),
  reserve: endpoint({
    method: 'POST',
    path: '/order/reserve',
    body: orderReserveBodySchema,
    response: orderReserveDataSchema,
  }),
  listRetryPayment: endpoint({
    method: 'GET',
    path: '/order/list-retry-payment',
    response: orderRetryListDataSchema,
  }),
};
