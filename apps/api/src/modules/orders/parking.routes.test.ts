import type { StaffArrival } from '@spesa/shared/contracts/admin-orders';
import type { Order, ParkingReservation } from '@spesa/shared/contracts/orders';
import type { OrderStatusId } from '@spesa/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff, placeOrder } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { ORDERS_TEXT } from './orders.messages';

/**
 * Parking at pickup (decision 049): `POST /order/reserve` for the owner's Drive order in preparation or ready
 * on its day (Italian time), one row per order updated by a repeat; refusals change nothing; the staff's
 * "Arrivi di oggi" of their stores. Runs on both engines.
 */
let t: TestApp;
/** 2027-05-10, 09:30 in Rome */
const clock = new Date('2027-05-10T07:30:00Z');
const TODAY = '2027-05-10';

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, runJobs: false });
});
afterAll(async () => t?.close());

type Customer = { userId: number; token: string };
const reserve = (c: Customer | null, payload: unknown) =>
  callAs<{ reservation: ParkingReservation }>(t.app, c?.token ?? null, 'POST', api('/order/reserve'), {
    payload,
  });
const rowsOf = (orderId: number) =>
  queryRows<{ distance: number; info: string }>(
    t.db,
    sql`SELECT distance::float8 AS distance, reservation_info AS info FROM parking_reservations
        WHERE order_id = ${orderId}`,
  );
async function order(
  c: Customer,
  o: { status?: OrderStatusId; deliveryServiceId?: number; slotDate?: string } = {},
): Promise<number> {
  const product = await testProduct(t.db, { stock: 50, priceCents: 300 });
  const placed = await placeOrder(t, {
    userId: c.userId,
    lines: [{ product, quantity: 1 }],
    status: o.status ?? 6,
    deliveryServiceId: o.deliveryServiceId ?? 1,
    slotDate: o.slotDate ?? TODAY,
  });
  return placed.orderId;
}

describe('POST /order/reserve', () => {
  it('tells the store the customer is coming; a repeat updates the same reservation', async () => {
    const c = await newCustomer(t, { tag: 'park-ok' });
    const orderId = await order(c, { status: 6 });
    const first = await reserve(c, { order_id: orderId, distance: '4,5', reservation_info: '  AB 123  CD ' });
    expect(first.statusCode).toBe(200);
    expect(first.body.response.status).toBe(0);
    expect(first.body.data.reservation).toMatchObject({
      orderId,
      distance: 4.5,
      reservationInfo: 'AB 123 CD',
    });
    expect((first.body.response.infos[0] as { info?: string } | undefined)?.info).toContain(
      'sa che stai arrivando',
    );
    const again = await reserve(c, {
      order_id: String(orderId),
      distance: 0.8,
      reservation_info: 'Stallo 3',
    });
    expect(again.body.response.status).toBe(0);
    expect((again.body.response.infos[0] as { info?: string } | undefined)?.info).toContain('aggiornati');
    expect(await rowsOf(orderId)).toEqual([{ distance: 0.8, info: 'Stallo 3' }]);
    // the order's page shows what the store was told
    const view = await callAs<{ data: Order }>(t.app, c.token, 'GET', api(`/order/view?order_id=${orderId}`));
    expect(view.body.data.data.parkingReservation).toEqual({
      orderId,
      distance: 0.8,
      reservationInfo: 'Stallo 3',
      updatedAt: clock.toISOString(),
    });
  });

  it('accepts an order in preparation (5 and 18) as well as a ready one', async () => {
    const c = await newCustomer(t, { tag: 'park-prep' });
    for (const status of [5, 18] as const) {
      const orderId = await order(c, { status });
      expect(
        (await reserve(c, { order_id: orderId, distance: 2, reservation_info: 'FG456HI' })).body.response
          .status,
      ).toBe(0);
    }
  });

  it('answers another customer’s order exactly like a missing one, and writes nothing', async () => {
    const owner = await newCustomer(t, { tag: 'park-owner' });
    const other = await newCustomer(t, { tag: 'park-other' });
    const orderId = await order(owner);
    for (const id of [orderId, 2_000_000_000]) {
      const res = await reserve(other, { order_id: id, distance: 1, reservation_info: 'ZZ999ZZ' });
      expect(res.statusCode).toBe(200);
      expect(res.body.response.errors).toEqual([
        { error: ORDERS_TEXT.orderNotFound.text, code: ORDERS_TEXT.orderNotFound.code },
      ]);
      expect(res.body.data).toEqual({});
    }
    expect(await rowsOf(orderId)).toEqual([]);
    await reserve(owner, { order_id: orderId, distance: 2, reservation_info: 'OW123NR' });
    const view = await callAs(t.app, other.token, 'GET', api(`/order/view?order_id=${orderId}`));
    expect(view.body.data).toEqual({});
    expect(JSON.stringify(view.body)).not.toContain('OW123NR');
  });

  it.each([
    ['a home delivery', { deliveryServiceId: 2 }, ORDERS_TEXT.parkingNotDrive],
    ['a locker pickup', { deliveryServiceId: 10000 }, ORDERS_TEXT.parkingNotDrive],
    ['an order not yet in preparation', { status: 3 as const }, ORDERS_TEXT.parkingNotReady],
    ['a collected order', { status: 8 as const }, ORDERS_TEXT.parkingNotReady],
    ['a cancelled order', { status: 10 as const }, ORDERS_TEXT.parkingNotReady],
    ['an order of tomorrow', { slotDate: '2027-05-11' }, ORDERS_TEXT.parkingNotToday],
    ['an order of yesterday', { slotDate: '2027-05-09' }, ORDERS_TEXT.parkingNotToday],
  ])('refuses %s in Italian and writes nothing', async (_what, o, message) => {
    const c = await newCustomer(t, { tag: 'park-refused' });
    const orderId = await order(c, o);
    const res = await reserve(c, { order_id: orderId, distance: 3, reservation_info: 'AB123CD' });
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]).toMatchObject({ error: message.text, code: message.code });
    expect(await rowsOf(orderId)).toEqual([]);
  });

  it.each([
    [{ order_id: undefined, distance: 1, reservation_info: 'AB123CD' }, 'order_id'],
    [{ order_id: 'x', distance: 1, reservation_info: 'AB123CD' }, 'order_id'],
    [{ order_id: -1, distance: 1, reservation_info: 'AB123CD' }, 'order_id'],
    [{ reservation_info: 'AB123CD' }, 'distance'],
    [{ distance: -1, reservation_info: 'AB123CD' }, 'distance'],
    [{ distance: 301, reservation_info: 'AB123CD' }, 'distance'],
    [{ distance: 'lontano', reservation_info: 'AB123CD' }, 'distance'],
    [{ distance: 1 }, 'reservation_info'],
    [{ distance: 1, reservation_info: ' ' }, 'reservation_info'],
    [{ distance: 1, reservation_info: 'x'.repeat(41) }, 'reservation_info'],
    [{ distance: 1, reservation_info: '<b>AB</b>' }, 'reservation_info'],
    [{ distance: 1, reservation_info: 42 }, 'reservation_info'],
  ])('answers bad input %j with an Italian 400 and writes nothing', async (body, field) => {
    const c = await newCustomer(t, { tag: 'park-bad' });
    const orderId = await order(c);
    const payload = { order_id: orderId, ...body };
    const res = await reserve(c, payload);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).not.toBe(0);
    const text = res.body.response.errors[0]?.error ?? '';
    expect(text).toMatch(
      field === 'distance'
        ? /chilometri|parametro distance è obbligatorio/
        : field === 'reservation_info'
          ? /targa|reservation_info/
          : /order_id/,
    );
    expect(await rowsOf(orderId)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await reserve(null, { order_id: 1, distance: 1, reservation_info: 'AB123CD' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /admin/arrivals', () => {
  const arrivals = (token: string, query = '') =>
    callAs<{ data: StaffArrival[]; total: number }>(t.app, token, 'GET', api(`/admin/arrivals${query}`), {
      via: 'staff',
    });

  it('lists today’s reservations of the member’s stores, with the customer, the plate and the distance', async () => {
    const c = await newCustomer(t, { tag: 'park-staff' });
    const orderId = await order(c);
    await reserve(c, { order_id: orderId, distance: 1.2, reservation_info: 'Stallo 7' });
    const [o] = await queryRows<{ warehouseId: number }>(
      t.db,
      sql`SELECT warehouse_id AS "warehouseId" FROM orders WHERE order_id = ${orderId}`,
    );
    const warehouseId = o?.warehouseId ?? 0;
    const picker = await makeStaff(t, (await newCustomer(t, { tag: 'park-picker' })).userId, [warehouseId]);
    const res = await arrivals(picker);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.data).toContainEqual(
      expect.objectContaining({
        id: orderId,
        orderId,
        customerName: 'Test Cliente',
        reservationInfo: 'Stallo 7',
        distance: 1.2,
        warehouseId,
        orderStatusId: 6,
        orderStatusDescr: 'Preparato',
      }),
    );
    // another store's member does not see it; a store they do not work for answers nothing
    const elsewhere = await makeStaff(t, (await newCustomer(t, { tag: 'park-else' })).userId, [
      warehouseId + 9999,
    ]);
    expect((await arrivals(elsewhere)).body.data.data.map((a) => a.orderId)).not.toContain(orderId);
    expect((await arrivals(picker, `?warehouseId=${warehouseId + 9999}`)).body.data).toEqual({
      data: [],
      total: 0,
    });
    const supervisor = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'park-sup' })).userId,
      [],
      'supervisor',
    );
    expect((await arrivals(supervisor)).body.data.data.map((a) => a.orderId)).toContain(orderId);
  });

  it('is refused to customer service (403) and to a customer (401/403), and bad paging answers 400', async () => {
    const cs = await makeStaff(t, (await newCustomer(t, { tag: 'park-cs' })).userId, [], 'customer_service');
    expect((await arrivals(cs)).statusCode).toBe(403);
    const c = await newCustomer(t, { tag: 'park-cust' });
    expect((await callAs(t.app, c.token, 'GET', api('/admin/arrivals'))).statusCode).toBeGreaterThanOrEqual(
      401,
    );
    const admin = await makeStaff(t, (await newCustomer(t, { tag: 'park-adm' })).userId, [], 'administrator');
    expect((await arrivals(admin, '?page=0')).statusCode).toBe(400);
    expect((await arrivals(admin, '?perPage=abc')).statusCode).toBe(400);
  });
});
