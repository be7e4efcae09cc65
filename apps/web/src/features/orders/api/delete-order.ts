import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { orderKeys } from './query-keys';

/** POST /order/delete: cancels the order (voids the authorisation, frees the slot); the server says 'Ordine {orderId} annullato'. */
export function deleteOrder(orderId: number): Promise<EndpointData<Endpoints['POST /order/delete']>> {
  // quiet: the page says 'Ordine {orderId} annullato' itself and shows a refusal inside the dialog
  return callApi('POST /order/delete', { body: { order_id: orderId } }, { quiet: true });
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
