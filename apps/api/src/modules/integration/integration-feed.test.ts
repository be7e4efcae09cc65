import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { eventKindOf, IntegrationFeed } from './integration-feed';

/**
 * The feed's numbering (decision 096): which status changes are events, and — on PostgreSQL, where two
 * transactions really run at once — that an event committed after a later one was read is numbered after
 * the reader's cursor, never skipped; two processes numbering at once give each event one number.
 */
describe('which changes the warehouse/ERP hears of', () => {
  it.each([
    [null, ORDER_STATUS.ordered, 'new'],
    [null, ORDER_STATUS.inPayment, null],
    [ORDER_STATUS.inPayment, ORDER_STATUS.ordered, 'new'],
    [ORDER_STATUS.awaitingPayment, ORDER_STATUS.ordered, 'new'],
    [ORDER_STATUS.inPayment, ORDER_STATUS.invalidated, null],
    [ORDER_STATUS.ordered, ORDER_STATUS.atWarehouse, 'changed'],
    [ORDER_STATUS.ordered, ORDER_STATUS.inPayment, null],
    [ORDER_STATUS.atWarehouse, ORDER_STATUS.cancelled, 'cancelled'],
    [ORDER_STATUS.preparing, ORDER_STATUS.prepared, 'prepared'],
    [ORDER_STATUS.prepared, ORDER_STATUS.delivered, 'changed'],
  ] as const)('from %s to %s: %s', (from, to, kind) => {
    expect(eventKindOf(from, to)).toBe(kind);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('numbering on PostgreSQL', () => {
  let t: TestApp;
  let t2: TestApp;
  let orderId: number;
  beforeAll(async () => {
    t = await buildTestApp({ runJobs: false });
    t2 = await buildTestApp({ runJobs: false });
    const [o] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT order_id AS id FROM orders ORDER BY order_id LIMIT 1`,
    );
    orderId = o?.id ?? 1;
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });

  it('an event whose transaction commits late is numbered after the cursor a reader already moved', async () => {
    const feed = new IntegrationFeed(t.db);
    await feed.publish(async () => {});
    const start = (await feed.page(0, 1)).nextCursor;
    let cursor = (
      await queryRows<{ m: number }>(
        t.db,
        sql`SELECT COALESCE(max(seq), 0)::float8 AS m FROM integration_order_events`,
      )
    )[0]!.m;
    expect(cursor).toBeGreaterThanOrEqual(start);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const insertedEarly = new Promise<void>((resolve) => (written = resolve));
    // an early event in a transaction that stays open
    const slow = t.db.transaction(async (tx) => {
      await feed.record(orderId, ORDER_STATUS.ordered, ORDER_STATUS.atWarehouse, tx);
      written();
      await held;
    });
    await insertedEarly;
    // a later event commits first, and a reader takes it
    await t.db.transaction((tx) =>
      feed.record(orderId, ORDER_STATUS.atWarehouse, ORDER_STATUS.cancelled, tx),
    );
    await feed.publish(async () => {});
    const first = await feed.page(cursor, 100);
    expect(first.events.map((e) => e.type)).toEqual(['order.cancelled']);
    cursor = first.nextCursor;
    release();
    await slow;
    await feed.publish(async () => {});
    const second = await feed.page(cursor, 100);
    expect(second.events.map((e) => e.type)).toEqual(['order.changed']);
    expect(second.nextCursor).toBeGreaterThan(cursor);
  });

  it('two processes numbering at once give every event exactly one number', async () => {
    const a = new IntegrationFeed(t.db);
    const b = new IntegrationFeed(t2.db);
    await a.publish(async () => {});
    for (let i = 0; i < 40; i++)
      await t.db.transaction((tx) => a.record(orderId, ORDER_STATUS.ordered, ORDER_STATUS.atWarehouse, tx));
    const counts = await Promise.all([
      a.publish(async () => {}),
      b.publish(async () => {}),
      a.publish(async () => {}),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(40);
    const [check] = await queryRows<{ pending: number; dup: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM integration_order_events WHERE seq IS NULL) AS pending,
                 (SELECT count(*)::int FROM (SELECT seq FROM integration_order_events WHERE seq IS NOT NULL
                   GROUP BY seq HAVING count(*) > 1) d) AS dup`,
    );
    expect(check).toEqual({ pending: 0, dup: 0 });
  });
});
