import type { AdminStaff } from '@spesa/shared/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { randomToken, sha256 } from '../account/secrets';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * Staff members and roles in the back office (decision 030): adding a shop account as staff, changing a
 * role, stores or activity with the stale-edit check, resetting an authenticator; administrators only.
 */
let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await newCustomer(t, { tag: 'staff-admin' });
  adminId = a.userId;
  admin = await makeStaff(t, a.userId, [], 'administrator');
});
afterAll(() => t?.close());

const st = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `/ebsn/api${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });
const auditActions = async (userId: number) =>
  (
    await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM admin_audit WHERE resource = 'staff' AND resource_id = ${String(userId)} ORDER BY audit_id`,
    )
  ).map((r) => r.action);

describe('adding and changing staff', () => {
  it('a shop account becomes a picker of a store, then a store manager; stale edits are refused', async () => {
    const c = await newCustomer(t, { tag: 'staff-new' });
    const added = await st<{ data: AdminStaff }>(admin, 'POST', '/admin/staff', {
      email: c.email.toUpperCase(),
      role: 'picker',
      warehouseIds: [13],
    });
    expect(added.body.response.status).toBe(0);
    expect(added.body.data.data).toMatchObject({
      id: c.userId,
      role: 'picker',
      warehouseIds: [13],
      enrolled: false,
    });
    const again = await st(admin, 'POST', '/admin/staff', { email: c.email, role: 'picker' });
    expect(again.body.response.errorsMessage).toEqual(['Questo account è già un operatore.']);

    const changed = await st<{ data: AdminStaff }>(admin, 'POST', `/admin/staff/${c.userId}`, {
      updatedAt: added.body.data.data.updatedAt,
      role: 'store_manager',
    });
    expect(changed.body.data.data).toMatchObject({ role: 'store_manager', warehouseIds: [13] });
    const stale = await st<{ data: AdminStaff }>(admin, 'POST', `/admin/staff/${c.userId}`, {
      updatedAt: added.body.data.data.updatedAt,
      role: 'administrator',
    });
    expect(stale.body.response.errors[0]?.code).toBe('msg.admin.staleEdit');
    expect(stale.body.data.data.role).toBe('store_manager');
    expect(await auditActions(c.userId)).toEqual(['create', 'update', 'update']);
  });

  it('deactivating or resetting the authenticator ends the member’s sessions at once', async () => {
    const c = await newCustomer(t, { tag: 'staff-off' });
    const token = await makeStaff(t, c.userId, [13], 'picker');
    expect((await st(token, 'GET', '/admin/auth/me')).statusCode).toBe(200);
    const reset = await st<{ data: AdminStaff }>(
      admin,
      'POST',
      `/admin/staff/${c.userId}/reset-authenticator`,
      {},
    );
    expect(reset.body.data.data.enrolled).toBe(false);
    expect((await st(token, 'GET', '/admin/auth/me')).statusCode).toBe(401);

    const token2 = await makeStaffSession(c.userId);
    expect((await st(token2, 'GET', '/admin/auth/me')).statusCode).toBe(200);
    const off = await st<{ data: AdminStaff }>(admin, 'POST', `/admin/staff/${c.userId}`, {
      updatedAt: reset.body.data.data.updatedAt,
      active: false,
    });
    expect(off.body.data.data.active).toBe(false);
    expect((await st(token2, 'GET', '/admin/auth/me')).statusCode).toBe(401);
  });

  it('an administrator cannot demote or deactivate themselves', async () => {
    const me = await st<{ data: AdminStaff }>(admin, 'GET', `/admin/staff/${adminId}`);
    for (const change of [{ role: 'supervisor' }, { active: false }]) {
      const res = await st(admin, 'POST', `/admin/staff/${adminId}`, {
        updatedAt: me.body.data.data.updatedAt,
        ...change,
      });
      expect(res.body.response.errors[0]?.code).toBe('msg.admin.notYourself');
    }
    expect(
      (await st<{ data: AdminStaff }>(admin, 'GET', `/admin/staff/${adminId}`)).body.data.data.role,
    ).toBe('administrator');
  });
});

/** A second back-office session of an existing member (a new sign-in). */
async function makeStaffSession(userId: number): Promise<string> {
  const token = randomToken();
  await t.db.execute(
    sql`INSERT INTO staff_sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
        VALUES (${sha256(token)}, ${userId}, '2999-01-01'::timestamptz, '2999-01-01'::timestamptz)`,
  );
  return token;
}

describe('refusals', () => {
  it.each([
    ['POST', '/admin/staff', { email: 'non-una-mail', role: 'picker' }],
    ['POST', '/admin/staff', { email: 'x@example.com', role: 'capo' }],
    ['POST', '/admin/staff', { email: 'x@example.com', role: 'picker', warehouseIds: ['tredici'] }],
    ['POST', '/admin/staff/abc', { updatedAt: '2026-01-01T00:00:00Z' }],
    ['POST', '/admin/staff/1', { role: 'picker' }],
  ] as Array<['POST', string, unknown]>)('%s %s %j answers 400', async (method, path, body) => {
    const res = await st(admin, method, path, body);
    expect(res.statusCode).toBe(400);
  });

  it('an unknown e-mail is not added; a supervisor may not manage staff', async () => {
    const unknown = await st(admin, 'POST', '/admin/staff', { email: 'nessuno@example.com', role: 'picker' });
    expect(unknown.body.response.errors[0]?.code).toBe('msg.admin.accountNotFound');
    const sv = await newCustomer(t, { tag: 'staff-sv' });
    const svToken = await makeStaff(t, sv.userId, [], 'supervisor');
    for (const [method, path, body] of [
      ['GET', '/admin/staff', undefined],
      ['GET', `/admin/staff/${adminId}`, undefined],
      ['POST', '/admin/staff', { email: sv.email, role: 'administrator' }],
      ['POST', `/admin/staff/${sv.userId}/reset-authenticator`, {}],
    ] as Array<['GET' | 'POST', string, unknown]>)
      expect((await st(svToken, method, path, body)).statusCode, `${method} ${path}`).toBe(403);
  });
});
