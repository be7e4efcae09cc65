import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';
import { staffMembers } from './schema-backoffice';

/**
 * The wallet (issue 21, decision 037), owned by the loyalty module: an append-only ledger of each customer's
 * movements in integer cents. Every row carries the balance after it and its number in the customer's ledger
 * (1, 2, 3...): a movement is written from the row before it, so two writers of the same number cannot both
 * land (unique index), and no balance is ever below zero (check). Movements are never updated or deleted.
 */
export const walletMovements = pgTable(
  'wallet_movements',
  {
    movementId: serial('movement_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    /** the movement's number in the customer's ledger, from 1 */
    seq: integer('seq').notNull(),
    /** positive: a credit; negative: a spend */
    amountCents: integer('amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    /** goodwill | refund | invite | order_payment | order_refund */
    cause: varchar('cause', { length: 20 }).notNull(),
    orderId: integer('order_id'),
    /** the staff member who granted a goodwill credit */
    staffUserId: integer('staff_user_id').references(() => staffMembers.userId),
    /** what the customer reads of a goodwill credit */
    reason: text('reason'),
    /** one movement per key (e.g. an order's payment): a repeated request does not move money twice */
    idempotencyKey: varchar('idempotency_key', { length: 80 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_movements_user_seq_idx').on(t.userId, t.seq),
    uniqueIndex('wallet_movements_key_idx').on(t.idempotencyKey),
    index('wallet_movements_order_idx').on(t.orderId),
    check('wallet_movements_balance', sql`${t.balanceCents} >= 0`),
    check('wallet_movements_amount', sql`${t.amountCents} <> 0`),
    check('wallet_movements_seq', sql`${t.seq} >= 1`),
    check(
      'wallet_movements_cause',
      sql`${t.cause} IN ('goodwill', 'refund', 'invite', 'order_payment', 'order_refund')`,
    ),
  ],
);

/**
 * The premium card (issue 21, decision 038), owned by the loyalty module. One request per customer: how
 * they became premium (digital or physical), the premium card number issued to them, and for a physical card
 * its way by post (requested -> shipped -> delivered, PHYSICAL_CARD_TRANSITIONS in packages/shared). The
 * card itself is a row of `loyalty_cards` (account module), issued through the account repository.
 */
export const premiumRequests = pgTable(
  'premium_requests',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.userId),
    /** digital | physical */
    channel: varchar('channel', { length: 10 }).notNull(),
    /** the premium card issued for the request */
    cardNumber: text('card_number').notNull(),
    /** physical only: requested | shipped | delivered */
    state: varchar('state', { length: 12 }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('premium_requests_channel', sql`${t.channel} IN ('digital', 'physical')`),
    check(
      'premium_requests_state',
      sql`(${t.channel} = 'digital' AND ${t.state} IS NULL) OR (${t.channel} = 'physical' AND ${t.state} IN ('requested', 'shipped', 'delivered'))`,
    ),
  ],
);

/**
 * Customers the chain has excluded from the premium programme (spec section 6: "access is unavailable,
 * contact customer service"), set and cleared by customer service with a reason (audited).
 */
export const premiumExclusions = pgTable('premium_exclusions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId),
  /** why, for the staff (the customer reads only that access is unavailable) */
  reason: text('reason').notNull(),
  staffUserId: integer('staff_user_id').references(() => staffMembers.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The premium free deliveries used (PREMIUM_PERKS.freeDeliveries of them): one row per order that used one,
 * so a retried order uses it once. Checkout takes them through PremiumService.takeFreeDelivery.
 */
export const premiumFreeDeliveries = pgTable(
  'premium_free_deliveries',
  {
    orderId: integer('order_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('premium_free_deliveries_user_idx').on(t.userId)],
);
