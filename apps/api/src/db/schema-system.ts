import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * What several API processes on one database share (decision 026): generated secrets, the throttles'
 * counters, the bot check's spent solutions and the scheduled work. Nothing here lives in a process's memory.
 */

/** Secrets the shop generates once and keeps (e.g. the development sandbox payment key). Owner: lib/secrets. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window attempt counters of the throttles (key: scope + who). Owner: plugins/throttle. */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_counters_window_ends_at_idx').on(t.windowEndsAt)],
);

/** Bot-check solutions already accepted, until their challenge expires. Owner: account (bot check). */
export const botCheckSpent = pgTable(
  'bot_check_spent',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bot_check_spent_expires_at_idx').on(t.expiresAt)],
);

/**
 * Work done later, once per cluster: a process claims a due job with FOR UPDATE SKIP LOCKED, holds it until
 * `lockedUntil`, and marks it done; a job whose process died is claimed again when its lock runs out.
 * Owner: lib/jobs.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    jobId: bigserial('job_id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** at most one job not yet done per key (recurring work, one pending run per cluster) */
    singletonKey: text('singleton_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_jobs_due_idx')
      .on(t.runAt)
      .where(sql`done_at IS NULL`),
    uniqueIndex('scheduled_jobs_singleton_idx')
      .on(t.singletonKey)
      .where(sql`done_at IS NULL`),
  ],
);

/**
 * The sandbox payment provider's own ledger (it plays the acquirer): what its card page authorised, and
 * what was captured, voided or refunded against it. Checkout and staff never read it; they ask the provider.
 * Owner: payment (sandbox provider).
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  providerRef: text('provider_ref').primaryKey(),
  orderId: integer('order_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  /** authorized | pending | declined | voided */
  status: text('status').notNull(),
  capturedCents: integer('captured_cents').notNull().default(0),
  refundedCents: integer('refunded_cents').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
