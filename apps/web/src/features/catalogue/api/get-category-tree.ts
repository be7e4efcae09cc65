import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@spesa/shared/contracts/catalogue';
import type { z } from 'zod';
import type { categoryTreeDataSchema } from '@spesa/shared/contracts/catalogue';
import { apiGet } from '../../../lib/http';

type CategoryTreeData = z.infer<typeof categoryTreeDataSchema>;

/** GET /category (no slug): the department tree, children in `categories`. */
export async function getCategoryTree(signal?: AbortSignal): Promise<Category[]> {
  const data = await apiGet<CategoryTreeData>('/category', undefined, { signal, quiet: true });
  return data.categories ?? [];
}

export const categoryTreeQueryOptions = () =>
  queryOptions({
    queryKey: ['category-tree'],
    queryFn: ({ signal }) => getCategoryTree(signal),
    staleTime: 15 * 60_000,
  });

export const useCategoryTree = () => useQuery(categoryTreeQueryOptions());
