import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORDERS_PAGE_SIZE, type OrderListData, type OrderListQuery } from '@spesa/shared/contracts/orders';
import { callApi } from '../../../lib/http';
import { orderKeys } from './query-keys';

/** GET /order/list: the customer's orders, newest first, 12 a page (spec section 3 filters). */
export function getOrders(query: OrderListQuery, signal?: AbortSignal): Promise<OrderListData> {
  return callApi(
    'GET /order/list',
    {
      query: {
        page: query.page,
        page_size: query.page_size ?? ORDERS_PAGE_SIZE,
        show_pending: query.show_pending,
        from_date: query.from_date,
        to_date: query.to_date,
        from_gross_total: query.from_gross_total,
        to_gross_total: query.to_gross_total,
      },
    },
    { signal, quiet: true },
  );
}

export const ordersQueryOptions = (query: OrderListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  });

export const useOrders = (query: OrderListQuery) => useQuery(ordersQueryOptions(query));
