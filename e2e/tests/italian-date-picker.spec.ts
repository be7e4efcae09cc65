import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { settleAndScan } from '../support/shop';
import { acceptAndConfirm, customerWithCart, orderIdOf } from '../support/checkout';
import { typeDate } from '../support/dates';

// Dates are typed dd/mm/yyyy in an Italian calendar whatever the browser's language (decision 079): an
// American browser, whose native date input would ask mm/dd/yyyy, filters the orders by typing Italian dates
// with the keyboard.
test.use({ locale: 'en-US', timezoneId: 'Europe/Rome' });

/** A day counted from today in Rome, as dd/mm/yyyy and as the wire's yyyy-MM-dd. */
function romeDay(offset: number): { typed: string; wire: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()).split('-');
  const day = new Date(Date.UTC(Number(parts[0]), Number(parts[1]) - 1, Number(parts[2]) + offset));
  const wire = day.toISOString().slice(0, 10);
  return { typed: wire.split('-').reverse().join('/'), wire };
}

test('filtri degli ordini: date scritte gg/mm/aaaa da tastiera in un browser americano', async ({ page }) => {
  await customerWithCart(page, 'dates');
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Pagamento alla consegna/ }).check();
  await acceptAndConfirm(page);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  const orderId = orderIdOf(page);

  await page.goto('/profile/orders');
  const order = page.getByRole('link', { name: `Dettagli dell'ordine ${orderId}` });
  await expect(order).toBeVisible();
  // the empty field shows the Italian order of day, month and year, in Italian
  const from = page.getByRole('group', { name: 'Dal', exact: true });
  await expect(from).toContainText('GG/MM/AAAA');
  await settleAndScan(page, 'i miei ordini, selettore di date');

  // from tomorrow: today's order is left out, and the filter travels as yyyy-MM-dd
  const tomorrow = romeDay(1);
  await typeDate(page, 'Dal', tomorrow.wire);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`from_date=${tomorrow.wire}`));
  await expect(page.getByText('Nessun ordine corrisponde ai filtri scelti.')).toBeVisible();
  await expect(order).toHaveCount(0);
  await expect(from).toContainText(tomorrow.typed);

  // from yesterday to today: the order is back
  const yesterday = romeDay(-1);
  const today = romeDay(0);
  await typeDate(page, 'Dal', yesterday.wire);
  await typeDate(page, 'Al', today.wire);
  await page.getByRole('button', { name: 'Filtra' }).click();
  await expect(page).toHaveURL(new RegExp(`from_date=${yesterday.wire}&to_date=${today.wire}`));
  await expect(order).toBeVisible();

  // the calendar opens from the keyboard, in Italian, and Escape gives the focus back to the field
  const open = page.getByRole('button', { name: /^Scegli la data/ }).first();
  await open.focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog');
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole('grid')).toBeVisible();
  await expectAccessible(page, 'calendario aperto');
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
});
