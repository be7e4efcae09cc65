import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import { callApi } from '../../../lib/http';
import { storeCheckoutCart } from './get-checkout-cart';
import { checkoutKeys } from './query-keys';

/** POST /cart-giftcertificate/remove_code: takes a gift code off the open cart; answers the cart. */
export function removeGiftCode(code: string): Promise<CheckoutCart> {
  return callApi('POST /cart-giftcertificate/remove_code', { body: { code } });
}

export function useRemoveGiftCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGiftCode,
    onSuccess: async (cart) => {
      await storeCheckoutCart(queryClient, cart);
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.prebilled(null, null).slice(0, 3) });
    },
  });
}
