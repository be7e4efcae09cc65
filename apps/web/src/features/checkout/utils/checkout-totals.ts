import type { CheckoutCart, PackagingProduct } from '@spesa/shared/contracts/checkout';
import type { Cart } from '@spesa/shared/contracts/cart';
import type { Prebilled } from '../api/get-prebilled-amount';

export interface CheckoutTotals {
  items: number;
  giftDiscount: number;
  deliveryFee: number;
  bags: number;
  total: number;
  prebilled: number;
}

const cents = (euro: number) => Math.round(euro * 100);
const euro = (c: number) => c / 100;

/**
 * The summary's amounts. The server computes the total and the pre-authorised amount for the cart as saved
 * (GET /checkout/prebilled-amount); the bags the customer is choosing now replace the saved bags in both
 * (the rule of packages/shared checkout/prebilled-amount.ts adds the bags as they are, so the swap is exact).
 * Integer cents in between (decision 002).
 */
export function checkoutTotals(
  cart: Cart & Partial<Pick<CheckoutCart, 'checkout'>>,
  prebilled: Prebilled | null,
  bag: PackagingProduct | null,
): CheckoutTotals {
  const items =
    cart.totalPrice ?? cart.cartItems.reduce((sum, l) => sum + (l.available ? l.grossTotal : 0), 0);
  const giftDiscount = cart.checkout?.giftDiscount ?? 0;
  const bagsCents = bag ? cents(bag.estimatedTotal) : cents(cart.checkout?.packagingTotal ?? 0);
  const savedBagsCents = cents(prebilled?.packagingTotal ?? cart.checkout?.packagingTotal ?? 0);
  const serverTotalCents = prebilled
    ? cents(prebilled.grossTotal)
    : cart.checkout
      ? cents(cart.checkout.orderTotal)
      : Math.max(0, cents(items) - cents(giftDiscount)) + cents(cart.deliveryFee) + savedBagsCents;
  const serverPrebilledCents = prebilled
    ? cents(prebilled.prebilledAmount)
    : cart.checkout
      ? cents(cart.checkout.prebilledAmount)
      : serverTotalCents;
  return {
    items,
    giftDiscount,
    deliveryFee: cart.deliveryFee,
    bags: euro(bagsCents),
    total: euro(serverTotalCents - savedBagsCents + bagsCents),
    prebilled: euro(serverPrebilledCents - savedBagsCents + bagsCents),
  };
}
