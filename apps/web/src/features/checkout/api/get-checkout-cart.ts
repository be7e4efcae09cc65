import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import { ApiError, callApi } from '../../../lib/http';
import { storeCart } from '../../cart/api/get-cart';
import { checkoutKeys } from './query-keys';

/**
 * The cart as the checkout sees it (applied gift codes, bags, invoice, what is still missing, the order being
 * edited). The API answers that shape only from checkout calls, so the page reads it with POST
 * /checkout/unlock: entering the checkout opens a cart left locked (status 7) by an earlier "Conferma e paga"
 * whose payment did not start, and a cart that is not locked is answered as it is (with the message
 * 'Il carrello non è in fase di pagamento', not shown).
 */
export async function getCheckoutCart(): Promise<CheckoutCart> {
  try {
    return await callApi('POST /checkout/unlock', {}, { quiet: true });
  } catch (error) {
    if (error instanceof ApiError && isCheckoutCart(error.data)) return error.data;
    throw error;
  }
}

function isCheckoutCart(data: unknown): data is CheckoutCart {
  return typeof data === 'object' && data !== null && 'checkout' in data && 'cartItems' in data;
}

export const checkoutCartQueryOptions = () =>
  queryOptions({ queryKey: checkoutKeys.cart(), queryFn: () => getCheckoutCart(), staleTime: 0 });

export const useCheckoutCart = () => useQuery(checkoutCartQueryOptions());

/** A checkout call answered the cart: the checkout's copy and the header's cart both take it. */
export async function storeCheckoutCart(queryClient: QueryClient, cart: CheckoutCart): Promise<void> {
  queryClient.setQueryData(checkoutKeys.cart(), cart);
  await storeCart(queryClient, cart);
}
