import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { StatusListenersFailed, type OrderReadForListeners } from '../../lib/order-transitions';
import { Abort, fail } from '../../lib/result';
import { ORDER_FOR_LISTENERS, type OrderForListeners } from './order-for-listeners';
import { OrderStatusService } from './order-status.service';

/**
 * A database handle that keeps what the listeners write and gives savepoints their meaning: a failed
 * `transaction` callback undoes what it wrote. Statements are counted (savepoint and release each one).
 */
function fakeDb() {
  const written: string[] = [];
  let statements = 0;
  const db = {
    execute: async () => {
      statements++;
      return { rows: [{ version: 2, userId: 5, slotId: 9, productId: 1, quantity: 2 }] };
    },
    transaction: async <T>(work: (tx: Db) => Promise<T>): Promise<T> => {
      statements++;
      const mark = written.length;
      try {
        const out = await work(db as unknown as Db);
        statements++;
        return out;
      } catch (err) {
        statements++;
        written.length = mark;
        throw err;
      }
    },
  };
  return { db: db as unknown as Db, written, statements: () => statements };
}

const change = {
  orderId: 7,
  from: ORDER_STATUS.inPayment,
  to: ORDER_STATUS.ordered,
  actor: 'provider' as const,
};

describe('OrderStatusService listeners', () => {
  it('run together in one savepoint when none fails', async () => {
    const { db, written, statements } = fakeDb();
    const errors: unknown[] = [];
    const status = new OrderStatusService((err) => errors.push(err));
    status.onChange(async () => void written.push('mail'));
    status.onChange(async () => void written.push('message'));
    status.onChange(
      async () => void written.push('receipt'),
      (e) => e.to === ORDER_STATUS.delivered,
    );
    const moved = await status.transition(change, db);
    expect(moved.ok).toBe(true);
    expect(written).toEqual(['mail', 'message']);
    // the UPDATE with its history row (one statement), one savepoint and its release
    expect(statements()).toBe(3);
    expect(errors).toEqual([]);
  });

  it('a failing listener is logged and undoes neither the change nor the other listener', async () => {
    const { db, written } = fakeDb();
    const errors: unknown[] = [];
    const status = new OrderStatusService((err) => errors.push(err));
    status.onChange(async () => void written.push('mail'));
    status.onChange(async () => {
      written.push('half a message');
      throw new Error('message refused');
    });
    const moved = await status.transition(change, db);
    expect(moved.ok).toBe(true);
    expect(written).toEqual(['mail']);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('message refused');
  });

  it("composed unguarded, the listeners run on the caller's transaction; one that fails throws for the caller to redo the change", async () => {
    const { db, written, statements } = fakeDb();
    const errors: unknown[] = [];
    const status = new OrderStatusService((err) => errors.push(err));
    status.onChange(async () => void written.push('mail'));
    status.onChange(async () => void written.push('message'));
    const composed = status.composedTransition(change, sql`true`);
    if (!composed) throw new Error('the change is allowed');
    await composed.written({ version: 2, userId: 5, slotId: 9 }, { unguarded: true }, db);
    expect(written).toEqual(['mail', 'message']);
    // no savepoint, no release: nothing but the listeners' own statements
    expect(statements()).toBe(0);
    status.onChange(async () => {
      throw new Error('message refused');
    });
    const again = status.composedTransition(change, sql`true`);
    await expect(
      again?.written({ version: 2, userId: 5, slotId: 9 }, { unguarded: true }, db),
    ).rejects.toBeInstanceOf(StatusListenersFailed);
    // not logged: the caller rolls back and makes the change again with the listeners guarded
    expect(errors).toEqual([]);
    // a change the table refuses is not composed
    expect(status.composedTransition({ ...change, to: ORDER_STATUS.delivered }, sql`true`)).toBeNull();
  });

  it('a read shared by the listeners of one change is made once', async () => {
    const { db } = fakeDb();
    const status = new OrderStatusService();
    let reads = 0;
    const seen: number[] = [];
    const readCustomer = async () => ({ userId: 5, read: ++reads });
    status.onChange(async (_e, once) => void seen.push((await once('customer', readCustomer)).read));
    status.onChange(async (_e, once) => void seen.push((await once('customer', readCustomer)).read));
    await status.transition(change, db);
    await status.transition(change, db);
    // once per change, never carried to the next change
    expect(seen).toEqual([1, 1, 2, 2]);
  });

  it("the listeners get the order from the change's own UPDATE, and a confirmation's link token with it", async () => {
    const { db, statements } = fakeDb();
    const status = new OrderStatusService(undefined, undefined, () => ({
      token: 'the-token',
      hash: 'its-hash',
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    }));
    let reads = 0;
    const seen: Array<{ version: unknown; token: string | undefined }> = [];
    status.onChange(async (e, once) => {
      const read = await once(ORDER_FOR_LISTENERS, async (): Promise<OrderForListeners | null> => {
        reads++;
        return null;
      });
      seen.push({ version: read?.order.version, token: e.accessToken });
    });
    await status.transition(change, db);
    // the order as the UPDATE returned it (the fake answers version 2), never read again
    expect(reads).toBe(0);
    expect(seen).toEqual([{ version: 2, token: 'the-token' }]);
    // the UPDATE with its history row, the listener's savepoint and its release
    expect(statements()).toBe(3);
    // no token but for a change to 'ordinato'
    seen.length = 0;
    await status.transition(
      { orderId: 7, from: ORDER_STATUS.ordered, to: ORDER_STATUS.cancelled, actor: 'customer' },
      db,
    );
    expect(seen).toEqual([{ version: 2, token: undefined }]);
  });
});

describe('OrderStatusService composed notifications (decision 059, session 52)', () => {
  /** The order as a composing writer read it with its lock (the fields the composers below read). */
  const read = {
    order: { orderId: 7, userId: 5, version: 1 },
    customer: { email: 'a@b.it', firstName: 'A' },
    lines: 1,
  } as unknown as OrderReadForListeners;
  /** a listener that writes `what` when it runs, and composes it as a CTE named after it (unless `can` is false) */
  function listener(status: OrderStatusService, written: string[], what: string, can = true) {
    const told: string[] = [];
    status.onChange(
      async () => void written.push(what),
      () => true,
      (e, order: OrderForListeners) =>
        can
          ? [
              {
                ctes: (name, when) =>
                  sql`${sql.raw(name)} AS (SELECT ${`${what} ${order.order.userId} ${e.accessToken}`}::text WHERE ${when})`,
                written: () => void told.push(what),
              },
            ]
          : null,
    );
    return told;
  }
  const render = (q: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(q).sql.replace(/\s+/g, ' ');

  it("with the order read, every listener's write is a CTE of the change's statement, and none runs after it", async () => {
    const { db, written, statements } = fakeDb();
    const status = new OrderStatusService(undefined, undefined, () => ({
      token: 'the-token',
      hash: 'its-hash',
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    }));
    const mailTold = listener(status, written, 'mail');
    const messageTold = listener(status, written, 'message');
    const composed = status.composedTransition(change, sql`true`, read);
    const text = render(sql`WITH ${composed!.ctes} SELECT 1`);
    expect(text).toContain('listener_0 AS (SELECT $');
    expect(text).toContain('listener_1 AS (SELECT $');
    expect(text).toContain('WHERE EXISTS (SELECT 1 FROM moved)');
    // the moved row no longer carries the listeners' read (they had it from the lock)
    expect(text).not.toContain('"customerEmail"');
    const params = new PgDialect().sqlToQuery(composed!.ctes).params;
    expect(params).toEqual(expect.arrayContaining(['mail 5 the-token', 'message 5 the-token']));
    await composed!.written({ version: 2, userId: 5, slotId: 9, warehouseId: 1 }, { unguarded: true }, db);
    // nothing run after the statement: no savepoint, no listener; their metrics told once
    expect(written).toEqual([]);
    expect(statements()).toBe(0);
    expect([mailTold, messageTold]).toEqual([['mail'], ['message']]);
  });

  it('one listener that cannot compose the change: all of them run after it, as without the read', async () => {
    const { db, written, statements } = fakeDb();
    const status = new OrderStatusService();
    listener(status, written, 'mail');
    listener(status, written, 'message', false);
    const composed = status.composedTransition(change, sql`true`, read);
    const text = render(sql`WITH ${composed!.ctes} SELECT 1`);
    expect(text).not.toContain('listener_0');
    expect(text).toContain('"customerEmail"');
    await composed!.written({ version: 2, userId: 5, slotId: 9, warehouseId: 1 }, { unguarded: true }, db);
    expect(written).toEqual(['mail', 'message']);
    expect(statements()).toBe(0);
    // and without a read nothing is composed
    const plain = status.composedTransition(change, sql`true`);
    expect(render(sql`WITH ${plain!.ctes} SELECT 1`)).not.toContain('listener_0');
  });
});

describe('OrderStatusService transition listeners (decision 074)', () => {
  const cancel = {
    orderId: 7,
    from: ORDER_STATUS.ordered,
    to: ORDER_STATUS.cancelled,
    actor: 'customer' as const,
  };

  it('run in the order registered, on the change, before its notifications; the lines are read once', async () => {
    const { db, written, statements } = fakeDb();
    const status = new OrderStatusService();
    status.transitions.onTransition(ORDER_STATUS.cancelled, 'stock', async (order, tx) => {
      expect(tx).toBe(db);
      written.push(`stock ${order.userId} ${(await order.lines()).length}`);
    });
    status.transitions.onTransition(ORDER_STATUS.cancelled, 'slot', async (order) => {
      written.push(`slot ${order.slotId} ${(await order.lines()).length}`);
    });
    status.transitions.onTransition(ORDER_STATUS.delivered, 'not this one', async () => {
      written.push('delivered');
    });
    status.onChange(async () => void written.push('mail'));
    expect(status.transitions.namesOf(ORDER_STATUS.cancelled)).toEqual(['stock', 'slot']);
    const moved = await status.transition(cancel, db);
    expect(moved.ok).toBe(true);
    expect(written).toEqual(['stock 5 1', 'slot 9 1', 'mail']);
    // the UPDATE with its history row, the lines once, the notifications' savepoint and its release
    expect(statements()).toBe(4);
  });

  it('a failing listener stops the others and the notifications, and throws to the caller (who rolls back)', async () => {
    const { db, written } = fakeDb();
    const ran: string[] = [];
    const errors: unknown[] = [];
    const status = new OrderStatusService((err) => errors.push(err));
    status.transitions.onTransition(ORDER_STATUS.cancelled, 'stock', async () => {
      ran.push('stock');
      written.push('stock');
    });
    status.transitions.onTransition(ORDER_STATUS.cancelled, 'wallet', async () => {
      ran.push('wallet');
      throw new Abort(fail('msg.wallet.refused', 'no'));
    });
    status.transitions.onTransition(ORDER_STATUS.cancelled, 'slot', async () => void ran.push('slot'));
    status.onChange(async () => void ran.push('mail'));
    await expect(db.transaction((tx) => status.transition(cancel, tx))).rejects.toBeInstanceOf(Abort);
    expect(ran).toEqual(['stock', 'wallet']);
    // the fake's transaction undid what was written in it
    expect(written).toEqual([]);
    expect(errors).toEqual([]);
  });
});
