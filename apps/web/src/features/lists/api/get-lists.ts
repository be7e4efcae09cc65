import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LISTS_PAGE_SIZE_MAX, WishlistListData } from '@spesa/shared/contracts/lists';
import { callApi } from '../../../lib/http';
import { listKeys } from './query-keys';

// the contract's largest page, checked against it by type (no zod value in the list selector's chunk)
const ALL_LISTS: typeof LISTS_PAGE_SIZE_MAX = 100;

/** GET /wishlist/list: the customer's own lists and those shared with them, in one page (at most 50 own). */
export function getLists(signal?: AbortSignal): Promise<WishlistListData> {
  return callApi('GET /wishlist/list', { query: { page: 1, pageSize: ALL_LISTS } }, { signal, quiet: true });
}

export const listsQueryOptions = () =>
  queryOptions({ queryKey: listKeys.lists(), queryFn: ({ signal }) => getLists(signal) });

export const useLists = (enabled = true) => useQuery({ ...listsQueryOptions(), enabled });
