import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { api, PRICE, settleAndScan } from '../support/shop';

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

test('ricerca "pasta": il filtro Marca offre solo marche vere; un prodotto di marca ignota non ne mostra', async ({
  page,
  request,
}) => {
  await page.goto('/search?q=pasta');
  await settleAndScan(page, 'risultati "pasta"');
  const brands = page.getByRole('main').getByRole('group', { name: 'Marca' });
  const boxes = brands.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  for (const name of await brands.locator('label').allInnerTexts())
    expect(name, 'every brand offered has a name').toMatch(/^\p{L}.* \(\d+\)$/u);

  const first = (await brands.locator('label').first().innerText()).match(/^(.*) \((\d+)\)$/)!;
  const [, brand, count] = first;
  // the box follows the address (the filter is in the URL): it is ticked once the filtered page is shown
  await boxes.first().click();
  await expect(page).toHaveURL(/facet=vendor/);
  const escaped = (brand ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(brands.getByRole('checkbox', { name: new RegExp(`^${escaped} \\(`) })).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: /prodott[oi]$/ })).toHaveText(
    new RegExp(`^${count} prodott[oi]$`),
  );
  const shown = await page.getByRole('main').getByRole('article').locator('.pc-brand').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set([brand]));
  await settleAndScan(page, `risultati "pasta", marca ${brand}`);

  // Open Food Facts gives "Trenette al Nero di seppia" no brand: none is made up for it (decision 025)
  const product = await api<{ slug: string; name: string }>(request, '/products?barcode=8008101009023');
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('main').getByText('Marca:')).toHaveCount(0);
  await settleAndScan(page, 'scheda prodotto senza marca');
});
