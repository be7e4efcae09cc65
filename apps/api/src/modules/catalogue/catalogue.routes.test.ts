import type { Category, Product, ProductListData, SuggestItem } from '@spesa/shared/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { readCatalogueVersion } from './catalogue.repository';
import { bumpCatalogueVersion, LISTING_WARM_PAGES } from './catalogue.service';
import { buildTestApp, getJson, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const API = '/ebsn/api';

function depthOf(categories: Category[] | undefined): number {
  if (!categories || categories.length === 0) return 0;
  return 1 + Math.max(...categories.map((c) => depthOf(c.categories)));
}

/** names compare lower case without accents (the SQL order: lower(unaccent(name)) COLLATE "C") */
const sortKey = (p: Product) =>
  p.name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

function flatten(categories: Category[] | undefined): Category[] {
  return (categories ?? []).flatMap((c) => [c, ...flatten(c.categories)]);
}

describe('GET /category (tree)', () => {
  it('answers the product departments with their children, ordered by priority, with product counts', async () => {
    const { statusCode, body } = await getJson<{ categories: Category[] }>(t.app, `${API}/category`);
    expect(statusCode).toBe(200);
    expect(body.response.status).toBe(0);
    const departments = body.data.categories;
    expect(departments.length).toBeGreaterThanOrEqual(15);
    expect(departments[0]?.slug).toBe('frutta-e-verdura');
    expect(departments.every((d) => d.level === 1)).toBe(true);
    // content pages (home, service-selector) and the hidden root are not in the menu
    const slugs = flatten(departments).map((c) => c.slug);
    expect(slugs).not.toContain('home');
    expect(slugs).not.toContain('catalogo');
    expect(depthOf(departments)).toBe(3);
    const fv = departments[0] as Category;
    const childSum = (fv.categories ?? []).reduce((s, c) => s + (c.productCount ?? 0), 0);
    expect(fv.productCount).toBeGreaterThan(0);
    expect(fv.productCount).toBe(childSum);
  });

  it('cuts the tree at depth', async () => {
    const one = await getJson<{ categories: Category[] }>(t.app, `${API}/category?depth=1`);
    expect(depthOf(one.body.data.categories)).toBe(1);
    const two = await getJson<{ categories: Category[] }>(t.app, `${API}/category?depth=2`);
    expect(depthOf(two.body.data.categories)).toBe(2);
  });

  it('with q keeps only the categories holding matching products', async () => {
    const { body } = await getJson<{ categories: Category[] }>(t.app, `${API}/category?q=mozzarella`);
    const all = flatten(body.data.categories);
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((c) => c.slug)).toContain('latticini');
    expect(all.every((c) => (c.productCount ?? 0) > 0)).toBe(true);
    expect(all.map((c) => c.slug)).not.toContain('animali');
  });
});

describe('GET /category (one page)', () => {
  it('answers the home page with its blocks, GRID_CONFIG and flat block metaData', async () => {
    const { body } = await getJson<{ category: Category }>(t.app, `${API}/category?slug=home`);
    expect(body.response.status).toBe(0);
    const home = body.data.category;
    expect(home.slug).toBe('home');
    expect(home.metaData?.template_model?.GRID_CONFIG.rows.length).toBeGreaterThan(0);
    const blocks = home.categoryBlocks ?? [];
    expect(blocks.length).toBeGreaterThan(3);
    const crm = blocks.find((b) => b.templateBlock.codInt === 'CrmProductSlider');
    expect(crm?.metaData['ALGORITHM']).toBeDefined();
    expect(crm?.metaData['TITLE']).toEqual(expect.any(String));
    const header = blocks.find((b) => b.templateBlock.codInt === 'BannerSliderHeader');
    expect(header?.proposals.length).toBeGreaterThan(0);
    expect(header?.proposals[0]?.categoryProposalType.name).toEqual(expect.any(String));
    // blocks follow the grid positions in natural order (position2 before position10)
    const positions = blocks.map((b) => Number(b.position.replace(/\D/g, '')));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('takes the last segment of a full path and lists the children with counts', async () => {
    const { body } = await getJson<{ category: Category }>(
      t.app,
      `${API}/category?slug=frutta-e-verdura/frutta`,
    );
    expect(body.response.status).toBe(0);
    expect(body.data.category.slug).toBe('frutta');
    expect(body.data.category.categories?.length).toBeGreaterThan(0);
    expect(body.data.category.categories?.every((c) => typeof c.productCount === 'number')).toBe(true);
  });

  it('finds a content page by slug and a department by categoryId', async () => {
    const selector = await getJson<{ category: Category }>(t.app, `${API}/category?slug=service-selector`);
    expect(selector.body.data.category.name).toBe('Scegli come ricevere la spesa');
    const byId = await getJson<{ category: Category }>(t.app, `${API}/category?categoryId=10000`);
    expect(byId.body.data.category.slug).toBe('frutta-e-verdura');
    expect(byId.body.data.category.metaData?.category_info?.ICON).toBe('red-apple');
  });

  it('answers an unknown slug with the Italian not-found message', async () => {
    const { statusCode, body } = await getJson(t.app, `${API}/category?slug=non-esiste`);
    expect(statusCode).toBe(200);
    expect(body.response.status).not.toBe(0);
    expect(body.response.errors[0]).toEqual({
      error: 'La pagina richiesta non è stata trovata.',
      code: 'msg.category.notFound',
    });
    expect(body.response.errorsMessage).toEqual(['La pagina richiesta non è stata trovata.']);
  });
});

describe('GET /category-block/info', () => {
  it('answers one block with its proposals', async () => {
    const home = await getJson<{ category: Category }>(t.app, `${API}/category?slug=home`);
    const block = (home.body.data.category.categoryBlocks ?? [])[0];
    const { body } = await getJson<{ categoryBlock: { categoryBlockId: number } }>(
      t.app,
      `${API}/category-block/info?categoryBlockId=${block?.categoryBlockId}`,
    );
    expect(body.response.status).toBe(0);
    expect(body.data.categoryBlock).toEqual(block);
  });

  it('answers an unknown block with an envelope error', async () => {
    const { statusCode, body } = await getJson(t.app, `${API}/category-block/info?categoryBlockId=999999`);
    expect(statusCode).toBe(200);
    expect(body.response.status).not.toBe(0);
    expect(body.response.errorsMessage[0]).toMatch(/non è stato trovato/);
  });
});

describe('GET /products (lists)', () => {
  it('lists a department including every descendant category, with paging math', async () => {
    const { body } = await getJson<ProductListData>(
      t.app,
      `${API}/products?parent_category_id=10000&page_size=10&page=2`,
    );
    expect(body.response.status).toBe(0);
    const { page, products } = body.data;
    expect(page.selPage).toBe(2);
    expect(page.itemsPerPage).toBe(10);
    expect(page.totPages).toBe(Math.ceil(page.totItems / 10));
    expect(products).toHaveLength(10);
    // every product sits below Frutta e verdura (its breadcrumbs start there), none in the department itself
    expect(products.every((p) => p.breadCrumbs[0]?.slug === 'frutta-e-verdura')).toBe(true);
    expect(new Set(products.map((p) => p.categoryId)).has(10000)).toBe(false);
    const tree = await getJson<{ categories: Category[] }>(t.app, `${API}/category?depth=1`);
    expect(page.totItems).toBe(tree.body.data.categories.find((c) => c.categoryId === 10000)?.productCount);
  });

  it('pages a department best sellers first, later pages from the order its first read remembered', async () => {
    await t.app.catalogue.bumpCatalogueVersion();
    const expected = await queryRows<{ productId: number; salesRank: number }>(
      t.db,
      sql`WITH RECURSIVE sub AS (
            SELECT category_id FROM categories WHERE category_id = 20000
            UNION ALL SELECT c.category_id FROM categories c JOIN sub ON c.parent_id = sub.category_id)
          SELECT p.product_id AS "productId", p.sales_rank AS "salesRank" FROM products p
          WHERE p.active AND p.category_id IN (SELECT category_id FROM sub)
          ORDER BY p.sales_rank DESC, p.product_id`,
    );
    expect(expected.length).toBeGreaterThan(30);
    const pages = Math.ceil(expected.length / 12);
    const list = (page: number, extra = '') =>
      getJson<ProductListData>(
        t.app,
        `${API}/products?parent_category_id=20000&page_size=12&page=${page}${extra}`,
      );
    // a middle page first: it reads the department's total, facets and order
    const second = await list(2);
    // then the last product becomes the best seller behind the cache's back (no catalogue version change)
    const last = expected.at(-1)!;
    await t.db.execute(sql`UPDATE products SET sales_rank = 1000000000 WHERE product_id = ${last.productId}`);
    try {
      // every page, none read before but the second, follows the remembered order
      const seen: number[] = [];
      for (let page = 1; page <= pages; page++) {
        const { body } = await list(page);
        expect(body.data.page.totItems).toBe(expected.length);
        seen.push(...body.data.products.map((p) => p.productId));
      }
      expect(seen).toEqual(expected.map((r) => r.productId));
      expect(second.body.data.products.map((p) => p.productId)).toEqual(seen.slice(12, 24));
      // a fresh read sees the new best seller first
      const fresh = await list(1, '&skip_cache=true');
      expect(fresh.body.data.products[0]?.productId).toBe(last.productId);
    } finally {
      await t.db.execute(
        sql`UPDATE products SET sales_rank = ${last.salesRank} WHERE product_id = ${last.productId}`,
      );
      await t.app.catalogue.bumpCatalogueVersion();
    }
  });

  it('answers an empty page past the end, keeping the totals', async () => {
    const { body } = await getJson<ProductListData>(
      t.app,
      `${API}/products?parent_category_id=10000&page=5000`,
    );
    expect(body.data.products).toEqual([]);
    expect(body.data.page.selPage).toBe(5000);
    expect(body.data.page.totItems).toBeGreaterThan(0);
  });

  it('computes brand and category facets for the result set and filters by them', async () => {
    const { body } = await getJson<ProductListData>(t.app, `${API}/products?parent_category_id=50000`);
    const vendor = body.data.facets.find((f) => f.parameterName === 'vendor');
    const category = body.data.facets.find((f) => f.parameterName === 'category');
    expect(vendor?.values.length).toBeGreaterThan(1);
    expect(category?.values.length).toBeGreaterThan(1);
    const sum = category?.values.reduce((s, v) => s + v.quantity, 0);
    expect(sum).toBe(body.data.page.totItems);

    const brand = vendor?.values[0];
    const filtered = await getJson<ProductListData>(
      t.app,
      `${API}/products?parent_category_id=50000&facet=vendor:${brand?.id}`,
    );
    expect(filtered.body.data.page.totItems).toBe(brand?.quantity);
    expect(filtered.body.data.products.every((p) => String(p.vendor.vendorId) === brand?.id)).toBe(true);
    // the brand facet still offers the other brands (counts ignore the brand filter itself)
    expect(filtered.body.data.facets.find((f) => f.parameterName === 'vendor')?.values.length).toBe(
      vendor?.values.length,
    );

    const leaf = category?.values[0];
    const both = await getJson<ProductListData>(
      t.app,
      `${API}/products?parent_category_id=50000&facet=category:${leaf?.id}&facet=vendor:${brand?.id}`,
    );
    expect(
      both.body.data.products.every(
        (p) => String(p.categoryId) === leaf?.id && String(p.vendor.vendorId) === brand?.id,
      ),
    ).toBe(true);
  });

  it('shows a real product of unknown brand without one, and never offers "no brand" as a brand', async () => {
    // "Trenette al Nero di seppia": Open Food Facts gives no brand and its name starts with none we know
    const { body } = await getJson<Product>(t.app, `${API}/products?barcode=8008101009023`);
    const product = body.data;
    expect(product?.name).toMatch(/^Trenette al Nero/);
    expect(product?.shortDescr).toBe('');
    expect(product?.vendor.name).toBe('');
    for (const query of [
      'parent_category_id=70000', // facets from the grouped counts
      'parent_category_id=70000&facet=category:70101', // facets from their own queries
      'q=pasta',
    ]) {
      const list = await getJson<ProductListData>(t.app, `${API}/products?${query}`);
      const brands = list.body.data.facets.find((f) => f.parameterName === 'vendor')?.values ?? [];
      expect(brands.length, query).toBeGreaterThan(0);
      expect(
        brands.filter((b) => b.name.trim() === ''),
        query,
      ).toEqual([]);
    }
  });

  it.each([
    ['pri_asc', (a: Product, b: Product) => a.priceDisplay <= b.priceDisplay],
    ['pri_desc', (a: Product, b: Product) => a.priceDisplay >= b.priceDisplay],
    ['alf_asc', (a: Product, b: Product) => sortKey(a) <= sortKey(b)],
    ['alf_dsc', (a: Product, b: Product) => sortKey(a) >= sortKey(b)],
  ] as const)('sorts by %s', async (sort, inOrder) => {
    const { body } = await getJson<ProductListData>(
      t.app,
      `${API}/products?parent_category_id=70000&sort=${sort}&page_size=50`,
    );
    const products = body.data.products;
    expect(products.length).toBe(50);
    for (let i = 1; i < products.length; i++)
      expect(inOrder(products[i - 1] as Product, products[i] as Product)).toBe(true);
  });

  it('sorts new products first with sort=new', async () => {
    const { body } = await getJson<ProductListData>(t.app, `${API}/products?sort=new&page_size=5`);
    expect(body.data.products.every((p) => p.isNew)).toBe(true);
  });

  it('filters products with an active promotion today and shows the promotion prices', async () => {
    const { body } = await getJson<ProductListData>(t.app, `${API}/products?promo=true&page_size=30`);
    expect(body.data.page.totItems).toBeGreaterThan(0);
    for (const p of body.data.products) {
      expect(p.warehousePromo).toBeDefined();
      expect(p.priceStandardDisplay).toBe(p.price);
      expect(p.priceDisplay).toBeLessThan(p.price);
      expect(p.productClasses).toContainEqual(expect.objectContaining({ productClassGroupId: 6 }));
      expect(p.warehousePromo?.discount).toBeCloseTo(p.price - p.priceDisplay, 2);
    }
  });

  it('filters new products with new_product and onlyNew', async () => {
    for (const param of ['new_product=true', 'onlyNew=true']) {
      const { body } = await getJson<ProductListData>(t.app, `${API}/products?${param}&page_size=50`);
      expect(body.data.page.totItems).toBeGreaterThan(0);
      expect(body.data.products.every((p) => p.isNew)).toBe(true);
    }
  });

  it('searches Italian full text, accent-insensitive, with a prefix on the last word', async () => {
    const full = await getJson<ProductListData>(t.app, `${API}/products?q=mozzarella`);
    expect(full.body.data.page.totItems).toBeGreaterThan(20);
    expect(full.body.data.products[0]?.name.toLowerCase()).toContain('mozzarell');
    const prefix = await getJson<ProductListData>(t.app, `${API}/products?q=mozzar`);
    expect(prefix.body.data.page.totItems).toBeGreaterThanOrEqual(full.body.data.page.totItems);
    const accents = await getJson<ProductListData>(t.app, `${API}/products?q=caffè`);
    const plain = await getJson<ProductListData>(t.app, `${API}/products?q=caffe`);
    expect(accents.body.data.page.totItems).toBeGreaterThan(0);
    expect(accents.body.data.page.totItems).toBe(plain.body.data.page.totItems);
  });

  it('falls back to trigram similarity when full text finds nothing', async () => {
    const { body } = await getJson<ProductListData>(t.app, `${API}/products?q=parmiggiano%20regiano`);
    expect(body.data.page.totItems).toBeGreaterThan(0);
    expect(body.data.products[0]?.name.toLowerCase()).toMatch(/parmig+iano/);
  });
});

describe('GET /products (one product)', () => {
  let sample: Product;
  beforeAll(async () => {
    const { body } = await getJson<ProductListData>(t.app, `${API}/products?promo=true&page_size=1`);
    sample = body.data.products[0] as Product;
  });

  it('answers the product itself by slug, product_id, barcode and /products/{id}', async () => {
    for (const url of [
      `${API}/products?slug=${sample.slug}`,
      `${API}/products?product_id=${sample.productId}`,
      `${API}/products?barcode=${sample.barcode}`,
      `${API}/products/${sample.productId}`,
    ]) {
      const { body } = await getJson<Product>(t.app, url);
      expect(body.response.status).toBe(0);
      expect(body.data).toEqual(sample);
    }
  });

  it('maps the wire product fields', () => {
    expect(sample.itemUrl).toBe(`/product/${sample.slug}`);
    expect(sample.mediaURL).toMatch(/^\/media\/icons\/[a-z0-9-]+\.svg\?bg=[0-9a-f]{6}$/);
    expect(sample.deliveryWarehouse).toEqual({ warehouseId: 1, name: 'Catalogo Globale' });
    expect(Object.values(sample.productInfos).every((v) => typeof v === 'string')).toBe(true);
    expect(['pz', 'kg', 'l']).toContain(sample.priceUnitDisplay);
    expect(sample.breadCrumbs.length).toBe(3);
    expect(Number.isInteger(sample.available)).toBe(true);
    expect(Math.round(sample.price * 100)).toBe(sample.price * 100);
  });

  it('answers unknown slug, id and barcode with "Prodotto non trovato."', async () => {
    for (const url of [
      `${API}/products?slug=non-esiste`,
      `${API}/products?product_id=2147483647`,
      `${API}/products?barcode=0000000000000`,
      `${API}/products/2147483647`,
    ]) {
      const { statusCode, body } = await getJson(t.app, url);
      expect(statusCode).toBe(200);
      expect(body.response.status).not.toBe(0);
      expect(body.response.errors[0]).toEqual({
        error: 'Prodotto non trovato.',
        code: 'msg.product.notFound',
      });
      expect(body.data).toEqual({});
    }
  });
});

describe('GET /products/suggest', () => {
  it('completes a prefix from the term dictionary, most frequent first', async () => {
    const { body } = await getJson<{ items: SuggestItem[] }>(t.app, `${API}/products/suggest?q=mozz`);
    const words = body.data.items.filter((i) => i.type === 'Word').map((i) => i.name);
    expect(words[0]).toBe('mozzarella');
    expect(body.data.items.length).toBeLessThanOrEqual(10);
  });

  it("keeps the apostrophe of a category's name: latte per l'infanzia", async () => {
    for (const q of ['latte%20per%20l%27inf', 'latte%20per%20l%E2%80%99inf', 'latte%20per%20l%27']) {
      const { body } = await getJson<{ items: SuggestItem[] }>(t.app, `${API}/products/suggest?q=${q}`);
      const words = body.data.items.filter((i) => i.type === 'Word').map((i) => i.name);
      expect(words).toContain("latte per l'infanzia");
      expect(words.join('|')).not.toMatch(/\bl infanzia/);
    }
  });

  it('forgives typos: mozarela -> mozzarella', async () => {
    const { body } = await getJson<{ items: SuggestItem[] }>(t.app, `${API}/products/suggest?q=mozarela`);
    expect(body.data.items.map((i) => i.name)).toContain('mozzarella');
  });

  it('adds up to 3 matching categories with their slug', async () => {
    const { body } = await getJson<{ items: SuggestItem[] }>(t.app, `${API}/products/suggest?q=frutta`);
    const categories = body.data.items.filter((i) => i.type === 'Category');
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.length).toBeLessThanOrEqual(3);
    expect(categories[0]?.slug).toEqual(expect.any(String));
  });

  it('answers an empty list for empty or one-letter text', async () => {
    for (const q of ['', 'm', '%20', '%25']) {
      const { body } = await getJson<{ items: SuggestItem[] }>(t.app, `${API}/products/suggest?q=${q}`);
      expect(body.response.status).toBe(0);
      expect(body.data.items).toEqual([]);
    }
  });
});

describe('GET /adv', () => {
  const adv = (query: string) =>
    getJson<{ products: Product[]; totItems: number }>(t.app, `${API}/adv?${query}`);

  it('25: promotions, of the department when category_id is given', async () => {
    const all = await adv('layout=25&limit=6');
    expect(all.body.data.products).toHaveLength(6);
    expect(all.body.data.products.every((p) => p.warehousePromo)).toBe(true);
    const dept = await adv('layout=25&limit=6&category_id=10101');
    expect(
      dept.body.data.products.every((p) => p.warehousePromo && p.breadCrumbs[0]?.categoryId === 10000),
    ).toBe(true);
    expect(dept.body.data.totItems).toBeLessThan(all.body.data.totItems);
  });

  it('26: global top sellers; 27: top sellers of the department of category_id', async () => {
    const top = await adv('layout=26&limit=12');
    expect(top.body.data.products).toHaveLength(12);
    const dept = await adv('layout=27&limit=5&category_id=50401');
    expect(dept.body.data.products.every((p) => p.breadCrumbs[0]?.categoryId === 50000)).toBe(true);
  });

  it('223 / 220: same category / same department as product_id, without the product', async () => {
    const list = await getJson<ProductListData>(
      t.app,
      `${API}/products?parent_category_id=50000&page_size=1`,
    );
    const product = list.body.data.products[0] as Product;
    const cross = await adv(`layout=223&limit=8&product_id=${product.productId}`);
    expect(cross.body.data.products.length).toBeGreaterThan(0);
    expect(
      cross.body.data.products.every(
        (p) => p.categoryId === product.categoryId && p.productId !== product.productId,
      ),
    ).toBe(true);
    const up = await adv(`layout=220&limit=8&product_id=${product.productId}`);
    expect(
      up.body.data.products.every(
        (p) => p.breadCrumbs[0]?.categoryId === 50000 && p.productId !== product.productId,
      ),
    ).toBe(true);
    const none = await adv('layout=223&limit=8');
    expect(none.body.data.products).toEqual([]);
  });

  it('21: new products; 29 and 1000 need a login; unknown layouts are empty', async () => {
    const suggested = await adv('layout=21&limit=4');
    expect(suggested.body.data.products.length).toBe(4);
    expect(suggested.body.data.products.every((p) => p.isNew)).toBe(true);
    for (const layout of [29, 1000, 4242]) {
      const { body } = await adv(`layout=${layout}`);
      expect(body.response.status).toBe(0);
      expect(body.data).toEqual({ products: [], totItems: 0 });
    }
  });

  it('shuffle gives the same order all day, from the top candidates', async () => {
    const a = await adv('layout=26&limit=8&shuffle=true');
    const b = await adv('layout=26&limit=8&shuffle=true&skip_cache=true');
    expect(a.body.data.products.map((p) => p.productId)).toEqual(
      b.body.data.products.map((p) => p.productId),
    );
    const plain = await adv('layout=26&limit=8');
    expect(a.body.data.products.map((p) => p.productId)).not.toEqual(
      plain.body.data.products.map((p) => p.productId),
    );
  });
});

describe('read cache', () => {
  it('serves cached reads until catalogue_version changes', async () => {
    const local = await buildTestApp({ versionCheckMs: 50 });
    try {
      const [row] = await queryRows<{ id: number; name: string }>(
        local.db,
        sql`SELECT product_id AS id, name FROM products WHERE active ORDER BY product_id DESC LIMIT 1`,
      );
      if (!row) throw new Error('no product');
      const url = `${API}/products?product_id=${row.id}`;
      const before = await getJson<Product>(local.app, url);
      expect(before.body.data.name).toBe(row.name);
      try {
        await local.db.execute(
          sql`UPDATE products SET name = ${`${row.name} (nuovo)`} WHERE product_id = ${row.id}`,
        );
        // still the cached answer: nothing announced the change
        expect((await getJson<Product>(local.app, url)).body.data.name).toBe(row.name);
        // a write elsewhere bumps the version: seen at the next version check (50 ms here, 1 s by default)
        await bumpCatalogueVersion(local.db);
        await new Promise((resolve) => setTimeout(resolve, 120));
        expect((await getJson<Product>(local.app, url)).body.data.name).toBe(`${row.name} (nuovo)`);

        await local.db.execute(
          sql`UPDATE products SET name = ${`${row.name} (ancora)`} WHERE product_id = ${row.id}`,
        );
        expect((await getJson<Product>(local.app, url)).body.data.name).toBe(`${row.name} (nuovo)`);
        // skip_cache reads through (and refreshes the entry)
        expect((await getJson<Product>(local.app, `${url}&skip_cache=true`)).body.data.name).toBe(
          `${row.name} (ancora)`,
        );
        expect((await getJson<Product>(local.app, url)).body.data.name).toBe(`${row.name} (ancora)`);
      } finally {
        await local.db.execute(sql`UPDATE products SET name = ${row.name} WHERE product_id = ${row.id}`);
        await local.app.catalogue.bumpCatalogueVersion();
      }
    } finally {
      await local.close();
    }
  });
});

describe('products kept by id (decision 023)', () => {
  it('assembles a listing page from products other pages read, until the version changes', async () => {
    const department = `${API}/products?parent_category_id=10000`;
    await t.app.catalogue.bumpCatalogueVersion();
    const version = await readCatalogueVersion(t.db);
    // one page of 100 reads the products of the 24-product pages 4 and 5 (positions 73-100)
    const wide = await getJson<ProductListData>(t.app, `${department}&page_size=100`);
    const target = wide.body.data.products[80];
    expect(target).toBeDefined();
    await t.db.execute(sql`UPDATE products SET name = 'Rinominato' WHERE product_id = ${target!.productId}`);
    try {
      // page 4 was never asked for, yet its products come from memory: the old name
      const page4 = await getJson<ProductListData>(t.app, `${department}&page=4`);
      const fresh = await getJson<ProductListData>(t.app, `${department}&page=4&skip_cache=true`);
      // the rename did not announce itself: the catalogue version is the one the page was read under
      expect(await readCatalogueVersion(t.db)).toBe(version);
      expect(page4.body.data.products.map((p) => p.productId)).toContain(target!.productId);
      expect(page4.body.data.products.map((p) => p.name)).not.toContain('Rinominato');
      // skip_cache reads them afresh
      expect(fresh.body.data.products.map((p) => p.name)).toContain('Rinominato');
      expect(fresh.body.data.products.map((p) => p.productId)).toEqual(
        page4.body.data.products.map((p) => p.productId),
      );
    } finally {
      await t.db.execute(
        sql`UPDATE products SET name = ${target!.name} WHERE product_id = ${target!.productId}`,
      );
      await t.app.catalogue.bumpCatalogueVersion();
    }
  });
});

describe('listing warm-up (decision 020)', () => {
  it('reads the first pages of every menu category, which the next request then finds in the cache', async () => {
    const tree = await getJson<{ categories: Category[] }>(t.app, `${API}/category`);
    const [first] = await queryRows<{ productId: number; name: string }>(
      t.db,
      sql`SELECT product_id AS "productId", name FROM products WHERE category_id = 10101 AND active
          ORDER BY product_id LIMIT 1`,
    );
    expect(first).toBeDefined();
    // this process serves the database's latest version from the start
    await t.app.catalogue.bumpCatalogueVersion();
    const { version, listings } = await t.app.catalogue.warmListings();
    // up to LISTING_WARM_PAGES pages of 24 per category, at least its first page
    const pages = (c: Category) =>
      Math.min(LISTING_WARM_PAGES, Math.max(1, Math.ceil((c.productCount ?? 0) / 24)));
    expect(listings).toBe(flatten(tree.body.data.categories).reduce((n, c) => n + pages(c), 0));
    // renamed behind the cache's back (no catalogue version change): the warmed page still has the old name
    await t.db.execute(sql`UPDATE products SET name = 'Rinominato' WHERE product_id = ${first!.productId}`);
    try {
      const { body } = await getJson<ProductListData>(t.app, `${API}/products?parent_category_id=10101`);
      expect(await readCatalogueVersion(t.db)).toBe(version);
      expect(body.data.products.map((p) => p.productId)).toContain(first!.productId);
      expect(body.data.products.map((p) => p.name)).not.toContain('Rinominato');
    } finally {
      await t.db.execute(
        sql`UPDATE products SET name = ${first!.name} WHERE product_id = ${first!.productId}`,
      );
    }
  });

  it("lets customers' requests through while it runs, instead of after it", async () => {
    await t.app.catalogue.bumpCatalogueVersion();
    let warmedAt = 0;
    const warming = t.app.catalogue.warmListings().then(() => (warmedAt = performance.now()));
    // a request the warm-up does not serve: a search (its own cache key), asked once the warm-up has begun
    await new Promise((resolve) => setImmediate(resolve));
    const { body } = await getJson<ProductListData>(t.app, `${API}/products?q=biscotti&skip_cache=true`);
    const answeredAt = performance.now();
    expect(body.response.status).toBe(0);
    await warming;
    // the embedded database answers in microtasks: without a turn of the event loop between listings the
    // search waited for all 500-odd of them
    expect(answeredAt).toBeLessThan(warmedAt);
  });
});
