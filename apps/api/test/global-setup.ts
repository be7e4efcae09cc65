import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { ensureSeeded, migrate, openDatabase, type Db } from '../src/db/client';
import { ensureAccountData } from '../src/db/seed/accounts';
import { ensureDeliveryData } from '../src/db/seed/delivery';
import { ensureContentPages } from '../src/db/seed/content-pages';
import { ensureContentPosts } from '../src/db/seed/content-posts';
import { ensureLeafletData } from '../src/db/seed/leaflets';
import { ensureOrderData } from '../src/db/seed/orders';
import { loadEnv } from '../src/env';
import { dropFileDatabases } from './file-database';
import { writeTemplateFolder } from './test-data-folders';

/**
 * Once per run: a migrated and seeded database for every test file.
 * - DATABASE_URL set: migrates and seeds that PostgreSQL database (seeding only when empty); each test
 *   file copies it into a database of its own (helper.ts), dropped here at the end of the run.
 * - otherwise: builds the PGlite database in memory and unpacks it into a template data folder
 *   (test-data-folders.ts); each database a test file opens is a copy of that folder (about half a second of
 *   CPU) instead of a migration and seed of its own (about 6 seconds).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** the seeded PGlite data folder each test file copies (test-data-folders.ts); null on DATABASE_URL */
    pgliteImage: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = loadEnv();
  const started = performance.now();
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { walSegmentMb: 1 });
  await migrate(database.db);
  await ensureSeeded({ dataDir: env.DEMO_DATA_DIR }, database.db);
  await ensureAccountData({ demoAccounts: true }, database.db);
  await ensureDeliveryData({ dataDir: env.DEMO_DATA_DIR, demoAccounts: true }, database.db);
  await ensureOrderData({ demoAccounts: true }, database.db);
  await ensureContentPages(database.db);
  await ensureContentPosts(undefined, database.db);
  await ensureLeafletData(undefined, database.db);
  let image: string | null = null;
  if (database.dumpImage) {
    const tarball = await compactImage(database.db, database.dumpImage);
    image = await writeTemplateFolder(tarball);
  }
  await database.close();
  project.provide('pgliteImage', image);
  console.log(
    `[api tests] database ready on ${database.kind} in ${Math.round(performance.now() - started)} ms${image ? ` (image ${image})` : ''}`,
  );
  return async () => {
    if (image) await rm(dirname(image), { recursive: true, force: true });
    if (env.DATABASE_URL) await dropFileDatabases(env.DATABASE_URL);
  };
}

/**
 * The PGlite image every test database copies, a few hundred copies a run: the data folder is made with 1 MB
 * write-ahead log segments (initdb's default is 16 MB) and dumped after a checkpoint with the fewest segments
 * PostgreSQL keeps, so the log is 2 MB of the image instead of 16 (three 16 MB segments before that), and
 * without template0. PostgreSQL keeps min_wal_size of log files and reads that setting at start: the image
 * saves the setting, starts once more with it, and is dumped after a checkpoint. The test databases run with
 * these settings; nothing in SQL depends on them.
 */
async function compactImage(db: Db, dumpImage: () => Promise<Blob>): Promise<Blob> {
  await db.execute(sql`ALTER SYSTEM SET wal_recycle = off`);
  await db.execute(sql`ALTER SYSTEM SET min_wal_size = '2MB'`);
  const restarted = await openDatabase({ image: await dumpImage() });
  try {
    // template0 (7 MB in 300 files) serves only CREATE DATABASE ... TEMPLATE template0, which no test runs
    await restarted.db.execute(sql`UPDATE pg_database SET datistemplate = false WHERE datname = 'template0'`);
    await restarted.db.execute(sql`DROP DATABASE template0`);
    await restarted.db.execute(sql`CHECKPOINT`);
    return await restarted.dumpImage!();
  } finally {
    await restarted.close();
  }
}
