/** Checkout queries live under ['account']: they belong to the signed-in customer's cart. */
export const checkoutKeys = {
  all: ['account', 'checkout'] as const,
  cart: () => ['account', 'checkout', 'cart'] as const,
  packagingTypes: () => ['account', 'checkout', 'packaging-types'] as const,
  paymentTypes: () => ['account', 'checkout', 'payment-types'] as const,
  prebilled: (paymentTypeId: number | null, orderId: number | null) =>
    ['account', 'checkout', 'prebilled', paymentTypeId, orderId] as const,
};
