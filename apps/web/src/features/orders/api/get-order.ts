import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@spesa/shared/contracts/orders';
import { apiGet } from '../../../lib/http';
import { orderKeys } from './query-keys';

/** GET /order/view: one of the customer's orders (the platform's client reads data.data). */
export async function getOrder(orderId: number, signal?: AbortSignal): Promise<Order> {
  const data = await apiGet<{ data: Order }>(
    '/order/view',
    { order_id: orderId, show_replaced: true },
    { signal, quiet: true },
  );
  return data.data;
}

export const orderQueryOptions = (orderId: number) =>
  queryOptions({ queryKey: orderKeys.detail(orderId), queryFn: ({ signal }) => getOrder(orderId, signal) });

export const useOrder = (orderId: number | null) =>
  useQuery({ ...orderQueryOptions(orderId ?? 0), enabled: orderId != null && orderId > 0 });
