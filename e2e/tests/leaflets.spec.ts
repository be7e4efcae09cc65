import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, openSignedIn, registerConfirmedCustomer } from '../support/account';
import { expectAccessible } from '../support/axe';

// Digital leaflets (issue 23, decision 052): /volantini lists the current leaflets; the viewer zooms a page
// by buttons and keys, its products go into the cart and (once) into the leaflet's list; the PDF downloads;
// an unknown leaflet is "Pagina non trovata".

async function chooseStoreAndSlot(page: Page) {
  const selector = page.getByRole('dialog', { name: 'Scegli come ricevere la spesa' });
  await expect(selector).toBeVisible({ timeout: 20_000 });
  await selector.getByRole('tab', { name: 'Ritiro in negozio' }).click();
  await selector.getByRole('textbox', { name: 'Cerca un comune' }).fill('Como');
  await selector.getByRole('button', { name: 'Cerca i negozi vicino al comune' }).click();
  await selector.getByRole('radio', { name: /Spesa Como Camerlata/ }).click();
  const picker = page.getByRole('dialog', { name: 'Scegli la fascia oraria' });
  await expect(picker).toBeVisible();
  await expect(picker.locator('[aria-busy="true"]')).toHaveCount(0);
  await picker.locator('[role="radio"][aria-checked="false"]:not([aria-disabled="true"])').first().click();
  await expect(picker).toBeHidden();
}

test('volantini: sfoglia, zoom con pulsanti e tastiera, carrello, lista del volantino, PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const customer = await registerConfirmedCustomer(request, 'leaflets');

  await openSignedIn(page, customer, '/volantini');
  await expect(page.getByRole('heading', { level: 1, name: 'Volantini' })).toBeVisible();
  const open = page.getByRole('link', { name: /^Sfoglia Offerte della settimana/ });
  await expect(open).toBeVisible();
  await expect(page.getByRole('link', { name: /^Sfoglia Speciale convenienza/ })).toBeVisible();
  await expectAccessible(page, 'volantini');
  await open.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offerte della settimana' })).toBeVisible();
  const first = page.getByAltText('Offerte della settimana, pagina 1');
  await expect(first).toBeVisible();
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // zoom: a button, then the keyboard on the page
  const zoom = page.getByTestId('zoom-level');
  await page.getByRole('button', { name: 'Ingrandisci' }).click();
  await expect(zoom).toHaveText('Zoom 150%');
  await page.getByRole('group', { name: /Offerte della settimana, pagina 1/ }).focus();
  await page.keyboard.press('+');
  await expect(zoom).toHaveText('Zoom 200%');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('0');
  await expect(zoom).toHaveText('Zoom 100%');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/^Pagina 2 di \d+$/)).toBeVisible();
  await expectAccessible(page, 'un volantino');

  // a product of the leaflet: into the cart (store and slot on the first add), then twice into the list
  const products = page.getByRole('region', { name: 'I prodotti del volantino' });
  const card = products.getByTestId('product-card').first();
  const name = (await card.getByRole('heading').first().innerText()).trim();
  await card.getByRole('button', { name: `Aggiungi ${name} al carrello` }).click();
  await chooseStoreAndSlot(page);
  await expect(page.getByRole('group', { name: `Quantità di ${name} nel carrello` }).first()).toBeVisible({
    timeout: 20_000,
  });
  const toList = products.getByRole('button', { name: `Aggiungi ${name} alla lista del volantino` });
  await toList.click();
  await expect(page.getByText(`${name} aggiunto alla lista del volantino`)).toBeVisible();
  await toList.click();
  await expect(page.getByText(`${name} è già nella lista del volantino`)).toBeVisible();

  // the PDF
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Scarica il PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^offerte-della-settimana-.*\.pdf$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // the list exists with the product, once
  await page.goto('/profile/lists');
  await page
    .getByRole('link', { name: /Volantino: Offerte della settimana/ })
    .first()
    .click();
  await expect(page.getByText(name).first()).toBeVisible();
});

test('volantino sul telefono: due dita allargate ingrandiscono la pagina', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  try {
    await page.goto('/volantini');
    await acceptCookies(page);
    await page.getByRole('link', { name: /^Sfoglia Offerte della settimana/ }).click();
    const first = page.getByAltText('Offerte della settimana, pagina 1');
    await expect(first).toBeVisible();
    const zoom = page.getByTestId('zoom-level');
    await expect(zoom).toHaveText('Zoom 100%');
    const stage = page.getByRole('group', { name: /Offerte della settimana, pagina 1/ });
    await stage.scrollIntoViewIfNeeded();
    const box = await stage.boundingBox();
    if (!box) throw new Error('the page of the leaflet has no box');
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    // a real touch gesture through the browser's input pipeline: two fingers 80 px apart move to 200 px
    const cdp = await context.newCDPSession(page);
    const fingers = (gap: number) => [
      { x: cx - gap / 2, y: cy, id: 1 },
      { x: cx + gap / 2, y: cy, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(80) });
    for (const gap of [110, 140, 170, 200])
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(gap) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(zoom).not.toHaveText('Zoom 100%');
    const percent = Number((await zoom.textContent())?.replace(/\D/g, ''));
    expect(percent).toBeGreaterThanOrEqual(200);
  } finally {
    await context.close();
  }
});

test('volantino sconosciuto: Pagina non trovata', async ({ page }) => {
  await page.goto('/volantini/non-esiste');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
  await expectAccessible(page, 'volantino sconosciuto');
});
