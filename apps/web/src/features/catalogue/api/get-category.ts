import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@spesa/shared/contracts/catalogue';
import { callApi } from '../../../lib/http';

/** GET /category?slug=: one category with its children and content blocks. */
export async function getCategory(slug: string, signal?: AbortSignal): Promise<Category> {
  const data = await callApi('GET /category', { query: { slug } }, { signal, quiet: true });
  // with a slug the answer is one category (the tree only comes without slug and categoryId)
  if (!('category' in data)) throw new Error('GET /category?slug= answered the tree');
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
