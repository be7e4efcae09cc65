import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@spesa/shared/contracts/catalogue';
import { callApi } from '../../../lib/http';

/** GET /category (no slug): the department tree, children in `categories`. */
export async function getCategoryTree(signal?: AbortSignal): Promise<Category[]> {
  const data = await callApi('GET /category', {}, { signal, quiet: true });
  // without slug or categoryId the answer is the tree
  return 'categories' in data ? data.categories : [];
}

export const categoryTreeQueryOptions = () =>
  queryOptions({
    queryKey: ['category-tree'],
    queryFn: ({ signal }) => getCategoryTree(signal),
    staleTime: 15 * 60_000,
  });

export const useCategoryTree = () => useQuery(categoryTreeQueryOptions());
