import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
