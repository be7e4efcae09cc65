import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { registerConfirmedCustomer, openSignedIn } from '../support/account';
import { signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';

// The weekly leaflet from the back office (decision 097): a catalogue manager makes a leaflet for one store from
// a small PDF, puts a product on it and publishes it; a customer who shops at that store finds it among the
// leaflets and puts its product on the leaflet's list.

async function twoPagePdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const n of [1, 2]) {
    const page = doc.addPage([595, 842]);
    page.drawRectangle({ x: 0, y: 742, width: 595, height: 100, color: rgb(0.78, 0.16, 0.16) });
    page.drawText(`${title} - pagina ${n}`, { x: 40, y: 780, size: 24, font, color: rgb(1, 1, 1) });
  }
  return Buffer.from(await doc.save());
}

async function chooseComoCamerlata(page: Page) {
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

test('un responsabile del catalogo pubblica un volantino da un PDF e il cliente del negozio mette il suo prodotto in lista', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Offerte Camerlata ${stamp}`;
  const found = (await (await request.get('/ebsn/api/products?q=biscotti')).json()) as {
    data: { products: Array<{ codInt: string; name: string }> };
  };
  const product = found.data.products[0];
  if (!product) throw new Error('no product to put on the leaflet');

  await signInToAdmin(page, 'catalogo@spesa.demo');
  await page.getByRole('menuitem', { name: 'Volantini' }).click();
  await expect(page.getByRole('heading', { name: 'Volantini', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nuovo volantino' }).click();
  const editor = page.getByRole('region', { name: 'Nuovo volantino' });
  await editor.getByRole('textbox', { name: 'Titolo' }).fill(title);
  await editor.getByRole('checkbox', { name: /Como Camerlata/ }).check();
  await expectAccessible(page, 'admin: nuovo volantino');
  await editor.getByRole('button', { name: 'Salva i dati' }).click();
  const leaflet = page.getByRole('region', { name: title });
  await expect(leaflet.getByText('Dati del volantino salvati.')).toBeVisible();

  await leaflet.locator('input[type=file]').setInputFiles({
    name: 'volantino.pdf',
    mimeType: 'application/pdf',
    buffer: await twoPagePdf(title),
  });
  await expect(leaflet.getByText('Pagine caricate.')).toBeVisible({ timeout: 60_000 });
  await expect(leaflet.getByRole('heading', { name: '2 pagine' })).toBeVisible();
  await expect(leaflet.getByRole('img', { name: 'Pagina 2' })).toBeVisible();

  // an unknown code is refused, the right one is saved
  await leaflet.getByRole('button', { name: 'Aggiungi prodotto' }).click();
  await leaflet.getByRole('textbox', { name: 'Codice o EAN' }).fill('NON-ESISTE');
  await leaflet.getByRole('textbox', { name: 'Prezzo volantino (€)' }).fill('0,99');
  await leaflet.getByRole('button', { name: 'Salva i prodotti' }).click();
  await expect(leaflet.getByText('Riga 1: nessun prodotto con codice o EAN «NON-ESISTE».')).toBeVisible();
  await leaflet.getByRole('textbox', { name: 'Codice o EAN' }).fill(product.codInt);
  await leaflet.getByRole('button', { name: 'Salva i prodotti' }).click();
  await expect(leaflet.getByText('Prodotti salvati.')).toBeVisible();
  await leaflet.getByRole('button', { name: 'Pubblica' }).click();
  await expect(leaflet.getByText('Volantino pubblicato.')).toBeVisible();
  await expectAccessible(page, 'admin: volantino pubblicato');

  // the customer shops at Como Camerlata: the leaflet is there, with its product
  const customer = await registerConfirmedCustomer(request, 'leaflet-admin');
  await openSignedIn(page, customer, '/search?q=biscotti');
  const card = page.getByTestId('product-card').first();
  const cardName = (await card.getByRole('heading').first().innerText()).trim();
  await card.getByRole('button', { name: `Aggiungi ${cardName} al carrello` }).click();
  await chooseComoCamerlata(page);

  await page.goto('/volantini');
  const open = page.getByRole('link', { name: new RegExp(`^Sfoglia ${title}`) });
  await expect(open).toBeVisible({ timeout: 20_000 });
  await open.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const first = page.getByAltText(`${title}, pagina 1`);
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expectAccessible(page, 'il volantino pubblicato dal back office');
  const products = page.getByRole('region', { name: 'I prodotti del volantino' });
  const toList = products.getByRole('button', { name: `Aggiungi ${product.name} alla lista del volantino` });
  await toList.click();
  await expect(page.getByText(`${product.name} aggiunto alla lista del volantino`)).toBeVisible();
});
