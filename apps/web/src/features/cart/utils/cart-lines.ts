import type { Cart, CartItem } from '@spesa/shared/contracts/cart';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { formatQuantity, parseSellingRules, type SellingRules } from '@spesa/shared/cart/quantity';
import { ACCEPT_ALTERNATIVES_DEFAULT, ACCEPT_ALTERNATIVES_PROMO_DEFAULT } from '../../../lib/config';

/** The product class group of promotions (spec section 3). */
export const PROMO_CLASS_GROUP = 6;

export const isPromoProduct = (product: Product): boolean =>
  Boolean(product.warehousePromo) ||
  product.productClasses.some((c) => c.productClassGroupId === PROMO_CLASS_GROUP);

/** infos.accept_alternatives of an add (spec section 9): one default for normal, one for promo products. */
export const acceptAlternativesDefault = (product: Product): boolean =>
  isPromoProduct(product) ? ACCEPT_ALTERNATIVES_PROMO_DEFAULT : ACCEPT_ALTERNATIVES_DEFAULT;

export const hasOptions = (product: Product): boolean => product.selectOptions.length > 0;

/** The lines of a product (a product with options may have one line per choice). */
export const linesOf = (cart: Cart | undefined, productId: number): CartItem[] =>
  cart ? cart.cartItems.filter((i) => i.product.productId === productId) : [];

/** "500 g" -> { quantity: "500", unit: "g" } (cart.productAddText takes them apart). */
export function quantityParts(rules: SellingRules, quantity: number): { quantity: string; unit: string } {
  const text = formatQuantity(rules, quantity);
  const at = text.lastIndexOf(' ');
  return at < 0 ? { quantity: text, unit: '' } : { quantity: text.slice(0, at), unit: text.slice(at + 1) };
}

export const rulesOf = (product: Product): SellingRules => parseSellingRules(product);

/** The line's chosen options as the customer reads them ("Taglio: Affettato sottile"). */
export function optionsText(item: CartItem): string {
  return item.product.selectOptions
    .map((o) => {
      const key = item.params[o.parameterName];
      const value = o.options.find((v) => v.key === key)?.value ?? key;
      return value ? `${o.name}: ${value}` : '';
    })
    .filter(Boolean)
    .join(', ');
}

/** The delivery part is chosen (not only proposed): an address or store and a slot (spec section 4). */
export const deliveryChosen = (cart: Pick<Cart, 'shippingAddress' | 'timeslot'>): boolean =>
  cart.shippingAddress !== null &&
  !cart.shippingAddress.autoAssigned &&
  cart.timeslot !== null &&
  !cart.timeslot.autoAssigned;
