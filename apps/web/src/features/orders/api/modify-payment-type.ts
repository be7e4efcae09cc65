import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPaymentData } from '@spesa/shared/contracts/checkout';
import { callApi } from '../../../lib/http';
import { storeOrder } from './store-order';

/** POST /order/modify-payment-type: another payment type for the order; online types answer a hosted page. */
export function modifyPaymentType(vars: {
  orderId: number;
  paymentTypeId: number;
}): Promise<OrderPaymentData> {
  return callApi(
    'POST /order/modify-payment-type',
    {
      body: {
        order_id: vars.orderId,
        payment_type_id: vars.paymentTypeId,
        payment_data: JSON.stringify({ return_path: '/checkout/completed' }),
      },
    },
    { quiet: 'errors' },
  );
}

export function useModifyPaymentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyPaymentType,
    onSuccess: (data) => storeOrder(queryClient, data.order),
  });
}
