import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import {
  buy,
  checkoutCustomer,
  checkoutTestApp,
  driveSlot,
  preparedCart,
  testProduct,
} from '../../../test/checkout-fixtures';
import type { TestApp } from '../../../test/helper';
import { cartHasCodesSql } from '../loyalty/gift-certificates.repository';
import { hasChoiceSql } from '../loyalty/premium-product.repository';
import { orderIdByKeySql } from '../orders/order-placement-sql';
import {
  CheckoutRepository,
  preparedJsonSql,
  preparedOfJson,
  preparingJsonSql,
  preparingOfJson,
} from './checkout.repository';

/**
 * Checkout's reads as the session's statement makes them for prepare and buy (json values keyed by the open
 * cart, decision 059 session 49) against the same reads made by their own statements: the same values, of the
 * same types (the catalogue's version, the frozen purchase, the prepared prices, the day as text), on PGlite
 * and PostgreSQL. Fixed clock: Monday 5 April 2027, 08:00 in Rome; slots on Wednesday 7 April.
 */
let t: TestApp;
const NOW = new Date('2027-04-05T06:00:00Z');
const DAY = '2027-04-07';

beforeAll(async () => {
  t = await checkoutTestApp(() => NOW);
});
afterAll(async () => {
  await t.close();
});

/** The open cart's keys as the cart module gives them to a companion's subquery (alias oc). */
const KEYS = {
  cartId: sql.raw('oc.cart_id'),
  userId: sql.raw('oc.user_id'),
  lockedWithSlot: sql.raw(
    '(oc.cart_status_id = 7 AND oc.timeslot_date IS NOT NULL AND oc.timeslot_id IS NOT NULL)',
  ),
};

/** A json value keyed by the open cart of this user, read as the session's statement reads it. */
async function alongside(userId: number, value: SQL): Promise<unknown> {
  const [row] = await queryRows<{ v: unknown }>(
    t.db,
    sql`SELECT ${value} AS v FROM carts oc WHERE oc.user_id = ${userId} AND oc.closed_at IS NULL`,
  );
  return row?.v;
}

async function preparedCustomer() {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 10 });
  const slot = await driveSlot(t.db, DAY, 10);
  const res = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 2 }] });
  expect(res.body.response.status).toBe(0);
  const [cart] = await queryRows<{ cartId: number }>(
    t.db,
    sql`SELECT cart_id AS "cartId" FROM carts WHERE user_id = ${c.userId} AND closed_at IS NULL`,
  );
  return { c, cartId: cart!.cartId };
}

describe("checkout's reads with the session's statement", () => {
  const repo = () => new CheckoutRepository(t.db);
  const loyalty = { hasChoice: hasChoiceSql, hasCodes: cartHasCodesSql };

  it("prepare's: the checkout row, the catalogue's version, the premium choice and the gift codes", async () => {
    const { c, cartId } = await preparedCustomer();
    const own = await repo().preparingOf(cartId, c.userId, loyalty);
    expect(own.checkout?.preparedPurchase).not.toBeNull();
    const json = preparingOfJson(await alongside(c.userId, preparingJsonSql(KEYS, loyalty)));
    expect(json).toStrictEqual(own);
  });

  it("prepare's of a cart without a checkout row: none, as its own statement answers", async () => {
    const c = await checkoutCustomer(t);
    await queryRows(t.db, sql`INSERT INTO carts (user_id) VALUES (${c.userId}) RETURNING cart_id`);
    const [cart] = await queryRows<{ cartId: number }>(
      t.db,
      sql`SELECT cart_id AS "cartId" FROM carts WHERE user_id = ${c.userId} AND closed_at IS NULL`,
    );
    const own = await repo().preparingOf(cart!.cartId, c.userId, loyalty);
    expect(own.checkout).toBeNull();
    expect(preparingOfJson(await alongside(c.userId, preparingJsonSql(KEYS, loyalty)))).toStrictEqual(own);
  });

  it("buy's: the checkout row with the premium choice, the key's order, the new order's id when wanted", async () => {
    const { c, cartId } = await preparedCustomer();
    const key = `companion-${c.userId}-key`;
    const parts = (wantNext: boolean, k: string) => ({
      hasChoice: hasChoiceSql,
      keyOrder: orderIdByKeySql(KEYS.userId, sql`${k}::text`),
      nextOrderId: sql<number>`nextval(pg_get_serial_sequence('orders', 'order_id'))::int`,
      wantNext: sql<boolean>`${wantNext}::boolean`,
    });
    const own = await repo().preparedOf(cartId, c.userId, {
      hasChoice: hasChoiceSql,
      keyOrder: orderIdByKeySql(c.userId, key),
      nextOrderId: null,
    });
    expect(own.checkout?.preparedPurchase).not.toBeNull();
    expect(preparedOfJson(await alongside(c.userId, preparedJsonSql(KEYS, parts(false, key))))).toStrictEqual(
      own,
    );
    const next = preparedOfJson(await alongside(c.userId, preparedJsonSql(KEYS, parts(true, key))));
    expect(next.nextOrderId).toEqual(expect.any(Number));
    expect({ ...next, nextOrderId: null }).toStrictEqual(own);

    // bought with the key: the key's order is read, and no new order's id is taken
    const bought = await buy(t, c.token, undefined, key);
    expect(bought.body.response.status).toBe(0);
    const orderId = (bought.body.data as { orderId: number }).orderId;
    const replay = preparedOfJson(await alongside(c.userId, preparedJsonSql(KEYS, parts(true, key))));
    expect(replay.keyOrderId).toBe(orderId);
    expect(replay.nextOrderId).toBeNull();
  });
});
