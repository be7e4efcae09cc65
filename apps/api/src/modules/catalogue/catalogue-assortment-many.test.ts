import type { ProductMaster } from '@spesa/shared/catalogue/product-master';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { Readable } from 'node:stream';
import type { JobQueue } from '../../lib/jobs';
import { newCustomer } from '../../../test/customers';
import { AssortmentAdmin, type UpsertOutcome } from './catalogue-assortment';
import { CatalogueImports } from './catalogue-import';
import { PriceHistory } from './price-history';

/**
 * The importer's chunk writer (decision 100): `upsertMany` gives every master the outcome `upsert` gives it
 * written one by one, and leaves the same products and list prices: created, updated (price history), unchanged,
 * refused for a taken EAN or an existing code, an EAN given up by an earlier row free for a later one.
 */
let t: TestApp;
let leaf: number;
const writer = new AssortmentAdmin(new PriceHistory());
const DAY = '2026-11-29';
class Rollback extends Error {}

beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0, runJobs: false });
  const [c] = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT category_id AS id FROM categories WHERE category_type_id = 1 AND level = 3 AND show_in_menu
        ORDER BY category_id LIMIT 1`,
  );
  leaf = c!.id;
});
afterAll(() => t?.close());

const master = (code: string, over: Partial<ProductMaster> = {}): ProductMaster => ({
  code,
  ean: null,
  name: `Biscotti di prova ${code}`,
  brand: 'Marca Prova Lotti',
  format: '500 g',
  categoryId: leaf,
  vatPct: 10,
  sellingType: 'Confezione',
  qtyMult: 1,
  qtyLocked: false,
  weightSelling: null,
  stepSelling: null,
  lineMax: null,
  priceCents: 199,
  ingredients: 'farina, zucchero',
  allergens: null,
  storage: null,
  active: true,
  ...over,
});

/** What the writes left, by code: the products' fields (not ids nor times) and their list prices. */
async function written(codes: string[], tx: Db) {
  const list = sql`string_to_array(${codes.join(',')}, ',')`;
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT p.cod_int, p.name, p.slug, p.barcode, p.brand, p.format, v.name AS vendor, p.category_id, p.iva_pct,
          p.selling_type, p.unit_base, p.product_infos, p.price_cents, p.unit_price_cents, p.net_quantity,
          p.ingredients, p.allergens, p.storage, p.free_from, p.media_icon, p.active
        FROM products p JOIN vendors v USING (vendor_id) WHERE p.cod_int = ANY(${list}) ORDER BY p.cod_int`,
  );
  const prices = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT p.cod_int, h.price_cents, h.valid_from::text, h.valid_to::text FROM price_history h
        JOIN products p USING (product_id) WHERE p.cod_int = ANY(${list}) AND h.kind = 'list'
        ORDER BY p.cod_int, h.valid_from`,
  );
  return { rows, prices };
}

/** The same base, then the masters written one way; everything rolled back. */
async function scenario(
  base: ProductMaster[],
  masters: ProductMaster[],
  createOnly: boolean,
  how: 'one by one' | 'together',
) {
  let out: { outcomes: Array<Omit<UpsertOutcome, 'productId'>>; state: Awaited<ReturnType<typeof written>> };
  await t.db
    .transaction(async (tx) => {
      for (const p of base) await writer.upsert(p, { createOnly: false, day: '2026-11-01', by: null }, tx);
      const opts = { createOnly, day: DAY, by: null };
      const outcomes: UpsertOutcome[] = [];
      if (how === 'together') outcomes.push(...(await writer.upsertMany(masters, opts, tx)));
      else for (const p of masters) outcomes.push(await writer.upsert(p, opts, tx));
      out = {
        outcomes: outcomes.map((o) => ('productId' in o ? { kind: o.kind } : o)),
        state: await written([...new Set([...base, ...masters].map((m) => m.code))], tx),
      };
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return out!;
}

describe('upsertMany', () => {
  const base = () => [
    master('LOT-1', { ean: '8000000000017' }),
    master('LOT-2', { ean: '8000000000024' }),
    master('LOT-3', { ean: '8000000000031' }),
  ];
  const chunk = () => [
    // a new price and a new EAN: updated, its old EAN free for LOT-5 below
    master('LOT-1', { ean: '8000000000048', priceCents: 249 }),
    master('LOT-2', { ean: '8000000000024' }),
    master('LOT-4', { ean: '8000000000031', brand: 'Marca Nuova Lotti' }),
    master('LOT-5', { ean: '8000000000017', format: '1 kg' }),
    master('LOT-6', { ean: '8000000000048' }),
    master('LOT-3', { ean: '8000000000031', storage: 'In luogo fresco e asciutto.', active: false }),
  ];

  it('gives each master the outcome and the writes of `upsert`, one by one', async () => {
    const one = await scenario(base(), chunk(), false, 'one by one');
    const together = await scenario(base(), chunk(), false, 'together');
    expect(one.outcomes.map((o) => o.kind)).toEqual([
      'updated',
      'unchanged',
      'refused',
      'created',
      'refused',
      'updated',
    ]);
    expect(one.outcomes[2]).toEqual({
      kind: 'refused',
      field: 'ean',
      message: 'EAN già usato dal prodotto con codice LOT-3.',
    });
    expect(together).toEqual(one);
    expect(together.state.prices.filter((p) => p.cod_int === 'LOT-1')).toHaveLength(2);
  });

  it('refuses an existing code when it may only create, and writes the new ones', async () => {
    const masters = [master('LOT-2'), master('LOT-7', { ean: '8000000000055' })];
    const one = await scenario(base(), masters, true, 'one by one');
    const together = await scenario(base(), masters, true, 'together');
    expect(one.outcomes).toEqual([
      { kind: 'refused', field: 'code', message: 'Esiste già un prodotto con il codice LOT-2.' },
      { kind: 'created' },
    ]);
    expect(together).toEqual(one);
  });
});

/** A writer whose chunk write the database refuses, and whose row write refuses one code. */
class Refusing extends AssortmentAdmin {
  override upsertMany(): Promise<UpsertOutcome[]> {
    return Promise.reject(new Error('refused by the database'));
  }
  override upsert(p: ProductMaster, opts: Parameters<AssortmentAdmin['upsert']>[1], tx: Db) {
    if (p.code === 'JOB-2') return Promise.reject(new Error('refused by the database'));
    return super.upsert(p, opts, tx);
  }
}

describe('an import chunk', () => {
  const file = () =>
    Buffer.from(
      [
        'codice;ean;nome;marca;formato;categoria;iva;tipologia;prezzo;attivo',
        `JOB-1;;Cracker di prova;Marca Prova Lotti;250 g;${leaf};10;Confezione;1,50;sì`,
        `JOB-2;;Grissini di prova;Marca Prova Lotti;250 g;${leaf};10;Confezione;1,20;sì`,
        `JOB-3;;Fette di prova;Marca Prova Lotti;250 g;nessuna;10;Confezione;1,30;sì`,
        `JOB-4;;Taralli di prova;Marca Prova Lotti;250 g;${leaf};10;Confezione;1,40;sì`,
      ].join('\r\n'),
    );
  async function importWith(writer: AssortmentAdmin, failed: number[]) {
    const staff = { userId: (await newCustomer(t, { tag: 'many-import' })).userId, name: 'Prova' };
    const jobs = { enqueue: () => Promise.resolve() } as unknown as JobQueue;
    const audit = { record: () => Promise.resolve() };
    const imports = new CatalogueImports(
      t.db,
      writer,
      jobs,
      audit,
      () => new Date(),
      (_e, line) => {
        failed.push(line);
      },
    );
    const staged = await imports.stage(staff, 'prova.csv', Readable.from([file()]));
    if (!staged.ok) throw new Error('not staged');
    const id = staged.data.data.id;
    await t.db.execute(
      sql`UPDATE catalogue_imports SET state = 'importing', mode = 'apply' WHERE import_id = ${id}`,
    );
    while (await imports.runChunk(id));
    return queryRows<{
      line: number;
      outcome: string;
      issues: Array<{ column: string; message: string }> | null;
    }>(
      t.db,
      sql`SELECT line, outcome, issues FROM catalogue_import_rows WHERE import_id = ${id} ORDER BY line`,
    );
  }

  it('written row by row when the database refuses the chunk: a refused row refuses only itself', async () => {
    const failed: number[] = [];
    const rows = await importWith(new Refusing(new PriceHistory()), failed);
    expect(rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'created'],
      [3, 'refused'],
      [4, 'refused'],
      [5, 'created'],
    ]);
    expect(rows[1]?.issues?.[0]?.message).toMatch(/errore imprevisto/);
    expect(rows[2]?.issues?.[0]?.column).toBe('categoria');
    expect(failed).toEqual([3]);
    // the same file through the chunk writer: the rows written are unchanged, JOB-2 is created now
    const again = await importWith(writer, failed);
    expect(again.map((r) => r.outcome)).toEqual(['unchanged', 'created', 'refused', 'unchanged']);
    expect(failed).toEqual([3]);
  });
});
