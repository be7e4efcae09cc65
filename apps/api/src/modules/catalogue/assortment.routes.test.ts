import type { AdminProduct } from '@spesa/shared/contracts/admin';
import type { AdminImport, AdminImportRefusal } from '@spesa/shared/contracts/admin-assortment';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, getJson, type EnvelopeBody, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { readCatalogueVersion } from './catalogue.service';

/**
 * The assortment in the back office (decision 092): a product created from the form with the import's rules,
 * retired and restored; a file imported with a dry run, in the background, its refused rows reported by line,
 * column and reason (CSV with formulas neutralised); the same file again changes nothing; a file too large,
 * of the wrong kind or with spreadsheet formulas; the roles.
 */
let t: TestApp;
let manager: string;
let storeManager: string;
let customer: string;
let leaf: { id: number; slug: string };

beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0, runJobs: false });
  manager = await makeStaff(
    t,
    (await newCustomer(t, { tag: 'asrt-manager' })).userId,
    [],
    'catalogue_manager',
  );
  storeManager = await makeStaff(
    t,
    (await newCustomer(t, { tag: 'asrt-store' })).userId,
    [13],
    'store_manager',
  );
  customer = (await newCustomer(t, { tag: 'asrt-customer' })).token;
  const [c] = await queryRows<{ id: number; slug: string }>(
    t.db,
    sql`SELECT c.category_id AS id, c.slug FROM categories c
        WHERE c.category_type_id = 1 AND c.level = 3 AND c.show_in_menu
          AND EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.category_id)
        ORDER BY c.category_id LIMIT 1`,
  );
  leaf = c!;
});
afterAll(() => t?.close());

const post = <T>(token: string | null, url: string, payload: unknown = {}) =>
  callAs<T>(t.app, token, 'POST', `/ebsn/api${url}`, { via: 'staff', payload });
const get = <T>(token: string | null, url: string) =>
  callAs<T>(t.app, token, 'GET', `/ebsn/api${url}`, { via: 'staff' });

/** A multipart body with one file, as a browser's FormData sends it. */
function multipart(file: Buffer, filename: string) {
  const boundary = '----spesa-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string | null, file: Buffer, filename: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ebsn/api/admin/catalogue-imports',
    ...(token ? { cookies: { 'spesa-staff': token } } : {}),
    ...multipart(file, filename),
  });
  return { status: res.statusCode, body: res.json<EnvelopeBody<{ data: AdminImport }>>() };
}

/** Starts a run and lets the job queue finish it (the jobs of this process, as a restart would). */
async function run(id: number, what: 'check' | 'apply'): Promise<AdminImport> {
  const started = await post<{ data: AdminImport }>(manager, `/admin/catalogue-imports/${id}/${what}`);
  expect(started.body.response.status).toBe(0);
  expect(started.body.data.data.state).toBe(what === 'apply' ? 'importing' : 'checking');
  await t.app.jobs.drain();
  const done = await get<{ data: AdminImport }>(manager, `/admin/catalogue-imports/${id}`);
  return done.body.data.data;
}

const HEADER =
  'codice;ean;nome;marca;formato;categoria;iva;tipologia;multiplo;peso_minimo_g;passo_g;prezzo;ingredienti;allergeni;attivo';
const csvOf = (lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');

describe('a product created and retired in the back office', () => {
  const form = () => ({
    code: 'T-NEW-1',
    ean: '4006381333931',
    name: 'Pesto alla genovese test',
    brand: 'Casa Test',
    format: '190 g',
    categoryId: leaf.id,
    vatPct: 10,
    sellingType: 'Pezzo',
    price: 2.49,
    stock: 20,
    ingredients: 'Basilico, olio, formaggio',
    allergens: 'latte',
  });

  it('is refused field by field with the rules of the import, nothing written', async () => {
    const before = await readCatalogueVersion(t.db);
    const res = await post(manager, '/admin/products/create', {
      ...form(),
      ean: '4006381333932',
      vatPct: 21,
      price: 0,
    });
    expect(res.body.response.status).not.toBe(0);
    const texts = res.body.response.errors.map((e) => `${(e as { field?: string }).field}: ${e.error}`);
    expect(texts).toEqual(
      expect.arrayContaining([
        'ean: EAN non valido: la cifra di controllo non corrisponde.',
        'vatPct: Aliquota IVA non valida: 4, 5, 10, 22%.',
        'price: Il prezzo deve essere un importo positivo (fino a 100.000 €).',
      ]),
    );
    expect(await readCatalogueVersion(t.db)).toBe(before);
    const unknown = await post(manager, '/admin/products/create', { ...form(), categoryId: 999_999 });
    expect(unknown.body.response.errors[0]).toMatchObject({
      field: 'categoryId',
      error: 'Categoria sconosciuta.',
    });
  });

  it('is created, shown in the shop, retired (out of listings and carts) and restored', async () => {
    const before = await readCatalogueVersion(t.db);
    const res = await post<{ data: AdminProduct }>(manager, '/admin/products/create', form());
    expect(res.body.response.status).toBe(0);
    const p = res.body.data.data;
    expect(p).toMatchObject({ codInt: 'T-NEW-1', price: 2.49, ivaPct: 10, active: true });
    // the form's first stock is every store's (decision 095)
    expect(p.stockByStore.length).toBeGreaterThan(1);
    expect(p.stockByStore.every((s) => s.stock === 20)).toBe(true);
    expect(p.stock).toBe(20 * p.stockByStore.length);
    expect(await readCatalogueVersion(t.db)).toBeGreaterThan(before);

    const again = await post(manager, '/admin/products/create', form());
    expect(again.body.response.errors[0]).toMatchObject({
      field: 'code',
      error: 'Esiste già un prodotto con il codice T-NEW-1.',
    });

    const shop = await getJson<{ name: string; price: number }>(
      t.app,
      `/ebsn/api/products?product_id=${p.id}`,
    );
    expect(shop.body.data).toMatchObject({ name: 'Pesto alla genovese test', price: 2.49 });
    const search = await getJson<{ products: Array<{ productId: number }> }>(
      t.app,
      `/ebsn/api/products?q=${encodeURIComponent('pesto genovese test')}`,
    );
    expect(search.body.data.products.map((x) => x.productId)).toContain(p.id);

    const retired = await post<{ data: AdminProduct }>(manager, `/admin/products/${p.id}/retire`, {
      updatedAt: p.updatedAt,
    });
    expect(retired.body.data.data.active).toBe(false);
    const gone = await getJson<{ products: Array<{ productId: number }> }>(
      t.app,
      `/ebsn/api/products?q=${encodeURIComponent('pesto genovese test')}`,
    );
    expect(gone.body.data.products.map((x) => x.productId)).not.toContain(p.id);
    const add = await callAs(t.app, customer, 'POST', '/ebsn/api/cart/add', {
      payload: { items: [{ productId: p.id, quantity: 1 }] },
    });
    expect(add.body.response.errors[0]?.error).toBe(
      'Pesto alla genovese test non è più in vendita: cerca un prodotto simile nel catalogo.',
    );
    // a stale retire (someone saved meanwhile) is refused
    const stale = await post(manager, `/admin/products/${p.id}/restore`, { updatedAt: p.updatedAt });
    expect(stale.body.response.errors[0]?.code).toBe('msg.admin.staleEdit');
    const restored = await post<{ data: AdminProduct }>(manager, `/admin/products/${p.id}/restore`, {
      updatedAt: retired.body.data.data.updatedAt,
    });
    expect(restored.body.data.data.active).toBe(true);
  });

  it('is refused to a store manager and to a customer, nothing written', async () => {
    const store = await post(storeManager, '/admin/products/create', { ...form(), code: 'T-NEW-2' });
    expect(store.statusCode).toBe(403);
    const shopper = await callAs(t.app, customer, 'POST', '/ebsn/api/admin/products/create', {
      payload: { ...form(), code: 'T-NEW-2' },
    });
    expect(shopper.statusCode).toBe(401);
    const [row] = await queryRows(t.db, sql`SELECT 1 FROM products WHERE cod_int = 'T-NEW-2'`);
    expect(row).toBeUndefined();
  });
});

describe('a category created and retired', () => {
  it('goes under its parent, then leaves the menu once empty; one with products on sale stays', async () => {
    const [parent] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT parent_id AS id FROM categories WHERE category_id = ${leaf.id}`,
    );
    const res = await post<{ data: { id: number; level: number; updatedAt: string; parentId: number } }>(
      manager,
      '/admin/categories/create',
      { name: 'Salse fresche', parentId: parent!.id },
    );
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.data).toMatchObject({ parentId: parent!.id, level: 3 });
    const retired = await post<{ data: { showInMenu: boolean } }>(
      manager,
      `/admin/categories/${res.body.data.data.id}/retire`,
      { updatedAt: res.body.data.data.updatedAt },
    );
    expect(retired.body.data.data.showInMenu).toBe(false);

    const full = await get<{ data: { updatedAt: string } }>(manager, `/admin/categories/${leaf.id}`);
    const refused = await post(manager, `/admin/categories/${leaf.id}/retire`, {
      updatedAt: full.body.data.data.updatedAt,
    });
    expect(refused.body.response.errors[0]?.code).toBe('msg.admin.categoryInUse');
    const deeper = await post(manager, '/admin/categories/create', {
      name: 'Troppo in fondo',
      parentId: leaf.id,
    });
    expect(deeper.body.response.errors[0]).toMatchObject({ field: 'parentId' });
  });
});

describe('the import of a product master', () => {
  const good = (code: string, ean: string, name: string, price: string) =>
    `${code};${ean};${name};Marca Test;500 g;${leaf.slug};4;Pezzo;1;;;${price};Semola di grano duro;glutine;sì`;
  const file = () =>
    csvOf([
      good('IMP-1', '8076809513753', 'Spaghetti importati', '1,29'),
      good('IMP-2', '8076809513754', 'Penne con EAN sbagliato', '1,19'),
      good('IMP-3', '', 'Fusilli in categoria ignota', '1,09').replace(leaf.slug, 'gelati-artigianali'),
      good('IMP-4', '', 'Farfalle a prezzo in lettere', 'uno e venti'),
      good('IMP-1', '', 'Spaghetti ripetuti', '1,39'),
      `IMP-5;;Riso sfuso importato;;al kg;${leaf.id};4;Sfuso;1;500;100;3,90;;;1`,
    ]);

  it('previews, dry-runs (nothing written), imports in the background and reports every refused row', async () => {
    const up = await upload(manager, file(), 'anagrafica.csv');
    expect(up.body.response.status).toBe(0);
    const imp = up.body.data.data;
    expect(imp).toMatchObject({ fileKind: 'csv', totalRows: 6, state: 'staged' });

    const preview = await get<{ data: { rows: Array<{ line: number; issues: Array<{ column: string }> }> } }>(
      manager,
      `/admin/catalogue-imports/${imp.id}/preview`,
    );
    expect(preview.body.data.data.rows.map((r) => [r.line, r.issues.map((i) => i.column)])).toEqual([
      [2, []],
      [3, ['ean']],
      [4, ['categoria']],
      [5, ['prezzo']],
      [6, ['codice']],
      [7, []],
    ]);

    const version = await readCatalogueVersion(t.db);
    const checked = await run(imp.id, 'check');
    expect(checked).toMatchObject({ state: 'checked', doneRows: 6, counts: { created: 2, refused: 4 } });
    expect(await queryRows(t.db, sql`SELECT 1 FROM products WHERE cod_int LIKE 'IMP-%'`)).toHaveLength(0);
    expect(await readCatalogueVersion(t.db)).toBe(version);

    const imported = await run(imp.id, 'apply');
    expect(imported).toMatchObject({
      state: 'imported',
      doneRows: 6,
      counts: { created: 2, updated: 0, unchanged: 0, refused: 4 },
    });
    expect(await readCatalogueVersion(t.db)).toBeGreaterThan(version);

    const refused = await get<{ data: AdminImportRefusal[]; total: number }>(
      manager,
      `/admin/catalogue-imports/${imp.id}/refused`,
    );
    expect(refused.body.data.data).toEqual([
      {
        line: 3,
        column: 'ean',
        value: '8076809513754',
        message: 'EAN non valido: la cifra di controllo non corrisponde.',
      },
      {
        line: 4,
        column: 'categoria',
        value: 'gelati-artigianali',
        message: 'Categoria sconosciuta: "gelati-artigianali".',
      },
      {
        line: 5,
        column: 'prezzo',
        value: 'uno e venti',
        message: 'Prezzo non valido: "uno e venti" non è un importo (es. 1,99).',
      },
      { line: 6, column: 'codice', value: 'IMP-1', message: 'Codice duplicato: è già alla riga 2 del file.' },
    ]);

    const [loose] = await queryRows<{ infos: Record<string, string>; price: number; unit: string }>(
      t.db,
      sql`SELECT product_infos AS infos, price_cents AS price, unit_base AS unit FROM products WHERE cod_int = 'IMP-5'`,
    );
    expect(loose).toMatchObject({
      price: 390,
      unit: 'kg',
      infos: { TIPOLOGIA: 'Sfuso', WEIGHT_SELLING: '500', STEP_SELLING: '100' },
    });
    const [pasta] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT product_id AS id FROM products WHERE cod_int = 'IMP-1'`,
    );
    const shop = await getJson<{ name: string; price: number }>(
      t.app,
      `/ebsn/api/products?product_id=${pasta!.id}`,
    );
    expect(shop.body.data).toMatchObject({ name: 'Spaghetti importati', price: 1.29 });
  });

  it('the same file again changes nothing: every good row unchanged, no new catalogue version', async () => {
    const [before] = await queryRows<{ updatedAt: string }>(
      t.db,
      sql`SELECT updated_at::text AS "updatedAt" FROM products WHERE cod_int = 'IMP-1'`,
    );
    const version = await readCatalogueVersion(t.db);
    const up = await upload(manager, file(), 'anagrafica.csv');
    const again = await run(up.body.data.data.id, 'apply');
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 4 });
    expect(await readCatalogueVersion(t.db)).toBe(version);
    const [after] = await queryRows<{ updatedAt: string }>(
      t.db,
      sql`SELECT updated_at::text AS "updatedAt" FROM products WHERE cod_int = 'IMP-1'`,
    );
    expect(after).toEqual(before);
  });

  it('a changed price is an update, with its list price in the history', async () => {
    const up = await upload(
      manager,
      csvOf([good('IMP-1', '8076809513753', 'Spaghetti importati', '1,35')]),
      'prezzi.csv',
    );
    const done = await run(up.body.data.data.id, 'apply');
    expect(done.counts).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    const history = await queryRows<{ cents: number }>(
      t.db,
      sql`SELECT h.price_cents AS cents FROM price_history h JOIN products p USING (product_id)
          WHERE p.cod_int = 'IMP-1' AND h.kind = 'list' ORDER BY h.history_id`,
    );
    expect(history.at(-1)?.cents).toBe(135);
  });

  it('the report as CSV neutralises cells a spreadsheet would run as formulas', async () => {
    const up = await upload(
      manager,
      csvOf([
        good('INJ-1', '', 'Riga con formula', "=cmd|' /C calc'!A0"),
        good('@SUM(1)', '', 'Codice a formula', '1,00'),
      ]),
      'formule.csv',
    );
    const done = await run(up.body.data.data.id, 'check');
    expect(done.counts.refused).toBe(2);
    const res = await t.app.inject({
      method: 'GET',
      url: `/ebsn/api/admin/catalogue-imports/${up.body.data.data.id}/report.csv`,
      cookies: { 'spesa-staff': manager },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Riga;Colonna;Valore;Motivo');
    expect(lines[1]).toMatch(/^2;prezzo;'=cmd\|' \/C calc'!A0;/);
    expect(lines[2]).toMatch(/^3;codice;'@SUM\(1\);/);
    for (const line of lines.slice(1))
      for (const cell of line.split(';')) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('reads .xlsx cells as text or their cached value, never evaluating a formula', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Prodotti');
    ws.addRow(HEADER.split(';'));
    ws.addRow([
      'XL-1',
      '8076809513753'.replace('3753', '3753'),
      'Orecchiette da Excel',
      'Marca',
      '500 g',
      leaf.slug,
      4,
      'Pezzo',
      1,
      null,
      null,
      1.59,
      null,
      null,
      'sì',
    ]);
    ws.addRow([
      'XL-2',
      null,
      { formula: 'CONCATENATE("Tro","fie")', result: 'Trofie da formula' },
      'M',
      '500 g',
      leaf.slug,
      4,
      'Pezzo',
      1,
      null,
      null,
      { formula: '1+1' },
      null,
      null,
      1,
    ]);
    const up = await upload(manager, Buffer.from(await wb.xlsx.writeBuffer()), 'anagrafica.xlsx');
    expect(up.body.response.status).toBe(0);
    const preview = await get<{
      data: {
        rows: Array<{ cells: Record<string, string>; issues: Array<{ column: string; message: string }> }>;
      };
    }>(manager, `/admin/catalogue-imports/${up.body.data.data.id}/preview`);
    const [first, second] = preview.body.data.data.rows;
    // XL-1's EAN is IMP-1's: refused by the database check at the run, the preview reads it as text
    expect(first?.cells).toMatchObject({ codice: 'XL-1', prezzo: '1.59', iva: '4' });
    expect(second?.cells.nome).toBe('Trofie da formula');
    expect(second?.cells.prezzo).toBe('=1+1');
    expect(second?.issues).toEqual([
      { column: 'prezzo', message: 'Prezzo non valido: "=1+1" non è un importo (es. 1,99).' },
    ]);
    const done = await run(up.body.data.data.id, 'apply');
    expect(done.counts).toEqual({ created: 0, updated: 0, unchanged: 0, refused: 2 });
    const refused = await get<{ data: AdminImportRefusal[] }>(
      manager,
      `/admin/catalogue-imports/${up.body.data.data.id}/refused`,
    );
    expect(refused.body.data.data[0]).toMatchObject({
      line: 2,
      column: 'ean',
      message: 'EAN già usato dal prodotto con codice IMP-1.',
    });
  });

  it('runs a large file chunk by chunk and resumes after the last finished chunk (a restart)', async () => {
    const lines = Array.from({ length: 450 }, (_, i) =>
      good(
        `BULK-${i + 1}`,
        '',
        `Prodotto di massa ${i + 1}`,
        `${1 + (i % 9)},${String(i % 100).padStart(2, '0')}`,
      ),
    );
    const up = await upload(manager, csvOf(lines), 'massa.csv');
    const id = up.body.data.data.id;
    expect(up.body.data.data.totalRows).toBe(450);
    await post(manager, `/admin/catalogue-imports/${id}/apply`);
    // the process died after its first chunk of 200 rows: its work is committed, the job is claimed again
    await t.app.jobs.runDue(0);
    await t.db.execute(
      sql`UPDATE catalogue_imports SET cursor_line = 201, done_rows = 200,
            counts = '{"created":200,"updated":0,"unchanged":0,"refused":0}'::jsonb
          WHERE import_id = ${id}`,
    );
    await t.app.jobs.drain();
    const done = await get<{ data: AdminImport }>(manager, `/admin/catalogue-imports/${id}`);
    expect(done.body.data.data).toMatchObject({
      state: 'imported',
      doneRows: 450,
      counts: { created: 450, updated: 0, unchanged: 0, refused: 0 },
    });
    // only the rows after the cursor were written by this run
    const written = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM products WHERE cod_int LIKE 'BULK-%'`,
    );
    expect(written[0]?.n).toBe(250);
  });

  it('refuses a file too large, of another kind, with unknown columns or empty, keeping nothing', async () => {
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM catalogue_imports`,
    );
    const big = Buffer.concat([csvOf([]), Buffer.alloc(10 * 1024 * 1024 + 10, 'a')]);
    const tooBig = await upload(manager, big, 'enorme.csv');
    expect(tooBig.body.response.errors[0]).toMatchObject({
      code: 'msg.admin.importTooLarge',
      error: 'Il file è troppo grande: al massimo 10 MB e 100.000 righe.',
    });
    const pdf = await upload(manager, Buffer.from('%PDF-1.4'), 'listino.pdf');
    expect(pdf.body.response.errors[0]?.code).toBe('msg.admin.importFileKind');
    const fakeXlsx = await upload(manager, Buffer.from('not a zip at all'), 'finto.xlsx');
    expect(fakeXlsx.body.response.errors[0]?.code).toBe('msg.admin.importUnreadable');
    const columns = await upload(manager, Buffer.from('codice;nome;colore\nA;B;C\n'), 'colonne.csv');
    expect(columns.body.response.errors[0]?.error).toMatch(/^Colonne sconosciute: colore\./);
    const empty = await upload(manager, csvOf([]), 'vuoto.csv');
    expect(empty.body.response.errors[0]?.code).toBe('msg.admin.importEmpty');
    const [after] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM catalogue_imports`,
    );
    expect(after?.n).toBe(count?.n);
  });

  it('is refused to another role and to a customer', async () => {
    const store = await upload(storeManager, file(), 'anagrafica.csv');
    expect(store.status).toBe(403);
    const shopper = await t.app.inject({
      method: 'POST',
      url: '/ebsn/api/admin/catalogue-imports',
      cookies: { 'X-Ebsn-Account': customer },
      ...multipart(file(), 'anagrafica.csv'),
    });
    expect(shopper.statusCode).toBe(401);
    const report = await t.app.inject({
      method: 'GET',
      url: '/ebsn/api/admin/catalogue-imports/1/report.csv',
      cookies: { 'spesa-staff': storeManager },
    });
    expect(report.statusCode).toBe(403);
  });
});
