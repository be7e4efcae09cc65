import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPaymentData } from '@spesa/shared/contracts/checkout';
import { callApi } from '../../../lib/http';
import { storeOrder } from './store-order';

/** POST /order/payment: a new hosted payment session for a failed (11) or abandoned (1) payment. */
export function retryPayment(orderId: number): Promise<OrderPaymentData> {
  return callApi('POST /order/payment', { body: { order_id: orderId } }, { quiet: 'errors' });
}

export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPayment,
    onSuccess: (data) => storeOrder(queryClient, data.order),
  });
}
