import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { authTestDataSchema } from '@spesa/shared/contracts/account';
import { apiGet } from '../../../lib/http';
import { accountKeys } from './query-keys';

type AuthTestData = z.infer<typeof authTestDataSchema>;

/** GET /auth/test: is the session cookie alive? (the envelope's root user updates the login state too) */
export async function getAuthTest(signal?: AbortSignal): Promise<boolean> {
  const data = await apiGet<AuthTestData>('/auth/test', undefined, { signal, quiet: true });
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
