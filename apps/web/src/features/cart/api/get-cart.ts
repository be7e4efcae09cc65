import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import { setCatalogueWarehouse } from '../../../lib/catalogue-store';
import { callApi } from '../../../lib/http';
import { SHOW_SECTORS } from '../../../lib/config';
import { showStoreChange } from '../hooks/cart-ui-store';

export const cartKeys = {
  /** under ['account']: the cart goes with the session */
  cart: () => ['account', 'cart'] as const,
};

/** Cart calls also send show_sectors from configuration (spec section 7). */
export const cartQuery = () => ({ show_sectors: SHOW_SECTORS });

/** GET /cart/view: the open cart (service, store, shipping address, time slot, fee, lines, totals). */
export async function getCart(signal?: AbortSignal): Promise<Cart> {
  const cart = await callApi('GET /cart/view', { query: cartQuery() }, { signal, quiet: true });
  // the catalogue shows the stock and prices of the store that prepares this cart (decision 095)
  setCatalogueWarehouse(cart.warehouse.warehouseId);
  return cart;
}

export const cartQueryOptions = () =>
  queryOptions({ queryKey: cartKeys.cart(), queryFn: ({ signal }) => getCart(signal), staleTime: 30_000 });

export const useCart = (enabled = true) => useQuery({ ...cartQueryOptions(), enabled });

/** The cart answers a change of store or service that changed some of its lines (decision 095). */
export const hasStoreChangeReport = (cart: Cart): boolean =>
  !!cart.storeChange &&
  cart.storeChange.unavailable.length + cart.storeChange.reduced.length + cart.storeChange.repriced.length >
    0;

/**
 * Puts a cart answered by a change (select address, slot, store, add, update, remove...) into the cache. A
 * cart read still in flight (e.g. started by an invalidation just before) is cancelled first: it would land
 * afterwards with the cart as it was before the change. A change of store that changed some lines opens the
 * report of what changed (the cart host shows it once the delivery dialogs are closed).
 */
export async function storeCart(queryClient: QueryClient, cart: Cart): Promise<void> {
  await queryClient.cancelQueries({ queryKey: cartKeys.cart(), exact: true });
  queryClient.setQueryData(cartKeys.cart(), cart);
  setCatalogueWarehouse(cart.warehouse.warehouseId);
  if (cart.storeChange && hasStoreChangeReport(cart))
    showStoreChange({ change: cart.storeChange, storeName: cart.warehouse.name });
  // the delivery selections answer the cart without sectors: read it again with them (started after the
  // change, so it cannot bring back the cart as it was)
  if (SHOW_SECTORS && cart.sectors === undefined && cart.cartItems.length > 0)
    void queryClient.invalidateQueries({ queryKey: cartKeys.cart(), exact: true });
}
