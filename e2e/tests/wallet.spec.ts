import { expect, test } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn } from '../support/account';
import { signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { CARDS, acceptAndConfirm, fillCart, orderIdOf, payOnSandbox } from '../support/checkout';

// The wallet (issue 21, decisions 037 and 039): customer service credits a customer with a reason; the
// customer reads the balance and the movement in "Il mio portafoglio", then pays an order with 5 € of it and
// the rest by card.

test('il servizio clienti accredita 7,50 €; il cliente li vede e paga un ordine con portafoglio + carta', async ({
  page,
  browser,
  request,
}) => {
  const customer = await registerConfirmedCustomer(request, 'wallet');
  const reason = `Uova rotte nella consegna (${Date.now() % 100000})`;

  const office = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const cs = await office.newPage();
  await signInToAdmin(cs, 'clienti@spesa.demo');
  await cs.getByRole('menuitem', { name: 'Clienti' }).click();
  await cs.getByPlaceholder('Nome, e-mail, carta, telefono o codice fiscale').fill(customer.email);
  // the search applies after a pause: the list holds this customer only, then the row opens them
  await expect(cs.locator('tbody tr')).toHaveCount(1);
  await cs.locator('tbody tr').filter({ hasText: customer.email }).click();
  await expect(cs.getByRole('heading', { level: 1, name: /Sara/ })).toBeVisible();
  const wallet = cs.getByRole('region', { name: 'Portafoglio' });
  await expect(wallet.getByTestId('wallet-balance')).toHaveText(/0,00/);
  await wallet.getByRole('textbox', { name: /Importo/ }).fill('7,50');
  await wallet.getByRole('textbox', { name: /Motivo/ }).fill(reason);
  await wallet.getByRole('button', { name: 'Accredita' }).click();
  await expect(cs.getByText('Accreditati 7,50 € sul portafoglio del cliente.')).toBeVisible();
  await expect(wallet.getByTestId('wallet-balance')).toHaveText(/7,50/);
  await expectAccessible(cs, 'admin: portafoglio del cliente');
  await office.close();

  await openSignedIn(page, customer);
  await page.goto('/profile/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Il mio portafoglio' })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('7,50 €');
  await expect(page.getByRole('list', { name: 'Movimenti' })).toContainText(
    `Accredito del servizio clienti: ${reason}`,
  );
  await expectAccessible(page, 'il mio portafoglio');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'il mio portafoglio (telefono)');

  // an order paid with 5 € of the wallet and the rest by card
  await page.setViewportSize({ width: 1366, height: 900 });
  await fillCart(page);
  await page.goto('/checkout');
  const choice = page.getByRole('region', { name: 'Portafoglio' });
  await choice.getByRole('checkbox', { name: /Usa il credito del portafoglio/ }).check();
  const amount = choice.getByRole('textbox', { name: 'Importo da usare' });
  await expect(amount).toHaveValue('7,50');
  await amount.fill('5');
  const summary = page.getByRole('complementary', { name: 'Riepilogo' });
  await expect(summary).toContainText('Pagato con il portafoglio-5,00 €');
  await expectAccessible(page, 'cassa con il portafoglio');
  await expect(page.getByRole('radio', { name: /Carta di credito/ })).toBeChecked();
  await acceptAndConfirm(page);
  await payOnSandbox(page, CARDS.success);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  const orderId = orderIdOf(page);
  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByRole('region', { name: 'Pagamento', exact: true })).toContainText(
    'Pagato con il portafoglio5,00 €',
  );
  // the card's part: what the provider holds, with its day (decision 085)
  await expect(page.getByRole('region', { name: 'Movimenti del pagamento' })).toContainText(
    /Importo bloccato:\s\d+,\d\d\s€\s–\s\d+\s\w+\s\d{4}/,
  );
  await page.goto('/profile/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('2,50 €');
  await expect(page.getByRole('list', { name: 'Movimenti' })).toContainText("Pagamento dell'ordine");
});
