import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders, paymentAuthorizations } from './schema-orders';

/**
 * Disputes (chargebacks) a payment provider reported by webhook (decision 083), for the staff: one row per
 * dispute, its last status kept. Owner: payment.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    disputeId: serial('dispute_id').primaryKey(),
    provider: text('provider').notNull(),
    /** the provider's dispute id (Stripe: dp_…) */
    disputeRef: text('dispute_ref').notNull(),
    /** the authorisation it concerns (payment_authorizations.provider_ref), when the shop knows it */
    providerRef: text('provider_ref'),
    /** the order of that authorisation, when known */
    orderId: integer('order_id'),
    amountCents: integer('amount_cents').notNull(),
    /** the provider's reason, e.g. fraudulent, product_not_received */
    reason: text('reason').notNull(),
    /** the provider's status, e.g. needs_response, under_review, won, lost */
    status: text('status').notNull(),
    /** the provider's event that last changed it */
    lastEventId: text('last_event_id').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_disputes_ref_uq').on(t.provider, t.disputeRef)],
);

/**
 * Refunds of captured money (decision 085), owner: payment. One row per refund a staff member asked for, unique
 * by the key the back office sends (a repeated click moves money once). `requested` reserves the amount while
 * the provider is asked (captured − requested − succeeded is what may still be refunded); `succeeded` and
 * `failed` are the provider's answer. Only what the provider captured is refunded here: the wallet's and gift
 * certificates' parts of an order are not card money.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    refundId: serial('refund_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    authorizationId: integer('authorization_id')
      .notNull()
      .references(() => paymentAuthorizations.authorizationId),
    /** the back office's key of this refund (one click): the same key again answers the same refund */
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** the staff member who asked for it */
    staffUserId: integer('staff_user_id').notNull(),
    /** requested | succeeded | failed */
    state: text('state').notNull(),
    /** the provider of the authorisation (payment_authorizations.provider), kept for the daily report */
    provider: text('provider').notNull(),
    /** the provider's reference of the refund, when it gives one */
    providerRefundRef: text('provider_refund_ref'),
    /** why the provider refused it (failed) */
    failure: text('failure'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** a refund of one order line (order_items.order_item_id): its credit note names it; null: an amount */
    orderItemId: integer('order_item_id'),
    /** of that line: pieces, or kg for weighed goods */
    lineQuantity: numeric('line_quantity', { precision: 12, scale: 3 }),
  },
  (t) => [
    uniqueIndex('payment_refunds_key_uq').on(t.idempotencyKey),
    index('payment_refunds_order_idx').on(t.orderId),
    index('payment_refunds_settled_idx').on(t.settledAt),
    check('payment_refunds_amount_ck', sql`${t.amountCents} > 0`),
    check('payment_refunds_state_ck', sql`${t.state} IN ('requested', 'succeeded', 'failed')`),
    check(
      'payment_refunds_line_ck',
      sql`(${t.orderItemId} IS NULL AND ${t.lineQuantity} IS NULL) OR (${t.orderItemId} IS NOT NULL AND ${t.lineQuantity} > 0)`,
    ),
  ],
);
