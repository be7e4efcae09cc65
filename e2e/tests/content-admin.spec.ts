import { expect, test } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn } from '../support/account';
import { signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { typeDate } from '../support/dates';

// The back office's content editors (decision 056): a catalogue manager writes a notice for the Drive in
// "Avvisi del giorno"; a customer choosing a Drive slot reads it where the day is chosen.

/** A day as the date inputs take it (YYYY-MM-DD), `days` from today. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('un responsabile del catalogo scrive un avviso per il Drive: il cliente lo legge dove sceglie il giorno', async ({
  page,
  browser,
  request,
}) => {
  // a title of its own (a retry writes another notice)
  const title = `Drive: portate le borse (${Date.now()})`;
  await signInToAdmin(page, 'catalogo@spesa.demo');
  await page.getByRole('menuitem', { name: 'Avvisi del giorno' }).click();
  await page.getByRole('link', { name: 'Crea' }).click();
  await page.getByRole('textbox', { name: 'Titolo', exact: true }).fill(title);
  await page
    .getByRole('textbox', { name: 'Testo', exact: true })
    .fill('Al ritiro mettiamo la spesa nelle vostre borse, se le portate.');
  await typeDate(page, 'Dal', day(-1));
  await typeDate(page, 'Al', day(7));
  await page.getByRole('checkbox', { name: 'Ritiro in negozio' }).check();
  await expectAccessible(page, 'admin: nuovo avviso del giorno');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento creato')).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();

  // the customer chooses a Drive store; the slot picker shows the notice with the seeded one
  const customer = await registerConfirmedCustomer(request, 'notice');
  const shop = await browser.newPage();
  await openSignedIn(shop, customer);
  await shop
    .getByRole('banner')
    .getByRole('group', { name: 'Come ricevi la spesa' })
    .getByRole('button')
    .first()
    .click();
  const selector = shop.getByRole('dialog', { name: 'Scegli come ricevere la spesa' });
  await selector.getByRole('tab', { name: 'Ritiro in negozio' }).click();
  await selector.getByRole('textbox', { name: 'Cerca un comune' }).fill('Como');
  await selector.getByRole('button', { name: 'Cerca i negozi vicino al comune' }).click();
  await selector.getByRole('radio', { name: /Spesa Como Camerlata/ }).click();
  const picker = shop.getByRole('dialog', { name: 'Scegli la fascia oraria' });
  const notices = picker.getByRole('list', { name: 'Avvisi per il giorno scelto' });
  await expect(notices).toContainText(title);
  await expect(notices).toContainText('Al ritiro mettiamo la spesa nelle vostre borse');
  await expect(notices).toContainText('Drive: avvisaci quando arrivi');
  await shop.close();
});
