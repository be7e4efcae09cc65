import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { findCategoryWithOffers } from '../support/shop';

// The request overlay (spec section 4): shown while requests are pending, whatever they are — a slow listing
// too, not only the cart's — and gone when the answer has come.

test('a slow listing shows the request overlay until its products arrive', async ({ page, request }) => {
  const { category } = await findCategoryWithOffers(request);
  await page.goto(`/category/${category.slug}`);
  await page.getByRole('button', { name: 'Accetta tutti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();

  // the listing of the offers answers after 2.5 s
  await page.route(
    (url) => url.pathname === '/ebsn/api/products' && url.searchParams.get('promo') === 'true',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    },
  );
  const overlay = page.getByTestId('request-overlay');
  const onlyOffers = page.getByRole('switch', { name: 'Solo offerte' });
  await onlyOffers.focus();
  await page.keyboard.press('Space');
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('progressbar', { name: 'Caricamento in corso…' })).toBeVisible();
  await expect(overlay).toBeHidden({ timeout: 15_000 });
  await expect(onlyOffers).toBeChecked();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  // scanned once the answer is there: while it loads, the listing shows the previous products faded (0.6)
  await expectAccessible(page, 'elenco delle offerte');
});
