import type { SmartCart, SmartCartTillClose, SmartCartTillView } from '@spesa/shared/contracts/smartcart';
import { scaleLabel } from '@spesa/shared/smartcart/item-code';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';
import { DEMO_TILL_SYSTEMS, ensureReceiptData } from '../../db/seed/receipts';
import { SmartCartRepository } from './smartcart.repository';
import { SMART_CART_TEXT } from './smartcart.messages';

/**
 * Self-scanning (decision 057): the session at a self-scanning store, codes and scale labels, quantities,
 * removal, a list as reminders, the end with its till code and re-scan check, cancel; scans applied once by
 * their id (replays, two at once); another customer's lines and a session of another store refused; the till
 * reading the session back and closing it into a receipt. Runs on both engines.
 */
const API = '/ebsn/api';
const LEAKS = /stack|at \w+ \(|\.ts:\d+|select .* from|syntax error|drizzle|postgres|pglite|failed query/i;
const STORE: number = DEMO_TILL_SYSTEMS[0].warehouseId; // 13, with the till CASSE-13
const OTHER_STORE: number = DEMO_TILL_SYSTEMS[1].warehouseId; // 14
type Till = { systemId: string; secret: string };
const till: Till = DEMO_TILL_SYSTEMS[0];
const otherTill: Till = DEMO_TILL_SYSTEMS[1];

type Customer = { userId: number; token: string; email: string };
type Product = { productId: number; name: string; barcode: string; priceCents: number };

let t: TestApp;
let piece: Product;
let piece2: Product;
let loose: Product;
let alice: Customer;
let bob: Customer;

/** a plain product sold everywhere, without promotion today (its store price is its list price) */
async function pickProduct(type: 'Pezzo' | 'Sfuso', notIn: number[] = []): Promise<Product> {
  const [row] = await queryRows<Product>(
    t.db,
    sql`SELECT p.product_id AS "productId", p.name, p.barcode, p.price_cents AS "priceCents" FROM products p
         WHERE p.active AND p.barcode IS NOT NULL AND p.product_id < 100000
           AND p.product_infos->>'TIPOLOGIA' = ${type}
           AND NOT EXISTS (SELECT 1 FROM product_delistings d WHERE d.product_id = p.product_id)
           AND NOT EXISTS (SELECT 1 FROM product_promos pp WHERE pp.product_id = p.product_id
                           AND pp.valid_from <= current_date + 1 AND pp.valid_to >= current_date - 1)
           AND p.product_id NOT IN (${sql.join(
             [0, ...notIn].map((id) => sql`${id}`),
             sql`, `,
           )})
         ORDER BY p.product_id LIMIT 1`,
  );
  if (!row) throw new Error(`no seeded ${type}`);
  return row;
}

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false, env: { SMART_CART_RESCAN_SHARE: 1 } });
  await ensureReceiptData({ demoAccounts: true }, t.db);
  await new SmartCartRepository(t.db).enableStores([STORE, OTHER_STORE]);
  piece = await pickProduct('Pezzo');
  piece2 = await pickProduct('Pezzo', [piece.productId]);
  loose = await pickProduct('Sfuso');
  alice = await newCustomer(t, { tag: 'smart-a' });
  bob = await newCustomer(t, { tag: 'smart-b' });
});
afterAll(async () => t?.close());

const as = <T>(who: Customer | null, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, who?.token ?? null, method, `${API}${path}`, payload === undefined ? {} : { payload });
const view = (who: Customer, store = STORE) =>
  as<SmartCart>(who, 'GET', `/smart-cart/view?store_id=${store}&calculate_stock=false&show_sectors=true`);
const add = (who: Customer, items: unknown[], store = STORE) =>
  as<SmartCart>(who, 'POST', `/smart-cart/add_prod?store_id=${store}&show_sectors=false`, { items });
const info = (who: Customer, body: unknown) =>
  as<SmartCart>(who, 'POST', '/smart-cart/update-cart-info', body);
const tillCall = <T>(method: 'GET' | 'POST', path: string, payload?: unknown, system = till) =>
  callAs<T>(t.app, null, method, `${API}${path}`, {
    ...(payload === undefined ? {} : { payload }),
    headers: { 'x-till-system': system.systemId, 'x-till-secret': system.secret },
  });
let scanSeq = 0;
const scanId = () => `scan-${Date.now()}-${scanSeq++}`;
/** a fresh customer with a session started at the store */
async function shopper(tag: string): Promise<Customer> {
  const c = await newCustomer(t, { tag });
  expect((await view(c)).body.response.status).toBe(0);
  return c;
}

describe('the session', () => {
  it('lists the self-scanning stores and starts a session at one of them', async () => {
    const stores = await as<{ stores: Array<{ storeId: number; name: string }> }>(
      alice,
      'GET',
      '/smart-cart/stores',
    );
    expect(stores.body.data.stores.map((s) => s.storeId)).toEqual([STORE, OTHER_STORE]);
    expect(stores.body.data.stores[0]?.name).toMatch(/Spesa/);
    const res = await view(alice);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toMatchObject({
      status: 'open',
      store: { storeId: STORE },
      cartItems: [],
      tillCode: null,
    });
    const again = await view(alice);
    expect(again.body.data.cartId).toBe(res.body.data.cartId);
  });

  it('needs a signed-in customer', async () => {
    const res = await as(null, 'GET', `/smart-cart/view?store_id=${STORE}`);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a store without self-scanning, and a store other than the session in progress', async () => {
    const off = await view(alice, 2);
    expect(off.body.response.errors[0]?.error).toBe(SMART_CART_TEXT.storeNotEnabled.text);
    const other = await view(alice, OTHER_STORE);
    expect(other.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.otherStore.code);
    const addOther = await add(alice, [{ code: piece.barcode }], OTHER_STORE);
    expect(addOther.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.otherStore.code);
    expect(await linesOf(alice)).toHaveLength(0);
  });

  it('answers writes without a session with an Italian refusal', async () => {
    const c = await newCustomer(t, { tag: 'smart-none' });
    const res = await add(c, [{ code: piece.barcode }]);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]?.error).toBe(SMART_CART_TEXT.noSession.text);
    const end = await info(c, { property: 'status', value: 'end' });
    expect(end.body.response.errors[0]?.error).toBe(SMART_CART_TEXT.noSession.text);
  });
});

async function linesOf(c: Customer) {
  return (await view(c)).body.data.cartItems;
}

describe('scanning', () => {
  it('adds a product by its barcode at the store price, and a second scan adds a piece', async () => {
    const c = await shopper('smart-scan');
    const first = await add(c, [{ code: piece.barcode, scanId: scanId() }]);
    expect(first.body.response.status).toBe(0);
    expect(first.body.response.infosMessage[0]).toContain(piece.name);
    await add(c, [{ code: piece.barcode, scanId: scanId() }]);
    const lines = await linesOf(c);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      quantity: 2,
      unitPrice: piece.priceCents / 100,
      scannedCode: piece.barcode,
    });
    expect((await view(c)).body.data.totalPrice).toBe((2 * piece.priceCents) / 100);
  });

  it.each([
    ['12345', SMART_CART_TEXT.malformed.text],
    ['8008101009024', SMART_CART_TEXT.malformed.text],
    ['abcdefgh', SMART_CART_TEXT.malformed.text],
    ['4006381333931', SMART_CART_TEXT.unknown.text],
    [scaleLabel('weight', 99998, 500), SMART_CART_TEXT.unknown.text],
  ])('refuses the code %s: %s', async (code, text) => {
    const c = await shopper('smart-bad');
    const res = await add(c, [{ code, scanId: scanId() }]);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]?.error).toBe(text);
    expect(JSON.stringify(res.body)).not.toMatch(LEAKS);
    expect(res.body.data.cartItems).toHaveLength(0);
  });

  it('refuses bad bodies with an Italian message and changes nothing', async () => {
    const c = await shopper('smart-body');
    for (const items of [
      [],
      [{}],
      [{ productId: -1 }],
      [{ code: piece.barcode, scanId: 'x' }],
      [{ productId: 'a' }],
    ]) {
      const res = await add(c, items);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errors[0]?.error).toMatch(/[a-zà-ù]/i);
      expect(JSON.stringify(res.body)).not.toMatch(LEAKS);
    }
    const bad = await as(c, 'GET', '/smart-cart/view?store_id=abc');
    expect(bad.body.response.status).not.toBe(0);
    expect(await linesOf(c)).toHaveLength(0);
  });

  it('reads a scale label with the weight (GS1 prefix 2): a line of that weight', async () => {
    const c = await shopper('smart-weight');
    const code = scaleLabel('weight', loose.productId, 1250);
    const res = await add(c, [{ code, scanId: scanId() }]);
    expect(res.body.response.status).toBe(0);
    const [line] = res.body.data.cartItems;
    expect(line).toMatchObject({ quantity: 1.25, weight: 1.25, scannedCode: code, labelPrice: null });
    expect(line?.grossTotal).toBe(Math.round(1.25 * loose.priceCents) / 100);
  });

  it('reads a scale label with the price: the line costs the printed amount', async () => {
    const c = await shopper('smart-price');
    const code = scaleLabel('price', loose.productId, 345);
    const res = await add(c, [{ code, scanId: scanId() }]);
    expect(res.body.response.status).toBe(0);
    const [line] = res.body.data.cartItems;
    expect(line).toMatchObject({ grossTotal: 3.45, labelPrice: 3.45, scannedCode: code });
    expect(line?.quantity).toBeCloseTo(345 / loose.priceCents, 3);
    // a second label of the same product is a line of its own
    await add(c, [{ code: scaleLabel('weight', loose.productId, 200), scanId: scanId() }]);
    expect(await linesOf(c)).toHaveLength(2);
  });

  it('refuses a scale label of a product sold by the piece, and a loose product without its weight', async () => {
    const c = await shopper('smart-label-piece');
    const label = await add(c, [{ code: scaleLabel('weight', piece.productId, 300) }]);
    expect(label.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.labelNotWeighed.code);
    const noWeight = await add(c, [{ code: loose.barcode }]);
    expect(noWeight.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.weightRequired.code);
    const byId = await add(c, [{ productId: loose.productId, quantity: 0, weight: 0.4 }]);
    expect(byId.body.response.status).toBe(0);
    expect(byId.body.data.cartItems[0]).toMatchObject({ quantity: 0.4, weight: 0.4 });
  });

  it('refuses a product the store does not sell', async () => {
    const c = await shopper('smart-delisted');
    const p = await pickProduct('Pezzo', [piece.productId, piece2.productId]);
    await t.db.execute(
      sql`INSERT INTO product_delistings (product_id, warehouse_id) VALUES (${p.productId}, ${STORE})`,
    );
    const res = await add(c, [{ code: p.barcode }]);
    expect(res.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.notSoldHere.code);
    await t.db.execute(sql`DELETE FROM product_delistings WHERE product_id = ${p.productId}`);
  });
});

describe('scans applied once', () => {
  it('ignores a replayed scan id: the queue sent twice adds once', async () => {
    const c = await shopper('smart-replay');
    const id = scanId();
    await add(c, [{ code: piece.barcode, scanId: id }]);
    const replay = await add(c, [{ code: piece.barcode, scanId: id }]);
    expect(replay.body.response.status).toBe(0);
    expect(replay.body.response.infosMessage).toContain('Scansione già registrata.');
    expect(replay.body.data.appliedScanIds).toContain(id);
    expect((await linesOf(c))[0]?.quantity).toBe(1);
  });

  it('applies a queue of scans in order and each once, also when sent twice at the same time', async () => {
    const c = await shopper('smart-race');
    const queue = [
      { code: piece.barcode, scanId: scanId() },
      { code: piece2.barcode, scanId: scanId() },
      { code: scaleLabel('weight', loose.productId, 700), scanId: scanId() },
    ];
    const [a, b] = await Promise.all([add(c, queue), add(c, queue)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const lines = await linesOf(c);
    expect(lines.map((l) => [l.product.productId, l.quantity])).toEqual([
      [piece.productId, 1],
      [piece2.productId, 1],
      [loose.productId, 0.7],
    ]);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM smart_cart_scans WHERE user_id = ${c.userId}`,
    );
    expect(row?.n).toBe(3);
  });
});

describe('quantities and removal', () => {
  it("changes a piece line's quantity, removes lines, keeps a label's weight", async () => {
    const c = await shopper('smart-update');
    await add(c, [{ code: piece.barcode }, { code: scaleLabel('weight', loose.productId, 500) }]);
    const [pieceLine, looseLine] = await linesOf(c);
    const up = await as<SmartCart>(c, 'POST', `/smart-cart/update_prods?store_id=${STORE}`, {
      items: [{ itemId: pieceLine?.itemId, quantity: 3, scanId: scanId() }],
    });
    expect(up.body.response.status).toBe(0);
    expect(up.body.data.cartItems[0]?.quantity).toBe(3);
    const tooMany = await as<SmartCart>(c, 'POST', `/smart-cart/update_prods?store_id=${STORE}`, {
      items: [{ itemId: pieceLine?.itemId, quantity: 2.5 }],
    });
    expect(tooMany.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.quantityInvalid.code);
    const weighed = await as<SmartCart>(c, 'POST', `/smart-cart/update_prods?store_id=${STORE}`, {
      items: [{ itemId: looseLine?.itemId, quantity: 2 }],
    });
    expect(weighed.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.weighedFixed.code);
    const del = await as<SmartCart>(c, 'POST', `/smart-cart/delete_prods?store_id=${STORE}`, {
      items: [{ itemId: looseLine?.itemId, quantity: 0, productId: loose.productId }],
      hash: Math.random().toString(36).slice(2),
    });
    expect(del.body.response.status).toBe(0);
    expect(del.body.data.cartItems.map((l) => l.itemId)).toEqual([pieceLine?.itemId]);
  });

  it("refuses another customer's line ids and changes nothing of theirs", async () => {
    const owner = await shopper('smart-owner');
    await add(owner, [{ code: piece.barcode }]);
    const [line] = await linesOf(owner);
    const thief = await shopper('smart-thief');
    for (const path of ['update_prods', 'delete_prods']) {
      const res = await as<SmartCart>(thief, 'POST', `/smart-cart/${path}?store_id=${STORE}`, {
        items: [{ itemId: line?.itemId, quantity: 0 }],
      });
      expect(res.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.itemNotFound.code);
    }
    expect((await linesOf(owner))[0]?.quantity).toBe(1);
  });
});

describe('reminders, end, cancel', () => {
  it('imports a shopping list as reminders; another customer’s list is not found', async () => {
    const c = await shopper('smart-list');
    const list = await as<{ listId: number }>(c, 'POST', '/wishlist/insert', { name: 'Spesa del sabato' });
    await as(c, 'POST', '/wishlist/add_prod', {
      wishlistId: list.body.data.listId,
      items: [
        { productId: piece.productId, quantity: 2 },
        { productId: piece2.productId, quantity: 1 },
      ],
    });
    await add(c, [{ code: piece.barcode }]);
    const res = await info(c, { property: 'reminder_list_id', value: String(list.body.data.listId) });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.reminders).toEqual([
      { productId: piece.productId, name: piece.name, quantity: 2, scanned: true },
      { productId: piece2.productId, name: piece2.name, quantity: 1, scanned: false },
    ]);
    const other = await info(bob, { property: 'reminder_list_id', value: String(list.body.data.listId) });
    expect(other.body.response.status).not.toBe(0);
  });

  it('refuses unknown properties and values, and ending an empty session', async () => {
    const c = await shopper('smart-info');
    for (const body of [
      { property: 'colour', value: 'red' },
      { property: 'status', value: 'paid' },
      { property: 'reminder_list_id', value: 'x' },
      { property: 'status', value: 'end', doc: 'NOTAFISCALCODE1' },
    ]) {
      const res = await info(c, body);
      expect(res.body.response.status).not.toBe(0);
      expect(JSON.stringify(res.body)).not.toMatch(LEAKS);
    }
    const empty = await info(c, { property: 'status', value: 'end' });
    expect(empty.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.empty.code);
  });

  it('ends with a till code and then refuses scans; cancel ends the session', async () => {
    const c = await shopper('smart-end');
    await add(c, [{ code: piece.barcode }]);
    const end = await info(c, { property: 'status', value: 'end', doc: 'RSSMRA85T10A562S' });
    expect(end.body.response.status).toBe(0);
    expect(end.body.data.status).toBe('ended');
    expect(end.body.data.tillCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const late = await add(c, [{ code: piece2.barcode }]);
    expect(late.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.ended.code);
    const cancel = await info(c, { property: 'status', value: 'cancel' });
    expect(cancel.body.data.status).toBe('cancelled');
    // a new session can start, at another store too
    const next = await view(c, OTHER_STORE);
    expect(next.body.data).toMatchObject({ status: 'open', store: { storeId: OTHER_STORE }, cartItems: [] });
  });
});

describe('the till', () => {
  async function endedSession(tag: string) {
    const c = await shopper(tag);
    await add(c, [
      { code: piece.barcode },
      { code: piece.barcode },
      { code: scaleLabel('price', loose.productId, 250) },
    ]);
    const end = await info(c, { property: 'status', value: 'end' });
    return { c, code: end.body.data.tillCode ?? '', total: end.body.data.totalPrice };
  }

  it('reads the session by its code: lines at the prices of the end, the re-scan check', async () => {
    const { code, total } = await endedSession('smart-till-view');
    const res = await tillCall<SmartCartTillView>('GET', `/smart-cart/till/view?code=${code.toLowerCase()}`);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toMatchObject({ status: 'ended', storeId: STORE, rescan: true });
    expect(res.body.data.totalCents).toBe(Math.round(total * 100));
    expect(res.body.data.lines.map((l) => l.amountCents)).toEqual([2 * piece.priceCents, 250]);
  });

  it('refuses a wrong till secret, an unknown code and the till of another store', async () => {
    const { code } = await endedSession('smart-till-bad');
    const wrong = await callAs(t.app, null, 'GET', `${API}/smart-cart/till/view?code=${code}`, {
      headers: { 'x-till-system': till.systemId, 'x-till-secret': 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await tillCall<SmartCartTillView>('GET', '/smart-cart/till/view?code=ZZZZ-ZZZZ');
    expect(unknown.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.tillCodeUnknown.code);
    const bad = await tillCall<SmartCartTillView>('GET', '/smart-cart/till/view?code=%27%3B--');
    expect(bad.body.response.status).not.toBe(0);
    const other = await tillCall<SmartCartTillView>(
      'GET',
      `/smart-cart/till/view?code=${code}`,
      undefined,
      otherTill,
    );
    expect(other.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.tillOtherStore.code);
  });

  it('closes the session into a receipt of the customer, once (a replay answers the same receipt)', async () => {
    const { c, code, total } = await endedSession('smart-till-close');
    const body = {
      code,
      tillCode: '4',
      documentNumber: `SC-${Date.now()}`,
      issuedAt: new Date().toISOString(),
      paymentMethod: 'card',
    };
    const res = await tillCall<SmartCartTillClose>('POST', '/smart-cart/till/close', body);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toMatchObject({ status: 'closed', rescan: true, receipt: { duplicate: false } });
    const replay = await tillCall<SmartCartTillClose>('POST', '/smart-cart/till/close', body);
    expect(replay.body.data.receipt).toMatchObject({
      receiptId: res.body.data.receipt.receiptId,
      duplicate: true,
    });
    const again = await tillCall<SmartCartTillClose>('POST', '/smart-cart/till/close', {
      ...body,
      documentNumber: `${body.documentNumber}-2`,
    });
    expect(again.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.tillNotEnded.code);
    const [row] = await queryRows<{ total: number; n: number }>(
      t.db,
      sql`SELECT total_cents AS total, (SELECT count(*)::int FROM receipt_lines l WHERE l.receipt_id = r.receipt_id) AS n
            FROM receipts r WHERE r.receipt_id = ${res.body.data.receipt.receiptId}`,
    );
    expect(row).toEqual({ total: Math.round(total * 100), n: 2 });
    // the customer's session is over: a new one starts
    expect((await view(c)).body.data.cartItems).toHaveLength(0);
  });
});
