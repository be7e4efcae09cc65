import type { Product, ProductListData } from '@spesa/shared/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../../../test/helper';

/**
 * What a shopper expects in the first five results of a search on the demo catalogue: a guard for the
 * ranking (whole words first, shorter names first among equals, typos and words being typed; decision 034)
 * while the way search is computed changes (decision 058). Each row names what the first five must be
 * (`all`: every name matches; `atLeast`: that many do), the products that must be among them (`has`, by
 * barcode), the one that must come first (`first`), or the brand of all five (`brand`).
 */
interface Expectation {
  q: string;
  /** extra query parameters */
  params?: string;
  all?: RegExp;
  atLeast?: [number, RegExp];
  has?: string[];
  first?: string;
  brand?: string;
}

const EXPECTED: Expectation[] = [
  // milk and dairy
  { q: 'latte', all: /^latte\b/i, has: ['8000005010051'] },
  { q: 'latte fresco', all: /latte fresco/i, first: '8019730032092' },
  { q: 'latte intero', all: /latte\b.*\bintero/i, has: ['8000005010051'] },
  { q: 'latte senza lattosio', all: /senza lattosio/i, first: '8009310001679' },
  { q: 'mozzarella', all: /mozzarell/i },
  { q: 'mozzarella di bufala', all: /mozzarella (di )?bufala/i },
  { q: 'mozz', all: /mozzarell/i },
  { q: 'yogurt', all: /^yogurt/i },
  { q: 'yogurt greco', all: /yogurt.*greco/i },
  { q: 'burro', has: ['8033109190046', '8000459003203'] },
  { q: 'parmigiano', all: /parmigiano/i },
  { q: 'grana padano', all: /grana padano/i },
  { q: 'ricotta', atLeast: [4, /^ricotta/i] },
  { q: 'stracchino', all: /stracchino/i },
  { q: 'gorgonzola', first: '8000430058864' },
  { q: 'uova', first: '8002790068194' },
  { q: 'uova bio', first: '8010739008101' },
  // pasta, rice, bread
  { q: 'pasta', all: /pasta/i },
  { q: 'spaghetti', all: /^spaghetti/i, has: ['8076800035056'] },
  { q: 'penne', all: /^penne/i },
  { q: 'penne rigate', all: /penne rigate/i },
  { q: 'fusilli', all: /^fusilli/i },
  { q: 'riso', all: /\briso\b/i, has: ['8001120120144'] },
  { q: 'riso carnaroli', all: /carnaroli/i },
  { q: 'pane', first: '8030582013640' },
  { q: 'farina', all: /^farina/i },
  { q: 'grissini', all: /grissin/i },
  { q: 'crackers', all: /crackers/i },
  { q: 'biscotti', all: /biscott/i },
  // pantry
  { q: 'caffè', all: /caff[eè]/i, has: ['8015090000030'] },
  { q: 'caffè macinato', all: /macinato/i },
  { q: 'olio', atLeast: [4, /^olio/i], has: ['8001302001186'] },
  { q: 'olio extravergine', all: /olio extravergine/i },
  { q: 'passata', all: /^passata/i },
  { q: 'passata di pomodoro', all: /passata (di )?pomodor/i },
  { q: 'tonno', all: /tonno/i, has: ['8000633038847'] },
  { q: 'zucchero', atLeast: [3, /^zucchero/i] },
  { q: 'miele', atLeast: [4, /^miele/i] },
  { q: 'te verde', all: /t[eè]\W*verde/i },
  { q: 'nutella', has: ['8000500106877'] },
  // fruit, vegetables, meat, fish
  { q: 'banane', first: '2000000000107' },
  { q: 'mele', has: ['2000000000008'] },
  { q: 'kiwi', first: '2000000000121' },
  { q: 'fragole', atLeast: [3, /^fragole/i] },
  { q: 'pomodori', has: ['2000000000350'] },
  { q: 'zucchine', first: '2000000000442' },
  { q: 'carote', first: '8026156005067' },
  { q: 'prosciutto crudo', first: '8012666031276' },
  { q: 'prosciutto cotto', first: '8004225044360' },
  { q: 'salame', all: /^salame/i },
  { q: 'wurstel', all: /^wurstel/i },
  { q: 'petto di pollo', all: /petto (di )?pollo/i },
  // drinks
  { q: 'acqua', all: /^acqua/i },
  { q: 'acqua frizzante', all: /acqua.*frizzante/i },
  { q: 'birra', all: /birra/i },
  { q: 'vino rosso', first: '8004300102633' },
  // household and personal care
  { q: 'detersivo', all: /^detersivo/i },
  { q: 'carta igienica', all: /^carta igienica/i },
  { q: 'shampoo', all: /^shampoo/i },
  { q: 'dentifricio', all: /^dentifricio/i },
  { q: 'pannolini', all: /^pannolini/i },
  // brands
  { q: 'barilla', brand: 'Barilla' },
  { q: 'mulino bianco', brand: 'Mulino Bianco' },
  { q: 'lavazza', brand: 'Lavazza' },
  // typos and words still being typed
  { q: 'mozarella', all: /mozz?arella/i },
  { q: 'spagetti', all: /spaghetti/i },
  { q: 'biscoti', all: /biscott/i },
  { q: 'prosciuto', has: ['8008161400440'] },
  { q: 'parmiggiano', has: ['8001230057217'] },
  // an allergen filter
  { q: 'biscotti', params: 'free_from=glutine', atLeast: [3, /senza glutine/i] },
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function firstFive(q: string, params?: string): Promise<Product[]> {
  const { body } = await getJson<ProductListData>(
    t.app,
    `/ebsn/api/products?q=${encodeURIComponent(q)}&page_size=5${params ? `&${params}` : ''}`,
  );
  expect(body.response.status).toBe(0);
  return body.data.products;
}

describe('search relevance: what a shopper expects in the first five', () => {
  it('holds at least 50 queries', () => {
    expect(EXPECTED.length).toBeGreaterThanOrEqual(50);
  });

  it.each(EXPECTED.map((e) => [`${e.q}${e.params ? ` (${e.params})` : ''}`, e] as const))(
    '%s',
    async (_label, e) => {
      const top = await firstFive(e.q, e.params);
      const names = top.map((p) => p.name);
      expect(top.length, names.join(' · ')).toBeGreaterThan(0);
      if (e.all) {
        expect(top.length).toBe(5);
        for (const name of names) expect(name, names.join(' · ')).toMatch(e.all);
      }
      if (e.atLeast) {
        const [n, re] = e.atLeast;
        expect(names.filter((name) => re.test(name)).length, names.join(' · ')).toBeGreaterThanOrEqual(n);
      }
      for (const barcode of e.has ?? [])
        expect(top.map((p) => p.barcode), names.join(' · ')).toContain(barcode);
      if (e.first) expect(top[0]?.barcode, names.join(' · ')).toBe(e.first);
      if (e.brand) for (const p of top) expect(p.vendor.name, names.join(' · ')).toBe(e.brand);
    },
  );

  it('answers the same first five with the accents dropped', async () => {
    for (const [accented, plain] of [
      ['caffè', 'caffe'],
      ['ragù', 'ragu'],
      ['tè verde', 'te verde'],
    ] as const) {
      const a = (await firstFive(accented)).map((p) => p.productId);
      const b = (await firstFive(plain)).map((p) => p.productId);
      expect(a.length).toBeGreaterThan(0);
      expect(b).toEqual(a);
    }
  });
});
