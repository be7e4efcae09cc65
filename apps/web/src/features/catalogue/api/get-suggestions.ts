import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SuggestItem } from '@spesa/shared/contracts/catalogue';
import { callApi } from '../../../lib/http';

/** GET /products/suggest?q=: words, categories and products for the search box. */
export async function getSuggestions(q: string, signal?: AbortSignal): Promise<SuggestItem[]> {
  const data = await callApi('GET /products/suggest', { query: { q } }, { signal, quiet: true });
  return data.items ?? [];
}

export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['suggest', q],
    queryFn: ({ signal }) => getSuggestions(q, signal),
    staleTime: 60_000,
  });

export const useSuggestions = (q: string) =>
  useQuery({ ...suggestionsQueryOptions(q), enabled: q.length >= 2 });
