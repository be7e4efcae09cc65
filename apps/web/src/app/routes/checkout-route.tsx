import { RequireAuth } from '../../features/account/components/require-auth';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { PaymentCompleted } from '../../features/orders/components/payment-completed';

/** /checkout: signed-in customers only (login first, then back here). */
export function CheckoutRoute() {
  return (
    <RequireAuth>
      <CheckoutPage />
    </RequireAuth>
  );
}

/** /checkout/completed/:status?order_id=N: the provider's return (and the offline types' landing). */
export function PaymentCompletedRoute() {
  return (
    <RequireAuth>
      <PaymentCompleted />
    </RequireAuth>
  );
}
