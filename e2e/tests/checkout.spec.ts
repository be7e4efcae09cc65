import { expect, test } from '@playwright/test';
import { settleAndScan } from '../support/shop';
import { acceptAndConfirm, CARDS, customerWithCart, orderIdOf, payOnSandbox } from '../support/checkout';

// The checkout and the payment-completed pages, through the sandbox provider's hosted page.

test('acquisto completo con carta: riepilogo, pagina del fornitore, pagamento riuscito', async ({ page }) => {
  await customerWithCart(page, 'card');
  await page.goto('/checkout');
  // the journeys' busiest minute (the other worker's journey, the server re-warming its listings): the
  // page's first answer may take longer than a step's usual 10 s
  await expect(page.getByRole('heading', { level: 1, name: 'Cassa' })).toBeVisible({ timeout: 30_000 });
  const summary = page.getByRole('complementary', { name: 'Riepilogo' });
  // the default payment type is the card (12): the held amount is shown
  // the payment types load with the checkout; on the embedded database a catalogue change made meanwhile
  // (another journey's) can hold the answers a few seconds
  await expect(page.getByRole('radio', { name: /Carta di credito/ })).toBeChecked({ timeout: 30_000 });
  await expect(summary.getByText('Importo pre-autorizzato')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Consegna' }).getByText('Ritiro in negozio')).toBeVisible();
  await settleAndScan(page, 'cassa');

  // rules not accepted: the spec's message, nothing bought
  await page.getByRole('button', { name: 'Conferma e paga' }).click();
  await expect(
    page.getByText("Per confermare l'ordine è necessario accettare le condizioni di vendita."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  // a wrong gift code gets the spec's text
  await page.getByRole('textbox', { name: 'Codice sconto' }).fill('NONESISTE');
  await page.getByRole('button', { name: 'Applica' }).click();
  await expect(
    page.getByText('Il codice sconto non è valido. Verifica di averlo scritto correttamente'),
  ).toBeVisible();

  await acceptAndConfirm(page);
  await payOnSandbox(page, CARDS.success);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Grazie, ordine confermato' })).toBeVisible();
  const orderId = orderIdOf(page);
  await expect(page.getByText(`Il tuo ordine ${orderId} è confermato.`, { exact: false })).toBeVisible();
  await settleAndScan(page, 'pagamento completato');
});

test('carta rifiutata, poi nuovo tentativo riuscito', async ({ page }) => {
  await customerWithCart(page, 'declined');
  await page.goto('/checkout');
  // the payment types load with the checkout; on the embedded database a catalogue change made meanwhile
  // (another journey's) can hold the answers a few seconds
  await expect(page.getByRole('radio', { name: /Carta di credito/ })).toBeChecked({ timeout: 30_000 });
  await acceptAndConfirm(page);
  await payOnSandbox(page, CARDS.declined);
  await expect(page).toHaveURL(/\/checkout\/completed\/failed\?order_id=\d+/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento non riuscito' })).toBeVisible();
  await settleAndScan(page, 'pagamento non riuscito');
  const orderId = orderIdOf(page);

  await page.getByRole('button', { name: 'Riprova il pagamento' }).click();
  await payOnSandbox(page, CARDS.success);
  await expect(page).toHaveURL(new RegExp(`/checkout/completed/success\\?order_id=${orderId}`), {
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Grazie, ordine confermato' })).toBeVisible();
});

test('pagamento alla consegna: nessuna pagina del fornitore, subito la conferma', async ({ page }) => {
  await customerWithCart(page, 'ondelivery');
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Pagamento alla consegna/ }).check();
  await expect(
    page.getByRole('complementary', { name: 'Riepilogo' }).getByText('Importo pre-autorizzato'),
  ).toBeHidden();
  await acceptAndConfirm(page);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Grazie, ordine confermato' })).toBeVisible();
});
