import { expect, test } from '@playwright/test';
import { acceptCookies } from '../support/account';
import { settleAndScan } from '../support/shop';

test('la pagina dei servizi descrive Drive, consegna, locker e servizio anziani', async ({ page }) => {
  await page.goto('/page/servizi');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'I nostri servizi' })).toBeVisible();
  for (const name of ['Ritiro in negozio (Drive)', 'Consegna a domicilio', 'Locker', 'Servizio anziani'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await settleAndScan(page, 'i nostri servizi');
  await page.getByRole('link', { name: 'I miei indirizzi' }).click();
  // the addresses need an account: the guard asks to sign in first
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Faddresses/);
});
