import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callAs, DEMO_PASSWORD, login, type TestApp } from '../../../test/helper';
import { queryRows } from '../rows';
import { ensureListsAndRatingsData } from './lists-and-ratings';

/** The demo lists and votes a newcomer finds (README), seeded once. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await ensureListsAndRatingsData({ demoAccounts: true }, t.db);
  await ensureListsAndRatingsData({ demoAccounts: true }, t.db); // a second start changes nothing
});
afterAll(() => t?.close());

type Lists = {
  personalList: Array<{
    listId: number;
    name: string;
    size: number;
    isDefault: boolean;
    sharingData: { grant: string };
  }>;
};

describe('demo lists and ratings', () => {
  it("Mario's default weekly list, and his breakfast list shared read-only with Giulia", async () => {
    const mario = await login(t.app, 'mario.rossi@spesa.demo', DEMO_PASSWORD);
    const his = await callAs<Lists>(t.app, mario.cookie, 'GET', '/ebsn/api/wishlist/list');
    const weekly = his.body.data.personalList.find((l) => l.name === 'Spesa settimanale');
    expect(weekly).toMatchObject({ isDefault: true });
    expect(weekly!.size).toBeGreaterThanOrEqual(6);
    expect(his.body.data.personalList.filter((l) => l.name === 'Spesa settimanale')).toHaveLength(1);
    const giulia = await login(t.app, 'giulia.bianchi@spesa.demo', DEMO_PASSWORD);
    const hers = await callAs<Lists>(t.app, giulia.cookie, 'GET', '/ebsn/api/wishlist/list');
    expect(hers.body.data.personalList.find((l) => l.name === 'Colazione')?.sharingData.grant).toBe('READ');
  });

  it('votes counted in their summaries, and one vote with text waiting for moderation', async () => {
    const [summary] = await queryRows<{ total: number; counted: number }>(
      t.db,
      sql`SELECT sum(s.total)::int AS total,
            (SELECT count(*)::int FROM product_votes WHERE status = 'approved') AS counted
          FROM product_rating_summaries s`,
    );
    expect(summary!.total).toBeGreaterThan(0);
    expect(summary!.total).toBe(summary!.counted);
    const [pending] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM product_votes WHERE status = 'pending'`,
    );
    expect(pending!.n).toBe(1);
  });
});
