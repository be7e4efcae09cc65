import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@spesa/shared/contracts/orders';
import { callApi } from '../../../lib/http';
import { orderKeys } from './query-keys';

/** GET /order/view: one of the customer's orders (the platform's client reads data.data). */
export async function getOrder(orderId: number, signal?: AbortSignal): Promise<Order> {
  const data = await callApi(
    'GET /order/view',
    { query: { order_id: orderId, show_replaced: true } },
    { signal, quiet: true },
  );
  return data.data;
}

/** GET /token-order/view: the read-only link of the confirmation e-mail, no sign-in needed. */
export async function getTokenOrder(
  orderId: number,
  accessToken: string,
  signal?: AbortSignal,
): Promise<Order> {
  const data = await callApi(
    'GET /token-order/view',
    { query: { order_id: orderId, access_token: accessToken, show_replaced: true } },
    { signal, quiet: true },
  );
  return data.data;
}

export const orderQueryOptions = (orderId: number) =>
  queryOptions({ queryKey: orderKeys.detail(orderId), queryFn: ({ signal }) => getOrder(orderId, signal) });

/** The customer's order, or with an access token the e-mail's read-only view of it. */
export function useOrder(orderId: number | null, accessToken?: string) {
  const id = orderId ?? 0;
  return useQuery({
    queryKey: accessToken ? orderKeys.byToken(id, accessToken) : orderKeys.detail(id),
    queryFn: ({ signal }) => (accessToken ? getTokenOrder(id, accessToken, signal) : getOrder(id, signal)),
    enabled: id > 0,
  });
}
