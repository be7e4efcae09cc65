import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickers, type PickedProduct, type WireCart } from '../../../test/cart-fixtures';
import { newCustomer } from '../../../test/customers';
import { callAs, findInMail, getJson, lastMailTo, type TestApp, buildTestApp } from '../../../test/helper';
import { placeOrder } from '../../../test/order-fixtures';
import { CartRepository } from '../cart/cart.repository';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

const API = '/ebsn/api';
const LEAKS = /stack|at \w+ \(|\.ts:\d+|select .* from|syntax error|drizzle|postgres|pglite|failed query/i;

let t: TestApp;
let piece: PickedProduct;
let loose: PickedProduct;
let alice: { userId: number; token: string; email: string };
let bob: { userId: number; token: string; email: string };

beforeAll(async () => {
  t = await buildTestApp();
  piece = await pickers.piece(t.db);
  loose = await pickers.loose500by100(t.db);
  alice = await newCustomer(t, { tag: 'orders-a' });
  bob = await newCustomer(t, { tag: 'orders-b' });
});
afterAll(async () => {
  await t?.close();
});

type OrderWire = {
  orderId: number;
  orderStatusId: number;
  grossTotal: number;
  orderItems: Array<{ productId: number; quantity: number; delivered: unknown }>;
  statusHistory: Array<{ orderStatusId: number }>;
  isEditable: boolean;
  isCancellable: boolean;
  canRetryPayment: boolean;
  note: { noteId: number; rating: number } | null;
};
type ListData = {
  orders: OrderWire[];
  page: { selPage: number; totPages: number; totItems: number; itemsPerPage: number };
};

const as = <T>(token: string | null, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, payload === undefined ? {} : { payload });

describe('order/list', () => {
  let ids: number[];
  beforeAll(async () => {
    const c = await newCustomer(t, { tag: 'orders-list' });
    const mk = (status: 3 | 8 | 11, qty: number) =>
      placeOrder(t, { userId: c.userId, status, lines: [{ product: piece, quantity: qty }] });
    ids = [];
    for (const [s, q] of [
      [3, 1],
      [8, 2],
      [11, 3],
      [3, 4],
    ] as const)
      ids.push((await mk(s, q)).orderId);
    // the first one was placed last year
    await t.db.execute(sql`UPDATE orders SET created_at = '2025-03-10T10:00:00Z' WHERE order_id = ${ids[0]}`);
    listCustomer = c;
  });
  let listCustomer: { userId: number; token: string };

  it('answers 401 in the envelope without a session', async () => {
    const res = await as(null, 'GET', '/order/list');
    expect(res.statusCode).toBe(401);
    expect(res.body.response.status).not.toBe(0);
  });

  it('lists the customer’s orders newest first, without pending ones unless asked, 12 per page', async () => {
    const res = await as<ListData>(listCustomer.token, 'GET', '/order/list');
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.orders.map((o) => o.orderId)).toEqual([ids[3], ids[1], ids[0]]);
    expect(res.body.data.page).toEqual({ selPage: 1, totPages: 1, totItems: 3, itemsPerPage: 12 });
    // without fetch_detail the lines are left out
    expect(res.body.data.orders[0]?.orderItems).toEqual([]);
    const pending = await as<ListData>(
      listCustomer.token,
      'GET',
      '/order/list?show_pending=true&fetch_detail=true',
    );
    expect(pending.body.data.orders.map((o) => o.orderId)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(pending.body.data.orders[1]?.canRetryPayment).toBe(true);
    expect(pending.body.data.orders[0]?.orderItems).toHaveLength(1);
  });

  it('filters by date, gross total and order type, and pages', async () => {
    const p = piece.priceCents / 100;
    const byTotal = await as<ListData>(
      listCustomer.token,
      'GET',
      `/order/list?show_pending=1&from_gross_total=${(2 * p).toFixed(2)}&to_gross_total=${(3 * p).toFixed(2)}`,
    );
    expect(byTotal.body.data.orders.map((o) => o.orderId)).toEqual([ids[2], ids[1]]);
    const byDate = await as<ListData>(
      listCustomer.token,
      'GET',
      '/order/list?from_date=2025-01-01&to_date=2025-12-31',
    );
    expect(byDate.body.data.orders.map((o) => o.orderId)).toEqual([ids[0]]);
    const type2 = await as<ListData>(listCustomer.token, 'GET', '/order/list?order_type=2');
    expect(type2.body.data.page.totItems).toBe(0);
    const page2 = await as<ListData>(listCustomer.token, 'GET', '/order/list?page_size=2&page=2');
    expect(page2.body.data.orders.map((o) => o.orderId)).toEqual([ids[0]]);
    expect(page2.body.data.page).toEqual({ selPage: 2, totPages: 2, totItems: 3, itemsPerPage: 2 });
    const beyond = await as<ListData>(listCustomer.token, 'GET', '/order/list?page=9');
    expect(beyond.body.data.orders).toEqual([]);
  });

  it('never lists another customer’s orders', async () => {
    const res = await as<ListData>(bob.token, 'GET', '/order/list?show_pending=true');
    expect(res.body.data.orders.filter((o) => ids.includes(o.orderId))).toEqual([]);
  });

  it.each([
    'page=abc',
    'page=0',
    'page_size=1000',
    'page_size=-1',
    'from_date=2025-13-45',
    'to_date=ieri',
    'from_gross_total=-3',
    'to_gross_total=%27%3B%20drop%20table%20orders',
    'order_type=x',
    'fetch_detail=forse',
  ])('bad input %s answers the Italian envelope error, never 500', async (query) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/order/list?${query}`,
      cookies: { 'x-ebsn-account': listCustomer.token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(LEAKS);
    const body = JSON.parse(res.body) as { response: { status: number; errorsMessage: string[] } };
    expect(body.response.status).toBe(2);
    expect(body.response.errorsMessage[0]).toMatch(/^Il parametro \w+ (non è valido|è obbligatorio)\.$/);
  });
});

describe('order/list-for-all-user-shipping-addresses', () => {
  it('filters by order, store, slot day and address, pending included, only the customer’s', async () => {
    const c = await newCustomer(t, { tag: 'orders-addr' });
    const a = await placeOrder(t, {
      userId: c.userId,
      slotDate: '2030-02-01',
      lines: [{ product: piece, quantity: 1 }],
    });
    const b = await placeOrder(t, {
      userId: c.userId,
      status: 1,
      slotDate: '2030-02-05',
      lines: [{ product: piece, quantity: 1 }],
    });
    await t.db.execute(sql`UPDATE orders SET shipping_address_id = 777 WHERE order_id = ${b.orderId}`);
    const list = (q: string, token = c.token) =>
      as<ListData>(token, 'GET', `/order/list-for-all-user-shipping-addresses${q}`);
    expect((await list('')).body.data.orders.map((o) => o.orderId)).toEqual([b.orderId, a.orderId]);
    expect((await list(`?order_id_filter=${a.orderId}`)).body.data.orders.map((o) => o.orderId)).toEqual([
      a.orderId,
    ]);
    expect((await list('?shipping_address_id_filter=777')).body.data.orders.map((o) => o.orderId)).toEqual([
      b.orderId,
    ]);
    expect(
      (
        await list(
          '?suborder_delivery_from_date_filter=2030-02-02&suborder_delivery_to_date_filter=2030-02-28',
        )
      ).body.data.orders.map((o) => o.orderId),
    ).toEqual([b.orderId]);
    expect((await list('?suborder_warehouseid_filter=999999')).body.data.page.totItems).toBe(0);
    expect(
      (await list(`?order_id_filter=${a.orderId}&suborder_id_filter=${b.orderId}`)).body.data.orders,
    ).toEqual([]);
    expect((await list(`?order_id_filter=${a.orderId}`, bob.token)).body.data.orders).toEqual([]);
  });

  it.each([
    'order_id_filter=x',
    'shipping_address_id_filter=-2',
    'order_from_date_filter=2030-02-30',
    'page_size=0',
  ])('bad input %s answers 400', async (q) => {
    const res = await as(alice.token, 'GET', `/order/list-for-all-user-shipping-addresses?${q}`);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).toBe(2);
  });
});

describe('order/view', () => {
  it('shows the customer’s order with lines, history and actions', async () => {
    const o = await placeOrder(t, {
      userId: alice.userId,
      lines: [
        { product: piece, quantity: 2 },
        { product: loose, quantity: 0.5, variableWeight: true },
      ],
    });
    const res = await as<{ data: OrderWire & { prebilledAmount: number; payment: { status: string } } }>(
      alice.token,
      'GET',
      `/order/view?order_id=${o.orderId}`,
    );
    expect(res.body.response.status).toBe(0);
    const order = res.body.data.data;
    expect(order.orderId).toBe(o.orderId);
    expect(order.orderItems.map((i) => i.quantity)).toEqual([2, 0.5]);
    expect(order.orderItems.every((i) => i.delivered === null)).toBe(true);
    expect(order.statusHistory.map((h) => h.orderStatusId)).toEqual([3]);
    expect(order.isEditable && order.isCancellable).toBe(true);
    expect(order.prebilledAmount).toBe(o.preauthCents / 100);
    expect(order.payment.status).toBe('authorized');
  });

  it('answers another customer’s order exactly like a missing one', async () => {
    const o = await placeOrder(t, { userId: alice.userId, lines: [{ product: piece, quantity: 1 }] });
    const theirs = await as(bob.token, 'GET', `/order/view?order_id=${o.orderId}`);
    const missing = await as(bob.token, 'GET', '/order/view?order_id=2147483000');
    expect(theirs.statusCode).toBe(missing.statusCode);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.response.status).toBe(404);
    expect(theirs.body.response.errorsMessage).toEqual(['Ordine non trovato.']);
    expect(theirs.body.data).toEqual({});
  });

  it.each(['', 'order_id=abc', 'order_id=0', 'order_id=99999999999', 'order_id=1&show_replaced=boh'])(
    'bad input %s answers 400 in the envelope',
    async (query) => {
      const res = await as(alice.token, 'GET', `/order/view?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.status).toBe(2);
    },
  );
});

describe('token-order/view and the confirmation e-mail', () => {
  let orderId: number;
  let token: string;
  beforeAll(async () => {
    const o = await placeOrder(t, {
      userId: alice.userId,
      lines: [{ product: piece, quantity: 1 }],
      announce: true,
      extraEmail: 'copia.ordine@example.com',
    });
    orderId = o.orderId;
    const mail = await lastMailTo(t.db, alice.email);
    expect(mail?.template).toBe('order-confirmation');
    expect(mail?.subject).toBe(`Conferma ordine n. ${orderId}`);
    token = findInMail(mail?.textBody ?? '', /access_token=([A-Za-z0-9_-]{43})/);
    // the link opens the read-only page of the web app, outside the customer area
    expect(mail?.textBody).toContain(`/order/${orderId}?access_token=${token}`);
  });

  it('sends the copy to the order’s extra e-mail', async () => {
    const copy = await lastMailTo(t.db, 'copia.ordine@example.com');
    expect(copy?.subject).toBe(`Conferma ordine n. ${orderId}`);
  });

  it('stores only the token’s hash', async () => {
    const rows = await t.db.execute(sql`SELECT access_token_hash FROM orders WHERE order_id = ${orderId}`);
    const hash = (rows as unknown as { rows: Array<{ access_token_hash: string }> }).rows[0]
      ?.access_token_hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
  });

  it('shows the order without a session with the right token', async () => {
    const res = await getJson<{ data: OrderWire }>(
      t.app,
      `${API}/token-order/view?order_id=${orderId}&access_token=${token}`,
    );
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.data.orderId).toBe(orderId);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a wrong token, another order’s id, and an expired token alike', async () => {
    const wrong = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    const other = await placeOrder(t, { userId: alice.userId, lines: [{ product: piece, quantity: 1 }] });
    const answers = [
      await getJson(t.app, `${API}/token-order/view?order_id=${orderId}&access_token=${wrong}`),
      await getJson(t.app, `${API}/token-order/view?order_id=${other.orderId}&access_token=${token}`),
    ];
    await t.db.execute(
      sql`UPDATE orders SET access_token_expires_at = now() - interval '1 minute' WHERE order_id = ${orderId}`,
    );
    answers.push(await getJson(t.app, `${API}/token-order/view?order_id=${orderId}&access_token=${token}`));
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.body.response.status).toBe(404);
      expect(a.body.response.errorsMessage[0]).toMatch(/non è valido o è scaduto/);
      expect(a.body.data).toEqual({});
    }
  });

  it.each(['order_id=1', 'order_id=1&access_token=short', `order_id=x&access_token=${'a'.repeat(43)}`])(
    'bad input %s answers 400',
    async (query) => {
      const res = await getJson(t.app, `${API}/token-order/view?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.status).toBe(2);
    },
  );
});

describe('note/order/add|update (rating)', () => {
  it('rates only a delivered order of one’s own, once, then updates it', async () => {
    const open = await placeOrder(t, { userId: alice.userId, lines: [{ product: piece, quantity: 1 }] });
    const refused = await as(alice.token, 'POST', '/note/order/add', { orderId: open.orderId, rating: 5 });
    expect(refused.body.response.status).toBe(1);
    expect(refused.body.response.errorsMessage).toEqual([
      'Puoi valutare un ordine solo dopo averlo ricevuto.',
    ]);

    const done = await placeOrder(t, {
      userId: alice.userId,
      status: 8,
      lines: [{ product: piece, quantity: 1 }],
    });
    const theirs = await as(bob.token, 'POST', '/note/order/add', { orderId: done.orderId, rating: 1 });
    expect(theirs.body.response.status).toBe(404);
    expect(theirs.body.response.errorsMessage).toEqual(['Ordine non trovato.']);

    const added = await as<{ note: { noteId: number; rating: number; title: string } }>(
      alice.token,
      'POST',
      '/note/order/add',
      { orderId: done.orderId, rating: '4', title: ' Ottimo ', comment: 'Frutta fresca' },
    );
    expect(added.body.response.status).toBe(0);
    expect(added.body.response.infosMessage).toEqual(['Grazie per la tua valutazione.']);
    expect(added.body.data.note).toMatchObject({ rating: 4, title: 'Ottimo' });
    const again = await as(alice.token, 'POST', '/note/order/add', { orderId: done.orderId, rating: 3 });
    expect(again.body.response.status).toBe(1);

    const noteId = added.body.data.note.noteId;
    const bobUpdate = await as(bob.token, 'POST', '/note/order/update', {
      orderId: done.orderId,
      noteId,
      rating: 1,
    });
    expect(bobUpdate.body.response.status).toBe(404);
    const updated = await as(alice.token, 'POST', '/note/order/update', {
      orderId: done.orderId,
      noteId,
      rating: 2,
    });
    expect(updated.body.response.status).toBe(0);
    const view = await as<{ data: OrderWire }>(alice.token, 'GET', `/order/view?order_id=${done.orderId}`);
    expect(view.body.data.data.note).toMatchObject({ noteId, rating: 2 });
  });

  it.each([
    { orderId: 1, rating: 6 },
    { orderId: 1, rating: 0 },
    { orderId: 'x', rating: 3 },
    { rating: 3 },
    { orderId: 1, rating: 3, title: 'x'.repeat(121) },
  ])('bad body %j answers 400 and saves nothing', async (body) => {
    const res = await as(alice.token, 'POST', '/note/order/add', body);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).toBe(2);
  });
});

describe('cart/add-all-from-order', () => {
  it('adds the order’s products to the open cart through the cart rules', async () => {
    const c = await newCustomer(t, { tag: 'orders-reorder' });
    const unavailable = await pickers.unavailable(t.db);
    const o = await placeOrder(t, {
      userId: c.userId,
      status: 8,
      lines: [
        { product: piece, quantity: 2 },
        { product: unavailable, quantity: 1 },
      ],
    });
    const res = await as<WireCart>(c.token, 'POST', '/cart/add-all-from-order', { order_id: o.orderId });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.cartItems.map((i) => [i.product.productId, i.quantity])).toEqual([
      [piece.productId, 2],
    ]);
    expect(res.body.response.infosMessage).toEqual([
      `Aggiunto al carrello 1 prodotto dell’ordine ${o.orderId}.`,
    ]);
    // the product no longer available is refused with its own message
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errorsMessage[0]).toContain(unavailable.name);
  });

  it('into a cart locked for payment: the lock is told once and nothing is said added', async () => {
    const c = await newCustomer(t, { tag: 'orders-reorder-locked' });
    const o = await placeOrder(t, {
      userId: c.userId,
      status: 8,
      lines: [
        { product: piece, quantity: 1 },
        { product: loose, quantity: 0.5 },
      ],
    });
    const open = await as<WireCart>(c.token, 'GET', '/cart/view');
    await new CartRepository(t.db).setStatus(open.body.data.cartId, 7);
    const res = await as<WireCart>(c.token, 'POST', '/cart/add-all-from-order', { order_id: o.orderId });
    expect(res.body.response.errors[0]?.code).toBe('msg.cart.lockedForPayment');
    expect(res.body.response.infosMessage).toEqual([]);
    expect(res.body.data.cartItems).toEqual([]);
  });

  it('answers another customer’s order like a missing one and adds nothing', async () => {
    const o = await placeOrder(t, { userId: alice.userId, lines: [{ product: piece, quantity: 1 }] });
    const theirs = await as<WireCart>(bob.token, 'POST', '/cart/add-all-from-order', { order_id: o.orderId });
    const missing = await as<WireCart>(bob.token, 'POST', '/cart/add-all-from-order', {
      order_id: 2147483000,
    });
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.response.errorsMessage).toEqual(['Ordine non trovato.']);
    const cart = await as<WireCart>(bob.token, 'GET', '/cart/view');
    expect(cart.body.data.cartItems).toEqual([]);
  });

  it.each([{}, { order_id: 'abc' }, { order_id: -1 }])('bad body %j answers 400', async (body) => {
    const res = await as(alice.token, 'POST', '/cart/add-all-from-order', body);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).toBe(2);
  });

  it('needs a session', async () => {
    const res = await as(null, 'POST', '/cart/add-all-from-order', { order_id: 1 });
    expect(res.statusCode).toBe(401);
  });
});

describe('ports read the orders tables', () => {
  it('the app refuses account deletion while a Drive order awaits pickup', async () => {
    const c = await newCustomer(t, { tag: 'orders-anonymize' });
    await placeOrder(t, { userId: c.userId, status: 6, lines: [{ product: piece, quantity: 1 }] });
    const req = await as(c.token, 'GET', '/registration/anonymize_token_request');
    expect(req.body.response.status).toBe(0);
    const mail = await lastMailTo(t.db, c.email);
    const code = findInMail(mail?.textBody ?? '', /Il codice di conferma è: ([A-Z2-9]{8})/);
    const res = await as(c.token, 'GET', `/registration/user_anonymize?token=${code}`);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errorsMessage[0]).toMatch(/hai un ordine in attesa di ritiro/);
  });

  it('the app wires the daily purchase limit to today’s orders', async () => {
    const limited = await pickers.limited(t.db);
    const c = await newCustomer(t, { tag: 'orders-limit' });
    await placeOrder(t, { userId: c.userId, lines: [{ product: limited, quantity: limited.maxAcq ?? 1 }] });
    const res = await as<WireCart>(c.token, 'POST', '/cart/add', {
      items: [{ productId: limited.productId, quantity: 1 }],
    });
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errorsMessage[0]).toContain(
      'Hai superato la quantità massima giornaliera acquistabile per questo articolo',
    );
    expect(res.body.data.cartItems).toEqual([]);
  });

  it('pickup orders not over block account deletion; home deliveries and finished ones do not', async () => {
    const service = new OrdersService(
      new OrdersRepository(t.db),
      {
        add: () => Promise.reject(new Error('unused')),
        view: () => Promise.reject(new Error('unused')),
      },
      { usesOf: () => Promise.resolve([]) },
    );
    const c = await newCustomer(t, { tag: 'orders-pickup' });
    expect(await service.pickupOrders.hasOrdersAwaitingPickup(c.userId)).toBe(false);
    const home = await placeOrder(t, {
      userId: c.userId,
      deliveryServiceId: 2,
      lines: [{ product: piece, quantity: 1 }],
    });
    expect(home.orderId).toBeGreaterThan(0);
    await placeOrder(t, { userId: c.userId, status: 8, lines: [{ product: piece, quantity: 1 }] });
    expect(await service.pickupOrders.hasOrdersAwaitingPickup(c.userId)).toBe(false);
    await placeOrder(t, { userId: c.userId, status: 6, lines: [{ product: piece, quantity: 1 }] });
    expect(await service.pickupOrders.hasOrdersAwaitingPickup(c.userId)).toBe(true);
  });

  it('daily purchases: what today’s orders hold of a product, cancelled ones left out', async () => {
    const service = new OrdersService(
      new OrdersRepository(t.db),
      {
        add: () => Promise.reject(new Error('unused')),
        view: () => Promise.reject(new Error('unused')),
      },
      { usesOf: () => Promise.resolve([]) },
    );
    const c = await newCustomer(t, { tag: 'orders-daily' });
    await placeOrder(t, { userId: c.userId, lines: [{ product: piece, quantity: 3 }] });
    await placeOrder(t, { userId: c.userId, status: 10, lines: [{ product: piece, quantity: 5 }] });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    expect(await service.dailyPurchases.orderedOn(c.userId, piece.productId, today)).toBe(3);
    expect(await service.dailyPurchases.orderedOn(c.userId, piece.productId, '2020-01-01')).toBe(0);
  });
});
