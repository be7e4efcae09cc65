import { expect, test } from '@playwright/test';
import { settleAndScan } from '../support/shop';

test('un indirizzo sconosciuto mostra "Pagina non trovata"', async ({ page }) => {
  await page.goto('/pagina-che-non-esiste');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
  await settleAndScan(page, 'pagina non trovata');
  await page.getByRole('link', { name: 'Torna alla home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
