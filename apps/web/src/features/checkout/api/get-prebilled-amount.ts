import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { checkoutKeys } from './query-keys';

export type Prebilled = EndpointData<Endpoints['GET /checkout/prebilled-amount']>;

/** GET /checkout/prebilled-amount: what an online payment holds for the open cart (or an order). */
export function getPrebilledAmount(
  vars: { paymentTypeId: number | null; orderId: number | null },
  signal?: AbortSignal,
): Promise<Prebilled> {
  return callApi(
    'GET /checkout/prebilled-amount',
    { query: { payment_type_id: vars.paymentTypeId ?? undefined, order_id: vars.orderId ?? undefined } },
    { signal, quiet: true },
  );
}

export const prebilledQueryOptions = (paymentTypeId: number | null, orderId: number | null = null) =>
  queryOptions({
    queryKey: checkoutKeys.prebilled(paymentTypeId, orderId),
    queryFn: ({ signal }) => getPrebilledAmount({ paymentTypeId, orderId }, signal),
    placeholderData: keepPreviousData,
  });

export const usePrebilledAmount = (paymentTypeId: number | null, enabled = true) =>
  useQuery({ ...prebilledQueryOptions(paymentTypeId), enabled });
