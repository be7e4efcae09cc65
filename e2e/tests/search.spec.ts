import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { PRICE, settleAndScan } from '../support/shop';

test('ricerca "mozzarella": suggerimenti, scelta, scheda prodotto', async ({ page }) => {
  await page.goto('/');
  await settleAndScan(page, 'home');

  const box = page.getByRole('combobox', { name: 'Cerca prodotti' });
  await box.click();
  await box.pressSequentially('mozzarella', { delay: 40 });
  const suggestions = page.getByRole('listbox', { name: 'Suggerimenti di ricerca' });
  await expect(suggestions).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = suggestions.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expectAccessible(page, 'suggerimenti di ricerca');

  // Prefer a product suggestion; a word or category suggestion leads to a listing first.
  const product = options.filter({ hasText: 'Prodotto' }).first();
  const chosen = (await product.count()) ? product : options.first();
  await chosen.click();
  await expect(page).toHaveURL(/\/(product|search|category)\b/);

  if (!/\/product\//.test(page.url())) {
    await settleAndScan(page, `risultati (${new URL(page.url()).pathname})`);
    await expect(
      page
        .getByRole('main')
        .getByText(/mozzarella/i)
        .first(),
    ).toBeVisible();
    await page.getByRole('main').locator('a[href^="/product/"]').first().click();
    await expect(page).toHaveURL(/\/product\//);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText(PRICE).first()).toBeVisible();
  await settleAndScan(page, 'scheda prodotto');
});
