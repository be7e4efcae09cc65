import type { QueryClient } from '@tanstack/react-query';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { getAuthState } from '../../../lib/auth-state';
import i18n from '../../../lib/i18n';
import { addToCart, type AddToCartItem } from '../api/add-to-cart';
import type { CartChange } from '../api/cart-change';
import { acceptAlternativesDefault, hasOptions, quantityParts, rulesOf } from '../utils/cart-lines';
import { askOptions, askPromo } from './cart-ui-store';

/**
 * Adds a product once the customer may (signed in, delivery chosen): first the option choice when the
 * product has options, then the promotion choice when its promotion is selectable (spec section 4), then
 * POST /cart/add. null when the customer cancelled a choice.
 */
export async function addProduct(
  queryClient: QueryClient,
  product: Product,
  quantity: number,
): Promise<CartChange | null> {
  const rules = rulesOf(product);
  let params: Record<string, string> | undefined;
  if (hasOptions(product)) {
    const chosen = await askOptions(product);
    if (!chosen) return null;
    params = chosen;
  }
  let warehousePromoId: number | undefined;
  const promo = product.warehousePromo;
  // a card offer is offered to card holders only: the others add at the list price (decision 032)
  if (promo?.selectable && (promo.audience !== 'card' || getAuthState().user?.fidelityCard)) {
    const usePromo = await askPromo(product);
    if (usePromo === null) return null;
    if (usePromo) warehousePromoId = promo.warehousePromoId;
  }
  const item: AddToCartItem = {
    productId: product.productId,
    quantity,
    ...(rules.sellingType === 'Sfuso' ? { weight: quantity } : {}),
    ...(params ? { params } : {}),
    ...(warehousePromoId !== undefined ? { warehousePromoId } : {}),
    infos: { accept_alternatives: acceptAlternativesDefault(product) ? 'true' : 'false' },
  };
  const parts = quantityParts(rules, quantity);
  return addToCart(queryClient, item, {
    success: i18n.t('cart.productAddText', { ...parts, name: product.name }),
    fallbackError: i18n.t('cart.errors.productAddError'),
  });
}
