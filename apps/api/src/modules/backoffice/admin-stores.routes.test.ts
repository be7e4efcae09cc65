import type { AdminStoreDetail } from '@spesa/shared/contracts/admin';
import { STALE_EDIT_CODE } from '@spesa/shared/contracts/admin';
import type { Store } from '@spesa/shared/contracts/delivery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DRIVE_STORE } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * A store's name, phone and opening hours in the back office (decision 030): the store manager of that store
 * and the administrator change them, the shop shows them; other stores, stale edits, bad hours and the wrong
 * roles are refused, audited where a write was attempted, and change nothing.
 */
let t: TestApp;
let admin: string;
let manager: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeStaff(t, (await newCustomer(t, { tag: 'st-admin' })).userId, [], 'administrator');
  manager = await makeStaff(
    t,
    (await newCustomer(t, { tag: 'st-mgr' })).userId,
    [DRIVE_STORE],
    'store_manager',
  );
});
afterAll(() => t?.close());

const st = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, api(path), { via: 'staff', ...(payload === undefined ? {} : { payload }) });

const read = async (id: number) =>
  (await st<{ data: AdminStoreDetail }>(admin, 'GET', `/admin/stores/${id}`)).body.data.data;

async function otherStore(): Promise<number> {
  const all = await st<{ data: Array<{ id: number }> }>(admin, 'GET', '/admin/stores');
  const other = all.body.data.data.find((s) => s.id !== DRIVE_STORE);
  if (!other) throw new Error('a second store expected');
  return other.id;
}

describe("a store's data", () => {
  it("the store manager sets Sunday's hours and the phone: the shop shows it, audited", async () => {
    const before = await read(DRIVE_STORE);
    expect(before.serviceHours).not.toContainEqual({ beginWeekDay: 1, beginHour: '09:00', endHour: '12:30' });
    const hours = [
      ...before.serviceHours.filter((h) => h.beginWeekDay !== 1),
      { beginWeekDay: 1, beginHour: '09:00', endHour: '12:30' },
    ];
    const saved = await st<{ data: AdminStoreDetail }>(manager, 'POST', `/admin/stores/${DRIVE_STORE}`, {
      updatedAt: before.updatedAt,
      phone: '+39 031 555 0101',
      serviceHours: hours,
    });
    expect(saved.body.response.status).toBe(0);
    expect(saved.body.data.data).toMatchObject({ phone: '+39 031 555 0101', name: before.name });
    expect(saved.body.data.data.serviceHours[0]).toEqual({
      beginWeekDay: 1,
      beginHour: '09:00',
      endHour: '12:30',
    });

    const shop = await callAs<{ store: Store }>(
      t.app,
      null,
      'GET',
      api(`/store/view?store_id=${DRIVE_STORE}`),
    );
    expect(shop.body.data.store.metaData.warehouse_locator.PHONE).toBe('+39 031 555 0101');
    expect(shop.body.data.store.serviceHours.default).toContainEqual({
      beginWeekDay: 1,
      beginHour: '09:00',
      endHour: '12:30',
    });

    const audit = await st<{ data: Array<Record<string, unknown>> }>(
      admin,
      'GET',
      '/admin/audit?resource=stores&order=DESC&perPage=5',
    );
    expect(audit.body.data.data[0]).toMatchObject({
      action: 'update',
      resourceId: String(DRIVE_STORE),
      allowed: true,
      before: expect.objectContaining({ phone: before.phone }),
      after: expect.objectContaining({ phone: '+39 031 555 0101' }),
    });
  });

  it("refuses a stale edit with the other person's change, another store to its manager, and bad hours", async () => {
    const seen = await read(DRIVE_STORE);
    const first = await st<{ data: AdminStoreDetail }>(admin, 'POST', `/admin/stores/${DRIVE_STORE}`, {
      updatedAt: seen.updatedAt,
      name: `${seen.name} `.trim() + ' Centro',
    });
    expect(first.body.response.status).toBe(0);
    const stale = await st<{ data: AdminStoreDetail }>(manager, 'POST', `/admin/stores/${DRIVE_STORE}`, {
      updatedAt: seen.updatedAt,
      phone: '031 000000',
    });
    expect(stale.body.response.errors[0]?.code).toBe(STALE_EDIT_CODE);
    expect(stale.body.data.data.name).toBe(first.body.data.data.name);
    expect((await read(DRIVE_STORE)).phone).toBe(seen.phone);

    const other = await otherStore();
    const otherBefore = await read(other);
    const refused = await st(manager, 'POST', `/admin/stores/${other}`, {
      updatedAt: otherBefore.updatedAt,
      phone: '031 000000',
    });
    expect(refused.body.response.errors[0]?.code).toBe('msg.admin.notYourStore');
    expect((await st(manager, 'GET', `/admin/stores/${other}`)).body.response.errors[0]?.code).toBe(
      'msg.admin.notYourStore',
    );
    expect(await read(other)).toEqual(otherBefore);
    const audit = await st<{ data: Array<Record<string, unknown>> }>(
      admin,
      'GET',
      '/admin/audit?resource=stores&order=DESC&perPage=5',
    );
    expect(audit.body.data.data[0]).toMatchObject({ resourceId: String(other), allowed: false });

    const now = await read(DRIVE_STORE);
    for (const body of [
      { serviceHours: [{ beginWeekDay: 2, beginHour: '20:00', endHour: '08:00' }] },
      { serviceHours: [{ beginWeekDay: 8, beginHour: '08:00', endHour: '12:00' }] },
      { serviceHours: [{ beginWeekDay: 2, beginHour: '8', endHour: '12:00' }] },
      {
        serviceHours: [
          { beginWeekDay: 2, beginHour: '08:00', endHour: '13:00' },
          { beginWeekDay: 2, beginHour: '12:00', endHour: '19:00' },
        ],
      },
      {
        serviceHours: [
          { beginWeekDay: 3, beginHour: '08:00', endHour: '10:00' },
          { beginWeekDay: 3, beginHour: '11:00', endHour: '13:00' },
          { beginWeekDay: 3, beginHour: '15:00', endHour: '19:00' },
        ],
      },
      { phone: 'chiamami' },
      { name: 'x' },
      { name: 42 },
    ]) {
      const res = await st(manager, 'POST', `/admin/stores/${DRIVE_STORE}`, {
        updatedAt: now.updatedAt,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await st(admin, 'GET', '/admin/stores/abc')).statusCode).toBe(400);
    expect((await st(admin, 'GET', '/admin/stores/1')).body.response.errors[0]?.code).toBe(
      'msg.admin.storeNotFound',
    );
    expect(await read(DRIVE_STORE)).toEqual(now);
  });

  it('pickers, catalogue managers and customers cannot change a store', async () => {
    const before = await read(DRIVE_STORE);
    const picker = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'st-pk' })).userId,
      [DRIVE_STORE],
      'picker',
    );
    const catalogue = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'st-cat' })).userId,
      [],
      'catalogue_manager',
    );
    const customer = await newCustomer(t, { tag: 'st-cust' });
    const body = { updatedAt: before.updatedAt, phone: '031 123456' };
    expect((await st(picker, 'POST', `/admin/stores/${DRIVE_STORE}`, body)).statusCode).toBe(403);
    expect((await st(picker, 'GET', `/admin/stores/${DRIVE_STORE}`)).statusCode).toBe(403);
    expect((await st(catalogue, 'POST', `/admin/stores/${DRIVE_STORE}`, body)).statusCode).toBe(403);
    expect((await st(catalogue, 'GET', `/admin/stores/${DRIVE_STORE}`)).statusCode).toBe(200);
    expect(
      (await callAs(t.app, customer.token, 'POST', api(`/admin/stores/${DRIVE_STORE}`), { payload: body }))
        .statusCode,
    ).toBe(401);
    expect(await read(DRIVE_STORE)).toEqual(before);
  });
});
