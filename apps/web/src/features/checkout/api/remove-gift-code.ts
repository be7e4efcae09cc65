import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import { apiPost } from '../../../lib/http';
import { storeCart } from '../../cart/api/get-cart';
import { checkoutKeys } from './query-keys';

/** POST /cart-giftcertificate/remove_code: takes a gift code off the open cart; answers the cart. */
export function removeGiftCode(code: string): Promise<CheckoutCart> {
  return apiPost<CheckoutCart>('/cart-giftcertificate/remove_code', { code });
}

export function useRemoveGiftCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGiftCode,
    onSuccess: async (cart) => {
      await storeCart(queryClient, cart);
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
    },
  });
}
