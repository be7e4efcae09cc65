import { Suspense, useState } from 'react';
import { lazyWithMuiTheme } from '../../../components/lazy-with-mui-theme';
import '../i18n';
import { useCartUi } from '../hooks/cart-ui-store';
import { usePendingAddRunner } from '../hooks/pending-add';

const CartDrawer = lazyWithMuiTheme(() => import('./cart-drawer').then((m) => ({ default: m.CartDrawer })));
const CartDialogs = lazyWithMuiTheme(() =>
  import('./cart-dialogs').then((m) => ({ default: m.CartDialogs })),
);

/**
 * Mounted once (by the header's cart button): the pending add's runner (login, address, slot, then add),
 * the drawer, the question dialogs and the popup (lazy MUI chunks, loaded when first needed).
 */
export function CartHost() {
  const ui = useCartUi();
  usePendingAddRunner();
  // the drawer stays mounted after its first opening: it slides out and gives the focus back
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (ui.drawerOpen && !drawerMounted) setDrawerMounted(true);
  return (
    <>
      <Suspense fallback={null}>
        {ui.drawerOpen || drawerMounted ? <CartDrawer open={ui.drawerOpen} /> : null}
        {ui.question || ui.popup ? <CartDialogs question={ui.question} popup={ui.popup} /> : null}
      </Suspense>
    </>
  );
}
