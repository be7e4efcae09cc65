import { QueryClient } from '@tanstack/react-query';
import { AdminApiError } from './api';

/** Tries of a failed read after the first: a lost connection or a server error (5xx) may pass by itself. */
export const READ_RETRIES = 3;

/**
 * Whether react-admin tries a failed read again. A refusal with a 4xx status (not signed in, not allowed, not
 * found, a bad filter) answers the same every time: it is shown at once instead of after three retries
 * (1 + 2 + 4 s, the query library's default, which kept a signed-out member on a blank page for 7 s).
 */
export function retryRead(failures: number, error: unknown): boolean {
  if (error instanceof AdminApiError && error.status >= 400 && error.status < 500) return false;
  return failures < READ_RETRIES;
}

/** The back office's query client: react-admin's reads (lists, records, identity, permissions). */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: retryRead } } });
}
