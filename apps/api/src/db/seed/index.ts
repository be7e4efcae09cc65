/**
 * Seeds the catalogue and the content pages from data/demo (categories-it.json, products-it.json):
 * categories, vendors, products (real + generated), promotions, blocks and proposals, the suggestion
 * dictionary, then bumps catalogue_version. Deterministic (fixed seed) except the dates, which follow
 * the day the seed runs (promotions valid today, new products created recently).
 *
 * Expects migrated, empty catalogue tables; refuses to run twice on the same database.
 */
import { sql } from 'drizzle-orm';
import {
  catalogueVersion,
  categories,
  categoryBlocks,
  productPromos,
  products,
  proposals,
  vendors,
} from '../schema';
import { seedCityPriceList, seedStoreStock } from './store-stock';
import { PriceHistory, seedPriceHistory } from '../../modules/catalogue/price-history';
import { AssortmentAdmin } from '../../modules/catalogue/catalogue-assortment';
import type { ProductMaster } from '@spesa/shared/catalogue/product-master';
import { CATEGORY_TYPE } from '../schema';
import { buildCategoryRows } from './categories';
import { DEMO_CATALOGUE_FILE, readDemoCatalogue, withMaster } from './demo-catalogue';
import { buildContent } from './content';
import { insertJsonBatches, syncSequence, type Db } from './db';
import { buildProducts, type ProductRow } from './product-generator';
import { buildPromos } from './promos';
import { fillSearchTerms } from './search-terms';
import { loadDemoData } from './taxonomy';
import { join } from 'node:path';
import { romeDayOf } from '@spesa/shared/time/rome';

export type { Db } from './db';

export interface SeedOptions {
  /** folder holding categories-it.json and products-it.json (data/demo) */
  dataDir: string;
  /** generate products until the catalogue holds this many (benchmarks: 100000) */
  productTarget?: number;
  /** "today" for promotions and novelties; defaults to now */
  now?: Date;
  /** progress messages (timings); silent by default */
  log?: (message: string) => void;
}

export async function seedDatabase(opts: SeedOptions, db: Db): Promise<void> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const lap = (what: string) => log(`${what}: ${Math.round(performance.now() - t0)} ms`);
  const now = opts.now ?? new Date();

  const { taxonomy, products: rawProducts } = await loadDemoData(opts.dataDir);
  const categoryRows = buildCategoryRows(taxonomy);
  const built = buildProducts(taxonomy, rawProducts, { now, productTarget: opts.productTarget });
  lap(`built ${built.products.length} products in memory`);
  const masters = await throughTheImporter(opts.dataDir, categoryRows, built.products);
  const draft = {
    ...built,
    products: built.products.map((p) => {
      const m = masters.get(p.codInt);
      return m ? withMaster(p, m) : p;
    }),
  };
  lap('product master read through the importer');
  const promoRows = buildPromos(draft.products, now);
  const content = buildContent(taxonomy);
  for (const c of categoryRows) {
    const grid = content.grids.get(c.categoryId);
    if (grid) c.gridConfig = grid;
  }
  lap('promotions and content built');

  await db.transaction(async (tx) => {
    const existing = await tx.execute(sql`SELECT 1 FROM categories LIMIT 1`);
    if (rowsOf(existing).length > 0)
      throw new Error('seedDatabase: the catalogue is not empty (already seeded?)');

    await insertJsonBatches(categories, categoryRows, 1000, tx);
    await insertJsonBatches(vendors, draft.vendors, 1000, tx);
    await syncSequence('vendors', 'vendor_id', tx);
    lap('categories and vendors');
    await writeThroughTheImporter(masters, draft.products, now, tx);
    await insertJsonBatches(
      products,
      draft.products.filter((p) => !masters.has(p.codInt)),
      1000,
      tx,
    );
    await syncSequence('products', 'product_id', tx);
    lap('products');
    // every row names its audience: a batch mixes rows with and without it (json_populate_recordset)
    await insertJsonBatches(
      productPromos,
      promoRows.map((r) => ({ audience: 'all', ...r })),
      2000,
      tx,
    );
    await syncSequence('product_promos', 'promo_id', tx);
    await seedPriceHistory(romeDayOf(now), tx);
    await seedStoreStock(draft.products, tx);
    await seedCityPriceList(romeDayOf(now), tx);
    lap('stock per store and the city price list');
    await insertJsonBatches(categoryBlocks, content.blocks, 500, tx);
    await syncSequence('category_blocks', 'category_block_id', tx);
    await insertJsonBatches(proposals, content.proposals, 500, tx);
    await syncSequence('proposals', 'proposal_id', tx);
    lap('promotions and content');
    await fillSearchTerms(tx);
    lap('search terms');
    await tx
      .insert(catalogueVersion)
      .values({ id: 1, version: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: catalogueVersion.id,
        set: { version: sql`${catalogueVersion.version} + 1`, updatedAt: now },
      });
  });
  lap('seed done');
}

/**
 * The product master of data/demo/prodotti.csv by code (file order), read as the back office's import reads a chain's
 * file (decision 097); the categories a row may name are the importer's (product categories in the menu, by
 * id or slug). A built product the file does not list (the benchmarks' extra products) stays as built; a code
 * of the file the builder does not know stops the seed (its illustration, nutrition and rank are the builder's).
 */
async function throughTheImporter(
  dataDir: string,
  categoryRows: ReadonlyArray<{
    categoryId: number;
    slug: string;
    level: number;
    categoryTypeId?: number | undefined;
    showInMenu?: boolean | undefined;
  }>,
  products: ProductRow[],
): Promise<Map<string, ProductMaster>> {
  const index = new Map<string, number>();
  for (const c of categoryRows)
    if (
      (c.categoryTypeId ?? CATEGORY_TYPE.products) === CATEGORY_TYPE.products &&
      c.level >= 1 &&
      c.showInMenu !== false
    ) {
      index.set(String(c.categoryId), c.categoryId);
      index.set(c.slug.toLowerCase(), c.categoryId);
    }
  const masters = await readDemoCatalogue(
    join(dataDir, DEMO_CATALOGUE_FILE),
    (t) => index.get(t.toLowerCase()) ?? null,
  );
  const known = new Set(products.map((p) => p.codInt));
  const unknown = [...masters.keys()].filter((code) => !known.has(code));
  if (unknown.length > 0)
    throw new Error(
      `${DEMO_CATALOGUE_FILE}: codici sconosciuti al generatore della demo: ${unknown.slice(0, 5).join(', ')}`,
    );
  return masters;
}

/** What the importer's writer writes of a new product from its master row (the seed's row supplies the rest). */
const MASTER_WRITTEN = [
  'codInt',
  'name',
  'brand',
  'format',
  'barcode',
  'categoryId',
  'ivaPct',
  'sellingType',
  'priceCents',
  'ingredients',
  'allergens',
  'storage',
  'freeFrom',
  'active',
  'vendorId',
] as const;

/**
 * The file's products written by the importer's writer (`upsertMany`, decision 100), 1,000 at a time, in file
 * order: the writer writes the master's fields and the vendor; the builder's row gives what a master file does
 * not carry (the product's fixed id, slug, illustration, nutrition, sales rank, the productInfos beyond the
 * master's and a pack's pieces). The list prices' 45 days are the seed's (seedPriceHistory), not the writer's
 * row at today. Every row must be created: anything else stops the seed.
 */
async function writeThroughTheImporter(
  masters: Map<string, ProductMaster>,
  rows: readonly ProductRow[],
  now: Date,
  tx: Db,
): Promise<void> {
  const writer = new AssortmentAdmin(new PriceHistory());
  const extras = new Map<string, Record<string, unknown>>();
  for (const p of rows) {
    if (!masters.has(p.codInt)) continue;
    const extra: Record<string, unknown> = { ...p };
    for (const k of MASTER_WRITTEN) delete extra[k];
    extras.set(p.codInt, extra);
  }
  const all = [...masters.values()];
  const opts = { createOnly: true, day: romeDayOf(now), by: null, recordNewPrices: false };
  for (let i = 0; i < all.length; i += 1000) {
    const outcomes = await writer.upsertMany(
      all.slice(i, i + 1000),
      { ...opts, newRow: (c) => extras.get(c) },
      tx,
    );
    const refused = outcomes.find((o) => o.kind !== 'created');
    if (refused) throw new Error(`${DEMO_CATALOGUE_FILE}: ${JSON.stringify(refused)}`);
  }
}

/** node-postgres answers { rows }, PGlite answers { rows } too; drizzle passes them through. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  const r = (result as { rows?: unknown[] }).rows;
  return Array.isArray(r) ? r : [];
}
