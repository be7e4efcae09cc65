import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserSearchData } from '@spesa/shared/contracts/operators';
import { callApi } from '../../../lib/http';

export interface UserSearch {
  q?: string;
  card?: string;
  page: number;
}

/** The search belongs to the operator's session: under ['account'], forgotten at sign-out. */
export const userSearchKeys = {
  page: (s: UserSearch) => ['account', 'operators', 'users', s.q ?? '', s.card ?? '', s.page] as const,
};

/** GET /user-search/list_user: customers (type 2) by name, e-mail, phone, fiscal code or card number. */
export const listUsers = (s: UserSearch, signal?: AbortSignal): Promise<UserSearchData> =>
  callApi(
    'GET /user-search/list_user',
    {
      query: {
        ...(s.q ? { q: s.q } : {}),
        ...(s.card ? { cod_int: s.card } : {}),
        page: s.page,
        page_size: 10,
        user_type_id: 2,
      },
    },
    { signal, quiet: 'errors' },
  );

export const useUserSearch = (s: UserSearch | null) =>
  useQuery({
    queryKey: userSearchKeys.page(s ?? { page: 1 }),
    queryFn: ({ signal }) => listUsers(s ?? { page: 1 }, signal),
    enabled: s !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
