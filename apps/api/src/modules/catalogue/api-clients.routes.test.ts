import type { Product, ProductListData } from '@spesa/shared/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { buildTestApp, getJson, type TestApp } from '../../../test/helper';

/**
 * What scripts written by the platform's users read (issue 19): a category paged with page_size 200 (the
 * real platform honours up to 500; larger pages are cut, not refused), searches ordered with
 * `order_by=search_score desc`, and the product fields they name, each with the meaning its name gives.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const list = (query: string) => getJson<ProductListData>(t.app, `/ebsn/api/products?${query}`);

describe('GET /products as API clients call it', () => {
  it('pages a department with page_size 200, and cuts 1000 to 500', async () => {
    const page = await list('parent_category_id=1&page_size=200');
    expect(page.body.response.status).toBe(0);
    expect(page.body.data.page.itemsPerPage).toBe(200);
    expect(page.body.data.products.length).toBe(Math.min(200, page.body.data.page.totItems));
    const big = await list('q=pasta&page_size=1000');
    expect(big.body.response.status).toBe(0);
    expect(big.body.data.page.itemsPerPage).toBe(500);
    expect(big.body.data.products.length).toBeLessThanOrEqual(500);
    for (const bad of ['page_size=0', 'page_size=abc', 'page_size=-5'])
      expect((await list(`q=pasta&${bad}`)).body.response.status, bad).not.toBe(0);
  });

  it('orders by order_by (search_score desc is the relevance order); unknown orders are refused in Italian', async () => {
    const byScore = await list('q=pasta&order_by=search_score%20desc&page_size=20');
    const plain = await list('q=pasta&page_size=20');
    expect(byScore.body.data.products.map((p) => p.productId)).toEqual(
      plain.body.data.products.map((p) => p.productId),
    );
    const cheap = await list('q=pasta&order_by=price%20asc&page_size=30');
    const prices = cheap.body.data.products.map((p) => p.priceDisplay);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const bad = await list('q=pasta&order_by=colour%20desc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.response.status).toBe(2);
    expect(bad.body.response.errors[0]?.error).toMatch(/[a-zà-ù]/i);
  });

  it('sends every field the scripts read, with its meaning', async () => {
    const page = await list('promo=true&page_size=50');
    const products: Product[] = page.body.data.products;
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(p.code).toBe(p.codInt);
      expect(typeof p.shortDescr).toBe('string');
      expect(typeof p.vendor.name).toBe('string');
      expect(p.priceDisplay).toBeGreaterThan(0);
      expect(['PZ', 'KG']).toContain(p.unitMeasureBaseSelling?.um);
      expect(p.weightUnitDisplay).toMatch(/^(pz|kg|l)$/);
      expect(p.productInfos.PACKAGE_DESCR).toBe(p.description);
      expect(p.itemUrl).toBe(`/product/${p.slug}`);
      expect(p.mediaURL).toMatch(/^\//);
      expect(p.mediaURLMedium).toMatch(/^\//);
      expect(p.breadCrumbs.length).toBeGreaterThan(0);
      expect(p.breadCrumbs.at(-1)?.categoryId).toBe(p.categoryId);
      const promo = p.warehousePromo;
      expect(promo).toBeDefined();
      expect(promo).toMatchObject({
        promoType: expect.any(String),
        discount: expect.any(Number),
        discountPerc: expect.any(Number),
        validityDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        expireDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        view: expect.objectContaining({ body: expect.any(String) }),
      });
      if (p.priceUmDisplay !== undefined && promo?.audience !== 'card')
        expect(p.priceStandardUmDisplay).toBeGreaterThanOrEqual(p.priceUmDisplay);
    }
  });

  it('sends the nutrition as a table clients parse row by row, and the ingredients with allergens emphasised', async () => {
    const page = await list('q=biscotti&page_size=100');
    const withTable = page.body.data.products.filter((p) =>
      p.metaData.product_description?.nutritional_values?.startsWith('<table>'),
    );
    expect(withTable.length).toBeGreaterThan(0);
    for (const p of withTable) {
      const rows = [
        ...(p.metaData.product_description?.nutritional_values ?? '').matchAll(
          /<tr><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><\/tr>/g,
        ),
      ];
      expect(rows.length, p.name).toBeGreaterThan(0);
      for (const [, name, value] of rows) {
        expect(name).toMatch(/\p{L}/u);
        expect(value).toMatch(/^\d/);
      }
    }
    const emphasised = page.body.data.products.filter((p) =>
      p.metaData.product_description?.ingredients?.includes('<strong>'),
    );
    expect(emphasised.length).toBeGreaterThan(0);
    const household = await list(
      'parent_category_id=' + (await departmentId('cura-della-casa')) + '&page_size=5',
    );
    for (const p of household.body.data.products) expect(p.metaData.product_extra?.nonFood).toBe('true');
    expect(withTable.every((p) => p.metaData.product_extra?.nonFood === undefined)).toBe(true);
  });
});

describe('a price-comparison script written for another chain of the platform', () => {
  interface TreeNode {
    categoryId: number;
    parentId: number | null;
    name: string;
    categories?: TreeNode[];
  }
  const flatten = (nodes: TreeNode[]): TreeNode[] =>
    nodes.flatMap((n) => [n, ...flatten(n.categories ?? [])]);

  it('builds every breadcrumb of the tree from its parents: the top has no parent, every other parent is in the tree', async () => {
    const tree = await getJson<{ categories: TreeNode[] }>(t.app, '/ebsn/api/category?filtered=false');
    expect(tree.body.response.status).toBe(0);
    const all = flatten(tree.body.data.categories);
    const byId = new Map(all.map((c) => [c.categoryId, c]));
    for (const top of tree.body.data.categories) expect(top.parentId, top.name).toBeNull();
    for (const c of all) {
      const crumbs: string[] = [];
      for (
        let at: TreeNode | undefined = c;
        at;
        at = at.parentId === null ? undefined : byId.get(at.parentId)
      ) {
        crumbs.unshift(at.name);
        if (at.parentId !== null)
          expect(byId.has(at.parentId), `${c.name}: parent ${at.parentId}`).toBe(true);
      }
      expect(crumbs.length).toBeGreaterThan(0);
    }
    const department = tree.body.data.categories[0]!;
    const single = await getJson<{ category: TreeNode }>(
      t.app,
      `/ebsn/api/category?categoryId=${department.categoryId}`,
    );
    expect(single.body.data.category.parentId).toBeNull();
  });

  it('keeps parent_category_id=1 as the whole catalogue (page_size 5000 is cut to 500)', async () => {
    const whole = await list('parent_category_id=1&page_size=5000&promo=true');
    const everything = await list('page_size=500&promo=true');
    expect(whole.body.response.status).toBe(0);
    expect(whole.body.data.page.itemsPerPage).toBe(500);
    expect(whole.body.data.page.totItems).toBe(everything.body.data.page.totItems);
    expect(whole.body.data.products.length).toBe(Math.min(500, everything.body.data.page.totItems));
  });
});

describe('"senza glutine", "senza lattosio" (decision 033)', () => {
  it('lists only products known to be free of it, in search and in a department; bad values refused', async () => {
    const all = await list('q=latte&page_size=100');
    const free = await list('q=latte&free_from=lattosio&page_size=100');
    expect(free.body.response.status).toBe(0);
    expect(free.body.data.page.totItems).toBeGreaterThan(0);
    expect(free.body.data.page.totItems).toBeLessThan(all.body.data.page.totItems);
    const ids = free.body.data.products.map((p) => p.productId);
    const rows = await queryRows<{ id: number; free: string[] }>(
      t.db,
      sql`SELECT product_id AS id, free_from AS free FROM products
          WHERE product_id = ANY(string_to_array(${ids.join(',')}, ',')::int[])`,
    );
    expect(rows.length).toBe(ids.length);
    for (const r of rows) expect(r.free).toContain('lattosio');
    const both = await list('q=latte&free_from=lattosio,glutine&page_size=100');
    expect(both.body.data.page.totItems).toBeLessThanOrEqual(free.body.data.page.totItems);
    for (const bad of ['free_from=carne', 'free_from=glutine,carne'])
      expect((await list(`q=latte&${bad}`)).statusCode, bad).toBe(400);
  });
});

async function departmentId(slug: string): Promise<number> {
  const res = await getJson<{ category: { categoryId: number } }>(t.app, `/ebsn/api/category?slug=${slug}`);
  return res.body.data.category.categoryId;
}
