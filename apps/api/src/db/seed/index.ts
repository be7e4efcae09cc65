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
import { seedPriceHistory } from '../../modules/catalogue/price-history';
import { buildCategoryRows } from './categories';
import { buildContent } from './content';
import { insertJsonBatches, syncSequence, type Db } from './db';
import { buildProducts } from './product-generator';
import { buildPromos } from './promos';
import { fillSearchTerms } from './search-terms';
import { loadDemoData } from './taxonomy';
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
  const draft = buildProducts(taxonomy, rawProducts, { now, productTarget: opts.productTarget });
  const promoRows = buildPromos(draft.products, now);
  const content = buildContent(taxonomy);
  for (const c of categoryRows) {
    const grid = content.grids.get(c.categoryId);
    if (grid) c.gridConfig = grid;
  }
  lap(`built ${draft.products.length} products in memory`);

  await db.transaction(async (tx) => {
    const existing = await tx.execute(sql`SELECT 1 FROM categories LIMIT 1`);
    if (rowsOf(existing).length > 0)
      throw new Error('seedDatabase: the catalogue is not empty (already seeded?)');

    await insertJsonBatches(categories, categoryRows, 1000, tx);
    await insertJsonBatches(vendors, draft.vendors, 1000, tx);
    await syncSequence('vendors', 'vendor_id', tx);
    lap('categories and vendors');
    await insertJsonBatches(products, draft.products, 1000, tx);
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

/** node-postgres answers { rows }, PGlite answers { rows } too; drizzle passes them through. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  const r = (result as { rows?: unknown[] }).rows;
  return Array.isArray(r) ? r : [];
}
