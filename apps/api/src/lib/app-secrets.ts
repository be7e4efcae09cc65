import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * A secret the shop generates once and keeps in its database (table app_secrets), so that restarts and
 * every API process on the same database use the same value. The first writer wins: concurrent starts
 * insert with ON CONFLICT DO NOTHING and all read back the one stored value.
 */
export async function storedSecret(name: string, db: Db): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, sql`${name}`));
  if (!row) throw new Error(`app secret ${name} could not be stored`);
  return row.value;
}
