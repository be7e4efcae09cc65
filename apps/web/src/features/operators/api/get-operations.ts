import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OperationsData } from '@spesa/shared/contracts/operators';
import { callApi } from '../../../lib/http';

/** The customer's own trail: under ['account'], forgotten at sign-out. */
export const operationsKeys = { page: (page: number) => ['account', 'operations', page] as const };

/** GET /sso-auth/operations: what customer service did in the account, newest first. */
export const getOperations = (page: number, signal?: AbortSignal): Promise<OperationsData> =>
  callApi('GET /sso-auth/operations', { query: { page, page_size: 20 } }, { signal, quiet: true });

export const useOperations = (page: number) =>
  useQuery({
    queryKey: operationsKeys.page(page),
    queryFn: ({ signal }) => getOperations(page, signal),
    placeholderData: keepPreviousData,
  });
