import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http';

/** Catalogue answers are cached for minutes (the spec's response cache keeps them 15 minutes). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 15 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(
            error instanceof ApiError &&
            (error.isNotFound || error.httpStatus === 419 || error.httpStatus === 400)
          ),
      },
    },
  });
}
