import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WpPage } from '@spesa/shared/contracts/content';
import { callWp, wpNotFound } from '../../../lib/wp-http';

/**
 * GET /p/wp-json/wp/v2/pages?slug=…: the content store answers WordPress's list, one page or none; none is
 * the page's not found.
 */
export const getPage = (slug: string, signal?: AbortSignal): Promise<WpPage> =>
  callWp('GET /p/wp-json/wp/v2/pages', { query: { slug } }, { signal }).then(({ data }) => {
    const page = data[0];
    if (!page) throw wpNotFound();
    return page;
  });

export const pageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['content', 'page', slug], queryFn: ({ signal }) => getPage(slug, signal) });

export const usePage = (slug: string, enabled = true) => useQuery({ ...pageQueryOptions(slug), enabled });
