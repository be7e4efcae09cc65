import '../i18n';
import '../../delivery/i18n';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Cart } from '@spesa/shared/contracts/cart';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../components/use-document-title';
import { FormAlert } from '../../../components/form-alert';
import { useFocusOnArrival } from '../../../components/use-focus-on-arrival';
import { useCart } from '../../cart/api/get-cart';
import { useCheckoutCart, useCheckoutEntry } from '../api/get-checkout-cart';
import { checkoutKeys } from '../api/query-keys';
import { CheckoutForm } from './checkout-form';

/**
 * /checkout (spec section 2 checkout, section 7 "Cart and checkout"): the delivery summary, the lines and
 * totals, personal data still missing, bags, gift code, invoice, lottery code, extra e-mail for the copy,
 * payment type, the rules; "Conferma e paga" prepares (locks) the cart then buys. An online type sends
 * the browser to the provider's hosted page; the others go straight to the completed page.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('checkout.title'));
  const entered = useCheckoutEntry();
  const cartQuery = useCheckoutCart(entered);
  const cart = cartQuery.data;
  // the delivery dialogs change the header's cart: when its address or slot differs, the checkout reads again
  const plainCart = useCart();
  const queryClient = useQueryClient();
  const plainPlace = plainCart.data ? deliveryKey(plainCart.data) : null;
  const checkoutPlace = cart ? deliveryKey(cart) : null;
  useEffect(() => {
    if (plainPlace !== null && checkoutPlace !== null && plainPlace !== checkoutPlace)
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.cart() });
  }, [plainPlace, checkoutPlace, queryClient]);

  if (!entered || cartQuery.isPending) return <PageLoading />;
  if (cartQuery.isError || !cart)
    return (
      <Shell>
        <FormAlert messages={[t('checkout.loadError')]} />
      </Shell>
    );
  if (cart.cartItems.length === 0 && cart.checkout?.editingOrderId == null)
    return (
      <Shell>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('checkout.empty')}
        </Alert>
        <Button component={RouterLink} to="/" variant="contained">
          {t('checkout.backToShop')}
        </Button>
      </Shell>
    );
  return (
    <Shell>
      <CheckoutForm cart={cart} />
    </Shell>
  );
}

const deliveryKey = (c: Cart) =>
  `${c.deliveryServiceId ?? ''}|${c.shippingAddress?.addressId ?? ''}|${c.timeslot?.date ?? ''}|${c.timeslot?.timeslotId ?? ''}`;

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // reached from "Vai alla cassa" (the cart's drawer or page): the next Tab starts in the checkout
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, 'navigation');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography ref={heading} tabIndex={-1} variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, mb: 2 }}>
        {t('checkout.title')}
      </Typography>
      {children}
    </Container>
  );
}
