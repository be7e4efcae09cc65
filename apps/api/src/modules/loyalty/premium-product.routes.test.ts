import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCardData } from '@spesa/shared/contracts/admin-loyalty';
import type { PremiumProduct } from '@spesa/shared/contracts/loyalty';
import { makeCardNumber } from '@spesa/shared/loyalty/card-number';
import { testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { AccountRepository } from '../account/account.repository';

/**
 * The premium card's 20 % product (decision 043): a premium customer reads and chooses it (a sold product,
 * no infant formula nor alcohol), once per calendar month, two simultaneous changes make one; bad input,
 * customers who are not premium or are excluded, and other customers change nothing and read nothing.
 */
const API = '/ebsn/api';
let t: TestApp;
let accounts: AccountRepository;
let cs: string;
let serial = 6_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
type Customer = Awaited<ReturnType<typeof newCustomer>>;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date('2027-03-10T09:00:00Z') });
  accounts = new AccountRepository(t.db);
  cs = await makeStaff(t, (await newCustomer(t, { tag: 'pp-cs' })).userId, [], 'customer_service');
});
afterAll(async () => t?.close());

const get = (c: Customer | null) =>
  callAs<PremiumProduct>(t.app, c?.token ?? null, 'GET', `${API}/loyalty/premium/product`);
const choose = (c: Customer | null, payload: unknown) =>
  callAs<PremiumProduct>(t.app, c?.token ?? null, 'POST', `${API}/loyalty/premium/product`, { payload });

/** A customer with a fidelity card, premium (digital) unless asked otherwise. */
async function customer(tag: string, premium = true): Promise<Customer> {
  const c = await newCustomer(t, { tag });
  const cardNumber = makeCardNumber('fidelity', serial++);
  await accounts.issueCard({ cardNumber, cardType: 'fidelity', holderLastName: 'Cliente' }, t.db);
  const linked = await callAs(t.app, c.token, 'POST', `${API}/loyalty/card/link`, {
    payload: { cardNumber, lastName: 'Cliente' },
  });
  expect(linked.body.response.status).toBe(0);
  if (premium) {
    const res = await callAs(t.app, c.token, 'POST', `${API}/loyalty/premium/request`, {
      payload: { channel: 'digital' },
    });
    expect(res.body.response.status).toBe(0);
  }
  return c;
}

const choiceRow = async (userId: number) =>
  (
    await queryRows<{ productId: number; chosenOn: string }>(
      t.db,
      sql`SELECT product_id AS "productId", to_char(chosen_on, 'YYYY-MM-DD') AS "chosenOn"
          FROM premium_products WHERE user_id = ${userId}`,
    )
  )[0] ?? null;

/** A sold product of one of these categories (or below them). */
const productIn = async (categoryIds: number[]) => {
  const [row] = await queryRows<{ productId: number }>(
    t.db,
    sql`SELECT p.product_id AS "productId" FROM products p
        WHERE p.active AND (p.category_id IN (${sql.join(
          categoryIds.map((id) => sql`${id}`),
          sql`, `,
        )}))
        ORDER BY p.product_id LIMIT 1`,
  );
  if (!row) throw new Error(`no product in ${categoryIds.join(',')}`);
  return row.productId;
};

describe('the premium 20 % product', () => {
  it('answers 401 without a session', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await choose(null, { productId: 1 })).statusCode).toBe(401);
  });

  it('a premium customer chooses a product; the same again is kept; another one waits for next month', async () => {
    const c = await customer('pp-choose');
    const before = await get(c);
    expect(before.body.data).toEqual({
      discountOn: true,
      percent: 20,
      discountUntil: '2027-12-31',
      product: null,
      chosenOn: null,
      canChange: true,
      changeableFrom: null,
    });
    const a = await testProduct(t.db, { stock: 10, priceCents: 500 });
    const b = await testProduct(t.db, { stock: 10, priceCents: 700 });
    const res = await choose(c, { productId: a.productId });
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.infosMessage?.[0]).toContain(a.name);
    expect(res.body.data).toMatchObject({
      product: { productId: a.productId, name: a.name },
      chosenOn: '2027-03-10',
      canChange: false,
      changeableFrom: '2027-04-01',
    });
    expect((await get(c)).body.data).toEqual(res.body.data);

    const same = await choose(c, { productId: a.productId });
    expect(same.body.response.status).toBe(0);
    expect(same.body.data.product?.productId).toBe(a.productId);

    const tooSoon = await choose(c, { productId: b.productId });
    expect(tooSoon.statusCode).toBe(200);
    expect(tooSoon.body.response.status).not.toBe(0);
    expect(tooSoon.body.response.errors[0]).toEqual({
      code: 'msg.premium.productChangedRecently',
      error:
        'Hai già scelto il prodotto scontato questo mese: potrai cambiarlo dal primo giorno del mese prossimo.',
    });
    expect(await choiceRow(c.userId)).toEqual({ productId: a.productId, chosenOn: '2027-03-10' });

    // chosen last month: it may change now
    await t.db.execute(sql`UPDATE premium_products SET chosen_on = '2027-02-28' WHERE user_id = ${c.userId}`);
    expect((await get(c)).body.data).toMatchObject({ canChange: true, changeableFrom: null });
    const changed = await choose(c, { productId: b.productId });
    expect(changed.body.response.status).toBe(0);
    expect(await choiceRow(c.userId)).toEqual({ productId: b.productId, chosenOn: '2027-03-10' });
  });

  it('two changes at once: one wins, the other is refused', async () => {
    const c = await customer('pp-race');
    const products = await Promise.all(
      [1, 2, 3, 4].map(() => testProduct(t.db, { stock: 10, priceCents: 300 })),
    );
    const results = await Promise.all(products.map((p) => choose(c, { productId: p.productId })));
    const won = results.filter((r) => r.body.response.status === 0);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.body.response.status !== 0))
      expect(r.body.response.errors[0]?.code).toBe('msg.premium.productChangedRecently');
    expect((await choiceRow(c.userId))?.productId).toBe(won[0]?.body.data.product?.productId);
  });

  it('infant formula and alcohol cannot be chosen; an unknown or delisted product neither', async () => {
    const c = await customer('pp-excluded');
    for (const productId of [await productIn([180101]), await productIn([140101, 140301, 140402])]) {
      const res = await choose(c, { productId });
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errors[0]?.code).toBe('msg.premium.productNotChoosable');
      expect(res.body.response.errorsMessage[0]).toMatch(/latte per l’infanzia, vini, birre e alcolici/);
    }
    const gone = await testProduct(t.db, { stock: 10 });
    await t.db.execute(sql`UPDATE products SET active = false WHERE product_id = ${gone.productId}`);
    for (const productId of [2_000_000_000, gone.productId]) {
      const res = await choose(c, { productId });
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errors[0]?.code).toBe('msg.premium.productUnknown');
    }
    expect(await choiceRow(c.userId)).toBeNull();
  });

  it('bad input answers 400 with an Italian message and changes nothing', async () => {
    const c = await customer('pp-bad');
    for (const payload of [
      {},
      { productId: 'abc' },
      { productId: -1 },
      { productId: 1.5 },
      { productId: null },
    ]) {
      const res = await choose(c, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body.response.errorsMessage.join(' ')).toContain('Scegli un prodotto del catalogo.');
    }
    expect(await choiceRow(c.userId)).toBeNull();
  });

  it('customers who are not premium or are excluded neither read nor choose', async () => {
    const fidelity = await customer('pp-fidelity', false);
    const p = await testProduct(t.db, { stock: 10 });
    for (const res of [await get(fidelity), await choose(fidelity, { productId: p.productId })]) {
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errors[0]?.code).toBe('msg.premium.only');
    }
    expect(await choiceRow(fidelity.userId)).toBeNull();

    const excluded = await customer('pp-out');
    expect((await choose(excluded, { productId: p.productId })).body.response.status).toBe(0);
    const set = await callAs(
      t.app,
      cs,
      'POST',
      `${API}/admin/customers/${excluded.userId}/premium-exclusion`,
      { via: 'staff', payload: { excluded: true, reason: 'Uso improprio della carta' } },
    );
    expect(set.body.response.status).toBe(0);
    for (const res of [await get(excluded), await choose(excluded, { productId: p.productId })]) {
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errorsMessage[0]).toBe(
        'Accesso non disponibile: contatta il servizio clienti.',
      );
    }
  });

  it('a customer reads and changes only their own choice, whatever ids the body carries', async () => {
    const a = await customer('pp-own-a');
    const b = await customer('pp-own-b');
    const pa = await testProduct(t.db, { stock: 10 });
    const pb = await testProduct(t.db, { stock: 10 });
    expect((await choose(a, { productId: pa.productId })).body.response.status).toBe(0);
    const read = await get(b);
    expect(read.body.data.product).toBeNull();
    expect(JSON.stringify(read.body)).not.toContain(String(pa.productId));
    const res = await choose(b, { productId: pb.productId, userId: a.userId });
    expect(res.body.response.status).toBe(0);
    expect((await choiceRow(a.userId))?.productId).toBe(pa.productId);
    expect((await choiceRow(b.userId))?.productId).toBe(pb.productId);
  });

  it("the back office's customer page shows the chosen product, to customer service only for that customer", async () => {
    const a = await customer('pp-admin-a');
    const b = await customer('pp-admin-b');
    const p = await testProduct(t.db, { stock: 10 });
    const cardOf = (userId: number) =>
      callAs<AdminCardData>(t.app, cs, 'GET', `${API}/admin/customers/${userId}/loyalty-card`, {
        via: 'staff',
      });
    expect((await cardOf(a.userId)).body.data.data.premiumProduct).toBeNull();
    expect((await choose(a, { productId: p.productId })).body.response.status).toBe(0);
    expect((await cardOf(a.userId)).body.data.data.premiumProduct).toEqual({
      productId: p.productId,
      name: p.name,
      chosenOn: '2027-03-10',
    });
    expect((await cardOf(b.userId)).body.data.data.premiumProduct).toBeNull();
  });
});
