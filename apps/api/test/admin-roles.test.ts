import { STAFF_ROLES, type StaffRole } from '@spesa/shared/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { newCustomer } from './customers';
import { buildTestApp, callAs, type TestApp } from './helper';
import { makeStaff } from './order-fixtures';

/**
 * Every back-office route, read from the app's own access table (so a route added later is covered without
 * touching this file): anonymous callers and shop sessions are asked to sign in to the back office, each
 * staff role the route does not admit is refused before its input is read, and every refusal is audited.
 */
let t: TestApp;
let customer: string;
const staff = new Map<StaffRole, string>();

beforeAll(async () => {
  t = await buildTestApp();
  customer = (await newCustomer(t, { tag: 'roles-customer' })).token;
  for (const role of STAFF_ROLES) {
    const member = await newCustomer(t, { tag: `roles-${role}` });
    staff.set(role, await makeStaff(t, member.userId, [13], role));
  }
});
afterAll(() => t?.close());

/** the admin routes with their methods, params filled with a plausible id */
function adminRoutes() {
  return t.app.accessTable
    .filter((row) => row.access.kind === 'admin')
    .flatMap((row) =>
      row.methods
        .filter((m): m is 'GET' | 'POST' => m === 'GET' || m === 'POST')
        .map((method) => ({
          method,
          url: row.url.replace(/:[A-Za-z]+/g, '1'),
          roles: row.access.kind === 'admin' ? row.access.roles : null,
          name: `${method} ${row.url}`,
        })),
    );
}

const call = (token: string | null, via: 'cookie' | 'staff', method: 'GET' | 'POST', url: string) =>
  callAs(t.app, token, method, url, { via, ...(method === 'POST' ? { payload: {} } : {}) });

async function accessRefusals(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM admin_audit WHERE resource = 'access' AND allowed = false`,
  );
  return row?.n ?? 0;
}

describe('roles on every back-office route', () => {
  it('the access table holds the back office: more than forty routes, each naming its roles or any staff', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) expect(r.url.startsWith('/ebsn/api/admin/'), r.name).toBe(true);
  });

  it('refuses anonymous callers and shop sessions with the back-office sign-in answer', async () => {
    for (const r of adminRoutes()) {
      for (const token of [null, customer]) {
        const res = await call(token, 'cookie', r.method, r.url);
        expect(res.statusCode, `${r.name} as ${token ? 'customer' : 'anonymous'}`).toBe(401);
        expect(res.body.response.errors[0]?.code, r.name).toBe('msg.admin.signInRequired');
      }
    }
  });

  it('refuses every role a route does not name, before reading its input, and audits each refusal', async () => {
    const before = await accessRefusals();
    let refused = 0;
    for (const r of adminRoutes()) {
      if (!r.roles) continue;
      for (const role of STAFF_ROLES.filter((x) => !r.roles?.includes(x))) {
        const res = await call(staff.get(role) ?? '', 'staff', r.method, r.url);
        expect(res.statusCode, `${r.name} as ${role}`).toBe(403);
        expect(res.body.response.errors[0]?.code, `${r.name} as ${role}`).toBe('msg.admin.notAllowed');
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(50);
    expect(await accessRefusals()).toBe(before + refused);
  });

  it('admits the roles a route names: none of them gets the role refusal', async () => {
    for (const r of adminRoutes()) {
      if (r.method !== 'GET') continue;
      for (const role of r.roles ?? STAFF_ROLES) {
        const res = await call(staff.get(role) ?? '', 'staff', r.method, r.url);
        expect(res.statusCode, `${r.name} as ${role}`).not.toBe(403);
        expect(res.statusCode, `${r.name} as ${role}`).toBeLessThan(500);
      }
    }
  });
});
