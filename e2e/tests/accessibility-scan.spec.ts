import { expect, test } from '@playwright/test';
import { blockingViolations } from '../support/axe';

// The scan every journey runs (support/axe.ts) finds what it is there to find: a page with an image without a
// text alternative and a button without a name fails it.
test('la verifica di accessibilità trova un’immagine senza testo alternativo e un pulsante senza nome', async ({
  page,
}) => {
  await page.goto('/pagina-che-non-esiste');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const img = document.createElement('img');
    img.src = '/favicon.svg';
    const button = document.createElement('button');
    button.type = 'button';
    main.append(img, button);
  });
  const found = (await blockingViolations(page)).map((v) => v.id).sort();
  expect(found).toEqual(['button-name', 'image-alt']);
});
