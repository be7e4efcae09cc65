import { useQuery } from '@tanstack/react-query';
import type { UxBlock } from '@spesa/shared/contracts/content';
import { callWp } from '../../../lib/wp-http';

/** GET /p/wp-json/spesa/v1/ux-blocks?term=…: the content blocks placed on a term (a category's slug). */
export const getUxBlocksOfTerm = (term: string, signal?: AbortSignal): Promise<UxBlock[]> =>
  callWp('GET /p/wp-json/spesa/v1/ux-blocks', { query: { term } }, { signal }).then(({ data }) => data);

export const useUxBlocksOfTerm = (term: string) =>
  useQuery({
    queryKey: ['content', 'ux-blocks', term],
    queryFn: ({ signal }) => getUxBlocksOfTerm(term, signal),
    staleTime: 10 * 60_000,
  });
