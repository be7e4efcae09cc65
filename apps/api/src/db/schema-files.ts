import { bigint, customType, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The file store in PostgreSQL (decision 090), the default when no object storage is configured: every API
 * process and every host reads the same files. A file is a row here, named by its key; its bytes are the
 * chunks of its blob, written before the row (a file without its row is a write that did not finish, swept
 * later). Keys are written once. Owner: lib/file-store.
 */
export const storedFiles = pgTable('stored_files', {
  /** e.g. `forms/<stored name>`, `leaflets/<folder>/<file>` */
  key: text('key').primaryKey(),
  blobId: uuid('blob_id').notNull().unique(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  contentType: text('content_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A file's bytes, 256 KB at a time (the last chunk shorter), read and written one chunk at a time. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    blobId: uuid('blob_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.seq] })],
);
