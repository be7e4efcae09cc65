import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, openSignedIn, DEMO_CUSTOMERS } from '../support/account';
import { codeOf, DEMO_PASSWORD, secretOf, signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { acceptAndConfirm, call, fillCart, orderIdOf } from '../support/checkout';
import { serverNow } from '../support/clock.mjs';

// Operators acting for a customer (issue 24, decision 053): Anna Verdi phones customer service; the operator
// signs in to the shop with the back office's password and authenticator code, finds Anna by her card number,
// fills her cart, books a slot and places a pay-on-delivery order for her; Anna then sees the order and the
// operator's actions in her profile.

const OPERATOR = 'clienti@spesa.demo';

/** The authenticator's next 30-second step (a code signs in once). */
async function nextCodeStep(page: Page): Promise<void> {
  await page.waitForTimeout(30_000 - (serverNow() % 30_000) + 500);
}

test('il servizio clienti ordina per Anna Verdi con pagamento alla consegna; Anna vede l’ordine e le operazioni', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  // the operator's authenticator app is enrolled in the back office (their first sign-in there)
  await signInToAdmin(page, OPERATOR);
  const secret = secretOf(OPERATOR);
  expect(secret, 'the operator enrolled an authenticator').toBeTruthy();

  // the shop's operator sign-in, keyboard only
  await page.goto('/operatore');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Accesso operatori' })).toBeVisible();
  await expectAccessible(page, 'accesso operatori');
  await page.getByLabel(/^Nome utente/).focus();
  await page.keyboard.type(OPERATOR);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Tab');
  const codeField = page.getByLabel(/Codice dell’app di autenticazione/);
  await expect(codeField).toBeFocused();
  // when the back office's sign-in above (or a parallel journey's) took this 30-second step's code, the server
  // refuses it again: the operator types the app's next code, as a person would wait for it
  const search = page.getByRole('heading', { level: 1, name: 'Cerca il cliente' });
  const refused = page.getByText('Il codice non è valido o è già stato usato.');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.type(await codeOf(secret ?? ''));
    await page.keyboard.press('Enter');
    await expect(search.or(refused)).toBeVisible({ timeout: 20_000 });
    if ((await search.isVisible()) || attempt === 3) break;
    await nextCodeStep(page);
    await codeField.focus();
    await page.keyboard.press('ControlOrMeta+A');
  }

  // the search: Anna by her loyalty card's number
  await expect(page).toHaveURL(/\/operatore\/clienti$/);
  await expect(search).toBeVisible();
  const banner = page.getByRole('region', { name: 'Modalità operatore' });
  await expect(banner).toContainText('Sara Servizio');
  const anna = await call<{ users: Array<{ cardNumber: string | null }> }>(
    page.request,
    'GET',
    '/user-search/list_user?q=anna.verdi@spesa.demo',
  );
  const card = anna.users[0]?.cardNumber ?? '';
  expect(card).toMatch(/^\d{13}$/);
  await page.getByLabel('Numero della carta').fill(card);
  await page.keyboard.press('Enter');
  const row = page.getByTestId('customer-row').filter({ hasText: 'Anna Verdi' });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('1 cliente trovato')).toBeVisible();
  await expectAccessible(page, 'cerca il cliente');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'cerca il cliente (telefono)');
  await page.setViewportSize({ width: 1366, height: 900 });
  await row.getByRole('button', { name: 'Scegli Anna Verdi' }).focus();
  await page.keyboard.press('Enter');

  // acting for Anna: the banner stays on every page
  await expect(banner).toContainText('Stai operando per conto di Anna Verdi', { timeout: 20_000 });
  await fillCart(page);
  await page.goto('/cart');
  await expect(banner).toContainText('Stai operando per conto di Anna Verdi');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(banner.getByRole('button', { name: 'Torna alla ricerca' })).toBeVisible();
  await expectAccessible(page, 'carrello di Anna con il banner (telefono)');
  await page.setViewportSize({ width: 1366, height: 900 });

  // checkout: only payment on delivery can be chosen for the customer
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Pagamento alla consegna/ })).toBeChecked({ timeout: 30_000 });
  await expect(page.getByRole('radio', { name: /Carta di credito/ })).toBeDisabled();
  await acceptAndConfirm(page);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  const orderId = orderIdOf(page);

  // back to the search: acting ends, the operator stays signed in; then the operator signs out
  await banner.getByRole('button', { name: 'Torna alla ricerca' }).click();
  await expect(page).toHaveURL(/\/operatore\/clienti$/);
  await expect(banner).toContainText('scegli il cliente per cui operare');
  await banner.getByRole('button', { name: 'Esci (operatore)' }).click();
  await expect(page).toHaveURL(/\/operatore$/);
  await expect(banner).toBeHidden();

  // Anna, in her own browser, sees the order and what customer service did
  const annaContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const annaPage = await annaContext.newPage();
  await openSignedIn(annaPage, DEMO_CUSTOMERS.anna);
  await annaPage.goto(`/profile/orders/${orderId}`);
  await expect(annaPage.getByRole('heading', { level: 1, name: `Ordine ${orderId}` })).toBeVisible();
  await expect(annaPage.getByText(/Pagamento alla consegna/).first()).toBeVisible();
  await annaPage.goto('/profile/operations');
  await expect(
    annaPage.getByRole('heading', { level: 1, name: 'Operazioni del servizio clienti' }),
  ).toBeVisible();
  const operations = annaPage.getByRole('list', { name: 'Operazioni eseguite dal servizio clienti' });
  await expect(operations.getByTestId('operation').filter({ hasText: 'Ordine effettuato' })).toContainText(
    'Operatore: Sara Servizio',
  );
  await expect(
    operations.getByTestId('operation').filter({ hasText: 'Prodotti aggiunti al carrello' }).first(),
  ).toBeVisible();
  await expectAccessible(annaPage, 'operazioni del servizio clienti');
  await annaPage.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(annaPage, 'operazioni del servizio clienti (telefono)');
  await annaContext.close();
});
