import type { AdminLeaflet } from '@spesa/shared/contracts/admin-leaflets';
import { DEFAULT_STORE } from '@spesa/shared/contracts/delivery';
import type { LeafletSearchData, LeafletView } from '@spesa/shared/contracts/leaflets';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type EnvelopeBody, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { addDays } from '@spesa/shared/time/rome';
import { LEAFLET_TEXT } from './leaflets.messages';

/**
 * The leaflets in the back office (decision 097) on both engines: a draft made with its stores, its pages from
 * a PDF (rendered by pdf.js) or from images, its products by code and EAN; bad dates, unknown stores and EANs,
 * files of another kind or too large refused in Italian with nothing written; published, the shop shows it to
 * its stores' customers only, on its dates, and withdrawn no more; every change audited; the roles.
 */
let t: TestApp;
let manager: string;
let storeManager: string;
let customer: string;
let today: string;
const OTHER_STORE = 13;
let products: Array<{ code: string; ean: string; name: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  manager = await makeStaff(
    t,
    (await newCustomer(t, { tag: 'lfa-manager' })).userId,
    [],
    'catalogue_manager',
  );
  storeManager = await makeStaff(
    t,
    (await newCustomer(t, { tag: 'lfa-store' })).userId,
    [OTHER_STORE],
    'store_manager',
  );
  customer = (await newCustomer(t, { tag: 'lfa-customer' })).token;
  today = t.app.catalogue.today();
  products = await queryRows(
    t.db,
    sql`SELECT cod_int AS code, barcode AS ean, name FROM products
        WHERE active AND barcode IS NOT NULL ORDER BY product_id LIMIT 3`,
  );
});
afterAll(() => t?.close());

const post = <T>(token: string | null, url: string, payload: unknown = {}) =>
  callAs<T>(t.app, token, 'POST', `/ebsn/api${url}`, { via: 'staff', payload });
const get = <T>(token: string | null, url: string, via: 'staff' | 'cookie' = 'staff') =>
  callAs<T>(t.app, token, 'GET', `/ebsn/api${url}`, { via });

/** A multipart body with files, as a browser's FormData sends it. */
function multipart(files: Array<{ bytes: Buffer; name: string }>) {
  const boundary = '----spesa-leaflet-boundary';
  const payload = Buffer.concat([
    ...files.flatMap((f) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function upload(id: number, files: Array<{ bytes: Buffer; name: string }>, token = manager) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/ebsn/api/admin/leaflets/${id}/pages`,
    cookies: { 'spesa-staff': token },
    ...multipart(files),
  });
  return { status: res.statusCode, body: res.json<EnvelopeBody<{ data: AdminLeaflet }>>() };
}

async function pdfOf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 0; i < pages; i++)
    doc.addPage([595, 842]).drawText(`Offerte pagina ${i + 1}`, { x: 60, y: 700, size: 36, font });
  return Buffer.from(await doc.save());
}
const pngOf = (colour: string) =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer();

const leafletCount = async () =>
  (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM leaflets`))[0]?.n ?? 0;
const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Volantino di prova',
  fromDate: today,
  toDate: addDays(today, 6),
  warehouseIds: [DEFAULT_STORE.storeId],
  ...over,
});
async function create(over: Record<string, unknown> = {}): Promise<AdminLeaflet> {
  const res = await post<{ data: AdminLeaflet }>(manager, '/admin/leaflets/create', draft(over));
  expect(res.body.response.errors).toEqual([]);
  return res.body.data.data;
}

describe('the leaflet editor', () => {
  it('refuses wrong dates, a finished validity and unknown stores in Italian, writing nothing', async () => {
    const before = await leafletCount();
    const backwards = await post(
      manager,
      '/admin/leaflets/create',
      draft({ toDate: addDays(today, -1), fromDate: today }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body.response.errors).toEqual([
      { code: 'msg.form.invalid', error: "L'ultimo giorno non può precedere il primo.", field: 'toDate' },
    ]);
    const notADay = await post(manager, '/admin/leaflets/create', draft({ fromDate: '2026-02-30' }));
    expect(notADay.body.response.errors[0]?.error).toBe('Data non valida (AAAA-MM-GG).');
    const past = await post(
      manager,
      '/admin/leaflets/create',
      draft({ fromDate: addDays(today, -9), toDate: addDays(today, -2) }),
    );
    expect(past.body.response.errors[0]?.error).toBe(LEAFLET_TEXT.endPassed.text);
    const store = await post(
      manager,
      '/admin/leaflets/create',
      draft({ warehouseIds: [DEFAULT_STORE.storeId, 999_999] }),
    );
    expect(store.body.response.errors[0]?.error).toBe('Il punto vendita 999999 non esiste.');
    expect(await leafletCount()).toBe(before);
  });

  it('lets only the catalogue roles in', async () => {
    expect((await post(storeManager, '/admin/leaflets/create', draft())).statusCode).toBe(403);
    expect((await get(storeManager, '/admin/leaflets')).statusCode).toBe(403);
    expect((await post(null, '/admin/leaflets/create', draft())).statusCode).toBe(401);
    expect(
      (await callAs(t.app, customer, 'POST', '/ebsn/api/admin/leaflets/create', { payload: draft() }))
        .statusCode,
    ).toBe(401);
  });

  it('makes a leaflet from a PDF and products by code and EAN, publishes it to its store only, withdraws it', async () => {
    const leaflet = await create();
    expect(leaflet).toMatchObject({
      status: 'draft',
      source: 'uploaded',
      pageCount: 0,
      warehouseIds: [DEFAULT_STORE.storeId],
    });
    const [a, b] = products as [(typeof products)[0], (typeof products)[0]];

    // a product before any page: refused
    const early = await post(manager, `/admin/leaflets/${leaflet.id}/products`, {
      products: [{ key: a.code, page: 1, price: 1.5 }],
    });
    expect(early.body.response.errors[0]?.error).toBe(
      'Riga 1: il volantino ha 0 pagine, non c’è la pagina 1.',
    );
    expect(
      (await post(manager, `/admin/leaflets/${leaflet.id}/publish`)).body.response.errors[0]?.error,
    ).toBe(LEAFLET_TEXT.noPages.text);

    const uploaded = await upload(leaflet.id, [{ bytes: await pdfOf(2), name: 'volantino.pdf' }]);
    expect(uploaded.body.response.errors).toEqual([]);
    const withPages = uploaded.body.data.data;
    expect(withPages.pageCount).toBe(2);
    const page = await t.app.inject({ url: `${withPages.baseLocation}1-480.webp` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/webp');
    const meta = await sharp(page.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([480, 679]);
    const pdf = await t.app.inject({ url: withPages.baseLocation.replace(/pagina-$/, 'volantino.pdf') });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // one bad line refuses the whole list
    const bad = await post(manager, `/admin/leaflets/${leaflet.id}/products`, {
      products: [
        { key: a.code, page: 1, price: 1.29 },
        { key: '8000000000000', page: 2, price: 2 },
      ],
    });
    expect(bad.body.response.errors[0]?.error).toBe(
      'Riga 2: nessun prodotto con codice o EAN «8000000000000».',
    );
    const beyond = await post(manager, `/admin/leaflets/${leaflet.id}/products`, {
      products: [{ key: a.code, page: 3, price: 1 }],
    });
    expect(beyond.body.response.errors[0]?.error).toBe(
      'Riga 1: il volantino ha 2 pagine, non c’è la pagina 3.',
    );
    const twice = await post(manager, `/admin/leaflets/${leaflet.id}/products`, {
      products: [
        { key: a.code, page: 1, price: 1 },
        { key: a.ean, page: 2, price: 1 },
      ],
    });
    expect(twice.body.response.errors[0]?.error).toBe(`Riga 2: il prodotto «${a.ean}» è già alla riga 1.`);
    expect(
      (await get<{ data: AdminLeaflet }>(manager, `/admin/leaflets/${leaflet.id}`)).body.data.data.products,
    ).toEqual([]);

    const set = await post<{ data: AdminLeaflet }>(manager, `/admin/leaflets/${leaflet.id}/products`, {
      products: [
        { key: a.code, page: 1, price: 0.99 },
        { key: b.ean, page: 2, price: 2.49 },
      ],
    });
    expect(set.body.response.errors).toEqual([]);
    expect(set.body.data.data.products.map((p) => [p.code, p.page, p.price])).toEqual([
      [a.code, 1, 0.99],
      [products[1]?.code, 2, 2.49],
    ]);

    // not yet in the shop: a draft
    const seen = async (query: string) =>
      (await get<LeafletSearchData>(null, `/leaflet/search${query}`, 'cookie')).body.data.leaflets.map(
        (l) => l.leafletId,
      );
    expect(await seen('')).not.toContain(leaflet.id);
    const published = await post<{ data: AdminLeaflet }>(manager, `/admin/leaflets/${leaflet.id}/publish`);
    expect(published.body.data.data.status).toBe('published');
    expect(await seen('')).toContain(leaflet.id);
    expect(await seen(`?parent_warehouse_id=${OTHER_STORE}`)).not.toContain(leaflet.id);
    const view = await get<LeafletView>(null, `/leaflet/view?leaflet_id=${leaflet.id}`, 'cookie');
    expect(view.body.data.pageCount).toBe(2);
    expect(view.body.data.hotspots.map((h) => h.page)).toEqual([0, 1]);

    // a published leaflet is not edited
    const locked = await upload(leaflet.id, [{ bytes: await pdfOf(1), name: 'altro.pdf' }]);
    expect(locked.body.response.errors[0]?.error).toBe(LEAFLET_TEXT.published.text);

    await post(manager, `/admin/leaflets/${leaflet.id}/unpublish`);
    expect(await seen('')).not.toContain(leaflet.id);
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM admin_audit WHERE resource = 'leaflets' AND resource_id = ${String(leaflet.id)} ORDER BY audit_id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['create', 'pages', 'products', 'publish', 'unpublish']);
  });

  it("hides a leaflet for another store from this store's customers", async () => {
    const leaflet = await create({ warehouseIds: [OTHER_STORE], title: 'Solo Città Studi' });
    await upload(leaflet.id, [{ bytes: await pngOf('#c62828'), name: 'p1.png' }]);
    await post(manager, `/admin/leaflets/${leaflet.id}/products`, {
      products: [{ key: products[2]?.code, page: 1, price: 3 }],
    });
    expect((await post(manager, `/admin/leaflets/${leaflet.id}/publish`)).body.response.errors).toEqual([]);
    const here = await get<LeafletView>(null, `/leaflet/view?leaflet_id=${leaflet.id}`, 'cookie');
    expect(here.body.response.errors[0]?.code).toBe(LEAFLET_TEXT.notFound.code);
    const there = await get<LeafletSearchData>(
      null,
      `/leaflet/search?parent_warehouse_id=${OTHER_STORE}`,
      'cookie',
    );
    expect(there.body.data.leaflets.map((l) => l.leafletId)).toContain(leaflet.id);
  });

  it('takes images as pages, and refuses other files, a PDF with images, a huge PDF, keeping the pages it had', async () => {
    const leaflet = await create();
    const images = await upload(leaflet.id, [
      { bytes: await pngOf('#ffeb3b'), name: 'uno.png' },
      {
        bytes: await sharp(await pngOf('#1565c0'))
          .jpeg()
          .toBuffer(),
        name: 'due.jpg',
      },
    ]);
    expect(images.body.data.data.pageCount).toBe(2);
    const version = images.body.data.data.baseLocation;
    const png = await t.app.inject({ url: `${version}0.png` });
    expect((await sharp(png.rawPayload).metadata()).width).toBe(1440);

    const text = await upload(leaflet.id, [
      { bytes: Buffer.from('=cmd|calc\n'.repeat(50)), name: 'volantino.pdf' },
    ]);
    expect(text.body.response.errors[0]?.error).toBe(
      'Il file «volantino.pdf» non è un PDF né un’immagine JPEG, PNG o WebP.',
    );
    const mixed = await upload(leaflet.id, [
      { bytes: await pdfOf(1), name: 'a.pdf' },
      { bytes: await pngOf('#000000'), name: 'b.png' },
    ]);
    expect(mixed.body.response.errors[0]?.error).toBe(LEAFLET_TEXT.pdfAlone.text);
    const huge = Buffer.concat([await pdfOf(1), Buffer.alloc(21 * 1024 * 1024, 32)]);
    const big = await upload(leaflet.id, [{ bytes: huge, name: 'enorme.pdf' }]);
    expect(big.body.response.errors[0]?.error).toBe(LEAFLET_TEXT.fileTooLarge.text);
    const none = await upload(leaflet.id, []);
    expect(none.body.response.errors[0]?.error).toBe(LEAFLET_TEXT.fileMissing.text);

    const after = await get<{ data: AdminLeaflet }>(manager, `/admin/leaflets/${leaflet.id}`);
    expect(after.body.data.data).toMatchObject({ pageCount: 2, baseLocation: version });
  });

  it("keeps the demo's drawn leaflets to publishing and withdrawing", async () => {
    const list = await get<{ data: AdminLeaflet[]; total: number }>(manager, '/admin/leaflets?perPage=100');
    const drawn = list.body.data.data.find((l) => l.source === 'drawn');
    expect(drawn).toBeDefined();
    const edit = await post(manager, `/admin/leaflets/${drawn?.id}`, draft());
    expect(edit.body.response.errors[0]?.error).toBe(LEAFLET_TEXT.drawn.text);
  });
});
