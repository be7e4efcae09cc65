import type { Db } from '../../db/client';
import type { VersionedReadCache } from '../../lib/read-cache';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import {
  countProducts,
  loadAllCategories,
  type ProductCriteria,
  type TextMatch,
} from './catalogue.repository';
import { CategoryIndex } from './category-index';
import { StoreFigureCache, storesWithPriceList } from './store-overlay';
import { italianDate, type SearchText } from './search-text';

/**
 * What every part of the catalogue's reads shares: the database, the versioned read cache, today's date and
 * the category index of the catalogue version (one per service, rebuilt when the version moves).
 */
export class CatalogueReads {
  readonly db: Db;
  readonly cache: VersionedReadCache;
  /**
   * The pages and products as one store shows them (decision 098): many more keys than the chain's (a store
   * each), kept apart so that they never push the shared summaries, pages and products out of `cache`.
   */
  readonly storeCache: VersionedReadCache;
  /** every store's stock and prices of the chain's products, kept with the cached product objects */
  readonly figures = new StoreFigureCache();
  readonly #now: () => Date;
  #index: { version: number; index: Promise<CategoryIndex> } | null = null;

  constructor(db: Db, cache: VersionedReadCache, now: () => Date) {
    this.db = db;
    this.cache = cache;
    this.storeCache = cache.derived();
    this.#now = now;
  }

  today(): string {
    return italianDate(this.#now());
  }

  async categories(): Promise<CategoryIndex> {
    const version = await this.cache.version();
    if (this.#index?.version !== version) {
      const index = loadAllCategories(this.db).then((rows) => new CategoryIndex(rows));
      this.#index = { version, index };
      index.catch(() => {
        if (this.#index?.index === index) this.#index = null;
      });
    }
    return this.#index.index;
  }

  /**
   * The warehouses whose stock and prices a listing may show (decision 095): the chain's catalogue and the
   * stores, read through the read cache (a store added shows with the next catalogue version).
   */
  async knownWarehouse(warehouseId: number): Promise<boolean> {
    const loaded = await this.cache.getOrLoad(['stock-warehouses'], async () => {
      const rows = await queryRows<{ id: number }>(
        this.db,
        sql`SELECT warehouse_id AS id FROM warehouses WHERE warehouse_type IN ('catalogue', 'store')`,
      );
      return { ok: true as const, data: rows.map((r) => r.id) };
    });
    return loaded.ok && loaded.data.includes(warehouseId);
  }

  /** The stores that sell at a price list of their own (read through the read cache, per catalogue version). */
  async storesWithPriceList(): Promise<ReadonlySet<number>> {
    const loaded = await this.cache.getOrLoad(['price-list-stores'], async () => ({
      ok: true as const,
      data: new Set(await storesWithPriceList(this.db)),
    }));
    return loaded.ok ? loaded.data : new Set();
  }

  /**
   * Whole words first ("pasta" finds pasta, not "pastiglie lavastoviglie"); when they find nothing, the last
   * word as a prefix (a word still being typed, "mozz"); then trigram similarity on the name (typos).
   * Answers the count too.
   */
  async textMatch(
    text: SearchText,
    base: Omit<ProductCriteria, 'text' | 'today'>,
  ): Promise<{ match: TextMatch; count: number }> {
    const words: TextMatch = { mode: 'fts', full: text.full, head: text.head, lastPrefix: null };
    const whole = await countProducts({ ...base, today: this.today(), text: words }, this.db);
    if (whole > 0) return { match: words, count: whole };
    if (text.lastPrefix) {
      const fts: TextMatch = { mode: 'fts', full: text.full, head: text.head, lastPrefix: text.lastPrefix };
      const hits = await countProducts({ ...base, today: this.today(), text: fts }, this.db);
      if (hits > 0) return { match: fts, count: hits };
    }
    const trigram: TextMatch = { mode: 'trigram', full: text.words };
    return {
      match: trigram,
      count: await countProducts({ ...base, today: this.today(), text: trigram }, this.db),
    };
  }
}
