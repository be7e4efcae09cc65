import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import type { EndpointInput } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { storeCheckoutCart } from './get-checkout-cart';

/** The body of POST /checkout/prepare, from its contract (the contract also accepts no body at all). */
export type PrepareBody = NonNullable<EndpointInput<Endpoints['POST /checkout/prepare']>['body']>;

/** POST /checkout/prepare: saves the checkout choices and locks the cart (status 7); answers the cart. */
export function prepareCheckout(body: PrepareBody): Promise<CheckoutCart> {
  return callApi('POST /checkout/prepare', { body }, { quiet: true });
}

export function usePrepareCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: prepareCheckout,
    onSuccess: (cart) => storeCheckoutCart(queryClient, cart),
  });
}
