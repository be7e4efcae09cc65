import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, uniqueEmail } from '../support/account';
import { signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { settleAndScan } from '../support/shop';

// The gift-card partner programme (decision 044): a company asks for gift cards with the keyboard only, sees
// the 3 % discount from 1.500 € and the confirmation; customer service then finds the request in the back
// office and confirms it with the delivery information.
test.describe.configure({ mode: 'default' });

/** Focuses a field and types into it, as a keyboard user does after tabbing to it. */
async function typeInto(page: Page, name: RegExp | string, text: string) {
  await page.getByRole('textbox', { name }).focus();
  await page.keyboard.type(text);
}

test('un’azienda richiede le gift card con la tastiera; il servizio clienti la conferma nel back office', async ({
  page,
}) => {
  const email = uniqueEmail('hr-aziende');
  await page.goto('/');
  await acceptCookies(page);
  // from the footer, as a visitor finds it
  await page.getByRole('contentinfo').getByRole('link', { name: 'Gift card per le aziende' }).click();
  await expect(page).toHaveURL(/\/gift-card-aziende$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift card per le aziende' })).toBeVisible();
  await settleAndScan(page, 'gift card per le aziende');

  await typeInto(page, /Ragione sociale/, 'Officine Lariane S.r.l.');
  await page.keyboard.press('Tab');
  await page.keyboard.type('00743110157'); // Partita IVA
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('m5uxcr1'); // SDI
  await expect(page.getByRole('textbox', { name: /Codice destinatario/ })).toHaveValue('M5UXCR1');
  await typeInto(page, /Nome e cognome/, 'Giulia Bianchi');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('031 123456');
  await typeInto(page, /Via o piazza/, 'Via Borgo Vico');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await page.keyboard.type('22100');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Como');
  await page.keyboard.press('Tab');
  const province = page.getByRole('combobox', { name: /Provincia/ });
  await expect(province).toBeFocused();
  // a native select chooses the option whose text starts with what is typed
  await page.keyboard.type('Como');
  await expect(province).toHaveValue('CO');

  // 5 x 250 €: 1.250 €, no discount yet; 6 x 250 €: 1.500 €, 3 % off
  const summary = page.getByTestId('gift-card-summary');
  const q250 = page.getByRole('spinbutton', { name: 'Gift card da 250 €' });
  await q250.focus();
  await page.keyboard.type('5');
  await expect(summary).toContainText('Aggiungi gift card per altri 250,00 €');
  await expect(summary.getByTestId('gift-card-discount')).toHaveCount(0);
  await page.keyboard.press('Backspace');
  await page.keyboard.type('6');
  await expect(summary.getByTestId('gift-card-discount')).toHaveText('-45,00 €');
  await expect(summary.getByTestId('gift-card-invoice')).toHaveText('1455,00 €');

  // sending without the privacy notice accepted: the message is on the checkbox, which takes the focus
  const submit = page.getByRole('button', { name: 'Invia la richiesta' });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('Per inviare la richiesta devi aver letto l’informativa sulla privacy.'),
  ).toBeVisible();
  const privacy = page.getByRole('checkbox', { name: /Ho letto l'informativa/ });
  await privacy.focus();
  await page.keyboard.press('Space');
  await expect(privacy).toBeChecked();
  await submit.focus();
  await page.keyboard.press('Enter');

  const sent = page.getByRole('heading', { name: 'Richiesta inviata' });
  await expect(sent).toBeFocused();
  const number = ((await page.getByTestId('gift-card-number').textContent()) ?? '').replace(/^.*: /, '');
  expect(number).toMatch(/^GC-\d{4}-\d{6}$/);
  await expect(page.getByText(/Riceverai le informazioni sulla consegna entro 48 ore/)).toBeVisible();
  await expect(page.getByText('Totale fattura')).toBeVisible();
  await expectAccessible(page, 'gift card per le aziende: richiesta inviata');

  // customer service: the request in the back office, confirmed with the delivery information
  await signInToAdmin(page, 'clienti@spesa.demo');
  await page.getByRole('menuitem', { name: 'Gift card aziende' }).click();
  const row = page.locator('tbody tr').filter({ hasText: number });
  await expect(row).toContainText('Ricevuta');
  await expect(row).toContainText('Officine Lariane S.r.l.');
  await expectAccessible(page, 'admin: gift card aziende');
  await row.click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${number} · Officine Lariane S.r.l.` }),
  ).toBeVisible();
  await expectAccessible(page, 'admin: richiesta gift card');
  await expect(page.getByRole('button', { name: 'Segna come consegnata' })).toHaveCount(0);
  await page
    .getByLabel('Nota per la richiesta')
    .fill('Consegna tra 7 giorni lavorativi, la mattina, alla reception.');
  await page.getByRole('button', { name: 'Conferma e invia le informazioni sulla consegna' }).click();
  await expect(page.getByText(`Richiesta ${number}: confermata`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Segna come consegnata' })).toBeVisible();
});
