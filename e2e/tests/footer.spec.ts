import { expect, test } from '@playwright/test';
import { settleAndScan } from '../support/shop';

test("il piè di pagina riporta l'attribuzione Open Food Facts (ODbL)", async ({ page }) => {
  await page.goto('/');
  await settleAndScan(page, 'home');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Contiene dati da Open Food Facts');
  await expect(footer).toContainText('Open Database License (ODbL) 1.0');

  await footer.getByRole('link', { name: 'Credits e licenze' }).click();
  await expect(page).toHaveURL(/\/page\/credits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Credits e licenze' })).toBeVisible();
  await settleAndScan(page, 'credits e licenze');
});
