import { expect, test } from '@playwright/test';
import { violationsOn } from '../support/axe';

// The scan every journey runs (support/axe.ts) finds what it is there to find: a page with an image without a
// text alternative and a button without a name fails it. It runs the WCAG 2.2 AA rules only: the page without
// its level-one heading breaks a best practice of axe's (page-has-heading-one), not reported.
test('la verifica di accessibilità trova un’immagine senza testo alternativo e un pulsante senza nome', async ({
  page,
}) => {
  await page.goto('/pagina-che-non-esiste');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
  expect(await violationsOn(page)).toEqual([]);
  await page.evaluate(() => {
    document.querySelector('h1')?.remove();
    const main = document.querySelector('main') ?? document.body;
    const img = document.createElement('img');
    img.src = '/favicon.svg';
    const button = document.createElement('button');
    button.type = 'button';
    main.append(img, button);
  });
  const found = await violationsOn(page);
  expect(found.map((v) => `${v.id} ${v.impact}`).sort()).toEqual([
    'button-name critical',
    'image-alt critical',
  ]);
});
