import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, linkIn, readLatestMail, signIn } from '../support/account';
import { expectAccessible } from '../support/axe';
import { settleAndScan } from '../support/shop';
import {
  acceptAndConfirm,
  call,
  CARDS,
  customerWithCart,
  orderIdOf,
  payOnSandbox,
} from '../support/checkout';

// The customer's orders after the purchase: list, detail, edit and buy again, cancel, reorder,
// and the staff preparing with a real weight (the customer then sees the captured amount).

/** Buys the cart paying on delivery (no provider page) and answers the order id. */
async function buyOnDelivery(page: Page): Promise<number> {
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Pagamento alla consegna/ }).check();
  await acceptAndConfirm(page);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  return orderIdOf(page);
}

async function openOrder(page: Page, orderId: number) {
  await page.goto('/profile/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'I miei ordini' })).toBeVisible();
  await page.getByRole('link', { name: `Dettagli dell'ordine ${orderId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Ordine ${orderId}` })).toBeVisible();
}

test('elenco e dettaglio; modifica dell’ordine e nuovo acquisto', async ({ page }) => {
  await customerWithCart(page, 'edit');
  const orderId = await buyOnDelivery(page);
  await page.goto('/profile/orders');
  await expect(page.getByRole('link', { name: `Dettagli dell'ordine ${orderId}` })).toBeVisible();
  await settleAndScan(page, 'i miei ordini');
  await openOrder(page, orderId);
  await settleAndScan(page, 'dettaglio ordine');

  await page.getByRole('button', { name: "Modifica l'ordine" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // the order is the cart again: the checkout says so, and buying updates the same order
  await page.goto('/checkout');
  await expect(page.getByText(`Stai modificando l'ordine ${orderId}`, { exact: false })).toBeVisible();
  await page.getByRole('radio', { name: /Pagamento alla consegna/ }).check();
  await acceptAndConfirm(page);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  expect(orderIdOf(page)).toBe(orderId);
});

test('link della conferma d’ordine senza accesso; annullamento con conferma: "Ordine N annullato"', async ({
  page,
  browser,
}) => {
  const { email } = await customerWithCart(page, 'cancel');
  const orderId = await buyOnDelivery(page);

  // the confirmation e-mail's link opens the order read-only in a browser that never signed in
  const mail = await readLatestMail(page.request, email, new RegExp(`Conferma ordine n. ${orderId}`));
  const link = linkIn(
    mail.html,
    new RegExp(`https?://[^"\\s<]*/order/${orderId}\\?access_token=[A-Za-z0-9_-]+`),
  );
  const anonymous = await browser.newContext();
  const reader = await anonymous.newPage();
  await reader.goto(new URL(link).pathname + new URL(link).search);
  await expect(reader.getByRole('heading', { level: 1, name: `Ordine ${orderId}` })).toBeVisible();
  await expect(reader.getByRole('region', { name: 'Prodotti' })).toBeVisible();
  await expect(reader.getByRole('button', { name: "Annulla l'ordine" })).toBeHidden();
  await expectAccessible(reader, "ordine dal link dell'e-mail");
  await anonymous.close();
  await openOrder(page, orderId);
  await page.getByRole('button', { name: "Annulla l'ordine" }).click();
  const dialog = page.getByRole('dialog', { name: `Annullare l'ordine ${orderId}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'No, tienilo' })).toBeFocused();
  await expectAccessible(page, 'conferma annullamento');
  await dialog.getByRole('button', { name: "Sì, annulla l'ordine" }).click();
  await expect(page.getByText(`Ordine ${orderId} annullato`)).toBeVisible();
  await expect(page.getByRole('button', { name: "Annulla l'ordine" })).toBeHidden();
});

test('riordina tutto: i prodotti tornano nel carrello', async ({ page }) => {
  await customerWithCart(page, 'reorder');
  const orderId = await buyOnDelivery(page);
  await openOrder(page, orderId);
  await page.getByRole('button', { name: 'Riordina tutto' }).click();
  await expect(page.getByText("Abbiamo aggiunto al carrello i prodotti dell'ordine.")).toBeVisible();
  const cart = await call<{ cartItems: unknown[] }>(page.request, 'GET', '/cart/view');
  expect(cart.cartItems.length).toBe(2);
});

test('lo staff prepara con un peso diverso: il cliente vede l’importo addebitato', async ({
  page,
  browser,
}) => {
  await customerWithCart(page, 'staff');
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Carta di credito/ })).toBeChecked();
  await acceptAndConfirm(page);
  await payOnSandbox(page, CARDS.success);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  const orderId = orderIdOf(page);

  // the operator, in a browser of their own, prepares it: the loose line weighs 1.1 kg instead of 1 kg
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await staffPage.goto('/');
  await staffPage.getByRole('button', { name: 'Accetta tutti' }).click();
  await signIn(staffPage, 'operatore@spesa.demo', DEMO_PASSWORD, 'Luca');
  const view = await call<{
    data: { orderItems: Array<{ orderItemId: number; quantity: number; variableWeight: boolean }> };
  }>(staffPage.request, 'GET', `/staff/order/view?order_id=${orderId}`);
  await call(staffPage.request, 'POST', '/staff/order/start-preparation', { orderId });
  for (const item of view.data.orderItems)
    await call(staffPage.request, 'POST', '/staff/order/pick', {
      orderId,
      orderItemId: item.orderItemId,
      // a loose line keeps its ordered quantity; its real weight is what is priced (capped at capture)
      quantity: item.quantity,
      ...(item.variableWeight ? { weight: 1.1 } : {}),
    });
  await call(staffPage.request, 'POST', '/staff/order/prepared', { orderId });
  await staff.close();

  await openOrder(page, orderId);
  await expect(page.getByText('Preparato').first()).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totali' });
  await expect(totals.getByText('Importo addebitato')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Prodotti' }).getByText('1,1 kg')).toBeVisible();
  await expect(page.getByRole('button', { name: "Annulla l'ordine" })).toBeHidden();
  await settleAndScan(page, 'ordine preparato');
});
