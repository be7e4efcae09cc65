import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { documentsOf, invoicedOrder, moveOrder, productAt } from '../../../test/invoice-fixtures';
import { queryRows } from '../../db/rows';

/**
 * Numbering without gaps (decision 087): one sequence per year, the number taken in the transaction that
 * writes the document. 50 orders delivered at once (on PostgreSQL, through two apps on the same database, as
 * two API processes) get 50 consecutive numbers, none twice; a delivery rolled back after its invoice was
 * written gives its number back. Runs on both engines (PGlite runs the transactions one at a time).
 */
let t: TestApp;
let t2: TestApp;
// the numbering's own year, so that the other files' documents do not share the sequence
const clock = new Date('2031-06-01T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, runJobs: false });
  // a second "process": on PostgreSQL the same database; PGlite has one connection, so the same app
  t2 = t.kind === 'pglite' ? t : await buildTestApp({ now: () => clock, runJobs: false });
});
afterAll(async () => {
  if (t2 !== t) await t2?.close();
  await t?.close();
});

const numbersOfYear = async () =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT number AS n FROM invoice_documents WHERE year = 2031 ORDER BY number`,
    )
  ).map((r) => r.n);

describe('the yearly sequence', () => {
  it('a delivery rolled back after its invoice was written leaves no gap', async () => {
    const c = await newCustomer(t, { tag: 'num-rollback' });
    const product = await productAt(t, 300, 4);
    const first = await invoicedOrder(t, { userId: c.userId, lines: [{ product, quantity: 1 }] });
    const second = await invoicedOrder(t, { userId: c.userId, lines: [{ product, quantity: 1 }] });
    const before = await numbersOfYear();
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.orderStatus.transition({ orderId: first.orderId, from: 7, to: 8, actor: 'staff' }, tx);
        // the invoice is written in this transaction...
        const [doc] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT number AS n FROM invoice_documents WHERE order_id = ${first.orderId}`,
        );
        expect(doc?.n).toBe((before.at(-1) ?? 0) + 1);
        // ...and the process dies before the commit
        throw new Error('killed mid-issue');
      }),
    ).rejects.toThrow('killed mid-issue');
    expect(await documentsOf(t, sql`order_id = ${first.orderId}`)).toHaveLength(0);
    expect((await moveOrder(t, second.orderId, 7, 8)).ok).toBe(true);
    expect((await moveOrder(t, first.orderId, 7, 8)).ok).toBe(true);
    const after = await numbersOfYear();
    expect(after).toEqual([...before, (before.at(-1) ?? 0) + 1, (before.at(-1) ?? 0) + 2]);
  });

  // PGlite runs the deliveries one at a time (one connection): 10 show the numbering there; the race of 50
  // through two apps is PostgreSQL's
  const count = process.env.DATABASE_URL ? 50 : 10;
  it(`${count} orders delivered at once by two processes: ${count} consecutive numbers, none twice`, async () => {
    const c = await newCustomer(t, { tag: 'num-race' });
    const product = await productAt(t, 450, 22);
    const orders = [];
    for (let i = 0; i < count; i += 1)
      orders.push(await invoicedOrder(t, { userId: c.userId, lines: [{ product, quantity: 1 }] }));
    const before = await numbersOfYear();
    const results = await Promise.all(orders.map((o, i) => moveOrder(i % 2 === 0 ? t : t2, o.orderId, 7, 8)));
    expect(results.every((r) => r.ok)).toBe(true);
    const last = before.at(-1) ?? 0;
    const issued = (await numbersOfYear()).slice(before.length);
    expect(issued).toEqual(Array.from({ length: count }, (_, i) => last + i + 1));
    const docs = await documentsOf(t, sql`year = 2031 AND number > ${last}`);
    expect(new Set(docs.map((d) => d.orderId)).size).toBe(count);
    expect(new Set(docs.map((d) => d.numberText)).size).toBe(count);
    expect(docs.map((d) => d.numberText)).toContain(`2031/${String(last + 1).padStart(6, '0')}`);
  }, 120_000);
});
