import type { Product, ProductListData } from '@spesa/shared/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../db/seed/taxonomy';
import { loadEnv } from '../../env';
import { buildTestApp, getJson, type TestApp } from '../../../test/helper';

/**
 * The brand a client reads (`vendor.name`, `shortDescr`) of the real products (decision 025): the data's,
 * or the known brand the name writes; none when neither tells it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const byBarcode = async (barcode: string): Promise<Product> =>
  (await getJson<Product>(t.app, `/ebsn/api/products?barcode=${barcode}`)).body.data;

describe('brands of the real products', () => {
  it('answers the brand of every product whose source data has one, across the whole catalogue', async () => {
    const { products: source } = await loadDemoData(loadEnv().DEMO_DATA_DIR);
    const answered = new Map<string, Product>();
    for (let page = 1; ; page++) {
      const res = await getJson<ProductListData>(
        t.app,
        `/ebsn/api/products?parent_category_id=1&page_size=500&page=${page}`,
      );
      expect(res.body.response.status).toBe(0);
      for (const p of res.body.data.products) if (p.barcode) answered.set(p.barcode, p);
      if (page >= res.body.data.page.totPages) break;
    }
    const branded = source.filter((p) => p.brand);
    expect(branded.length).toBeGreaterThan(800);
    let seen = 0;
    for (const p of branded) {
      const product = answered.get(p.ean);
      if (!product) continue; // left out of the catalogue (a name with no Italian form, decision 034)
      seen++;
      expect(product.vendor.name, `${p.ean} ${p.name}`).toBe(p.brand);
      expect(product.shortDescr).toBe(p.brand);
    }
    expect(seen).toBeGreaterThan(800);
  });

  it('answers the known brand a name writes after its first word', async () => {
    const expected: Array<[string, string]> = [
      ['8006755002100', 'Bauer'], // Brodo Bauer Carne Senza Glutammato
      ['8033576191478', 'Dante'], // Olio Dante Ex Vergine Classico
      ['8000990117896', 'Lipton'], // Ice Tea Lipton Pesca Poudre
      ['8002235007900', 'Zonin'], // Prosecco Zonin
      ['8003840001321', 'Loriana'], // La piadina Loriana light
    ];
    for (const [barcode, brand] of expected) {
      const product = await byBarcode(barcode);
      expect(product.vendor.name, barcode).toBe(brand);
      expect(product.shortDescr, barcode).toBe(brand);
    }
  });

  it('gives no brand for an ordinary word that is also a brand (a pizza "Regina", the Gran Sasso)', async () => {
    for (const barcode of ['8059070741124', '8019873524089', '8076809542586', '8000590131209']) {
      const product = await byBarcode(barcode);
      expect(product.productId, barcode).toBeGreaterThan(0);
      expect(['', 'Spesa'], `${barcode} ${product.name}`).toContain(product.vendor.name);
    }
  });
});
