import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** GET /auth/test: is the session cookie alive? (the envelope's root user updates the login state too) */
export async function getAuthTest(signal?: AbortSignal): Promise<boolean> {
  const data = await callApi('GET /auth/test', {}, { signal, quiet: true });
  return data.authenticated;
}

export const authTestQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.authTest(),
    queryFn: ({ signal }) => getAuthTest(signal),
    staleTime: 0,
    retry: false,
  });

export const useAuthTest = (enabled: boolean) => useQuery({ ...authTestQueryOptions(), enabled });
