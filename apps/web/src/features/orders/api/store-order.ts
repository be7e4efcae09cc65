import type { QueryClient } from '@tanstack/react-query';
import type { Order } from '@spesa/shared/contracts/orders';
import { orderKeys } from './query-keys';

/** An action answered the order: it goes into the detail's cache, and the lists are read again. */
export function storeOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(orderKeys.detail(order.orderId), order);
  void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'list'] });
}
