import type { QueryClient } from '@tanstack/react-query';
import type { CartItem } from '@spesa/shared/contracts/cart';
import { validateQuantity, type QuantityRefusal } from '@spesa/shared/cart/quantity';
import i18n from '../../../lib/i18n';
import { updateCartItem } from '../api/update-cart-item';
import { rulesOf } from '../utils/cart-lines';
import { askRemove } from './cart-ui-store';

/**
 * Sets a line to a new quantity (spec section 4): 0 asks confirmation, then removes the line; a quantity the
 * shared rules refuse is answered with the refusal and not sent; anything else goes to the server.
 */
export async function changeLineQuantity(
  queryClient: QueryClient,
  item: CartItem,
  next: number,
): Promise<QuantityRefusal | null> {
  if (next === 0) {
    if (!(await askRemove(item.product.name))) return null;
    await updateCartItem(
      queryClient,
      { itemId: item.itemId, quantity: 0 },
      { fallbackError: i18n.t('cart.errors.errorRemovingProduct') },
    );
    return null;
  }
  const rules = rulesOf(item.product);
  const check = validateQuantity(rules, next, { available: item.product.available });
  if (!check.ok) return check.refusal;
  const loose = rules.sellingType === 'Sfuso';
  await updateCartItem(
    queryClient,
    { itemId: item.itemId, quantity: check.quantity, ...(loose ? { weight: check.quantity } : {}) },
    { fallbackError: i18n.t('cart.errors.errorSettingProduct') },
  );
  return null;
}
