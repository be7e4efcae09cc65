import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';

/**
 * The content system's forms (issue 23, decision 051), owned by the forms module: the definitions with the
 * spec's field model, the nonces issued per view (shared by every API process), the files uploaded (kept on
 * disk under the data dir with a random name, never served) and the submissions, each a ticket.
 */
export const formDefinitions = pgTable('form_definitions', {
  formId: integer('form_id').primaryKey(),
  /** the shop's page of the form, e.g. "lavora-con-noi" */
  slug: text('slug').notNull().unique(),
  /** FormSettings (packages/shared/src/forms/form-fields.ts), checked when read */
  settings: jsonb('settings').notNull(),
  /** FormField[] with `$` defaults and `$ordersList` options as written */
  fields: jsonb('fields').notNull(),
  /** the chain's mailbox that receives the submissions */
  recipient: text('recipient').notNull(),
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const formNonces = pgTable(
  'form_nonces',
  {
    nonceId: serial('nonce_id').primaryKey(),
    /** hex SHA-256 of the nonce (32 random bytes): the nonce itself is never stored */
    nonceHash: text('nonce_hash').notNull().unique(),
    formId: integer('form_id')
      .notNull()
      .references(() => formDefinitions.formId),
    /** the customer who viewed the form; null: anonymous */
    userId: integer('user_id').references(() => users.userId),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** set once, by the submission that spends it */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('form_nonces_expires_idx').on(t.expiresAt)],
);

export const formSubmissions = pgTable(
  'form_submissions',
  {
    submissionId: serial('submission_id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => formDefinitions.formId),
    userId: integer('user_id').references(() => users.userId),
    ticketType: smallint('ticket_type').notNull(),
    /** [{ key, label, value }] in the form's order, values as typed (text, shown escaped everywhere) */
    answers: jsonb('answers').notNull(),
    /** the mail to the chain (mail_outbox.mail_id) */
    mailId: integer('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** the retention period's end: the daily job deletes the submission and its files after it */
    deleteAfter: timestamp('delete_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('form_submissions_delete_after_idx').on(t.deleteAfter)],
);

export const formUploads = pgTable(
  'form_uploads',
  {
    uploadId: serial('upload_id').primaryKey(),
    /** the random public handle the submission names the file by */
    token: text('token').notNull().unique(),
    nonceId: integer('nonce_id')
      .notNull()
      .references(() => formNonces.nonceId),
    formId: integer('form_id').notNull(),
    fieldId: integer('field_id').notNull(),
    /** the name the customer's file had (checked: no path), shown in the mail */
    originalName: text('original_name').notNull(),
    /** random file name under FORM_UPLOADS_DIR */
    storedName: text('stored_name').notNull(),
    /** read from the content (magic bytes), not from the name */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    submissionId: integer('submission_id').references(() => formSubmissions.submissionId, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('form_uploads_submission_idx').on(t.submissionId),
    index('form_uploads_created_idx').on(t.createdAt),
  ],
);
