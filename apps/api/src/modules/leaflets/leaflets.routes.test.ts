import { Readable } from 'node:stream';
import type { ProductListData } from '@spesa/shared/contracts/catalogue';
import { DEFAULT_STORE } from '@spesa/shared/contracts/delivery';
import {
  LEAFLET_ID_TEXT,
  LEAFLET_PAGE_SIZE_TEXT,
  LEAFLET_PAGE_TEXT,
  LEAFLET_TYPE,
  LEAFLET_TYPE_TEXT,
  LEAFLET_WAREHOUSE_TEXT,
  type LeafletProductSearchData,
  type LeafletSearchData,
  type LeafletView,
} from '@spesa/shared/contracts/leaflets';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { DEMO_LEAFLET_STORE } from '../../db/seed/leaflets';
import { PgFileStore } from '../../lib/file-store-pg';
import { folderOf, leafletFileKey, PDF_FILE } from './leaflet-files';
import { LEAFLET_TEXT } from './leaflets.messages';

/**
 * Digital leaflets (decision 052) on both engines: the current ones of a store (expired and other stores'
 * not listed), one leaflet by number or slug with hot-spots only of products the store sells, its products
 * (by words, department, page; also through `/products?leaflet=`), its files (immutable, drawn on demand);
 * unknown leaflets answer the envelope's not-found, bad ids and paging an Italian 400, never a 500.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = <T>(path: string, token: string | null = null) => callAs<T>(t.app, token, 'GET', api(path));
const search = (query = '', token: string | null = null) =>
  get<LeafletSearchData>(`/leaflet/search${query}`, token);
const view = (id: string | number, token: string | null = null) =>
  get<LeafletView>(`/leaflet/view?leaflet_id=${encodeURIComponent(String(id))}`, token);
const products = (query: string) => get<LeafletProductSearchData>(`/leaflet/product-search${query}`);

describe('GET /leaflet/search', () => {
  it("lists the chain's current leaflets to a visitor, with their pages' wire shape; not the expired nor a store's own", async () => {
    const res = await search();
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    const { leaflets, page } = res.body.data;
    expect(leaflets.map((l) => l.title)).toEqual(['Offerte della settimana', 'Speciale convenienza']);
    expect(page).toEqual({ selPage: 1, totPages: 1, totItems: 2, itemsPerPage: 24 });
    for (const l of leaflets) {
      expect(l.warehouseId).toBeNull();
      expect(l.baseLocation).toMatch(/^\/media\/leaflets\/\d+-[0-9a-f]{12}\/pagina-$/);
      expect(l.firstPagePreview).toBe(`${l.baseLocation}0.png`);
      expect(l.pdfUrl).toMatch(/volantino\.pdf$/);
      expect(l.pageCount).toBeGreaterThan(1);
      expect(l.fromDate <= l.toDate).toBe(true);
    }
  });

  it("adds a store's own leaflet when asked for that store, and filters by type", async () => {
    const store = await search(`?parent_warehouse_id=${DEMO_LEAFLET_STORE}`);
    expect(store.body.data.leaflets.map((l) => l.warehouseId)).toEqual([null, DEMO_LEAFLET_STORE, null]);
    expect(store.body.data.leaflets[1]?.warehouseName).toMatch(/Città Studi/);
    const special = await search(`?parent_leaflet_type_id=${LEAFLET_TYPE.special}`);
    expect(special.body.data.leaflets.map((l) => l.title)).toEqual(['Speciale convenienza']);
    const paged = await search('?page=2&page_size=1');
    expect(paged.body.data.leaflets.map((l) => l.title)).toEqual(['Speciale convenienza']);
    expect(paged.body.data.page).toEqual({ selPage: 2, totPages: 2, totItems: 2, itemsPerPage: 1 });
  });

  it.each([
    ['?page=0', LEAFLET_PAGE_TEXT],
    ['?page=abc', LEAFLET_PAGE_TEXT],
    ['?page_size=1000', LEAFLET_PAGE_SIZE_TEXT],
    ['?parent_warehouse_id=-3', LEAFLET_WAREHOUSE_TEXT],
    ['?parent_leaflet_type_id=9', LEAFLET_TYPE_TEXT],
  ])('refuses %s with an Italian message', async (query, text) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.errorsMessage).toEqual([text]);
  });
});

describe('GET /leaflet/view', () => {
  it('answers a current leaflet by number and by slug, with departments and hot-spots inside the page', async () => {
    const [first] = (await search()).body.data.leaflets;
    if (!first) throw new Error('no demo leaflet');
    const byId = await view(first.leafletId);
    const bySlug = await view(first.slug);
    expect(byId.body.response.status).toBe(0);
    expect(bySlug.body.data).toEqual(byId.body.data);
    const v = byId.body.data;
    expect(v.departments.length).toBeGreaterThan(0);
    expect(v.departments.reduce((n, d) => n + d.productCount, 0)).toBe(v.hotspots.length);
    for (const h of v.hotspots) {
      expect(h.page).toBeLessThan(v.pageCount);
      expect(h.x >= 0 && h.y >= 0 && h.x + h.w <= 1 && h.y + h.h <= 1).toBe(true);
    }
  });

  it.each([
    ['999999', 'unknown number'],
    ['non-esiste', 'unknown slug'],
  ])('answers the envelope not-found for an %s (%s)', async (id) => {
    const res = await view(id);
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]?.code).toBe(LEAFLET_TEXT.notFound.code);
    expect(res.body.response.errorsMessage).toEqual([LEAFLET_TEXT.notFound.text]);
  });

  it('answers not-found for an expired leaflet', async () => {
    const res = await view(`offerte-della-settimana-${await expiredFrom()}`);
    expect(res.body.response.errors[0]?.code).toBe(LEAFLET_TEXT.notFound.code);
  });

  it.each(['../etc', 'Maiuscolo', '0', '', '1.5', 'x'.repeat(200)])(
    'refuses the id %j with an Italian 400',
    async (id) => {
      const res = await view(id);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.errorsMessage).toEqual([
        id === '' || id.length > 120 ? expect.any(String) : LEAFLET_ID_TEXT,
      ]);
    },
  );

  it('shows hot-spots only of products sold where the leaflet is valid', async () => {
    const store = (await search(`?parent_warehouse_id=${DEMO_LEAFLET_STORE}`)).body.data.leaflets.find(
      (l) => l.warehouseId === DEMO_LEAFLET_STORE,
    );
    if (!store) throw new Error('no store leaflet');
    const before = (await view(store.leafletId)).body.data.hotspots;
    const delisted = before[0]?.productId;
    if (delisted === undefined) throw new Error('no hot-spot');
    await t.db.execute(
      sql`INSERT INTO product_delistings (product_id, warehouse_id) VALUES (${delisted}, ${DEMO_LEAFLET_STORE})`,
    );
    const after = (await view(store.leafletId)).body.data.hotspots;
    expect(after.map((h) => h.productId)).toEqual(before.slice(1).map((h) => h.productId));
    // a chain leaflet follows the caller's store: delisted at the visitor's (default) store, gone for them
    const chain = (await search()).body.data.leaflets[0];
    if (!chain) throw new Error('no chain leaflet');
    const chainBefore = (await view(chain.leafletId)).body.data.hotspots;
    const gone = chainBefore[1]?.productId ?? 0;
    await t.db.execute(
      sql`INSERT INTO product_delistings (product_id, warehouse_id) VALUES (${gone}, ${DEFAULT_STORE.storeId})`,
    );
    const chainAfter = (await view(chain.leafletId)).body.data;
    expect(chainAfter.hotspots.map((h) => h.productId)).not.toContain(gone);
    expect(chainAfter.hotspots).toHaveLength(chainBefore.length - 1);
    const listed = await products(`?parent_leaflet_id=${chain.leafletId}&page_size=100`);
    expect(listed.body.data.products.map((p) => p.productId)).not.toContain(gone);
  });
});

describe('GET /leaflet/product-search and /products?leaflet=', () => {
  it('answers the products in page order, by words and department, a page at a time', async () => {
    const [first] = (await search()).body.data.leaflets;
    if (!first) throw new Error('no demo leaflet');
    const v = (await view(first.leafletId)).body.data;
    const all = await products(`?parent_leaflet_id=${first.leafletId}&page_size=100`);
    expect(all.body.response.status).toBe(0);
    expect(all.body.data.products.map((p) => p.productId)).toEqual(v.hotspots.map((h) => h.productId));
    const one = all.body.data.products[2];
    if (!one) throw new Error('too few products');
    const word = one.name.split(' ')[0] ?? '';
    const found = await products(
      `?parent_leaflet_id=${first.slug}&q=${encodeURIComponent(word.toUpperCase())}`,
    );
    expect(found.body.data.products.map((p) => p.productId)).toContain(one.productId);
    for (const p of found.body.data.products)
      expect(`${p.name} ${p.shortDescr}`.toLowerCase()).toContain(word.toLowerCase());
    const department = v.departments[0];
    if (!department) throw new Error('no department');
    const dep = await products(
      `?parent_leaflet_id=${first.leafletId}&department=${encodeURIComponent(department.name)}`,
    );
    expect(dep.body.data.page.totItems).toBe(department.productCount);
    const paged = await products(`?parent_leaflet_id=${first.leafletId}&page=2&page_size=3`);
    expect(paged.body.data.products.map((p) => p.productId)).toEqual(
      all.body.data.products.slice(3, 6).map((p) => p.productId),
    );
    const listing = await get<ProductListData>(`/products?leaflet=${first.slug}&page_size=100`);
    expect(listing.body.data.products.map((p) => p.productId)).toEqual(
      all.body.data.products.map((p) => p.productId),
    );
  });

  it('answers not-found for an unknown leaflet and an Italian 400 for a bad one, on both calls', async () => {
    const unknown = await products('?parent_leaflet_id=999999');
    expect(unknown.body.response.errors[0]?.code).toBe(LEAFLET_TEXT.notFound.code);
    const listing = await get<ProductListData>('/products?leaflet=999999');
    expect(listing.body.response.errors[0]?.code).toBe(LEAFLET_TEXT.notFound.code);
    const bad = await products('?parent_leaflet_id=%3Cscript%3E');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.response.errorsMessage).toEqual([LEAFLET_ID_TEXT]);
    const badListing = await get<ProductListData>('/products?leaflet=%3Cscript%3E');
    expect(badListing.body.response.status).not.toBe(0);
    expect(badListing.body.response.errorsMessage).toEqual([LEAFLET_ID_TEXT]);
    const missing = await products('');
    expect(missing.statusCode).toBe(400);
  });

  it('answers a signed-in customer the same leaflets as their store', async () => {
    const c = await newCustomer(t, { tag: 'leaflet' });
    const res = await search('', c.token);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.leaflets.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the files', () => {
  it('serves page images (png, webp, avif) and the PDF, immutable, drawn on demand; anything else is 404', async () => {
    const store = (await search(`?parent_warehouse_id=${DEMO_LEAFLET_STORE}`)).body.data.leaflets.find(
      (l) => l.warehouseId === DEMO_LEAFLET_STORE,
    );
    if (!store) throw new Error('no store leaflet');
    const png = await t.app.inject({ method: 'GET', url: store.firstPagePreview });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toContain('immutable');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const webp = await t.app.inject({ method: 'GET', url: `${store.baseLocation}1-480.webp` });
    expect(webp.statusCode).toBe(200);
    expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const avif = await t.app.inject({ method: 'GET', url: `${store.baseLocation}0-960.avif` });
    expect(avif.headers['content-type']).toBe('image/avif');
    const pdf = await t.app.inject({ method: 'GET', url: store.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${store.slug}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // one page per leaflet page
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(store.pageCount);
    for (const url of [
      `${store.baseLocation}${store.pageCount}.png`,
      `${store.baseLocation}0-1440.avif`,
      `${store.baseLocation}0-123.webp`,
      `${store.baseLocation}0.gif`,
      store.firstPagePreview.replace(/-[0-9a-f]{12}\//, '-000000000000/'),
      '/media/leaflets/999999-000000000000/pagina-0.png',
      '/media/leaflets/..%2F..%2Fetc/passwd',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  }, 120_000);

  it("draws at start-up only the current leaflets whose files are missing, and says how many", async () => {
    // each current leaflet not drawn yet made whole by its PDF, the folder's last file (drawn for real above)
    const today = t.app.catalogue.today();
    const rows = (await t.db.execute(
      sql`SELECT leaflet_id AS "leafletId", files_version AS "filesVersion" FROM leaflets
          WHERE status = 'published' AND from_date <= ${today}::date AND to_date >= ${today}::date`,
    )) as unknown as { rows: Array<{ leafletId: number; filesVersion: string }> };
    expect(rows.rows.length).toBeGreaterThan(2);
    const store = new PgFileStore(t.db);
    let made = 0;
    for (const { leafletId, filesVersion } of rows.rows) {
      const key = leafletFileKey(folderOf(leafletId, filesVersion), PDF_FILE);
      if (await store.head(key)) continue;
      await store.put(key, Readable.from([Buffer.from('%PDF-')]), 'application/pdf');
      made++;
    }
    expect(made).toBe(rows.rows.length - 1);
    expect(await t.app.leaflets.drawCurrent()).toBe(0);
  });
});

async function expiredFrom(): Promise<string> {
  const rows = (await t.db.execute(
    sql`SELECT to_char(from_date, 'YYYY-MM-DD') AS d FROM leaflets WHERE to_date < current_date ORDER BY leaflet_id LIMIT 1`,
  )) as unknown as { rows: { d: string }[] };
  return rows.rows[0]?.d ?? '';
}
