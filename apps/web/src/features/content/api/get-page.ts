import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WpPage } from '@spesa/shared/contracts/content';
import { callApi } from '../../../lib/http';

/** GET /p/wp-json/wp/v2/pages?slug=…: a page of the content store (an unknown slug answers not found). */
export const getPage = (slug: string, signal?: AbortSignal): Promise<WpPage> =>
  callApi('GET /p/wp-json/wp/v2/pages', { query: { slug } }, { signal, quiet: true }).then((d) => d.page);

export const pageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['content', 'page', slug], queryFn: ({ signal }) => getPage(slug, signal) });

export const usePage = (slug: string, enabled = true) => useQuery({ ...pageQueryOptions(slug), enabled });
