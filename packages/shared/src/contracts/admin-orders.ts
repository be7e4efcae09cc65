import { z } from 'zod';
import { endpoint } from './endpoint';
import { orderIdParam, orderSchema } from './order-shape';

/**
 * Orders in the back office (decisions 018 and 030): the day's orders of a store, one order's picking (the
 * delivered quantity, real weight or substitute of each line), marking it prepared (the real amount captured,
 * never above the authorisation) and the delivery steps, under /ebsn/api/admin/orders. Staff signed in to
 * the back office only, of the roles of ADMIN_GRANTS.orders; a store manager or picker sees their stores'
 * orders only. Every status change goes through the shared transition table (orders/order-status.ts) with
 * the actor 'staff'; every write is in the audit log.
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
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  );
/** a delivered quantity or a real weight, base unit, 3 decimals at most */
const amount = numberLike.pipe(z.number().min(0).max(9999));

// ---------- GET /admin/orders ----------
export const staffOrderListQuerySchema = z.object({
  /** the slot day, YYYY-MM-DD (default: the first day with orders from today in Italy on, else today) */
  date: isoDate.optional(),
  /** only the orders of this time window */
  timeslotId: orderIdParam.optional(),
  warehouseId: orderIdParam.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(50),
});
export const staffOrderSummarySchema = z.object({
  /** the order's number (react-admin's record id) */
  id: z.number().int(),
  orderId: z.number().int(),
  orderStatusId: z.number().int(),
  orderStatusDescr: z.string(),
  customerName: z.string(),
  homeDelivery: z.boolean(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  timeslot: z.object({
    date: z.string(),
    timeslotId: z.number().int(),
    beginTime: z.string(),
    endTime: z.string(),
  }),
  totalItems: z.number().int(),
  pickedItems: z.number().int(),
  grossTotal: z.number(),
  prebilledAmount: z.number(),
  /** the meal vouchers to collect at delivery or pickup (decision 047): how many (0: none), their amount */
  mealVoucherCount: z.number().int(),
  mealVoucherAmount: z.number(),
  /** the statuses staff may move it to now (the shared table) */
  nextStatuses: z.array(z.number().int()),
});
export type StaffOrderSummary = z.infer<typeof staffOrderSummarySchema>;
export const staffOrderListDataSchema = z.object({
  data: z.array(staffOrderSummarySchema),
  total: z.number().int(),
});

// ---------- GET /admin/orders/:id ----------
export const staffOrderParamsSchema = z.object({ id: orderIdParam });
/** An order as picking shows it, with `id` (react-admin's record id) and the statuses staff may set now. */
export const staffOrderSchema = orderSchema.extend({
  id: z.number().int(),
  nextStatuses: z.array(z.number().int()),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
export const staffOrderDataSchema = z.object({ data: staffOrderSchema });

// ---------- POST /admin/orders/:id/pick ----------
export const staffPickBodySchema = z.object({
  orderItemId: orderIdParam,
  /** delivered quantity in the line's base unit (0: not delivered) */
  quantity: amount,
  /** variable-weight lines: the real weight in the base unit (kg / l); it prices the line */
  weight: amount.optional(),
  /** the product delivered instead of the one ordered (only when the customer accepted alternatives) */
  substituteProductId: orderIdParam.optional(),
});
export type StaffPickBody = z.infer<typeof staffPickBodySchema>;

// ---------- GET /admin/orders/:id/substitutes ----------
export const staffSubstitutesQuerySchema = z.object({
  orderItemId: orderIdParam,
  /** name or brand contains (default: products of the line's category) */
  q: z.string().trim().max(100).optional(),
});
export const staffSubstituteSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  format: z.string(),
  /** the price the customer would pay (never above the ordered product's) */
  price: z.number(),
  /** the substitute the customer named for this line (offered first) */
  preferred: z.boolean().optional(),
});
export type StaffSubstitute = z.infer<typeof staffSubstituteSchema>;
export const staffSubstitutesDataSchema = z.object({ data: z.array(staffSubstituteSchema) });

// ---------- POST /admin/orders/:id/status ----------
/** the delivery steps after 'prepared' */
export const STAFF_DELIVERY_STEPS = {
  outForDelivery: 7,
  delivered: 8,
  partiallyDelivered: 9,
  notCollected: 12,
  failed: 13,
} as const;
export const staffStatusBodySchema = z.object({
  step: z.enum(['outForDelivery', 'delivered', 'partiallyDelivered', 'notCollected', 'failed']),
  note: z.string().trim().max(500).optional(),
});
export type StaffStatusBody = z.infer<typeof staffStatusBodySchema>;

export const staffEmptyBodySchema = z.object({});

// ---------- endpoints (the orders module registers them: orders/admin-orders.routes.ts) ----------
// ---------- GET /admin/arrivals ("Arrivi di oggi": parking at pickup, decision 049) ----------
export const staffArrivalListQuerySchema = z.object({
  warehouseId: orderIdParam.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(50),
});
/** A customer on the way to collect a Drive order today: where they are, their car or bay. */
export const staffArrivalSchema = z.object({
  /** the order's number (react-admin's record id) */
  id: z.number().int(),
  orderId: z.number().int(),
  orderStatusId: z.number().int(),
  orderStatusDescr: z.string(),
  customerName: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  /** km, as the customer said */
  distance: z.number(),
  /** the car's plate or the bay */
  reservationInfo: z.string(),
  /** ISO date-time of the customer's last message */
  updatedAt: z.string(),
});
export type StaffArrival = z.infer<typeof staffArrivalSchema>;
export const staffArrivalListDataSchema = z.object({
  data: z.array(staffArrivalSchema),
  total: z.number().int(),
});

export const adminOrdersEndpoints = {
  arrivals: endpoint({
    method: 'GET',
    path: '/admin/arrivals',
    query: staffArrivalListQuerySchema,
    response: staffArrivalListDataSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/orders',
    query: staffOrderListQuerySchema,
    response: staffOrderListDataSchema,
  }),
  view: endpoint({
    method: 'GET',
    path: '/admin/orders/:id',
    params: staffOrderParamsSchema,
    response: staffOrderDataSchema,
  }),
  startPreparation: endpoint({
    method: 'POST',
    path: '/admin/orders/:id/start',
    params: staffOrderParamsSchema,
    body: staffEmptyBodySchema,
    response: staffOrderDataSchema,
  }),
  substitutes: endpoint({
    method: 'GET',
    path: '/admin/orders/:id/substitutes',
    params: staffOrderParamsSchema,
    query: staffSubstitutesQuerySchema,
    response: staffSubstitutesDataSchema,
  }),
  pick: endpoint({
    method: 'POST',
    path: '/admin/orders/:id/pick',
    params: staffOrderParamsSchema,
    body: staffPickBodySchema,
    response: staffOrderDataSchema,
  }),
  prepared: endpoint({
    method: 'POST',
    path: '/admin/orders/:id/prepared',
    params: staffOrderParamsSchema,
    body: staffEmptyBodySchema,
    response: staffOrderDataSchema,
  }),
  status: endpoint({
    method: 'POST',
    path: '/admin/orders/:id/status',
    params: staffOrderParamsSchema,
    body: staffStatusBodySchema,
    response: staffOrderDataSchema,
  }),
};
