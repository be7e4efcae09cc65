import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * Once per run: a migrated and seeded database for every test file.
 * - DATABASE_URL set: migrates and seeds that PostgreSQL database (seeding only when empty); each test
 *   file copies it into a database of its own (helper.ts), dropped here at the end of the run.
 * - otherwise: builds the PGlite image in memory and dumps it to a tarball in the temp folder; each test
 *   file loads its own copy (about a second) instead of migrating and seeding again (about 6 seconds).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** path of the PGlite data-folder tarball, null when the suite runs on DATABASE_URL */
    pgliteImage: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = loadEnv();
  const started = performance.now();
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : {});
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
    image = join(tmpdir(), `spesa-api-test-${process.pid}-${Date.now()}.tar`);
    await writeFile(image, Buffer.from(await tarball.arrayBuffer()));
  }
  await database.close();
  project.provide('pgliteImage', image);
  console.log(
    `[api tests] database ready on ${database.kind} in ${Math.round(performance.now() - started)} ms${image ? ` (image ${image})` : ''}`,
  );
  return async () => {
    if (image) await rm(image, { force: true });
    if (env.DATABASE_URL) await dropFileDatabases(env.DATABASE_URL);
  };
}

/**
 * The PGlite image every test file loads, about a hundred loads a run: a data folder whose write-ahead log is
 * one 16 MB segment at a checkpoint (65 MB in all) instead of three segments beside the data (98 MB), since a
 * load copies every byte into PGlite's memory (≈ 0.5 s less per load). PostgreSQL keeps min_wal_size of log
 * files and reads that setting at start: the image saves the setting, starts once more with it, and is dumped
 * after a checkpoint. The test databases run with these two settings; nothing in SQL depends on them.
 */
async function compactImage(db: Db, dumpImage: () => Promise<Blob>): Promise<Blob> {
  await db.execute(sql`ALTER SYSTEM SET wal_recycle = off`);
  await db.execute(sql`ALTER SYSTEM SET min_wal_size = '32MB'`);
  const restarted = await openDatabase({ image: await dumpImage() });
  try {
    await restarted.db.execute(sql`CHECKPOINT`);
    return await restarted.dumpImage!();
  } finally {
    await restarted.close();
  }
}
