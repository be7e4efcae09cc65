import { Suspense, useEffect, useState } from 'react';
import { lazyWithMuiTheme } from '../../../components/lazy-with-mui-theme';
import { useDeliveryDialog } from '../../../lib/delivery-dialog-store';
import '../i18n';
import { useCartUi } from '../hooks/cart-ui-store';
import { usePendingAddRunner } from '../hooks/pending-add';

const CartDrawer = lazyWithMuiTheme(() => import('./cart-drawer').then((m) => ({ default: m.CartDrawer })));
const CartDialogs = lazyWithMuiTheme(() =>
  import('./cart-dialogs').then((m) => ({ default: m.CartDialogs })),
);
const StoreChangeDialog = lazyWithMuiTheme(() => import('./store-change-dialog'));

/**
 * Mounted once (by the header's cart button): the pending add's runner (login, address, slot, then add),
 * the drawer, the question dialogs and the popup (lazy MUI chunks, loaded when first needed), and the report
 * of a change of store once the delivery dialogs that made it are closed.
 */
export function CartHost() {
  const ui = useCartUi();
  usePendingAddRunner();
  // the drawer stays mounted after its first opening: it slides out and gives the focus back
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (ui.drawerOpen && !drawerMounted) setDrawerMounted(true);
  const report = useReportAfterDeliveryDialogs(ui.storeChange);
  return (
    <>
      <Suspense fallback={null}>
        {ui.drawerOpen || drawerMounted ? <CartDrawer open={ui.drawerOpen} /> : null}
        {ui.question || ui.popup ? <CartDialogs question={ui.question} popup={ui.popup} /> : null}
        {report && !ui.question && !ui.popup ? <StoreChangeDialog report={report} /> : null}
      </Suspense>
    </>
  );
}

/**
 * The store-change report, once no delivery dialog is open (the store chosen, then maybe the slot): a tick
 * after they close, so that the focus is back on what opened them and returns there when the report closes.
 */
function useReportAfterDeliveryDialogs<T>(report: T | null): T | null {
  const delivery = useDeliveryDialog();
  const waiting = report !== null && delivery.open === null;
  const [shown, setShown] = useState<T | null>(null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setShown(report), 0);
    return () => clearTimeout(timer);
  }, [waiting, report]);
  return waiting ? shown : null;
}
