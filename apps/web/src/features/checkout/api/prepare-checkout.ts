import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import type { PersonFiscalForm } from '@spesa/shared/contracts/account';
import { apiPost } from '../../../lib/http';
import { storeCheckoutCart } from './get-checkout-cart';

/** The body of POST /checkout/prepare (packages/shared contracts/checkout.ts checkoutPrepareBodySchema). */
export interface PrepareBody {
  accept_rules: boolean;
  packaging_type_id?: number;
  need_invoice: boolean;
  person_fiscal_id?: number;
  invoice?: PersonFiscalForm;
  lottery_code?: string;
  extra_email?: string;
}

/** POST /checkout/prepare: saves the checkout choices and locks the cart (status 7); answers the cart. */
export function prepareCheckout(body: PrepareBody): Promise<CheckoutCart> {
  return apiPost<CheckoutCart>('/checkout/prepare', body, { quiet: true });
}

export function usePrepareCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: prepareCheckout,
    onSuccess: (cart) => storeCheckoutCart(queryClient, cart),
  });
}
