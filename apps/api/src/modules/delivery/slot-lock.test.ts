import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { loadEnv } from '../../env';
import { driveSlot } from '../../../test/checkout-fixtures';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { takePlaceSql } from './timeslot.repository';

/**
 * The purchase's lock of its slot (takePlaceSql) against the other sessions of a busy slot, on PostgreSQL (PGlite
 * has one session): it still serialises the slot's buyers, and it lets the foreign keys' checks of carts and
 * orders choosing the slot go on (FOR NO KEY UPDATE, not FOR UPDATE: decision 059, session 50).
 */
const onPostgres = Boolean(loadEnv().DATABASE_URL);
const DAY = '2027-04-07';
let t: TestApp;

beforeAll(async () => {
  if (onPostgres) t = await buildTestApp({ now: () => new Date('2027-04-05T06:00:00Z') });
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

/** `statement` on another session of the pool, giving up after 300 ms of waiting for a lock: 'done' or 'waited'. */
async function onAnotherSession(statement: ReturnType<typeof sql>): Promise<'done' | 'waited'> {
  try {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '300ms'`);
      await tx.execute(statement);
    });
    return 'done';
  } catch (err) {
    const code =
      (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === '55P03') return 'waited';
    throw err;
  }
}

describe.runIf(onPostgres)("the purchase's slot lock", () => {
  it("lets a foreign key's check of the slot through while a buyer holds it, and still stops a second buyer", async () => {
    const slot = await driveSlot(t.db, DAY);
    const place = takePlaceSql(slot.slotId);
    await t.db.transaction(async (buyer: Db) => {
      const locked = await queryRows<{ slotId: number }>(buyer, sql`${place.lock(sql`true`)}`);
      expect(locked).toHaveLength(1);
      // what PostgreSQL runs for a cart or an order naming the slot (its referential integrity check)
      expect(
        await onAnotherSession(
          sql`SELECT 1 FROM ONLY delivery_slots x WHERE slot_id = ${slot.slotId} FOR KEY SHARE OF x`,
        ),
      ).toBe('done');
      // another buyer of the slot waits for this one
      expect(await onAnotherSession(sql`${place.lock(sql`true`)}`)).toBe('waited');
    });
  });
});
