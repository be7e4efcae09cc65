import type { AdminCategory } from '@spesa/shared/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, getJson, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * Category pages in the back office (decision 030): the grid (rows, columns, widths per breakpoint) and the
 * blocks; stale edits, positions kept consistent, the shop serving the change, roles and audit.
 */
let t: TestApp;
let manager: string;
let departmentId: number;

beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0 });
  const m = await newCustomer(t, { tag: 'cat-manager' });
  manager = await makeStaff(t, m.userId, [], 'catalogue_manager');
  const [d] = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT category_id AS id FROM categories c WHERE level = 1 AND category_type_id = 1
          AND EXISTS (SELECT 1 FROM category_blocks b WHERE b.category_id = c.category_id)
        ORDER BY category_id LIMIT 1`,
  );
  departmentId = d!.id;
});
afterAll(() => t?.close());

const st = <T>(method: 'GET' | 'POST', path: string, payload?: unknown, token = manager) =>
  callAs<T>(t.app, token, method, `/ebsn/api${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });
const page = async () =>
  (await st<{ data: AdminCategory }>('GET', `/admin/categories/${departmentId}`)).body.data.data;
const shopCategory = async () =>
  (await getJson<{ category: unknown }>(t.app, `/ebsn/api/category?categoryId=${departmentId}`)).body.data;

describe("a department's page", () => {
  it('gets a new column and a block in it: the shop serves it; a stale edit is refused', async () => {
    const before = await page();
    expect(before.gridConfig?.rows.length).toBeGreaterThan(0);
    const grid = {
      rows: [
        ...(before.gridConfig?.rows ?? []),
        {
          container: true,
          cols: [
            { position: 'natale', xs: 12, md: 6 },
            { position: 'natale-2', xs: 12, md: 6 },
          ],
        },
      ],
    };
    const gridDone = await st<{ data: AdminCategory }>('POST', `/admin/categories/${departmentId}/grid`, {
      updatedAt: before.updatedAt,
      gridConfig: grid,
    });
    expect(gridDone.body.response.status).toBe(0);
    const added = await st<{ data: AdminCategory }>('POST', `/admin/categories/${departmentId}/blocks`, {
      updatedAt: gridDone.body.data.data.updatedAt,
      position: 'natale',
      blockType: 'StaticText',
      metaData: { TITLE: 'Idee per Natale', DESCRIPTION: 'Panettoni e pandori' },
    });
    expect(added.body.response.status).toBe(0);
    const block = added.body.data.data.categoryBlocks.find((b) => b.position === 'natale');
    expect(block).toMatchObject({ blockType: 'StaticText', metaData: { TITLE: 'Idee per Natale' } });

    // the same stale updatedAt again: refused, the page as it is now comes back
    const stale = await st<{ data: AdminCategory }>('POST', `/admin/categories/${departmentId}/blocks`, {
      updatedAt: gridDone.body.data.data.updatedAt,
      position: 'natale-2',
      blockType: 'StaticText',
    });
    expect(stale.body.response.errors[0]?.code).toBe('msg.admin.staleEdit');
    expect(stale.body.data.data.categoryBlocks.some((b) => b.id === block!.id)).toBe(true);

    // a grid may not drop a column holding blocks; a block goes only in a column of the grid
    const current = await page();
    const dropping = await st('POST', `/admin/categories/${departmentId}/grid`, {
      updatedAt: current.updatedAt,
      gridConfig: before.gridConfig,
    });
    expect(dropping.body.response.errors[0]?.code).toBe('msg.admin.positionInUse');
    expect(dropping.body.response.errorsMessage[0]).toContain('natale');
    const nowhere = await st('POST', `/admin/category-blocks/${block!.id}`, {
      updatedAt: current.updatedAt,
      position: 'altrove',
    });
    expect(nowhere.body.response.errors[0]?.code).toBe('msg.admin.positionNotInGrid');

    // edited, then deleted; the audit holds every change
    const edited = await st<{ data: AdminCategory }>('POST', `/admin/category-blocks/${block!.id}`, {
      updatedAt: current.updatedAt,
      metaData: { TITLE: 'Il Natale di Spesa' },
      position: 'natale-2',
    });
    expect(edited.body.data.data.categoryBlocks.find((b) => b.id === block!.id)).toMatchObject({
      position: 'natale-2',
      metaData: { TITLE: 'Il Natale di Spesa' },
    });
    const deleted = await st<{ data: AdminCategory }>('POST', `/admin/category-blocks/${block!.id}/delete`, {
      updatedAt: edited.body.data.data.updatedAt,
    });
    expect(deleted.body.data.data.categoryBlocks.some((b) => b.id === block!.id)).toBe(false);
    const audit = await queryRows<{ action: string; allowed: boolean }>(
      t.db,
      sql`SELECT action, allowed FROM admin_audit WHERE resource = 'categories' AND resource_id = ${String(departmentId)}
          ORDER BY audit_id`,
    );
    expect(audit).toEqual([
      { action: 'grid', allowed: true },
      { action: 'block-add', allowed: true },
      { action: 'block-add', allowed: false },
      { action: 'block-update', allowed: true },
      { action: 'block-delete', allowed: true },
    ]);
  });

  it('the shop serves a new block within the version check', async () => {
    const current = await page();
    const position = current.gridConfig?.rows[0]?.cols[0]?.position ?? 'position1';
    await st('POST', `/admin/categories/${departmentId}/blocks`, {
      updatedAt: current.updatedAt,
      position,
      priority: 99,
      blockType: 'StaticText',
      metaData: { TITLE: 'Avviso ai clienti' },
    });
    const served = await shopCategory();
    expect(JSON.stringify(served)).toContain('Avviso ai clienti');
  });
});

describe('bad input and roles', () => {
  it.each([
    ['grid', { gridConfig: { rows: [{ cols: [] }] } }],
    ['grid', { gridConfig: { rows: [{ cols: [{ position: 'a', xs: 13 }] }] } }],
    ['grid', { gridConfig: { rows: [{ cols: [{ position: 'a' }] }, { cols: [{ position: 'a' }] }] } }],
    ['blocks', { position: 'position1', blockType: 'Carosello' }],
    ['blocks', { position: 'position 1', blockType: 'StaticText' }],
    ['blocks', { position: 'position1', blockType: 'StaticText', metaData: { title: 'x' } }],
  ])('%s %j answers 400', async (what, body) => {
    const current = await page();
    const res = await st('POST', `/admin/categories/${departmentId}/${what}`, {
      updatedAt: current.updatedAt,
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect((await page()).updatedAt).toBe(current.updatedAt);
  });

  it('customer service may not read pages; a supervisor reads but changes nothing', async () => {
    const cs = await newCustomer(t, { tag: 'cat-cs' });
    const csToken = await makeStaff(t, cs.userId, [], 'customer_service');
    expect((await st('GET', '/admin/categories', undefined, csToken)).statusCode).toBe(403);
    const sv = await newCustomer(t, { tag: 'cat-sv' });
    const svToken = await makeStaff(t, sv.userId, [], 'supervisor');
    expect((await st('GET', `/admin/categories/${departmentId}`, undefined, svToken)).statusCode).toBe(200);
    const current = await page();
    expect(
      (
        await st(
          'POST',
          `/admin/categories/${departmentId}/grid`,
          { updatedAt: current.updatedAt, gridConfig: current.gridConfig },
          svToken,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe("a category's name and menu place", () => {
  type Tree = { categories: Array<{ categoryId: number; name: string; categories?: Tree['categories'] }> };
  const inTree = (tree: Tree['categories'], id: number): { name: string } | null => {
    for (const c of tree) {
      if (c.categoryId === id) return c;
      const found = inTree(c.categories ?? [], id);
      if (found) return found;
    }
    return null;
  };

  it('renamed, reordered and taken out of the menu: the shop follows at once; stale and bad edits refused; audited', async () => {
    const [aisle] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT category_id AS id FROM categories WHERE level = 2 AND category_type_id = 1 AND show_in_menu
          ORDER BY category_id LIMIT 1`,
    );
    const id = aisle!.id;
    const read = async () =>
      (await st<{ data: AdminCategory }>('GET', `/admin/categories/${id}`)).body.data.data;
    const before = await read();
    const renamed = await st<{ data: AdminCategory }>('POST', `/admin/categories/${id}`, {
      updatedAt: before.updatedAt,
      name: 'Specialità di stagione',
      description: 'Quello che la stagione offre.',
      priority: 1,
    });
    expect(renamed.body.response.status).toBe(0);
    expect(renamed.body.data.data).toMatchObject({
      name: 'Specialità di stagione',
      description: 'Quello che la stagione offre.',
      priority: 1,
      showInMenu: true,
    });
    const tree = await getJson<Tree>(t.app, '/ebsn/api/category');
    expect(inTree(tree.body.data.categories, id)?.name).toBe('Specialità di stagione');

    const stale = await st('POST', `/admin/categories/${id}`, {
      updatedAt: before.updatedAt,
      name: 'Altro nome',
    });
    expect(stale.body.response.errors[0]?.code).toBe('msg.admin.staleEdit');
    for (const body of [
      { name: 'x' },
      { priority: -1 },
      { showInMenu: 'sì' },
      { description: 'x'.repeat(1001) },
    ]) {
      const res = await st('POST', `/admin/categories/${id}`, {
        updatedAt: renamed.body.data.data.updatedAt,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await read()).name).toBe('Specialità di stagione');

    const hidden = await st<{ data: AdminCategory }>('POST', `/admin/categories/${id}`, {
      updatedAt: renamed.body.data.data.updatedAt,
      showInMenu: false,
    });
    expect(hidden.body.data.data.showInMenu).toBe(false);
    const after = await getJson<Tree>(t.app, '/ebsn/api/category');
    expect(inTree(after.body.data.categories, id)).toBeNull();

    const admin = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'cat-admin' })).userId,
      [],
      'administrator',
    );
    const audit = await st<{ data: Array<Record<string, unknown>> }>(
      'GET',
      `/admin/audit?resource=categories&order=DESC&perPage=5`,
      undefined,
      admin,
    );
    expect(audit.body.data.data[0]).toMatchObject({
      action: 'update',
      resourceId: String(id),
      allowed: true,
      before: expect.objectContaining({ showInMenu: true, name: 'Specialità di stagione' }),
      after: expect.objectContaining({ showInMenu: false }),
    });
  });
});
