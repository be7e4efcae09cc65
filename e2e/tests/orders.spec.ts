import { expect, test, type Page } from '@playwright/test';
import { linkIn, readLatestMail } from '../support/account';
import { signInToAdmin } from '../support/admin';
import { showOrdersOfDay } from '../support/admin-orders';
import { expectAccessible } from '../support/axe';
import { settleAndScan } from '../support/shop';
import { acceptAndConfirm, buyByCard, call, customerWithCart, orderIdOf } from '../support/checkout';

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

test('un preparatore prepara l’ordine su un tablet con un peso e un sostituto: il cliente vede l’importo addebitato', async ({
  page,
  browser,
}) => {
  // a Drive order at Milano Città Studi (the demo picker's store), the piece line open to substitutes
  await customerWithCart(page, 'staff', { warehouseId: 13, acceptAlternatives: true });
  const { orderId, day } = await buyByCard(page);

  // the picker, on a 768 px tablet, finds the order among the slot day's orders and prepares it
  const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const staffPage = await tablet.newPage();
  await signInToAdmin(staffPage, 'picker@spesa.demo');
  await staffPage.getByRole('menuitem', { name: 'Ordini' }).click();
  await showOrdersOfDay(staffPage, day);
  const row = staffPage.getByRole('row', { name: new RegExp(`^${orderId} `) });
  await expect(row).toBeVisible();
  await expectAccessible(staffPage, 'admin: ordini (tablet)');
  await row.click();
  await expect(
    staffPage.getByRole('heading', { level: 1, name: new RegExp(`Ordine n. ${orderId}`) }),
  ).toBeVisible();
  await staffPage.getByRole('button', { name: 'Inizia la preparazione' }).click();
  await expect(staffPage.getByText('Preparazione iniziata', { exact: false })).toBeVisible();
  await expectAccessible(staffPage, 'admin: preparazione (tablet)');

  const forms = staffPage.getByRole('form', { name: /^Preparazione di / });
  const weighed = forms.filter({ has: staffPage.getByLabel(/Peso reale/) });
  const piece = forms.filter({ hasNot: staffPage.getByLabel(/Peso reale/) });
  // the piece line: a substitute from its category
  await piece.getByRole('button', { name: 'Scegli un sostituto' }).click();
  const dialog = staffPage.getByRole('dialog', { name: /^Sostituto di / });
  await expectAccessible(staffPage, 'admin: sostituti');
  const choice = dialog.getByRole('list', { name: 'Prodotti sostitutivi' }).getByRole('button').first();
  const substituteName = (await choice.locator('.MuiListItemText-primary').textContent()) ?? '';
  await choice.click();
  await expect(dialog).toBeHidden();
  await piece.getByRole('button', { name: 'Registra' }).click();
  await expect(staffPage.getByText(`sostituito con ${substituteName}`).first()).toBeVisible();
  // the loose line: 1,1 kg weighed for the 1 kg ordered
  await weighed.getByLabel(/Peso reale/).fill('1,1');
  await weighed.getByRole('button', { name: 'Registra' }).click();
  await expect(staffPage.getByText('peso reale 1,1')).toBeVisible();
  await staffPage.getByRole('button', { name: 'Segna come preparato' }).click();
  await expect(staffPage.getByText(/Ordine preparato: addebitati/)).toBeVisible();
  await expect(staffPage.getByRole('heading', { level: 1, name: /Preparato/ })).toBeVisible();
  await tablet.close();

  // the customer sees what was delivered and the amount taken
  await openOrder(page, orderId);
  await expect(page.getByText('Preparato').first()).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totali' });
  await expect(totals.getByText('Importo addebitato')).toBeVisible();
  const products = page.getByRole('region', { name: 'Prodotti' });
  await expect(products.getByText('1,1 kg')).toBeVisible();
  await expect(products.getByText(substituteName).first()).toBeVisible();
  await expect(page.getByRole('button', { name: "Annulla l'ordine" })).toBeHidden();
  await settleAndScan(page, 'ordine preparato');
});
