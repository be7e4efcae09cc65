import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** GET /registration/user_detail: the signed-in customer's whole profile. */
export async function getUserDetail(signal?: AbortSignal): Promise<UserDetail> {
  const data = await callApi('GET /registration/user_detail', {}, { signal, quiet: true });
  return data.user;
}

export const userDetailQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.userDetail(),
    queryFn: ({ signal }) => getUserDetail(signal),
    staleTime: 60_000,
  });

export const useUserDetail = () => useQuery(userDetailQueryOptions());
