import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@spesa/shared/contracts/orders';
import { apiPost } from '../../../lib/http';
import { orderKeys } from './query-keys';

/** POST /order/delete: cancels the order (voids the authorisation, frees the slot); the server says 'Ordine {orderId} annullato'. */
export function deleteOrder(orderId: number): Promise<{ order?: Order } | null> {
  // quiet: the page says 'Ordine {orderId} annullato' itself and shows a refusal inside the dialog
  return apiPost<{ order?: Order } | null>('/order/delete', { order_id: orderId }, { quiet: true });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_data, orderId) =>
      queryClient
        .invalidateQueries({ queryKey: orderKeys.all })
        .then(() => queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) })),
  });
}
