import { CATEGORY_TREE_DEPTH, gridConfigSchema, type Category } from '@spesa/shared/contracts/catalogue';
import { failWith, ok, type Message, type Result } from '../../lib/result';
import type { ContentService } from '../content/content.service';
import { productCountsByCategory, type CategoryRow } from './catalogue.repository';
import { lastSlugSegment, type CategoryQueryInput } from './catalogue-queries';
import type { CatalogueReads } from './catalogue-reads';
import type { CategoryIndex } from './category-index';
import { parseSearchText } from './search-text';

export const CATEGORY_NOT_FOUND = {
  code: 'msg.category.notFound',
  text: 'La pagina richiesta non è stata trovata.',
} as const satisfies Message;

/** The category tree and a category's page (its children, counts and the content's blocks). */
export class CatalogueCategories {
  readonly #r: CatalogueReads;
  readonly #content: ContentService;

  constructor(reads: CatalogueReads, content: ContentService) {
    this.#r = reads;
    this.#content = content;
  }

  async categoryTree(query: CategoryQueryInput): Promise<Result<{ categories: Category[] }>> {
    const depth = query.depth ?? CATEGORY_TREE_DEPTH;
    const text = query.q ? parseSearchText(query.q) : null;
    const key = ['category', depth, text?.full ?? null, query.filtered ?? false, this.#r.today()];
    return this.#r.cache.getOrLoad(
      key,
      async () => {
        const index = await this.#r.categories();
        const textMatch = query.q ? (text ? (await this.#r.textMatch(text, {})).match : null) : undefined;
        const counts =
          textMatch === null
            ? new Map<number, number>()
            : await productCountsByCategory({
                today: this.#r.today(),
                ...(textMatch ? { text: textMatch } : {}),
              }, this.#r.db);
        const pruneEmpty = query.q !== undefined || query.filtered === true;
        const build = (row: CategoryRow, level: number): Category | null => {
          const children =
            level < depth
              ? index
                  .menuChildren(row.categoryId)
                  .map((c) => build(c, level + 1))
                  .filter((c): c is Category => c !== null)
              : [];
          const count = this.#subtreeCount(index, row.categoryId, counts);
          if (pruneEmpty && count === 0) return null;
          return this.#wireCategory(index, row, count, level < depth ? children : undefined);
        };
        const categories = index.roots.map((r) => build(r, 1)).filter((c): c is Category => c !== null);
        return ok({ categories });
      },
      query.skip_cache,
    );
  }

  async category(query: CategoryQueryInput): Promise<Result<{ category: Category }>> {
    const slug = query.slug !== undefined ? lastSlugSegment(query.slug) : undefined;
    const depth = query.depth ?? 1;
    const key = ['category', slug ?? null, query.categoryId ?? null, depth, this.#r.today()];
    return this.#r.cache.getOrLoad(
      key,
      async () => {
        const index = await this.#r.categories();
        const row =
          slug !== undefined
            ? index.bySlug(slug)
            : query.categoryId !== undefined
              ? index.byId(query.categoryId)
              : undefined;
        if (!row) return failWith(CATEGORY_NOT_FOUND, 'notFound');
        const counts = await productCountsByCategory({ today: this.#r.today() }, this.#r.db);
        const build = (r: CategoryRow, level: number): Category =>
          this.#wireCategory(
            index,
            r,
            this.#subtreeCount(index, r.categoryId, counts),
            level < depth ? index.menuChildren(r.categoryId).map((c) => build(c, level + 1)) : undefined,
          );
        const children = index.menuChildren(row.categoryId).map((c) => build(c, 1));
        const category: Category = {
          ...this.#wireCategory(
            index,
            row,
            this.#subtreeCount(index, row.categoryId, counts),
            children,
            true,
          ),
          categoryBlocks: await this.#content.blocksOfCategory(row.categoryId),
        };
        return ok({ category });
      },
      query.skip_cache,
    );
  }

  #subtreeCount(index: CategoryIndex, categoryId: number, counts: Map<number, number>): number {
    let total = counts.get(categoryId) ?? 0;
    for (const child of index.menuChildren(categoryId))
      total += this.#subtreeCount(index, child.categoryId, counts);
    return total;
  }

  #wireCategory(
    index: CategoryIndex,
    row: CategoryRow,
    productCount: number,
    children: Category[] | undefined,
    withGrid = false,
  ): Category {
    const info: { DESCRIPTION?: string; ICON?: string; EMOJI?: string } = {};
    if (row.description) info.DESCRIPTION = row.description;
    if (row.icon) info.ICON = row.icon;
    if (row.emoji) info.EMOJI = row.emoji;
    const metaData: NonNullable<Category['metaData']> = {};
    if (withGrid && row.gridConfig !== null) {
      const grid = gridConfigSchema.safeParse(row.gridConfig);
      if (grid.success) metaData.template_model = { GRID_CONFIG: grid.data };
    }
    if (Object.keys(info).length > 0) metaData.category_info = info;
    return {
      categoryId: row.categoryId,
      parentId: index.wireParentId(row),
      slug: row.slug,
      name: row.name,
      level: row.level,
      productCount,
      metaData,
      ...(children ? { categories: children } : {}),
    };
  }
}
