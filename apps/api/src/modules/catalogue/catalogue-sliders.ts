import { CRM_ALGORITHM, type Product } from '@spesa/shared/contracts/catalogue';
import seedrandom from 'seedrandom';
import { normaliseQuery } from '../../lib/read-cache';
import { ok, type Result } from '../../lib/result';
import { countProducts, findProducts, type ProductCriteria, type ProductOrder } from './catalogue.repository';
import type { AdvQueryInput } from './catalogue-queries';
import type { CatalogueReads } from './catalogue-reads';
import type { CategoryIndex } from './category-index';
import { toWireProduct } from './product.mapper';

/** candidates of a shuffled slider: the best N by the algorithm's rank, then a per-day order */
const SHUFFLE_POOL_MAX = 96;

/** Deterministic shuffle: the same order all day for the same seed, a new one tomorrow. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const rng = seedrandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** The recommendation sliders (/adv): what each CRM algorithm shows, shuffled per day when asked. */
export class CatalogueSliders {
  readonly #r: CatalogueReads;

  constructor(reads: CatalogueReads) {
    this.#r = reads;
  }

  async adv(query: AdvQueryInput): Promise<Result<{ products: Product[]; totItems: number }>> {
    const today = this.#r.today();
    return this.#r.cache.getOrLoad(
      ['adv', normaliseQuery(query), today],
      async () => {
        const index = await this.#r.categories();
        const plan = await this.#advPlan(query, index, today);
        if (!plan) return ok({ products: [], totItems: 0 });
        const criteria: ProductCriteria = {
          ...plan.criteria,
          today,
          ...(query.promo ? { promoOnly: true } : {}),
        };
        const totItems = await countProducts(criteria, this.#r.db);
        const poolSize = query.shuffle
          ? Math.min(Math.max(query.limit * 4, 24), SHUFFLE_POOL_MAX)
          : query.limit;
        let rows = await findProducts(criteria, {
          order: plan.order,
          limit: poolSize,
          offset: 0,
        }, this.#r.db);
        if (query.shuffle)
          rows = seededShuffle(rows, `${today}:${normaliseQuery(query)}`).slice(0, query.limit);
        return ok({ products: rows.map((r) => toWireProduct(r, index)), totItems });
      },
      query.skip_cache,
    );
  }

  /** What each CRM algorithm (spec section 9) shows. null: nothing for this visitor, or unknown layout. */
  async #advPlan(
    query: AdvQueryInput,
    index: CategoryIndex,
    today: string,
  ): Promise<{ criteria: Omit<ProductCriteria, 'today'>; order: ProductOrder } | null> {
    const departmentOf = (categoryId: number | undefined) =>
      categoryId === undefined ? undefined : index.department(categoryId)?.categoryId;
    switch (query.layout) {
      case CRM_ALGORITHM.promoLevel1: {
        const dept = departmentOf(query.category_id);
        return {
          criteria: { promoOnly: true, ...(dept ? { categoryScopes: [index.subtreeIds(dept)] } : {}) },
          order: 'sales',
        };
      }
      case CRM_ALGORITHM.globalTopSelling:
        return { criteria: {}, order: 'sales' };
      case CRM_ALGORITHM.level1TopSelling: {
        const dept = departmentOf(query.category_id);
        return { criteria: dept ? { categoryScopes: [index.subtreeIds(dept)] } : {}, order: 'sales' };
      }
      case CRM_ALGORITHM.crossSellingOnDetail:
      case CRM_ALGORITHM.upsellingOnDetail: {
        if (query.product_id === undefined) return null;
        const [product] = await findProducts(
          { today, productId: query.product_id }, { order: 'sales', limit: 1, offset: 0 }, this.#r.db,
        );
        if (!product) return null;
        // cross-selling: the same category; upselling: the rest of the department
        const scope =
          query.layout === CRM_ALGORITHM.crossSellingOnDetail
            ? product.categoryId
            : departmentOf(product.categoryId);
        if (scope === undefined) return null;
        return {
          criteria: { categoryScopes: [index.subtreeIds(scope)], excludeProductId: product.productId },
          order: 'sales',
        };
      }
      case CRM_ALGORITHM.suggestedForYou:
        return { criteria: { newOnly: true }, order: 'new' };
      default:
        // 29 (favourites) and 1000 (recently viewed) need a logged-in customer; unknown layouts show nothing
        return null;
    }
  }
}
