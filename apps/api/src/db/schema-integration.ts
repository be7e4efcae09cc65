import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staffMembers } from './schema-backoffice';

/**
 * The integration API (decision 096), owned by the integration module: the chain's systems registered as
 * OAuth 2.0 clients, their short-lived access tokens (only hashes are kept), the batches they sent (by batch
 * id, for idempotency), the audit of every call, the orders' feed and the signed webhooks' deliveries.
 */
export const integrationClients = pgTable(
  'integration_clients',
  {
    clientId: serial('client_id').primaryKey(),
    /** the public client id (`cli_...`), sent as client_id */
    publicId: text('public_id').notNull(),
    name: text('name').notNull(),
    /** SHA-256 of the secret (256 random bits: a slow hash adds nothing, decision 096) */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: integer('created_by').references(() => staffMembers.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** the webhook: where the events are posted, which ones, and the key that signs them */
    webhookUrl: text('webhook_url'),
    webhookEvents: text('webhook_events')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    webhookSecret: text('webhook_secret'),
  },
  (t) => [uniqueIndex('integration_clients_public_uq').on(t.publicId)],
);

export const integrationTokens = pgTable(
  'integration_tokens',
  {
    /** SHA-256 of the opaque access token */
    tokenHash: text('token_hash').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => integrationClients.clientId, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('integration_tokens_expiry_idx').on(t.expiresAt)],
);

/** A batch applied: the same id with the same body answers `result` again; another body is refused. */
export const integrationBatches = pgTable(
  'integration_batches',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => integrationClients.clientId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    batchId: text('batch_id').notNull(),
    /** SHA-256 of the canonical JSON of the body */
    bodyHash: text('body_hash').notNull(),
    result: jsonb('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integration_batches_uq').on(t.clientId, t.kind, t.batchId)],
);

/** Every call of a client (after its answer): which scope, which batch, how it ended. */
export const integrationCalls = pgTable(
  'integration_calls',
  {
    callId: bigserial('call_id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id').references(() => integrationClients.clientId, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    scope: text('scope'),
    batchId: text('batch_id'),
    httpStatus: smallint('http_status').notNull(),
    outcome: text('outcome').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_calls_client_idx').on(t.clientId, t.at)],
);

/**
 * The orders' feed: one row per change, written on the change's transaction; `seq` is given once the row is
 * committed, in the order rows become visible (integration-feed.ts), so a reader's cursor never skips one.
 */
export const integrationOrderEvents = pgTable(
  'integration_order_events',
  {
    eventId: bigserial('event_id', { mode: 'number' }).primaryKey(),
    seq: bigint('seq', { mode: 'number' }),
    orderId: integer('order_id').notNull(),
    /** new | changed | cancelled | prepared */
    kind: text('kind').notNull(),
    status: smallint('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_order_events_seq_uq').on(t.seq),
    index('integration_order_events_pending_idx')
      .on(t.eventId)
      .where(sql`${t.seq} IS NULL`),
  ],
);

/** A webhook delivery: pending (with its next try), delivered, or dead (the back office's list, "riprova"). */
export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    deliveryId: serial('delivery_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => integrationClients.clientId, { onDelete: 'cascade' }),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastStatus: smallint('last_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_deliveries_uq').on(t.clientId, t.eventSeq),
    index('integration_deliveries_state_idx').on(t.state, t.updatedAt),
  ],
);
