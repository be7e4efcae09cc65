import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The assortment imports of the back office (decision 092), owned by the catalogue module: a file's rows are
 * staged here as they stream in (the file itself is not kept), then checked (dry run) or applied by a
 * background job that moves `doneRows` chunk by chunk, so that a restart resumes where it stopped.
 */
export const catalogueImports = pgTable('catalogue_imports', {
  importId: serial('import_id').primaryKey(),
  /** the file's name as sent (shown only) */
  fileName: text('file_name').notNull(),
  /** csv | xlsx */
  fileKind: text('file_kind').notNull(),
  /** the header row's columns as read (lower case) */
  columns: text('columns').array().notNull(),
  totalRows: integer('total_rows').notNull(),
  /** staged | checking | checked | importing | imported | failed */
  state: text('state').notNull(),
  /** dryRun | apply: what the current or last run does */
  mode: text('mode'),
  /** rows the current run has finished (the progress bar) */
  doneRows: integer('done_rows').notNull().default(0),
  /** the last line the current run finished (it resumes after it) */
  cursorLine: integer('cursor_line').notNull().default(0),
  /** the outcome counts of the last run: { created, updated, unchanged, refused } */
  counts: jsonb('counts').notNull().default({}),
  staffUserId: integer('staff_user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** One data row of an import file (line: its line in the file, the header being line 1). */
export const catalogueImportRows = pgTable(
  'catalogue_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => catalogueImports.importId, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    /** the product code as written (trimmed): duplicates in the file are found by it */
    code: text('code').notNull(),
    /** column -> text, as read (a spreadsheet formula's cached value, never evaluated) */
    cells: jsonb('cells').notNull(),
    /** created | updated | unchanged | refused, after the last run */
    outcome: text('outcome'),
    /** the refusals: [{ column, message }] */
    issues: jsonb('issues'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index('catalogue_import_rows_code_idx').on(t.importId, t.code),
    index('catalogue_import_rows_refused_idx')
      .on(t.importId, t.line)
      .where(sql`outcome = 'refused'`),
  ],
);
