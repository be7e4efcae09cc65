import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import { callApi } from '../../../lib/http';
import { storeCheckoutCart } from './get-checkout-cart';
import { checkoutKeys } from './query-keys';

/** POST /cart-giftcertificate/add_code: applies a gift code to the open cart; answers the cart. */
export function addGiftCode(code: string): Promise<CheckoutCart> {
  return callApi('POST /cart-giftcertificate/add_code', { body: { code } }, { quiet: 'errors' });
}

export function useAddGiftCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGiftCode,
    onSuccess: async (cart) => {
      await storeCheckoutCart(queryClient, cart);
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.prebilled(null, null).slice(0, 3) });
    },
  });
}
