import { useQuery } from '@tanstack/react-query';
import type { TaxfreeList } from '@spesa/shared/contracts/receipts';
import { callApi } from '../../../lib/http';
import { receiptKeys } from './get-receipts';

/** GET /taxfree/list: the customer's tax-free refunds between two days (empty: the last 12 months). */
export const getTaxfree = (start: string, end: string, signal?: AbortSignal): Promise<TaxfreeList> =>
  callApi(
    'GET /taxfree/list',
    { query: { ...(start ? { start_date: start } : {}), ...(end ? { end_date: end } : {}) } },
    { signal, quiet: true },
  );

export const useTaxfree = (start: string, end: string) =>
  useQuery({
    queryKey: receiptKeys.taxfree(start, end),
    queryFn: ({ signal }) => getTaxfree(start, end, signal),
    retry: false,
  });
