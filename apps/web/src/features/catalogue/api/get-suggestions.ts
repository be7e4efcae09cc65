import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SuggestItem, suggestDataSchema } from '@spesa/shared/contracts/catalogue';
import { apiGet } from '../../../lib/http';

type SuggestData = z.infer<typeof suggestDataSchema>;

/** GET /products/suggest?q=: words, categories and products for the search box. */
export async function getSuggestions(q: string, signal?: AbortSignal): Promise<SuggestItem[]> {
  const data = await apiGet<SuggestData>('/products/suggest', { q }, { signal, quiet: true });
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
