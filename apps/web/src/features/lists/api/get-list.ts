import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WishlistView } from '@spesa/shared/contracts/lists';
import { callApi } from '../../../lib/http';
import { listKeys } from './query-keys';

/** GET /wishlist/view: one list with its products (sold ones, and those no longer sold apart). */
export function getList(listId: number, signal?: AbortSignal): Promise<WishlistView> {
  return callApi('GET /wishlist/view', { query: { list_id: listId } }, { signal, quiet: true });
}

export const listQueryOptions = (listId: number) =>
  queryOptions({ queryKey: listKeys.view(listId), queryFn: ({ signal }) => getList(listId, signal) });

export const useList = (listId: number) => useQuery(listQueryOptions(listId));

/** A changed list as the server answered it: the page shows it at once, the overview counts again. */
export function storeList(queryClient: QueryClient, view: WishlistView): Promise<void> {
  queryClient.setQueryData(listKeys.view(view.listId), view);
  return queryClient.invalidateQueries({ queryKey: listKeys.lists() });
}
