import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';

/** The first slide's image box, rounded to whole pixels. */
async function box(page: Page, selector: string): Promise<[number, number, number, number]> {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, selector).not.toBeNull();
  return [Math.round(b!.x), Math.round(b!.y), Math.round(b!.width), Math.round(b!.height)];
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

/** What the HTML alone shows at `path` in `viewport` (no library chunk: no JavaScript renders): the box of `selector`. */
async function boxInHtml(
  browser: Browser,
  path: string,
  selector: string,
  viewport = { width: 412, height: 823 },
) {
  const bare = await browser.newPage({ viewport });
  await bare.route('**/assets/vendor-*.js', (route) => route.abort());
  await bare.goto(path);
  await expect(bare.locator(selector).first()).toBeVisible();
  const inHtml = await box(bare, selector);
  await bare.close();
  return inHtml;
}

test('un volantino mostra la prima pagina già con l’HTML, dove poi la mostra il visualizzatore (decision 060)', async ({
  browser,
  request,
}) => {
  const { data } = (await (await request.get('/ebsn/api/leaflet/search')).json()) as {
    data: { leaflets: { slug: string }[] };
  };
  const path = `/volantini/${data.leaflets[0]!.slug}`;
  // the narrowest phone (the title on two lines, the zoom row's last button on two lines), Lighthouse's
  // phone, a tablet (the toolbar's two rows of buttons) and a desktop (the viewer beside the products)
  for (const width of [320, 412, 600, 1366]) {
    const viewport = { width, height: 823 };
    const [x, y, w, h] = await boxInHtml(browser, path, '.shell-lf-stage img', viewport);

    const page = await browser.newPage({ viewport });
    await page.goto(path);
    const first = page.locator('.lf-stage img').first();
    await expect(first).toBeVisible();
    await expect(page.locator('.shell-leaflet')).toHaveCount(0);
    // the viewer's toolbar texts are in the web font: measured once it is in
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const [x2, y2, w2, h2] = await box(page, '.lf-stage img');
    // the same place and size; the HTML's page 2-3 px higher, so it stays the largest paint (index.html)
    expect([x2, w2, h2], `${width} px`).toEqual([x, w, h]);
    expect(y2 - y, `${width} px`).toBeGreaterThanOrEqual(0);
    expect(y2 - y, `${width} px`).toBeLessThanOrEqual(3);
    // and nothing wider than the screen (WCAG 1.4.10: no sideways scrolling at 320 px)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBe(width);
    await page.close();
  }
});

test('i volantini mostrano le prime due copertine già con l’HTML, dove poi le mostra la pagina (decision 060)', async ({
  browser,
}) => {
  const [x, y, width, height] = await boxInHtml(browser, '/volantini', '.shell-covers img');

  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await page.goto('/volantini');
  await expect(page.getByRole('heading', { level: 1, name: 'Volantini' })).toBeVisible();
  await expect(page.locator('.shell-leaflets')).toHaveCount(0);
  const [x2, y2, width2, height2] = await box(page, '.lf-card img');
  // the same place and size; the HTML's covers 2 px higher, so they stay the largest paint (index.html)
  expect([x2, width2, height2]).toEqual([x, width, height]);
  expect(y2 - y).toBeGreaterThanOrEqual(0);
  expect(y2 - y).toBeLessThanOrEqual(3);
  await page.close();
});

test('una pagina di contenuto mostra titolo e testo già con l’HTML, dove poi li mostra la pagina (decision 060)', async ({
  browser,
}) => {
  const path = '/page/condizioni-generali-di-vendita';
  const title = await boxInHtml(browser, path, '.shell-page .shell-title');
  const text = await boxInHtml(browser, path, '.shell-page h2 + p');

  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Condizioni generali di vendita' })).toBeVisible();
  await expect(page.locator('.shell-page')).toHaveCount(0);
  // the same column and start; the heights may differ: the shell's text is in the system's font (index.html)
  const [x, y, width] = await box(page, '.content-page-title');
  expect([x, y, width]).toEqual(title.slice(0, 3));
  const [textX, , textWidth] = await box(page, '.content-page h2 + p');
  expect([textX, textWidth]).toEqual([text[0], text[2]]);
  await page.close();
});

test('un prodotto mostra il percorso e l’immagine già con l’HTML, dove poi li mostra la pagina (decision 060)', async ({
  browser,
  request,
}) => {
  const { data } = (await (await request.get('/ebsn/api/products?q=amaretti&page_size=1')).json()) as {
    data: { products: { slug: string; name: string }[] };
  };
  const product = data.products[0]!;
  const path = `/product/${product.slug}`;
  const crumbs = await boxInHtml(browser, path, '.shell-crumbs');
  const image = await boxInHtml(browser, path, '.shell-product-media img');

  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.locator('.shell-product')).toHaveCount(0);
  // on a phone the breadcrumbs are one line that scrolls sideways, as the shell's
  expect(await box(page, '.breadcrumbs ol')).toEqual(crumbs);
  expect(await box(page, '.product-image')).toEqual(image);
  await page.close();
});

/**
 * Holds the page's entry module back (the HTML alone is the page: its banner works, no app) and opens
 * `/category/frutta`; the answer lets the app arrive.
 */
async function openWithEntryHeld(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const html = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
  const entry = /<script data-entry="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  await page.route(`**${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/category/frutta', { waitUntil: 'commit' });
  return release;
}

test('il banner dei cookie è già nell’HTML: una scelta fatta prima che arrivi l’app vale (decision 024)', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // the entry module is held back until the customer has pressed "Rifiuta" on the HTML's banner
  const release = await openWithEntryHeld(page);
  const banner = page.getByRole('region', { name: 'Rispettiamo la tua privacy' });
  await expect(banner).toBeVisible();
  await expect(page.locator('#cookie-consent .cookie-banner-text')).toHaveId('cookie-banner-text');
  await banner.getByRole('button', { name: 'Rifiuta' }).click();
  await expect(banner).toBeHidden();
  release();
  // the app arrives, saves the choice made before it and does not show the banner again
  await expect(page.getByRole('heading', { level: 1, name: 'Frutta' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('spesa.cookiePreferences')))
    .toContain('"analytics":false');
  await expect(banner).toBeHidden();

  // a returning customer: the page's own script removes the banner while the HTML is parsed, before the
  // first paint (the Content-Security-Policy allows it); the app's modules start only after that paint
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.body.dataset.bannerAtParseEnd = String(!!document.querySelector('#cookie-consent section'));
    });
  });
  await page.goto('/search?q=pasta');
  await expect(page.locator('body')).toHaveAttribute('data-banner-at-parse-end', 'false');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(violations).toEqual([]);
});

test('il fuoco della tastiera su un pulsante del banner dell’HTML resta dov’è quando arriva l’app (decision 024)', async ({
  page,
}) => {
  const release = await openWithEntryHeld(page);
  const banner = page.getByRole('region', { name: 'Rispettiamo la tua privacy' });
  const reject = banner.getByRole('button', { name: 'Rifiuta' });
  await reject.focus();
  release();
  // the app arrives and the banner stays the HTML's: the same button keeps the focus, Enter presses it
  await expect(page.getByRole('heading', { level: 1, name: 'Frutta' })).toBeVisible();
  await expect(reject).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('spesa.cookiePreferences')))
    .toContain('"analytics":false');
});

test('«Personalizza» sul banner dell’HTML apre le scelte nel banner dell’app (decision 024)', async ({
  page,
}) => {
  const release = await openWithEntryHeld(page);
  const banner = page.getByRole('region', { name: 'Rispettiamo la tua privacy' });
  await banner.getByRole('button', { name: 'Personalizza' }).click();
  release();
  await expect(banner.getByRole('group', { name: 'Scegli quali cookie accettare' })).toBeVisible();
  await banner.getByRole('switch', { name: 'Cookie di analisi' }).check();
  await banner.getByRole('button', { name: 'Salva le scelte' }).click();
  await expect(banner).toBeHidden();
  const stored = await page.evaluate(() => localStorage.getItem('spesa.cookiePreferences'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ analytics: true, profilation: false });
});

test('un negozio dimostrativo lo dice su ogni pagina, già con l’HTML, senza coprire nulla (decision 084)', async ({
  browser,
}) => {
  // the journeys' server is a development one on the sandbox: a demonstration shop (env.ts isDemoShop)
  const banner = (page: Page) => page.getByRole('complementary', { name: 'Negozio dimostrativo' });
  const viewport = { width: 390, height: 844 };

  // the HTML alone already shows it
  const bare = await browser.newPage({ viewport });
  await bare.route('**/assets/vendor-*.js', (route) => route.abort());
  await bare.goto('/');
  await expect(banner(bare)).toHaveText('Negozio dimostrativo: nessun pagamento reale');
  const inHtml = await box(bare, '.demo-shop-banner');
  await bare.close();

  const page = await browser.newPage({ viewport });
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(banner(page)).toBeVisible();
  // one, where the HTML painted it: the app starting moves nothing
  await expect(page.locator('.demo-shop-banner')).toHaveCount(1);
  expect(await box(page, '.demo-shop-banner')).toEqual(inHtml);
  // above the header, covering nothing; the text on the screen's width (no sideways scrolling)
  const [, bannerY, bannerWidth, bannerHeight] = inHtml;
  const header = await page.getByRole('banner').boundingBox();
  expect(header!.y).toBeGreaterThanOrEqual(bannerY + bannerHeight);
  expect(bannerWidth).toBe(viewport.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
  // dark text on a pale background, as the page's own texts
  const colours = await page
    .locator('.demo-shop-banner')
    .evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
  expect(colours).toEqual(['rgb(61, 44, 0)', 'rgb(255, 243, 205)']);

  // every page: the app's own page changes keep it, and the back office has it too
  await page.goto('/volantini');
  await expect(page.getByRole('heading', { level: 1, name: 'Volantini' })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await page.getByRole('link', { name: 'Spesa, vai alla home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.demo-shop-banner')).toHaveCount(1);
  await expectAccessible(page, 'home with the demo banner');
  await page.goto('/admin');
  await expect(banner(page)).toBeVisible();
  await page.close();
});
