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
