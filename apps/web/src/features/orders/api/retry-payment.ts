import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPaymentData } from '@spesa/shared/contracts/checkout';
import { apiPost } from '../../../lib/http';
import { storeOrder } from './store-order';

/** POST /order/payment: a new hosted payment session for a failed (11) or abandoned (1) payment. */
export function retryPayment(orderId: number): Promise<OrderPaymentData> {
  return apiPost<OrderPaymentData>('/order/payment', { order_id: orderId }, { quiet: 'errors' });
}

export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPayment,
    onSuccess: (data) => storeOrder(queryClient, data.order),
  });
}
