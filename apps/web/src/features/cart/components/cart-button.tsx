import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { formatPrice } from '@spesa/shared/format/price';
import '../i18n';
import { Icon } from '../../../components/icons';
import { useAuth } from '../../../lib/use-auth';
import { useCart } from '../api/get-cart';
import { openCartDrawer } from '../hooks/cart-ui-store';
import { CartHost } from './cart-host';
import './cart-button.css';

const loadDrawer = () => import('./cart-drawer');

/**
 * The header's cart button (a lazy chunk of the layout, plain CSS): the number of lines and the total, and
 * it opens the cart drawer. Anonymous visitors get the link to the cart page (which asks for the login).
 * It also mounts the cart host: drawer, dialogs, popup and request overlay.
 */
export function CartButton() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const cart = useCart(signedIn);
  const count = signedIn ? (cart.data?.totalItems ?? 0) : 0;
  const total = formatPrice(cart.data?.totalPrice ?? 0);
  const label = count > 0 ? t('cart.buttonLabel', { count, total }) : t('cart.buttonLabelEmpty');
  const preload = () => void loadDrawer();

  return (
    <>
      {signedIn ? (
        <button
          type="button"
          className="btn btn-contained cart-button"
          aria-haspopup="dialog"
          onClick={openCartDrawer}
          onPointerEnter={preload}
          onFocus={preload}
          data-testid="header-cart"
        >
          {/* the name comes from this text (no aria-label: the visible total stays part of the name) */}
          <span className="cart-button-sr">{label}</span>
          <span className="cart-button-icon" aria-hidden="true">
            <Icon name="cart" />
            {count > 0 ? (
              <span className="cart-button-badge" aria-hidden="true">
                {count}
              </span>
            ) : null}
          </span>
          <span className="cart-button-total only-md-up" aria-hidden="true">
            {count > 0 ? total : t('header.cart')}
          </span>
        </button>
      ) : (
        <RouterLink to="/cart" className="btn btn-contained cart-button" aria-label={t('header.cart')}>
          <Icon name="cart" />
          <span className="only-md-up" aria-hidden="true">
            {t('header.cart')}
          </span>
        </RouterLink>
      )}
      <Suspense fallback={null}>
        <CartHost />
      </Suspense>
    </>
  );
}
