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
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';
import { staffMembers } from './schema-backoffice';

/**
 * Product ratings (issue 20), owned by the ratings module: one vote per customer and product (1 to 5 in half
 * steps, a title and a comment), public at once when it holds only stars, after a staff approval when it holds
 * text; and each product's summary, kept up to date when a vote is counted (never computed at read time).
 */
export const productVotes = pgTable(
  'product_votes',
  {
    voteId: serial('vote_id').primaryKey(),
    /** a catalogue product (never deleted: a product no longer sold is inactive) */
    productId: integer('product_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull(),
    title: varchar('title', { length: 120 }).notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** approved (counted and public), pending (text waiting for moderation), rejected */
    status: varchar('status', { length: 10 }).notNull(),
    rejectionReason: text('rejection_reason'),
    approvalDate: timestamp('approval_date', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => staffMembers.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_votes_product_user_idx').on(t.productId, t.userId),
    index('product_votes_user_idx').on(t.userId),
    index('product_votes_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check(
      'product_votes_rating',
      sql`${t.rating} BETWEEN 1 AND 5 AND ${t.rating} * 2 = trunc(${t.rating} * 2)`,
    ),
    check('product_votes_status', sql`${t.status} IN ('approved', 'pending', 'rejected')`),
  ],
);

/** Counted (approved) votes of a product: how many per star (a half step counts in its upper star). */
export const productRatingSummaries = pgTable('product_rating_summaries', {
  productId: integer('product_id').primaryKey(),
  total: integer('total').notNull().default(0),
  /** sum of the counted ratings, for the average (sum / total, one decimal at display) */
  ratingSum: numeric('rating_sum', { precision: 12, scale: 1 }).notNull().default('0'),
  stars1: integer('stars_1').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars5: integer('stars_5').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
