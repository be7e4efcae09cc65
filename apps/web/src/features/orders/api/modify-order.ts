import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { cartKeys } from '../../cart/api/get-cart';
import { orderKeys } from './query-keys';

/** POST /order/modify: the order reopens as the customer's cart (slot kept), to be bought again. */
export function modifyOrder(orderId: number): Promise<EndpointData<Endpoints['POST /order/modify']>> {
  return callApi('POST /order/modify', { body: { order_id: orderId } }, { quiet: 'errors' });
}

export function useModifyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyOrder,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cartKeys.cart(), exact: true });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
