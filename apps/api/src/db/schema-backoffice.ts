import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema-account';

/**
 * The back office (decision 030): staff members and their roles, their one-time-code authenticator, their
 * sessions (apart from the customers' sessions), and the audit log of every admin write.
 */

/**
 * Staff members. A user is staff when a row exists here; `role` is one of the six roles of
 * packages/shared contracts/admin.ts; `warehouseIds` limits the stores a store manager or picker works for
 * (empty: all). The authenticator's secret is stored encrypted (AES-256-GCM, key outside the row); recovery
 * codes are stored as their SHA-256 only, each spent once.
 */
export const staffMembers = pgTable('staff_members', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  role: text('role').notNull().default('picker'),
  warehouseIds: integer('warehouse_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  active: boolean('active').notNull().default(true),
  /** the authenticator's secret (encrypted), once its first code was confirmed */
  totpSecret: text('totp_secret'),
  /** a secret shown for enrolment, waiting for its first code; with the hash of the enrolment token */
  totpPendingSecret: text('totp_pending_secret'),
  enrolmentTokenHash: text('enrolment_token_hash'),
  enrolmentExpiresAt: timestamp('enrolment_expires_at', { withTimezone: true }),
  /** the last time step whose code signed in (a code is accepted once) */
  totpLastStep: integer('totp_last_step'),
  recoveryCodeHashes: text('recovery_code_hashes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A staff member's signed-in session in the admin app (its own cookie, never a shopping session). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 (hex) of the token in the cookie */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffMembers.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
);

/**
 * Every admin write, done or refused: who, what, the record before and after, when. Written in the same
 * transaction as the write it records; never updated or deleted by the application.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    auditId: bigserial('audit_id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** null: a sign-in attempt of no known staff member */
    staffUserId: integer('staff_user_id'),
    staffName: text('staff_name').notNull().default(''),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    allowed: boolean('allowed').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('admin_audit_at_idx').on(t.at),
    index('admin_audit_resource_idx').on(t.resource, t.resourceId),
    index('admin_audit_staff_idx').on(t.staffUserId),
  ],
);

/**
 * Customer service's notes on a customer (a call, a complaint, a request): who wrote it and when. Kept while
 * the account lives; an anonymised account's notes are deleted with its personal data.
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    noteId: bigserial('note_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffUserId: integer('staff_user_id').notNull(),
    staffName: text('staff_name').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('customer_notes_user_idx').on(t.userId, t.at)],
);
