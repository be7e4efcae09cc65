import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openSignedIn, DEMO_CUSTOMERS } from '../support/account';
import { expectAccessible } from '../support/axe';
import { typeDate } from '../support/dates';

// Receipts (issue 22, decision 046): Mario Rossi (demo, digital receipt service on) opens his receipts, filters
// them (a reversed period is refused in Italian), opens one and downloads its PDF; switches the digital receipt
// off with the keyboard and sees it take effect after the scheduled change (the journeys' server applies a
// change RECEIPT_SWITCH_DELAY_MS = 8 s after it is asked, support/serve.mjs); reads his tax-free refunds.

test('il cliente apre uno scontrino, scarica il PDF e disattiva lo scontrino digitale', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, DEMO_CUSTOMERS.mario);

  await page.goto('/profile/receipts');
  await expect(page.getByRole('heading', { level: 1, name: 'Scontrini' })).toBeVisible();
  const list = page.getByRole('list', { name: 'I tuoi scontrini' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'scontrini');

  // a reversed period is refused with an Italian message
  const period = page.getByRole('search', { name: 'Filtra gli scontrini per data' });
  await typeDate(period, 'Dal', '2026-03-01');
  await typeDate(period, 'Al', '2026-01-01');
  await period.getByRole('button', { name: 'Filtra' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'La data di inizio non può essere successiva alla data di fine.',
  );
  await page.getByRole('button', { name: 'Tutte le date' }).click();
  await expect(list.getByRole('listitem').first()).toBeVisible();

  // the newest receipt: its detail and its PDF
  await list.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scontrino' })).toBeVisible();
  await expect(page.getByText('Documento commerciale di vendita o prestazione')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Articoli dello scontrino' })).toBeVisible();
  await expectAccessible(page, 'dettaglio scontrino');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Scarica il PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^scontrino-[\w-]+\.pdf$/);
  const pdf = await readFile((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'dettaglio scontrino (telefono)');
  await page.setViewportSize({ width: 1366, height: 900 });

  // the digital receipt service: switched off with the keyboard, in force after the scheduled change
  await page.goto('/profile/receipts/digital');
  await expect(page.getByRole('heading', { level: 1, name: 'Scontrino digitale e buoni' })).toBeVisible();
  await expect(page.getByTestId('digital-in-force')).toHaveText('Oggi: scontrino digitale attivo');
  await expectAccessible(page, 'scontrino digitale e buoni');
  const toggle = page.getByRole('switch', { name: 'Scontrino digitale' });
  await expect(toggle).toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('pending-change')).toContainText('scontrino digitale non attivo');
  await expect(page.getByTestId('digital-in-force')).toHaveText('Oggi: scontrino digitale attivo');
  await expectAccessible(page, 'scontrino digitale: modifica richiesta');
  // after the scheduled time the change is in force (a reload may take seconds on a busy machine: the full
  // suite runs two workers on two cores)
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('digital-in-force')).toHaveText('Oggi: scontrino di carta', {
      timeout: 10_000,
    });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await expect(page.getByTestId('pending-change')).toHaveCount(0);

  // the tax-free refunds
  await page.goto('/profile/receipts/tax-free');
  await expect(page.getByRole('heading', { level: 1, name: 'Rimborsi tax free' })).toBeVisible();
  const refunds = page.getByRole('table', { name: 'Rimborsi tax free' });
  await expect(refunds.getByRole('row')).toHaveCount(4);
  await expect(refunds).toContainText('In attesa');
  await expect(refunds).toContainText('Approvato');
  await expectAccessible(page, 'rimborsi tax free');
});
