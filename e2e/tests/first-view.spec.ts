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

test('il banner dei cookie compare e funziona anche prima che arrivino i moduli della pagina (decision 024)', async ({
  page,
}) => {
  // only the entry and the modules index.html preloads load: the router cannot load the layout nor the page
  const html = await (await page.request.get('/')).text();
  const allowed = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  expect(allowed.size).toBeGreaterThan(0);
  let blocked = 0;
  await page.route('**/assets/*.js', (route) => {
    if (allowed.has(new URL(route.request().url()).pathname)) return route.continue();
    blocked++;
    return route.abort();
  });
  await page.goto('/category/frutta');
  const banner = page.getByRole('region', { name: 'Rispettiamo la tua privacy' });
  await expect(banner).toBeVisible();
  // the page itself cannot come: its error page shows, the banner stays and works
  await expect(page.getByRole('heading', { name: 'Si è verificato un errore' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frutta' })).toHaveCount(0);
  expect(blocked).toBeGreaterThan(0);
  await banner.getByRole('button', { name: 'Accetta tutti' }).click();
  await expect(banner).toBeHidden();
  const stored = await page.evaluate(() => localStorage.getItem('spesa.cookiePreferences'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ analytics: true, profilation: true });
});
