import { expect, test } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn } from '../support/account';
import { signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { CARDS, acceptAndConfirm, fillCart, orderIdOf, payOnSandbox } from '../support/checkout';

// Gift certificates (issue 21, decision 040): customer service grants a personal certificate with a reason;
// the customer finds it in "I miei buoni", applies it to the cart in one click and pays the rest by card.

test('il servizio clienti assegna un buono; il cliente lo usa nel carrello e paga il resto con la carta', async ({
  page,
  browser,
  request,
}) => {
  const customer = await registerConfirmedCustomer(request, 'buono');

  const office = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const cs = await office.newPage();
  await signInToAdmin(cs, 'clienti@spesa.demo');
  await cs.getByRole('menuitem', { name: 'Clienti' }).click();
  await cs.getByPlaceholder('Nome, e-mail, carta, telefono o codice fiscale').fill(customer.email);
  await expect(cs.locator('tbody tr')).toHaveCount(1);
  await cs.locator('tbody tr').filter({ hasText: customer.email }).click();
  const grant = cs.getByRole('form', { name: 'Assegna un buono' });
  await grant.getByRole('textbox', { name: /Valore/ }).fill('3');
  await grant.getByRole('textbox', { name: /Motivo/ }).fill('Prodotto danneggiato nella consegna');
  await grant.getByRole('button', { name: 'Assegna un buono' }).click();
  const table = cs.getByRole('table', { name: 'Buoni sconto personali' });
  await expect(table).toContainText('Prodotto danneggiato nella consegna');
  await expectAccessible(cs, 'admin: buoni del cliente');
  await office.close();

  await openSignedIn(page, customer);
  await fillCart(page);
  await page.goto('/profile/gift-certificates');
  await expect(page.getByRole('heading', { level: 1, name: 'I miei buoni' })).toBeVisible();
  const mine = page.getByRole('list', { name: 'I tuoi buoni' });
  await expect(mine).toContainText('3,00 €');
  await expectAccessible(page, 'i miei buoni');
  await mine.getByRole('button', { name: 'Usa nel carrello' }).first().click();
  await expect(page.getByText(/è applicato al carrello/)).toBeVisible();
  await page.getByRole('link', { name: 'Vai alla cassa' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Cassa' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Riepilogo' });
  await expect(summary).toContainText('-3,00 €');
  await expect(page.getByRole('radio', { name: /Carta di credito/ })).toBeChecked();
  await acceptAndConfirm(page);
  await payOnSandbox(page, CARDS.success);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  const orderId = orderIdOf(page);

  // the certificate is used: in the history with its order, no longer among the usable ones
  await page.goto('/profile/gift-certificates');
  await page.getByRole('checkbox', { name: 'Mostra anche i buoni usati e scaduti' }).check();
  await expect(page.getByText(new RegExp(`Usato nell'ordine ${orderId}`))).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'i miei buoni (telefono)');
});
