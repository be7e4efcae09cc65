import { CATEGORY_TYPE } from '../../db/schema';
import type { CategoryRow } from './catalogue.repository';

/**
 * The category table in memory (a few hundred rows), rebuilt once per catalogue version: parent/child
 * links, slugs, the chain used for breadcrumbs and the department (level 1) of any category.
 */
export class CategoryIndex {
  readonly #byId = new Map<number, CategoryRow>();
  readonly #bySlug = new Map<string, CategoryRow>();
  readonly #children = new Map<number, CategoryRow[]>();
  /** top of the product menu: product categories shown in the menu whose parent is not (the departments) */
  readonly roots: CategoryRow[];

  constructor(rows: readonly CategoryRow[]) {
    // rows arrive ordered by priority, name: children lists keep that order
    for (const row of rows) {
      this.#byId.set(row.categoryId, row);
      this.#bySlug.set(row.slug, row);
    }
    for (const row of rows) {
      if (row.parentId === null) continue;
      const list = this.#children.get(row.parentId) ?? [];
      list.push(row);
      this.#children.set(row.parentId, list);
    }
    this.roots = rows.filter((r) => this.isMenuProductCategory(r) && !this.#isMenuParent(r.parentId));
  }

  byId(id: number): CategoryRow | undefined {
    return this.#byId.get(id);
  }

  bySlug(slug: string): CategoryRow | undefined {
    return this.#bySlug.get(slug);
  }

  /** Every product category of the menu, departments first (the listings a customer can open). */
  menuProductCategoryIds(): number[] {
    const out: number[] = [];
    const walk = (rows: readonly CategoryRow[]) => {
      for (const row of rows) out.push(row.categoryId);
      for (const row of rows) walk(this.menuChildren(row.categoryId));
    };
    walk(this.roots);
    return [...new Set(out)];
  }

  /** Product categories of the menu below a category, in priority order. */
  menuChildren(id: number): CategoryRow[] {
    return (this.#children.get(id) ?? []).filter((c) => this.isMenuProductCategory(c));
  }

  isMenuProductCategory(row: CategoryRow): boolean {
    return row.categoryTypeId === CATEGORY_TYPE.products && row.showInMenu;
  }

  /** From the department down to the category itself (roots outside the menu, like "catalogo", left out). */
  chain(id: number): CategoryRow[] {
    const out: CategoryRow[] = [];
    const seen = new Set<number>();
    let current = this.#byId.get(id);
    while (current && !seen.has(current.categoryId)) {
      seen.add(current.categoryId);
      if (current.showInMenu) out.unshift(current);
      current = current.parentId === null ? undefined : this.#byId.get(current.parentId);
    }
    return out;
  }

  /**
   * The parent a client sees: a category's parent when it is in the menu, else none. The departments hang
   * under the hidden root ("catalogo", id 1), which the tree does not answer: a client walking the parents
   * of the tree stops at a department instead of looking for a category that is not there.
   */
  wireParentId(row: CategoryRow): number | null {
    return this.#isMenuParent(row.parentId) ? row.parentId : null;
  }

  /** A category and all its descendants (any depth): the category ids whose products it lists. */
  subtreeIds(id: number): number[] {
    const out: number[] = [];
    const stack = [id];
    const seen = new Set<number>();
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      out.push(current);
      for (const child of this.#children.get(current) ?? []) stack.push(child.categoryId);
    }
    return out;
  }

  /** The top-level menu category (department) above a category, or the category itself. */
  department(id: number): CategoryRow | undefined {
    return this.chain(id)[0];
  }

  #isMenuParent(parentId: number | null): boolean {
    if (parentId === null) return false;
    const parent = this.#byId.get(parentId);
    return parent !== undefined && this.isMenuProductCategory(parent);
  }
}
