import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import { callApi } from '../../../lib/http';

/** POST /cart-giftcertificate/add_code: applies a certificate's code to the open cart; answers the cart. */
export function applyGiftCertificate(code: string): Promise<CheckoutCart> {
  return callApi('POST /cart-giftcertificate/add_code', { body: { code } }, { quiet: 'errors' });
}

/** The cart and the checkout read again afterwards (their queries live under ['account']). */
export function useApplyGiftCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyGiftCertificate,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['account', 'checkout'] }),
        queryClient.invalidateQueries({ queryKey: ['account', 'cart'] }),
      ]);
    },
  });
}
