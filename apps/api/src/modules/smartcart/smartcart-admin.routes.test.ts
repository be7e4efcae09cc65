import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type {
  AdminSelfScanningDetail,
  AdminSelfScanningStore,
} from '@spesa/shared/contracts/admin-smartcart';
import type { SmartCart, SmartCartTillRescan } from '@spesa/shared/contracts/smartcart';
import { storeIdOfCode } from '@spesa/shared/smartcart/store-code';
import { sql } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream, type PDFDict, type PDFNumber } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { DEMO_TILL_SYSTEMS, ensureReceiptData } from '../../db/seed/receipts';
import { SMART_CART_TEXT } from './smartcart.messages';
import { SmartCartRepository } from './smartcart.repository';

/**
 * Self-scanning in the back office and the till's re-scan report (decision 057): the stores' state, share and
 * sessions of the day; a store switched off and its share changed, validated and audited; another manager's
 * store refused; the entrance poster's barcode decoding to the code the phone accepts; the till reporting a
 * flagged session's check once (replay answered, a different report, an unflagged session, another store's
 * session and a wrong secret refused). Runs on both engines.
 */
const API = '/ebsn/api';
const LEAKS = /stack|at \w+ \(|\.ts:\d+|select .* from|syntax error|drizzle|postgres|pglite|failed query/i;
const STORE: number = DEMO_TILL_SYSTEMS[0].warehouseId; // 13, till CASSE-13
const OTHER_STORE: number = DEMO_TILL_SYSTEMS[1].warehouseId; // 14, till CASSE-14
const till = DEMO_TILL_SYSTEMS[0];
const otherTill = DEMO_TILL_SYSTEMS[1];

let t: TestApp;
let admin: string;
let manager: string; // store 13 only
let picker: string;
let barcode: string;

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false, env: { SMART_CART_RESCAN_SHARE: 0.1 } });
  await ensureReceiptData({ demoAccounts: true }, t.db);
  await new SmartCartRepository(t.db).enableStores([STORE, OTHER_STORE]);
  admin = await makeStaff(t, (await newCustomer(t, { tag: 'ss-admin' })).userId, [], 'administrator');
  manager = await makeStaff(t, (await newCustomer(t, { tag: 'ss-mgr' })).userId, [STORE], 'store_manager');
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'ss-picker' })).userId, [STORE], 'picker');
  const [row] = await queryRows<{ barcode: string }>(
    t.db,
    sql`SELECT p.barcode FROM products p
         WHERE p.active AND p.barcode IS NOT NULL AND p.product_id < 100000
           AND p.product_infos->>'TIPOLOGIA' = 'Pezzo'
           AND NOT EXISTS (SELECT 1 FROM product_delistings d WHERE d.product_id = p.product_id)
         ORDER BY p.product_id LIMIT 1`,
  );
  if (!row) throw new Error('no seeded product');
  barcode = row.barcode;
});
afterAll(async () => t?.close());

const staffCall = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });
const storeOf = async (token: string, id: number) =>
  (await staffCall<{ data: AdminSelfScanningDetail }>(token, 'GET', `/admin/self-scanning/${id}`)).body.data
    .data;
const tillRescan = (body: unknown, system: { systemId: string; secret: string } = till) =>
  callAs<SmartCartTillRescan>(t.app, null, 'POST', `${API}/smart-cart/till/rescan`, {
    payload: body,
    headers: { 'x-till-system': system.systemId, 'x-till-secret': system.secret },
  });

/** a customer's ended session at a store: its till code */
async function endedSession(tag: string, store = STORE): Promise<string> {
  const c = await newCustomer(t, { tag });
  const q = `store_id=${store}&show_sectors=false`;
  await callAs<SmartCart>(t.app, c.token, 'GET', `${API}/smart-cart/view?${q}&calculate_stock=false`);
  await callAs<SmartCart>(t.app, c.token, 'POST', `${API}/smart-cart/add_prod?${q}`, {
    payload: { items: [{ code: barcode }] },
  });
  const end = await callAs<SmartCart>(t.app, c.token, 'POST', `${API}/smart-cart/update-cart-info`, {
    payload: { property: 'status', value: 'end' },
  });
  expect(end.body.response.status).toBe(0);
  return end.body.data.tillCode ?? '';
}

async function auditRows(storeId: number) {
  return queryRows<{ allowed: boolean; after: unknown }>(
    t.db,
    sql`SELECT allowed, after FROM admin_audit WHERE resource = 'self-scanning' AND resource_id = ${String(storeId)}
         ORDER BY audit_id`,
  );
}

describe('the back office: stores', () => {
  it('an administrator lists every store: state, share (the chain default), entrance code', async () => {
    const res = await staffCall<{ data: AdminSelfScanningStore[] }>(admin, 'GET', '/admin/self-scanning');
    expect(res.body.response.status).toBe(0);
    const stores = res.body.data.data;
    expect(stores.length).toBeGreaterThan(2);
    expect(stores.find((s) => s.id === STORE)).toMatchObject({
      enabled: true,
      rescanPercent: 10,
      rescanPercentDefault: true,
      entranceCode: `SPESA-NEGOZIO-${STORE}`,
    });
    const off = stores.find((s) => s.id !== STORE && s.id !== OTHER_STORE);
    expect(off).toMatchObject({ enabled: false, updatedAt: null });
  });

  it('a store manager sees their own stores only; another store is refused, an edit of it audited', async () => {
    const res = await staffCall<{ data: AdminSelfScanningStore[] }>(manager, 'GET', '/admin/self-scanning');
    expect(res.body.data.data.map((s) => s.id)).toEqual([STORE]);
    const other = await staffCall(manager, 'GET', `/admin/self-scanning/${OTHER_STORE}`);
    expect(other.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.notYourStore.code);
    const edit = await staffCall(manager, 'POST', `/admin/self-scanning/${OTHER_STORE}`, {
      enabled: false,
      updatedAt: (await storeOf(admin, OTHER_STORE)).updatedAt,
    });
    expect(edit.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.notYourStore.code);
    expect((await storeOf(admin, OTHER_STORE)).enabled).toBe(true);
    expect((await auditRows(OTHER_STORE)).at(-1)).toMatchObject({ allowed: false });
    const poster = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/self-scanning/${OTHER_STORE}/poster.pdf`,
      cookies: { 'spesa-staff': manager },
    });
    expect(poster.statusCode).toBe(404);
    expect(poster.body).toContain(SMART_CART_TEXT.notYourStore.text);
  });

  it('a picker may not read it; unknown stores and bad ids are refused in Italian', async () => {
    const res = await staffCall(picker, 'GET', '/admin/self-scanning');
    expect(res.statusCode).toBe(403);
    const unknown = await staffCall(admin, 'GET', '/admin/self-scanning/999999');
    expect(unknown.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.storeNotFound.code);
    for (const path of ['/admin/self-scanning/abc', '/admin/self-scanning/-1']) {
      const bad = await staffCall(admin, 'GET', path);
      expect(bad.body.response.status).not.toBe(0);
      expect(JSON.stringify(bad.body)).not.toMatch(LEAKS);
    }
  });

  it('refuses a bad share or body with an Italian message and changes nothing', async () => {
    const before = await storeOf(manager, STORE);
    for (const body of [
      { rescanPercent: 101, updatedAt: before.updatedAt },
      { rescanPercent: -1, updatedAt: before.updatedAt },
      { rescanPercent: 12.5, updatedAt: before.updatedAt },
      { rescanPercent: '20', updatedAt: before.updatedAt },
      { enabled: 'yes', updatedAt: before.updatedAt },
      { enabled: false, updatedAt: before.updatedAt, colour: 'red' },
      { enabled: false },
    ]) {
      const res = await staffCall(manager, 'POST', `/admin/self-scanning/${STORE}`, body);
      expect(res.body.response.status, JSON.stringify(body)).not.toBe(0);
      expect(res.body.response.errors[0]?.error).toMatch(/[a-zà-ù]/);
      expect(JSON.stringify(res.body)).not.toMatch(LEAKS);
    }
    const res = await staffCall(manager, 'POST', `/admin/self-scanning/${STORE}`, {
      rescanPercent: 101,
      updatedAt: before.updatedAt,
    });
    expect(res.body.response.errors[0]?.error).toBe('Indica una percentuale intera da 0 a 100.');
    expect(await storeOf(manager, STORE)).toMatchObject({ enabled: true, rescanPercent: 10 });
  });

  it('switches a store off and on and sets the share (audited); a stale edit is refused', async () => {
    const before = await storeOf(admin, OTHER_STORE);
    const off = await staffCall<{ data: AdminSelfScanningDetail }>(
      admin,
      'POST',
      `/admin/self-scanning/${OTHER_STORE}`,
      {
        enabled: false,
        rescanPercent: 0,
        updatedAt: before.updatedAt,
      },
    );
    expect(off.body.response.status).toBe(0);
    expect(off.body.data.data).toMatchObject({
      enabled: false,
      rescanPercent: 0,
      rescanPercentDefault: false,
    });
    // customers no longer start sessions there
    const c = await newCustomer(t, { tag: 'ss-off' });
    const view = await callAs<SmartCart>(
      t.app,
      c.token,
      'GET',
      `${API}/smart-cart/view?store_id=${OTHER_STORE}&calculate_stock=false&show_sectors=false`,
    );
    expect(view.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.storeNotEnabled.code);
    const stale = await staffCall(admin, 'POST', `/admin/self-scanning/${OTHER_STORE}`, {
      enabled: true,
      updatedAt: before.updatedAt,
    });
    expect(stale.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.staleEdit.code);
    const on = await staffCall<{ data: AdminSelfScanningDetail }>(
      admin,
      'POST',
      `/admin/self-scanning/${OTHER_STORE}`,
      {
        enabled: true,
        updatedAt: off.body.data.data.updatedAt,
      },
    );
    expect(on.body.data.data).toMatchObject({ enabled: true, rescanPercent: 0 });
    const audit = await auditRows(OTHER_STORE);
    expect(audit.filter((a) => a.allowed).map((a) => a.after)).toEqual([
      { enabled: false, rescanPercent: 0 },
      { enabled: true, rescanPercent: 0 },
    ]);
    // a store that never had self-scanning is switched on by its first save
    const fresh = (
      await staffCall<{ data: AdminSelfScanningStore[] }>(admin, 'GET', '/admin/self-scanning')
    ).body.data.data.find((s) => !s.enabled && s.updatedAt === null);
    if (!fresh) throw new Error('no store without self-scanning');
    const first = await staffCall<{ data: AdminSelfScanningDetail }>(
      admin,
      'POST',
      `/admin/self-scanning/${fresh.id}`,
      {
        enabled: true,
        updatedAt: null,
      },
    );
    expect(first.body.data.data).toMatchObject({ enabled: true, rescanPercentDefault: true });
  });
});

describe('the entrance poster', () => {
  it('is an A4 PDF whose barcode decodes to the code the phone accepts for the store', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/self-scanning/${STORE}/poster.pdf`,
      cookies: { 'spesa-staff': manager },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    // the page's image, as pdf-lib stored it: deflated 8-bit pixels
    const image = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .find(
        (o): o is PDFRawStream =>
          o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    if (!image) throw new Error('no image in the poster');
    const num = (dict: PDFDict, key: string) => (dict.get(PDFName.of(key)) as PDFNumber).asNumber();
    const w = num(image.dict, 'Width');
    const h = num(image.dict, 'Height');
    const pixels = inflateSync(image.contents);
    const channels = pixels.length / (w * h);
    expect([1, 3]).toContain(channels);
    const png = await sharp(pixels, { raw: { width: w, height: h, channels: channels as 1 | 3 } })
      .png()
      .toBuffer();
    const require = createRequire(import.meta.url);
    await prepareZXingModule({
      overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
      fireImmediately: true,
    });
    const [read] = await readBarcodes(new Uint8Array(png), { formats: ['Code128'] });
    expect(read?.text).toBe(`SPESA-NEGOZIO-${STORE}`);
    expect(storeIdOfCode(read?.text ?? '')).toBe(STORE);
  });
});

describe("the till's re-scan report", () => {
  it('records a flagged session’s outcome once; the replay answers it, a different one is refused', async () => {
    await staffCall(admin, 'POST', `/admin/self-scanning/${STORE}`, {
      rescanPercent: 100,
      updatedAt: (await storeOf(admin, STORE)).updatedAt,
    });
    const code = await endedSession('ss-rescan');
    const report = { code, tillCode: '4', outcome: 'discrepancies', discrepancies: 2, adjustedCents: 349 };
    const res = await tillRescan(report);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toMatchObject({ outcome: 'discrepancies', discrepancies: 2, adjustedCents: 349 });
    expect(res.body.data.duplicate).toBe(false);
    const replay = await tillRescan({ ...report, code: code.toLowerCase() });
    expect(replay.body.data).toMatchObject({ duplicate: true, discrepancies: 2 });
    const changed = await tillRescan({ ...report, outcome: 'passed', discrepancies: 0, adjustedCents: 0 });
    expect(changed.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.rescanReported.code);
    // the back office shows it among the day's sessions
    const store = await storeOf(manager, STORE);
    expect(store.today).toMatchObject({ rescanDiscrepancies: 1 });
    expect(store.today.started).toBeGreaterThanOrEqual(store.today.ended);
    expect(store.sessions.find((s) => s.rescanOutcome === 'discrepancies')).toMatchObject({
      status: 'ended',
      rescan: true,
      rescanDiscrepancies: 2,
      rescanAdjustedCents: 349,
      rescanTill: '4',
    });
  });

  it('refuses an unflagged session, another store’s session, a wrong secret and bad reports', async () => {
    await staffCall(admin, 'POST', `/admin/self-scanning/${OTHER_STORE}`, {
      rescanPercent: 0,
      updatedAt: (await storeOf(admin, OTHER_STORE)).updatedAt,
    });
    const unflagged = await endedSession('ss-unflagged', OTHER_STORE);
    const passed = { tillCode: '1', outcome: 'passed', discrepancies: 0, adjustedCents: 0 };
    const res = await tillRescan({ ...passed, code: unflagged }, otherTill);
    expect(res.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.rescanNotFlagged.code);
    const flagged = await endedSession('ss-flagged');
    const other = await tillRescan({ ...passed, code: flagged }, otherTill);
    expect(other.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.tillOtherStore.code);
    const wrong = await callAs(t.app, null, 'POST', `${API}/smart-cart/till/rescan`, {
      payload: { ...passed, code: flagged },
      headers: { 'x-till-system': till.systemId, 'x-till-secret': 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await tillRescan({ ...passed, code: 'ZZZZ-ZZZZ' });
    expect(unknown.body.response.errors[0]?.code).toBe(SMART_CART_TEXT.tillCodeUnknown.code);
    for (const body of [
      { ...passed, code: flagged, outcome: 'maybe' },
      { ...passed, code: flagged, discrepancies: 1 },
      { ...passed, code: flagged, outcome: 'discrepancies', discrepancies: 0 },
      { ...passed, code: flagged, outcome: 'discrepancies', discrepancies: 1, adjustedCents: 1.5 },
      { ...passed, code: flagged, outcome: 'discrepancies', discrepancies: 1, adjustedCents: 10_000_000 },
      { ...passed, code: "'; DROP TABLE x" },
      { code: flagged },
    ]) {
      const bad = await tillRescan(body);
      expect(bad.body.response.status, JSON.stringify(body)).not.toBe(0);
      expect(JSON.stringify(bad.body)).not.toMatch(LEAKS);
    }
    // nothing was recorded by the refusals
    const [row] = await queryRows<{ outcome: string | null }>(
      t.db,
      sql`SELECT rescan_outcome AS outcome FROM smart_cart_sessions WHERE till_code = ${flagged}`,
    );
    expect(row?.outcome).toBeNull();
  });
});
