import { z } from 'zod';
import { endpoint } from './endpoint';
import { orderIdParam, orderSchema } from './orders';

/**
 * Staff picking and delivery (decision 018): endpoints under /ebsn/api/staff, for signed-in staff members
 * only (a customer gets HTTP 403 in the envelope, an anonymous caller 401). Every status change goes through
 * the shared transition table (orders/order-status.ts) with the actor 'staff'.
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

// ---------- GET /staff/order/list ----------
export const staffOrderListQuerySchema = z.object({
  /** the slot day, YYYY-MM-DD */
  date: isoDate,
  /** only the orders of this time window */
  timeslot_id: orderIdParam.optional(),
  warehouse_id: orderIdParam.optional(),
});
export const staffOrderSummarySchema = z.object({
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
  /** the statuses staff may move it to now (the shared table) */
  nextStatuses: z.array(z.number().int()),
});
export type StaffOrderSummary = z.infer<typeof staffOrderSummarySchema>;
export const staffOrderListDataSchema = z.object({ orders: z.array(staffOrderSummarySchema) });

// ---------- GET /staff/order/view ----------
export const staffOrderViewQuerySchema = z.object({ order_id: orderIdParam });
export const staffOrderDataSchema = z.object({ data: orderSchema, nextStatuses: z.array(z.number().int()) });

// ---------- POST /staff/order/start-preparation | /staff/order/prepared ----------
export const staffOrderBodySchema = z.object({ orderId: orderIdParam });

// ---------- POST /staff/order/pick ----------
export const staffPickBodySchema = z.object({
  orderId: orderIdParam,
  orderItemId: orderIdParam,
  /** delivered quantity in the line's base unit (0: not delivered) */
  quantity: amount,
  /** variable-weight lines: the real weight in the base unit (kg / l); it prices the line */
  weight: amount.optional(),
  /** the product delivered instead of the one ordered (only when the customer accepted alternatives) */
  substituteProductId: orderIdParam.optional(),
});
export type StaffPickBody = z.infer<typeof staffPickBodySchema>;

// ---------- POST /staff/order/status ----------
/** the delivery steps after 'prepared' */
export const STAFF_DELIVERY_STEPS = {
  outForDelivery: 7,
  delivered: 8,
  partiallyDelivered: 9,
  notCollected: 12,
  failed: 13,
} as const;
export const staffStatusBodySchema = z.object({
  orderId: orderIdParam,
  step: z.enum(['outForDelivery', 'delivered', 'partiallyDelivered', 'notCollected', 'failed']),
  note: z.string().trim().max(500).optional(),
});
export type StaffStatusBody = z.infer<typeof staffStatusBodySchema>;

// ---------- endpoints (the orders module registers them: orders/staff.routes.ts) ----------
export const staffEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/staff/order/list',
    query: staffOrderListQuerySchema,
    response: staffOrderListDataSchema,
  }),
  view: endpoint({
    method: 'GET',
    path: '/staff/order/view',
    query: staffOrderViewQuerySchema,
    response: staffOrderDataSchema,
  }),
  startPreparation: endpoint({
    method: 'POST',
    path: '/staff/order/start-preparation',
    body: staffOrderBodySchema,
    response: staffOrderDataSchema,
  }),
  pick: endpoint({
    method: 'POST',
    path: '/staff/order/pick',
    body: staffPickBodySchema,
    response: staffOrderDataSchema,
  }),
  prepared: endpoint({
    method: 'POST',
    path: '/staff/order/prepared',
    body: staffOrderBodySchema,
    response: staffOrderDataSchema,
  }),
  status: endpoint({
    method: 'POST',
    path: '/staff/order/status',
    body: staffStatusBodySchema,
    response: staffOrderDataSchema,
  }),
};
