/**
 * Sends the browser to the payment provider's hosted page: a full page navigation (the provider sends it
 * back to /checkout/completed/<status>?order_id=N). Only the buy and payment answers' URLs come here.
 * One module so component tests can replace it.
 */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
