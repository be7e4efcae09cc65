import type { NotificationHistoryData } from '@spesa/shared/contracts/notifications';
import { NOTIFICATION_TYPE } from '@spesa/shared/contracts/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { placeOrder } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';

/**
 * The customer's messages (decision 048): written by the events (the order's status listener, the slot
 * reminders job, certificates issued, the receipts port), paged newest first, filtered by kind, marked read
 * by reading; bad paging and kinds answer Italian 400s; another customer's messages are never shown.
 * Runs on both engines.
 */
let t: TestApp;
let clock = new Date('2027-06-14T10:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, runJobs: false });
});
afterAll(async () => t?.close());

type Customer = { userId: number; token: string };
const history = (c: Customer | null, query = '') =>
  callAs<NotificationHistoryData>(t.app, c?.token ?? null, 'GET', api(`/notification/history${query}`));
const unread = async (c: Customer) =>
  (await callAs<{ unreadCount: number }>(t.app, c.token, 'GET', api('/notification/unread-count'))).body.data
    .unreadCount;
const countOf = async (userId: number, type: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND message_type_id = ${type}`,
    )
  )[0]?.n ?? 0;
const line = async () => [{ product: await testProduct(t.db, { stock: 50, priceCents: 400 }), quantity: 2 }];

describe('messages written by the order’s life', () => {
  it('records confirmed, prepared with the amount, out for delivery; the history shows them newest first', async () => {
    const c = await newCustomer(t, { tag: 'ntf-order' });
    const { orderId } = await placeOrder(t, {
      userId: c.userId,
      lines: await line(),
      status: 3,
      deliveryServiceId: 2,
      paymentTypeId: 2,
      announce: true,
    });
    await t.db.execute(sql`UPDATE orders SET captured_cents = 812 WHERE order_id = ${orderId}`);
    for (const [from, to] of [
      [3, 18],
      [18, 6],
      [6, 7],
    ] as const)
      expect((await t.app.orderStatus.transition({ orderId, from, to, actor: 'staff' }, t.db)).ok).toBe(true);
    const res = await history(c);
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    const list = res.body.data.notifications;
    expect(list.map((n) => n.messageTypeId)).toEqual([
      NOTIFICATION_TYPE.outForDelivery,
      NOTIFICATION_TYPE.orderPrepared,
      NOTIFICATION_TYPE.orderConfirmed,
    ]);
    expect(list.every((n) => n.orderId === orderId && n.readAt === null)).toBe(true);
    expect(list[1]).toMatchObject({
      title: `Ordine ${orderId} preparato`,
      body: 'La tua spesa è pronta: abbiamo addebitato 8,12\u00a0€.',
    });
    expect(list[2]?.title).toBe(`Ordine ${orderId} confermato`);
    expect(res.body.data.page).toEqual({ selPage: 1, totPages: 1, totItems: 3, itemsPerPage: 20 });
    // reading the page marked them read
    expect(res.body.data.unreadCount).toBe(0);
    const again = await history(c);
    expect(again.body.data.notifications.every((n) => n.readAt !== null)).toBe(true);
  });

  it('a refused status change writes no message', async () => {
    const c = await newCustomer(t, { tag: 'ntf-refused' });
    const { orderId } = await placeOrder(t, { userId: c.userId, lines: await line(), status: 8 });
    expect((await t.app.orderStatus.transition({ orderId, from: 8, to: 6, actor: 'staff' }, t.db)).ok).toBe(
      false,
    );
    expect(await countOf(c.userId, NOTIFICATION_TYPE.orderPrepared)).toBe(0);
  });
});

describe('slot reminders (the scheduled job)', () => {
  it('reminds once per order the day before its slot, from 08:00 Italian time, whatever the runs', async () => {
    const c = await newCustomer(t, { tag: 'ntf-remind' });
    const { orderId } = await placeOrder(t, {
      userId: c.userId,
      lines: await line(),
      status: 3,
      slotDate: '2027-06-16',
    });
    const cancelled = await placeOrder(t, {
      userId: c.userId,
      lines: await line(),
      status: 10,
      slotDate: '2027-06-16',
    });
    clock = new Date('2027-06-15T05:30:00Z'); // 07:30 in Rome: not yet
    await t.app.slotReminders.run();
    expect(await countOf(c.userId, NOTIFICATION_TYPE.slotReminder)).toBe(0);
    clock = new Date('2027-06-15T06:30:00Z'); // 08:30
    await t.app.slotReminders.run();
    await t.app.slotReminders.run();
    await Promise.all([t.app.slotReminders.run(), t.app.slotReminders.run()]);
    const rows = await queryRows<{ orderId: number; title: string; body: string }>(
      t.db,
      sql`SELECT order_id AS "orderId", title, body FROM notifications
          WHERE user_id = ${c.userId} AND message_type_id = ${NOTIFICATION_TYPE.slotReminder}`,
    );
    expect(rows).toEqual([expect.objectContaining({ orderId, title: `Domani ritiri l’ordine ${orderId}` })]);
    expect(rows.map((r) => r.orderId)).not.toContain(cancelled.orderId);
    clock = new Date('2027-06-14T10:00:00Z');
  });
});

describe('voucher issued and receipt available', () => {
  it('records a voucher once per certificate and a receipt once per receipt (the receipts module’s port)', async () => {
    const c = await newCustomer(t, { tag: 'ntf-gift' });
    await t.db.transaction(async (tx) => {
      await t.app.notifications.voucherIssued(
        {
          userId: c.userId,
          giftCertificateId: 991,
          name: 'Buono di 5,00 €',
          code: 'ABC123',
          validTo: '2027-09-30',
        },
        tx,
      );
      await t.app.notifications.voucherIssued(
        {
          userId: c.userId,
          giftCertificateId: 991,
          name: 'Buono di 5,00 €',
          code: 'ABC123',
          validTo: '2027-09-30',
        },
        tx,
      );
    });
    const receiptAvailable = t.app.notifications.receiptAvailable;
    await t.db.transaction(async (tx) => {
      await receiptAvailable(
        {
          userId: c.userId,
          receiptId: 77,
          storeName: 'Como Centro',
          totalCents: 2350,
        },
        tx,
      );
      await receiptAvailable({ userId: c.userId, receiptId: 77 }, tx);
    });
    const res = await history(c, `?message_type_id=${NOTIFICATION_TYPE.voucherIssued}`);
    expect(res.body.data.notifications).toEqual([
      expect.objectContaining({
        giftCertificateId: 991,
        title: 'Hai un nuovo buono',
        body: 'Buono di 5,00 € (codice ABC123), valido fino al 30/09/2027: lo trovi in «I miei buoni».',
      }),
    ]);
    // the voucher page marked only the voucher read
    expect(res.body.data.unreadCount).toBe(1);
    const receipts = await history(c, `?message_type_id=${NOTIFICATION_TYPE.receiptAvailable}`);
    expect(receipts.body.data.notifications).toEqual([
      expect.objectContaining({
        receiptId: 77,
        body: 'Il tuo scontrino digitale è disponibile (Como Centro, 23,50\u00a0€): lo trovi in «I miei scontrini».',
      }),
    ]);
  });

  it('records the certificate a friend gets by joining with an invite code (the loyalty module’s port)', async () => {
    const inviter = await newCustomer(t, { tag: 'ntf-inviter' });
    const friend = await newCustomer(t, { tag: 'ntf-friend' });
    const view = await callAs<{ code: string }>(t.app, inviter.token, 'GET', api('/loyalty/invite'));
    const joined = await callAs(t.app, friend.token, 'POST', api('/loyalty/invite/join'), {
      payload: { code: view.body.data.code },
    });
    expect(joined.body.response.status).toBe(0);
    const res = await history(friend);
    expect(res.body.data.notifications).toEqual([
      expect.objectContaining({
        messageTypeId: NOTIFICATION_TYPE.voucherIssued,
        giftCertificateId: expect.any(Number),
        title: 'Hai un nuovo buono',
      }),
    ]);
    expect(await countOf(inviter.userId, NOTIFICATION_TYPE.voucherIssued)).toBe(0);
  });
});

describe('paging, filter and bad input', () => {
  it('pages newest first and never shows another customer’s messages', async () => {
    const a = await newCustomer(t, { tag: 'ntf-page-a' });
    const b = await newCustomer(t, { tag: 'ntf-page-b' });
    await t.db.transaction(async (tx) => {
      for (let i = 1; i <= 5; i++)
        await t.app.notifications.record(
          {
            userId: a.userId,
            messageTypeId: NOTIFICATION_TYPE.receiptAvailable,
            title: `Messaggio ${i}`,
            body: 'x',
            receiptId: i,
          },
          tx,
        );
    });
    expect(await unread(a)).toBe(5);
    const p2 = await history(a, '?page=2&page_size=2');
    expect(p2.body.data.notifications.map((n) => n.title)).toEqual(['Messaggio 3', 'Messaggio 2']);
    expect(p2.body.data.page).toEqual({ selPage: 2, totPages: 3, totItems: 5, itemsPerPage: 2 });
    expect(p2.body.data.unreadCount).toBe(3);
    expect(await unread(a)).toBe(3);
    const past = await history(a, '?page=9&page_size=2');
    expect(past.body.data.notifications).toEqual([]);
    const other = await history(b);
    expect(other.body.data.notifications).toEqual([]);
    expect(other.body.data.page.totItems).toBe(0);
    expect(await unread(a)).toBe(3);
  });

  it.each([
    ['?message_type_id=99', 'Il tipo di messaggio richiesto non esiste.'],
    ['?message_type_id=abc', 'Il tipo di messaggio richiesto non esiste.'],
    ['?page=0', 'Il numero di pagina non è valido.'],
    ['?page=-1', 'Il numero di pagina non è valido.'],
    ['?page=1.5', 'Il numero di pagina non è valido.'],
    ['?page_size=101', 'Il numero di messaggi per pagina deve essere tra 1 e 100.'],
    ['?page_size=0', 'Il numero di messaggi per pagina deve essere tra 1 e 100.'],
  ])('answers %s with an Italian 400 and marks nothing read', async (query, text) => {
    const c = await newCustomer(t, { tag: 'ntf-bad' });
    await t.db.transaction((tx) =>
      t.app.notifications.record(
        {
          userId: c.userId,
          messageTypeId: 1,
          title: 't',
          body: 'b',
          orderId: 1,
        },
        tx,
      ),
    );
    const res = await history(c, query);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.errors[0]?.error).toBe(text);
    expect(await unread(c)).toBe(1);
  });

  it('answers 401 without a session', async () => {
    expect((await history(null)).statusCode).toBe(401);
    expect((await callAs(t.app, null, 'GET', api('/notification/unread-count'))).statusCode).toBe(401);
  });
});
