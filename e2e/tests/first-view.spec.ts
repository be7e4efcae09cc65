import { expect, test, type Page } from '@playwright/test';

/** The first slide's image box, rounded to whole pixels. */
async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, selector).not.toBeNull();
  return [b!.x, b!.y, b!.width, b!.height].map(Math.round);
}

test('la home mostra il primo banner già con l’HTML, dove poi lo mostra la pagina (decision 022)', async ({
  browser,
}) => {
  // without the libraries' chunk no JavaScript renders: what shows is the HTML alone
  const bare = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await bare.route('**/assets/vendor-*.js', (route) => route.abort());
  await bare.goto('/');
  const hero = bare.locator('.shell-hero img');
  await expect(hero).toBeVisible();
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const inHtml = await box(bare, '.shell-hero img');
  await bare.close();

  // the shop as it runs: the header slider's first image takes the same place
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('.carousel .banner-img').first()).toBeVisible();
  expect(await box(page, '.carousel .banner-img')).toEqual(inHtml);
  await expect(page.locator('.shell-hero')).toHaveCount(0);
  await page.close();
});
