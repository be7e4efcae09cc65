import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import { ApiError, callApi } from '../../../lib/http';
import { storeCart } from '../../cart/api/get-cart';
import { checkoutKeys } from './query-keys';

/**
 * GET /checkout/cart: the cart as the checkout sees it (applied gift codes, bags, invoice, what is still
 * missing, the order being edited), read without changing it. The page's reads after a delivery change or a
 * personal-data save come here, so a read between "Conferma e paga"'s prepare and its buy leaves the
 * prepared cart locked.
 */
export function getCheckoutCart(): Promise<CheckoutCart> {
  return callApi('GET /checkout/cart', {}, { quiet: true });
}

/**
 * POST /checkout/unlock: a cart left locked (status 7) by an earlier "Conferma e paga" whose payment did not
 * start opens again; a cart that is not locked is answered as it is (with the message 'Il carrello non è in
 * fase di pagamento', not shown).
 */
export async function unlockCheckoutCart(): Promise<CheckoutCart> {
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
  queryOptions({ queryKey: checkoutKeys.cart(), queryFn: () => getCheckoutCart(), staleTime: Infinity });

/**
 * Entering the checkout unlocks the cart once per visit and its answer is the page's first copy of the cart
 * (true once that is done, or failed: the page then reads the cart with GET).
 */
export function useCheckoutEntry(): boolean {
  const queryClient = useQueryClient();
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    let mounted = true;
    unlockCheckoutCart()
      .then(
        (cart) => storeCheckoutCart(queryClient, cart),
        () => queryClient.invalidateQueries({ queryKey: checkoutKeys.cart(), refetchType: 'none' }),
      )
      .finally(() => {
        if (mounted) setEntered(true);
      });
    return () => {
      mounted = false;
    };
  }, [queryClient]);
  return entered;
}

/** The checkout's copy of the cart: read once the entry's unlock is done (see useCheckoutEntry). */
export const useCheckoutCart = (entered: boolean) =>
  useQuery({ ...checkoutCartQueryOptions(), enabled: entered });

/** A checkout call answered the cart: the checkout's copy and the header's cart both take it. */
export async function storeCheckoutCart(queryClient: QueryClient, cart: CheckoutCart): Promise<void> {
  queryClient.setQueryData(checkoutKeys.cart(), cart);
  await storeCart(queryClient, cart);
}
