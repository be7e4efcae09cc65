import type { Category } from '@spesa/shared/contracts/catalogue';

/** The chain of categories from the department down to `categoryId` (empty when not in the tree). */
export function findCategoryPath(tree: readonly Category[], categoryId: number): Category[] {
  for (const node of tree) {
    if (node.categoryId === categoryId) return [node];
    const below = findCategoryPath(node.categories ?? [], categoryId);
    if (below.length) return [node, ...below];
  }
  return [];
}

export function findCategoryById(tree: readonly Category[], categoryId: number): Category | undefined {
  return findCategoryPath(tree, categoryId).at(-1);
}

export function findCategoryBySlug(tree: readonly Category[], slug: string): Category | undefined {
  for (const node of tree) {
    if (node.slug === slug) return node;
    const found = findCategoryBySlug(node.categories ?? [], slug);
    if (found) return found;
  }
  return undefined;
}

/** `/category/*` matches a slug or a path of slugs ("frutta-e-verdura/frutta"): the last segment is the slug. */
export function slugFromCategoryPath(pathMatch: string | undefined): string {
  const segments = (pathMatch ?? '').split('/').filter(Boolean);
  return decodeURIComponent(segments.at(-1) ?? '');
}
