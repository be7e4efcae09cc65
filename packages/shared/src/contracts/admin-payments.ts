import { z } from 'zod';
import { endpoint } from './endpoint';
import { orderIdParam } from './order-shape';

/**
 * An order's money as the chain sees it, refunds, the payments to check and the daily report (decision 085),
 * under /ebsn/api/admin/payments and /ebsn/api/admin/orders/:id/payment|refunds. Staff signed in to the back
 * office, of the roles of ADMIN_GRANTS.payments (refunds: its `write` roles); a store manager sees only their
 * stores' orders. Amounts are euro on the wire (cents inside); instants are UTC ISO 8601 (milliseconds).
 */

/** What a movement is: money held on the card, taken, given back (a released hold or a refund). */
export const MONEY_MOVEMENT_KINDS = ['held', 'taken', 'returned'] as const;
export type MoneyMovementKind = (typeof MONEY_MOVEMENT_KINDS)[number];

/** One movement of an order's money at the provider. */
export const moneyMovementSchema = z.object({
  kind: z.enum(MONEY_MOVEMENT_KINDS),
  /** authorization (held), capture (taken), void (a hold released: returned), refund (returned) */
  source: z.enum(['authorization', 'capture', 'void', 'refund']),
  /** euro */
  amount: z.number(),
  /**
   * authorization: created | pending | authorized | declined | voided | captured; capture: captured;
   * void: voided; refund: requested | succeeded | failed
   */
  state: z.string(),
  /** when it happened (ISO instant); null: not known (an attempt never answered) */
  at: z.string().nullable(),
  /** a refund's reason */
  reason: z.string().nullable(),
  /** the provider's reference: the authorisation's, or the refund's when the provider gave one */
  reference: z.string().nullable(),
});
export type MoneyMovement = z.infer<typeof moneyMovementSchema>;

/** A card dispute (chargeback) the provider reported. */
export const moneyDisputeSchema = z.object({
  amount: z.number(),
  state: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
  reference: z.string(),
});

/** An order's money: its provider and reference, every movement, the totals, what may still be refunded. */
export const orderMoneySchema = z.object({
  orderId: z.number().int(),
  /** the provider of the live authorisation (sandbox, stripe, satispay); 'none' for payment on delivery */
  provider: z.string().nullable(),
  providerRef: z.string().nullable(),
  /** euro: held now or last held, taken, given back by refunds (succeeded), still refundable */
  held: z.number(),
  captured: z.number(),
  refunded: z.number(),
  refundable: z.number(),
  /** oldest first */
  movements: z.array(moneyMovementSchema),
  disputes: z.array(moneyDisputeSchema),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;
export const orderMoneyDataSchema = z.object({ data: orderMoneySchema });

// ---------- POST /admin/orders/:id/refunds ----------
export const REFUND_TEXT = {
  amount: 'Indica un importo in euro maggiore di zero, con al massimo due decimali.',
  reason: 'Indica il motivo del rimborso (da 3 a 500 caratteri).',
  key: 'La chiave della richiesta non è valida: ricarica la pagina e riprova.',
  line: 'Scegli una riga dell’ordine.',
  lineQuantity:
    'Indica la quantità da rimborsare della riga: pezzi, o kg per i prodotti a peso (fino a 3 decimali).',
} as const;

/**
 * A refund of one order line, or part of it (decision 094): the line (orderItems[].orderItemId) and the pieces
 * (or kg for weighed goods) given back; the credit note names the line with its VAT rate.
 */
export const refundLineSchema = z.object({
  orderItemId: z
    .number({ message: REFUND_TEXT.line })
    .int({ message: REFUND_TEXT.line })
    .min(1, { message: REFUND_TEXT.line })
    .max(2_147_483_647, { message: REFUND_TEXT.line }),
  quantity: z
    .number({ message: REFUND_TEXT.lineQuantity })
    .positive({ message: REFUND_TEXT.lineQuantity })
    .max(10_000, { message: REFUND_TEXT.lineQuantity })
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, { message: REFUND_TEXT.lineQuantity }),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

/** euro, positive, whole cents */
const refundAmount = z
  .number({ message: REFUND_TEXT.amount })
  .positive({ message: REFUND_TEXT.amount })
  .max(100_000, { message: REFUND_TEXT.amount })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: REFUND_TEXT.amount });

export const refundBodySchema = z.object({
  amount: refundAmount,
  reason: z
    .string({ message: REFUND_TEXT.reason })
    .trim()
    .min(3, { message: REFUND_TEXT.reason })
    .max(500, { message: REFUND_TEXT.reason }),
  /** one per refund the staff member means (a UUID made when the dialog opens): repeated, it moves no money */
  idempotencyKey: z
    .string({ message: REFUND_TEXT.key })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { message: REFUND_TEXT.key }),
  /** the order line refunded (absent: an amount not tied to a line, credited over the invoice's VAT rates) */
  line: refundLineSchema.optional(),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

export const refundSchema = z.object({
  refundId: z.number().int(),
  orderId: z.number().int(),
  amount: z.number(),
  reason: z.string(),
  state: z.enum(['requested', 'succeeded', 'failed']),
  requestedAt: z.string(),
  settledAt: z.string().nullable(),
  /** the order line refunded, when the refund is of one */
  line: refundLineSchema.nullable(),
});
export const refundDataSchema = z.object({
  data: z.object({ refund: refundSchema, payment: orderMoneySchema }),
});

// ---------- GET /admin/payments/stuck ("Pagamenti da verificare") ----------
/**
 * Why a payment needs a look: authorised but not captured two days after the slot; captured but not
 * delivered (prepared or out for delivery the day after the slot, or ended not delivered with money still
 * taken); a refund the provider refused, or one left asked for more than ten minutes; a dispute; a card hold
 * whose renewal the bank refused (decision 083: the order went to payment failed and waits for the customer).
 */
export const STUCK_PAYMENT_KINDS = [
  'notCaptured',
  'notDelivered',
  'refundFailed',
  'refundPending',
  'dispute',
  'renewalRefused',
] as const;
export const STUCK_PAYMENT_LABEL: Record<(typeof STUCK_PAYMENT_KINDS)[number], string> = {
  notCaptured: 'Autorizzato, non incassato',
  notDelivered: 'Incassato, non consegnato',
  refundFailed: 'Rimborso non riuscito',
  refundPending: 'Rimborso in sospeso',
  dispute: 'Contestazione',
  renewalRefused: 'Rinnovo dell’autorizzazione rifiutato',
};
export const stuckPaymentListQuerySchema = z.object({
  kind: z.enum(STUCK_PAYMENT_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(50),
});
export const stuckPaymentSchema = z.object({
  /** react-admin's record id: kind and order (and refund) */
  id: z.string(),
  kind: z.enum(STUCK_PAYMENT_KINDS),
  orderId: z.number().int(),
  orderStatusId: z.number().int(),
  orderStatusDescr: z.string(),
  customerName: z.string(),
  warehouseName: z.string(),
  slotDate: z.string(),
  provider: z.string(),
  /** euro: what is held, taken or asked back */
  amount: z.number(),
  /** since when (ISO instant) */
  since: z.string(),
});
export type StuckPayment = z.infer<typeof stuckPaymentSchema>;
export const stuckPaymentListDataSchema = z.object({
  data: z.array(stuckPaymentSchema),
  total: z.number().int(),
});

// ---------- GET /admin/payments/report (and report.csv) ----------
export const PAYMENT_REPORT_MAX_DAYS = 366;
const isoDay = z
  .string({ message: 'Indica un giorno (AAAA-MM-GG).' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Indica un giorno (AAAA-MM-GG).' })
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'Indica un giorno esistente (AAAA-MM-GG).',
  });
export const paymentReportQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.from <= q.to, { message: 'Il primo giorno viene dopo l’ultimo.', path: ['to'] })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
      PAYMENT_REPORT_MAX_DAYS,
    { message: `Il periodo può essere al massimo di ${PAYMENT_REPORT_MAX_DAYS} giorni.`, path: ['to'] },
  );
/** One day and provider: what was captured, refunded and disputed (euro), Rome days. */
export const paymentReportRowSchema = z.object({
  id: z.string(),
  day: z.string(),
  provider: z.string(),
  captured: z.number(),
  capturedCount: z.number().int(),
  refunded: z.number(),
  refundedCount: z.number().int(),
  disputed: z.number(),
  disputedCount: z.number().int(),
});
export type PaymentReportRow = z.infer<typeof paymentReportRowSchema>;
export const paymentReportDataSchema = z.object({
  data: z.array(paymentReportRowSchema),
  total: z.number().int(),
});

export const adminPaymentsEndpoints = {
  money: endpoint({
    method: 'GET',
    path: '/admin/orders/:id/payment',
    params: z.object({ id: orderIdParam }),
    response: orderMoneyDataSchema,
  }),
  refund: endpoint({
    method: 'POST',
    path: '/admin/orders/:id/refunds',
    params: z.object({ id: orderIdParam }),
    body: refundBodySchema,
    response: refundDataSchema,
  }),
  stuck: endpoint({
    method: 'GET',
    path: '/admin/payments/stuck',
    query: stuckPaymentListQuerySchema,
    response: stuckPaymentListDataSchema,
  }),
  report: endpoint({
    method: 'GET',
    path: '/admin/payments/report',
    query: paymentReportQuerySchema,
    response: paymentReportDataSchema,
  }),
};
