import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Category, categoryDataSchema } from '@spesa/shared/contracts/catalogue';
import { apiGet } from '../../../lib/http';

type CategoryData = z.infer<typeof categoryDataSchema>;

/** GET /category?slug=: one category with its children and content blocks. */
export async function getCategory(slug: string, signal?: AbortSignal): Promise<Category> {
  const data = await apiGet<CategoryData>('/category', { slug }, { signal, quiet: true });
  return data.category;
}

export const categoryQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['category', slug],
    queryFn: ({ signal }) => getCategory(slug, signal),
    staleTime: 15 * 60_000,
  });

export const useCategory = (slug: string, enabled = true) =>
  useQuery({ ...categoryQueryOptions(slug), enabled: enabled && !!slug });
