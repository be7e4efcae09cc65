import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { ensureDeliveryData } from '../../db/seed/delivery';
import { buildTestApp, getJson, type TestApp } from '../../../test/helper';

/** Geography, warehouse locator, stores and proximity: public reads (spec section 7, wire notes). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const SERVED = ['CO', 'SO', 'LC', 'BG', 'MB', 'MI', 'BS'];
const api = (path: string) => `/ebsn/api${path}`;

interface City {
  name: string;
  province: string;
  postalcodes: string[];
  latitude: number;
  longitude: number;
  homeDelivery: boolean;
  distance?: number;
}
interface Warehouse {
  warehouseId: number;
  name: string;
  warehouseType: string;
  parentWarehouseId: number | null;
  address: Record<string, unknown> & { postalcode: string; city: string; province: string };
  metaData: { warehouse_locator: { PHONE: string } };
  serviceHours: { default: Array<{ beginWeekDay: number; beginHour: string; endHour: string }> };
  deliveryServices: Array<{ deliveryServiceId: number; name: string; showTab: boolean }>;
  distance?: number;
}

describe('GET /geo/*', () => {
  it('province-list: the 7 served provinces of Italy; none for Svizzera', async () => {
    const it1 = await getJson<{ provinces: Array<{ code: string; homeDelivery: boolean }> }>(
      t.app,
      api('/geo/province-list?country_id=1&home_delivery_only=true'),
    );
    expect(it1.body.response.status).toBe(0);
    expect(it1.body.data.provinces.map((p) => p.code).sort()).toEqual([...SERVED].sort());
    const ch = await getJson<{ provinces: unknown[] }>(t.app, api('/geo/province-list?country_id=211'));
    expect(ch.body.data.provinces).toEqual([]);
  });

  it('country-list: Italia 1/IT and Svizzera 211/CH; only Italia has home delivery', async () => {
    const all = await getJson<{ countries: Array<{ countryId: number; iso: string }> }>(
      t.app,
      api('/geo/country-list'),
    );
    expect(all.body.data.countries).toEqual([
      expect.objectContaining({ countryId: 1, iso: 'IT', name: 'Italia' }),
      expect.objectContaining({ countryId: 211, iso: 'CH', name: 'Svizzera' }),
    ]);
    const hd = await getJson<{ countries: unknown[] }>(t.app, api('/geo/country-list?home_delivery_only=1'));
    expect(hd.body.data.countries).toHaveLength(1);
  });

  it('homedelivery-list-simple: every comune and every CAP of the 7 provinces is reached', async () => {
    const bundled = JSON.parse(
      readFileSync(join(t.env.DEMO_DATA_DIR, 'comuni-lombardia.json'), 'utf8'),
    ) as Array<{ province: string; caps: string[] }>;
    const res = await getJson<{ cities: City[] }>(t.app, api('/geo/homedelivery-list-simple'));
    const caps = new Set(res.body.data.cities.flatMap((c) => c.postalcodes));
    const expected = bundled.filter((c) => SERVED.includes(c.province));
    expect(res.body.data.cities).toHaveLength(expected.length);
    for (const cap of expected.flatMap((c) => c.caps)) expect(caps.has(cap)).toBe(true);
  });

  it('city search by CAP: query and path forms; Milano has many CAPs', async () => {
    const q = await getJson<{ cities: City[] }>(t.app, api('/geo/city-list?postal_code=22100'));
    expect(q.body.data.cities.map((c) => c.name)).toEqual(['Como']);
    const p = await getJson<{ cities: City[] }>(t.app, api('/geo/cap/20133'));
    expect(p.body.data.cities[0]).toMatchObject({ name: 'Milano', province: 'MI', homeDelivery: true });
    expect(p.body.data.cities[0]?.postalcodes.length).toBeGreaterThan(30);
    // a CAP shared by several comuni
    const shared = await getJson<{ cities: City[] }>(t.app, api('/geo/cap/22040'));
    expect(shared.body.data.cities.length).toBeGreaterThan(1);
  });

  it.each([
    ['/geo/cap/123', 400],
    ['/geo/cap/abcde', 400],
    ['/geo/city-list?postal_code=1234567', 400],
    ['/geo/city-list', 400],
  ])('%s is refused with the envelope (HTTP %i)', async (path, code) => {
    const res = await getJson(t.app, api(path));
    expect(res.statusCode).toBe(code);
    expect(res.body.response.status).toBe(2);
  });

  it('an unknown CAP is "not found" in the envelope', async () => {
    const res = await getJson(t.app, api('/geo/cap/00100'));
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(404);
    expect(res.body.response.errors[0]?.error).toBe('Nessun comune trovato per questo CAP.');
  });

  it('place search: prefix, case- and accent-insensitive, with coordinates', async () => {
    const cantu = await getJson<{ cities: City[] }>(t.app, api('/geo/place-search?q=CANTU'));
    expect(cantu.body.data.cities[0]).toMatchObject({ name: 'Cantù', province: 'CO' });
    expect(cantu.body.data.cities[0]?.latitude).toBeCloseTo(45.739, 2);
    const pref = await getJson<{ cities: City[] }>(t.app, api('/geo/place-search?q=sondr'));
    expect(pref.body.data.cities.map((c) => c.name)).toContain('Sondrio');
    const milano = await getJson<{ cities: City[] }>(t.app, api('/geo/place-search?q=milano'));
    expect(milano.body.data.cities[0]?.name).toBe('Milano');
  });

  it('place search: SQL metacharacters and wildcards are plain text; 5,000 characters are cut, not a 500', async () => {
    for (const q of ["%' OR 1=1 --", '%', '_', "'; DROP TABLE comuni; --", 'x'.repeat(5000)]) {
      const res = await getJson<{ cities: City[] }>(
        t.app,
        api(`/geo/place-search?q=${encodeURIComponent(q)}`),
      );
      expect(res.statusCode).toBe(200);
      expect(res.body.response.status).toBe(0);
      expect(res.body.data.cities).toEqual([]);
    }
  });

  it('reverse lookup: the nearest comune first; out-of-range coordinates refused; far away not found', async () => {
    const como = await getJson<{ cities: City[] }>(
      t.app,
      api('/geo/reverse-lookup?latitude=45.811&longitude=9.086'),
    );
    expect(como.body.data.cities[0]?.name).toBe('Como');
    const d = como.body.data.cities.map((c) => c.distance ?? 0);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    for (const bad of [
      'latitude=91&longitude=9',
      'latitude=45&longitude=-181',
      'latitude=abc&longitude=9',
      'latitude=45',
    ]) {
      const res = await getJson(t.app, api(`/geo/reverse-lookup?${bad}`));
      expect(res.statusCode).toBe(400);
      expect(res.body.response.status).toBe(2);
    }
    const sea = await getJson(t.app, api('/geo/reverse-lookup?latitude=0&longitude=0'));
    expect(sea.body.response.status).toBe(404);
  });
});

describe('GET /address/geo-service-coverage', () => {
  it('features[0] says whether home delivery reaches a CAP or a point', async () => {
    const cap = await getJson<{ features: Array<{ properties: Record<string, unknown> }> }>(
      t.app,
      api('/address/geo-service-coverage?postal_code=23100'),
    );
    expect(cap.body.data.features[0]?.properties).toMatchObject({
      covered: true,
      deliveryServiceId: 2,
      city: 'Sondrio',
      province: 'SO',
    });
    const rome = await getJson<{ features: Array<{ properties: Record<string, unknown> }> }>(
      t.app,
      api('/address/geo-service-coverage?latitude=41.9&longitude=12.5'),
    );
    expect(rome.body.data.features[0]?.properties).toMatchObject({ covered: false, zoneId: null });
    const bad = await getJson(t.app, api('/address/geo-service-coverage?postal_code=123'));
    expect(bad.body.response.status).toBe(2);
    const none = await getJson(t.app, api('/address/geo-service-coverage'));
    expect(none.body.response.status).toBe(2);
  });
});

describe('GET /warehouse-locator/search (wire notes shape)', () => {
  it('answers data.warehouses[] with address.postalcode, metaData PHONE and serviceHours (1 = Sunday)', async () => {
    const res = await getJson<{ warehouses: Warehouse[] }>(t.app, api('/warehouse-locator/search'));
    const list = res.body.data.warehouses;
    const stores = list.filter((w) => w.warehouseType === 'store');
    const lockers = list.filter((w) => w.warehouseType === 'locker');
    expect(stores.length).toBeGreaterThanOrEqual(12);
    expect(lockers.length).toBeGreaterThanOrEqual(3);
    expect(new Set(stores.map((s) => s.address.province))).toEqual(new Set(SERVED));
    for (const w of list) {
      expect(w.address.postalcode).toMatch(/^\d{5}$/);
      expect(w.address).not.toHaveProperty('postalCode');
      expect(w.metaData.warehouse_locator.PHONE).toMatch(/^0\d{1,3} \d{5,8}$/);
      expect(w.serviceHours.default.length).toBeGreaterThan(0);
      for (const h of w.serviceHours.default) {
        expect(h.beginWeekDay).toBeGreaterThanOrEqual(1);
        expect(h.beginWeekDay).toBeLessThanOrEqual(7);
        expect(h.beginHour).toMatch(/^\d\d:\d\d$/);
      }
    }
    // stores are closed on Sunday unless they open in the morning
    const como = stores.find((s) => s.name === 'Spesa Como Camerlata');
    expect(como?.serviceHours.default).toContainEqual({
      beginWeekDay: 1,
      beginHour: '09:00',
      endHour: '13:00',
    });
    expect(como?.deliveryServices.map((s) => s.deliveryServiceId)).toContain(1);
  });

  it('text: store name, street or city; a comune without a store finds the stores around it', async () => {
    const como = await getJson<{ warehouses: Warehouse[] }>(
      t.app,
      api('/warehouse-locator/search?text=como'),
    );
    expect(como.body.data.warehouses.map((w) => w.name)).toEqual(['Spesa Como Camerlata']);
    const street = await getJson<{ warehouses: Warehouse[] }>(
      t.app,
      api('/warehouse-locator/search?text=viale%20romagna'),
    );
    expect(street.body.data.warehouses.map((w) => w.warehouseId)).toEqual([13]);
    const cernobbio = await getJson<{ warehouses: Warehouse[] }>(
      t.app,
      api('/warehouse-locator/search?text=Cernobbio'),
    );
    expect(cernobbio.body.data.warehouses[0]?.name).toBe('Spesa Como Camerlata');
    expect(cernobbio.body.data.warehouses[0]?.distance).toBeLessThan(10_000);
    const nothing = await getJson<{ warehouses: Warehouse[] }>(
      t.app,
      api(`/warehouse-locator/search?text=${encodeURIComponent("%' OR '1'='1")}`),
    );
    expect(nothing.body.response.status).toBe(0);
    expect(nothing.body.data.warehouses).toEqual([]);
  });

  it('parent_warehouse_id: the lockers a store fills; province filter; services filter', async () => {
    const lockers = await getJson<{ warehouses: Warehouse[] }>(
      t.app,
      api('/warehouse-locator/search?parent_warehouse_id=13'),
    );
    expect(lockers.body.data.warehouses.map((w) => w.name)).toEqual(['Locker Milano Centrale']);
    const bs = await getJson<{ warehouses: Warehouse[] }>(
      t.app,
      api('/warehouse-locator/search?province=bs'),
    );
    expect(bs.body.data.warehouses.every((w) => w.address.province === 'BS')).toBe(true);
    expect(bs.body.data.warehouses.length).toBeGreaterThanOrEqual(2);
    const cold = await getJson<{ warehouses: Warehouse[] }>(
      t.app,
      api('/warehouse-locator/search?services=10002'),
    );
    expect(cold.body.data.warehouses.map((w) => w.warehouseId)).toEqual([53]);
    const badService = await getJson(t.app, api('/warehouse-locator/search?services=7'));
    expect(badService.body.response.status).toBe(2);
  });

  it('coordinates: nearest first, all within the distance', async () => {
    const res = await getJson<{ warehouses: Warehouse[] }>(
      t.app,
      api('/warehouse-locator/search?latitude=45.4642&longitude=9.19&distance=30000'),
    );
    const d = res.body.data.warehouses.map((w) => w.distance ?? -1);
    expect(d.length).toBeGreaterThanOrEqual(4);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    expect(Math.max(...d)).toBeLessThanOrEqual(30_000);
  });
});

describe('stores and proximity', () => {
  it('store/list and store/view; store 1 is the default catalogue; unknown store not found', async () => {
    const list = await getJson<{ stores: Array<{ storeId: number }> }>(t.app, api('/store/list'));
    expect(list.body.data.stores.length).toBeGreaterThanOrEqual(12);
    const one = await getJson<{ store: { storeId: number; name: string } }>(
      t.app,
      api('/store/view?store_id=1'),
    );
    expect(one.body.data.store).toMatchObject({ storeId: 1, name: 'Catalogo Globale' });
    const missing = await getJson(t.app, api('/store/view?store_id=999999'));
    expect(missing.body.response.status).toBe(404);
    const bad = await getJson(t.app, api('/store/view?store_id=-1'));
    expect(bad.body.response.status).toBe(2);
  });

  it('store-proximity/localize: Drive pickup points within 10 km by default, nearest first; 30 km finds more', async () => {
    const near = await getJson<{
      addresses: Array<{ addressId: number; distance: number; deliveryServiceId: number }>;
    }>(t.app, api('/store-proximity/localize?latitude=45.4642&longitude=9.19&services=1'));
    const d10 = near.body.data.addresses.map((a) => a.distance);
    expect(d10.length).toBeGreaterThan(0);
    expect([...d10].sort((a, b) => a - b)).toEqual(d10);
    expect(Math.max(...d10)).toBeLessThanOrEqual(10_000);
    expect(near.body.data.addresses.every((a) => a.deliveryServiceId === 1)).toBe(true);
    const far = await getJson<{ addresses: unknown[] }>(
      t.app,
      api('/store-proximity/localize?latitude=45.4642&longitude=9.19&services=1&distance=30000'),
    );
    expect(far.body.data.addresses.length).toBeGreaterThan(near.body.data.addresses.length);
    const lockers = await getJson<{ addresses: Array<{ addressType: string }> }>(
      t.app,
      api('/store-proximity/localize?latitude=45.4642&longitude=9.19&services=10000,10002&distance=30000'),
    );
    expect(lockers.body.data.addresses.map((a) => a.addressType)).toEqual(['locker']);
  });

  it('store-proximity/list orders by name when asked; bad coordinates are refused', async () => {
    const res = await getJson<{ addresses: Array<{ addressName: string }> }>(
      t.app,
      api('/store-proximity/list?orderby=name'),
    );
    const names = res.body.data.addresses.map((a) => a.addressName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const q of [
      'latitude=100&longitude=9',
      'latitude=45&longitude=200',
      'latitude=45&longitude=9&distance=0',
      'latitude=45&longitude=9&orderby=x',
    ]) {
      const bad = await getJson(t.app, api(`/store-proximity/localize?${q}`));
      expect(bad.statusCode).toBe(400);
      expect(bad.body.response.status).toBe(2);
    }
  });

  it('warehouse/find-by-coordinates and address/delivery-service-list near a point', async () => {
    const w = await getJson<{ warehouses: Warehouse[] }>(
      t.app,
      api('/warehouse/find-by-coordinates?latitude=45.695&longitude=9.67'),
    );
    expect(w.body.data.warehouses.map((x) => x.name)).toEqual(
      expect.arrayContaining(['Spesa Bergamo', 'Locker Bergamo Stazione']),
    );
    const list = await getJson<{
      deliveryServices: Array<{ deliveryServiceId: number; showTab: boolean }>;
      addresses: Array<{ addressId: number }>;
    }>(
      t.app,
      api(
        '/address/delivery-service-list?delivery_service_id=1&latitude=45.695&longitude=9.67&distance=10000',
      ),
    );
    expect(list.body.data.deliveryServices.filter((s) => s.showTab).map((s) => s.deliveryServiceId)).toEqual([
      1, 2, 10000,
    ]);
    expect(list.body.data.addresses.map((a) => a.addressId)).toEqual([9]);
    const anonymousHome = await getJson<{ addresses: unknown[] }>(
      t.app,
      api('/address/delivery-service-list?delivery_service_id=2'),
    );
    expect(anonymousHome.body.data.addresses).toEqual([]);
  });

  it('address/list (default drive) and address/view of a pickup point; unknown ids not found', async () => {
    const list = await getJson<{ addresses: Array<{ addressType: string; editable: boolean }> }>(
      t.app,
      api('/address/list'),
    );
    expect(list.body.data.addresses.length).toBeGreaterThanOrEqual(12);
    expect(list.body.data.addresses.every((a) => a.addressType === 'drive' && !a.editable)).toBe(true);
    const view = await getJson<{ addressId: number; addressDescr: string }>(
      t.app,
      api('/address/view?address_id=2'),
    );
    expect(view.body.data.addressDescr).toBe('Viale Innocenzo XI 70, 22100 Como (CO)');
    for (const id of ['999999', '0', 'abc', '99999999999999']) {
      const res = await getJson(t.app, api(`/address/view?address_id=${id}`));
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body.response.status).not.toBe(0);
    }
  });
});

describe('the reference seed', () => {
  it('is idempotent: a second run (a restart) adds nothing', async () => {
    const counts = () =>
      queryRows<{ n: string }>(
        t.db,
        sql`SELECT concat_ws(',', (SELECT count(*) FROM warehouses), (SELECT count(*) FROM delivery_zone_caps),
              (SELECT count(*) FROM comuni), (SELECT count(*) FROM addresses WHERE user_id IS NULL),
              (SELECT count(*) FROM timeslots)) AS n`,
      );
    const before = await counts();
    await ensureDeliveryData({ dataDir: t.env.DEMO_DATA_DIR, demoAccounts: true }, t.db);
    expect(await counts()).toEqual(before);
    expect(before[0]?.n).toBe('22,512,944,21,20');
  });
});

describe('GET /warehouse-locator/map (decision 071)', () => {
  it('without MAP_TILES_URL: no base map, and the page fetches no images from outside', async () => {
    const res = await getJson<{ tileUrl: string | null; attribution: string }>(
      t.app,
      api('/warehouse-locator/map'),
    );
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.tileUrl).toBeNull();
    expect(String(res.headers['content-security-policy'])).toContain("img-src 'self' data: blob:;");
  });

  it('with a tile server: its address and attribution, and the page may show its images', async () => {
    const tiles = await buildTestApp({
      env: {
        MAP_TILES_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
        MAP_TILES_ATTRIBUTION: '© Contributori di OpenStreetMap',
      },
    });
    try {
      const res = await getJson<{ tileUrl: string | null; attribution: string }>(
        tiles.app,
        api('/warehouse-locator/map'),
      );
      expect(res.body.data).toEqual({
        tileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
        attribution: '© Contributori di OpenStreetMap',
      });
      expect(String(res.headers['content-security-policy'])).toContain(
        "img-src 'self' data: blob: https://*.tile.example.org;",
      );
    } finally {
      await tiles.close();
    }
  });
});
