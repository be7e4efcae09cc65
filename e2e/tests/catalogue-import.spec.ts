import { expect, test, type Page } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn } from '../support/account';
import { signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { bookFirstSlot, chooseDriveStore } from '../support/checkout';

// The assortment from a file (decision 092): a catalogue manager imports a small product master with two bad
// rows, reads the report, and the new product is in the shop. Its stock is per store (decision 095): given to
// one store in the back office, the product is bought there and "non disponibile" at another.

/** Spesa Como Camerlata holds the new product; Spesa Cantù does not. */
const STOCKED = { warehouseId: 2, name: 'Spesa Como Camerlata' };
const OTHER = { warehouseId: 3, name: 'Spesa Cantù' };

test('un responsabile del catalogo importa un file con due righe sbagliate e trova il nuovo prodotto nel negozio', async ({
  page,
  request,
  browser,
}) => {
  // two apps in one journey: the back office (import, then the stock of a store) and a customer's shop
  test.setTimeout(240_000);
  // a code of its own (a retry imports another product)
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Pesto di pistacchio ${stamp}`;
  const found = (await (await request.get('/ebsn/api/products?q=pasta')).json()) as {
    data: { products: Array<{ categoryId: number }> };
  };
  const categoryId = found.data.products[0]?.categoryId;
  expect(categoryId).toBeDefined();
  const csv = [
    'codice;ean;nome;marca;formato;categoria;iva;tipologia;prezzo;attivo',
    `E2E-${stamp}-1;;${name};Bottega Test;190 g;${categoryId};10;Pezzo;3,49;sì`,
    `E2E-${stamp}-2;8076809513754;Penne con EAN sbagliato;Bottega Test;500 g;${categoryId};4;Pezzo;1,19;sì`,
    `E2E-${stamp}-3;;Fusilli senza prezzo;Bottega Test;500 g;${categoryId};4;Pezzo;uno e venti;sì`,
  ].join('\r\n');

  await signInToAdmin(page, 'catalogo@spesa.demo');
  await page.getByRole('menuitem', { name: 'Importazioni' }).click();
  await expect(page.getByRole('heading', { name: 'Importa prodotti', level: 1 })).toBeVisible();
  await page.locator('input[type=file][accept^=".csv"]').setInputFiles({
    name: 'anagrafica.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
  });
  const preview = page.getByRole('region', { name: 'Anteprima delle prime righe' });
  await expect(preview.locator('tbody tr')).toHaveCount(3);
  await expect(preview).toContainText('EAN non valido: la cifra di controllo non corrisponde.');
  await expectAccessible(page, 'admin: importa prodotti');

  await page.getByRole('button', { name: 'Importa', exact: true }).click();
  await expect(page.getByText('Importazione finita.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Nuovi 1 · aggiornati 0 · invariati 0 · scartati 2')).toBeVisible();
  const report = page.getByRole('region', { name: /Righe scartate/ });
  await expect(report.locator('tbody tr')).toHaveCount(2);
  await expect(report.locator('tbody tr').nth(0)).toContainText('3');
  await expect(report.locator('tbody tr').nth(0)).toContainText('ean');
  await expect(report.locator('tbody tr').nth(1)).toContainText('Prezzo non valido: "uno e venti"');
  await expectAccessible(page, 'admin: importazione finita');

  // the shop's read cache follows the catalogue version within a second
  const search = async () =>
    (
      (await (await request.get(`/ebsn/api/products?q=${encodeURIComponent(name)}`)).json()) as {
        data: { products: Array<{ productId: number; name: string; slug: string }> };
      }
    ).data.products;
  await expect.poll(async () => (await search()).map((p) => p.name), { timeout: 5_000 }).toContain(name);
  const product = (await search()).find((p) => p.name === name)!;

  // the file brings no stock: the catalogue manager gives 12 pieces to one store, in the product's form
  await page.goto(`/admin/products/${product.productId}`);
  await expect(page.getByText('Disponibilità per negozio')).toBeVisible();
  await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await page.getByRole('combobox', { name: 'Negozio' }).click();
  await page.getByRole('option', { name: STOCKED.name }).click();
  await page.getByRole('spinbutton', { name: 'Quantità', exact: true }).fill('12');
  await expectAccessible(page, 'admin: disponibilità per negozio');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento aggiornato')).toBeVisible();
  await page.goto(`/admin/products/${product.productId}/show`);
  await expect(page.getByRole('row', { name: `${STOCKED.name} 12` })).toBeVisible();

  // a customer at that store buys it; at another store it is not available
  const shop = await (await browser.newContext()).newPage();
  await buyAtStoreAndMissElsewhere(shop, product);
  await shop.context().close();
});

/** Drive at the store that holds the product: it goes into the cart; at the other store: "non disponibile". */
async function buyAtStoreAndMissElsewhere(page: Page, product: { name: string; slug: string }) {
  const { email, password, firstName } = await registerConfirmedCustomer(page.request, 'import-store');
  await openSignedIn(page, { email, password, firstName });
  await chooseDriveStore(page.request, STOCKED.warehouseId);
  await bookFirstSlot(page.request);

  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: `Aggiungi ${product.name} al carrello` }).click();
  await expect(page.getByRole('banner').getByTestId('header-cart')).toHaveAccessibleName(
    /Carrello: 1 prodotto/,
  );
  await expectAccessible(page, `negozio: il prodotto importato a ${STOCKED.name}`);

  await chooseDriveStore(page.request, OTHER.warehouseId);
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('Prodotto non disponibile')).toBeVisible();
  await expect(page.getByRole('button', { name: `Aggiungi ${product.name} al carrello` })).toHaveCount(0);
  await expectAccessible(page, `negozio: il prodotto importato a ${OTHER.name}`);
}

test('un responsabile del catalogo crea un prodotto dal modulo e poi lo ritira dalla vendita', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Crema di nocciole ${stamp}`;
  await signInToAdmin(page, 'catalogo@spesa.demo');
  await page.getByRole('menuitem', { name: 'Prodotti' }).click();
  await page.getByRole('link', { name: 'Crea' }).click();
  await page.getByRole('textbox', { name: 'Codice' }).fill(`E2E-F-${stamp}`);
  await page.getByRole('textbox', { name: 'EAN' }).fill('4006381333932');
  await page.getByRole('textbox', { name: 'Nome' }).fill(name);
  await page.getByRole('textbox', { name: 'Formato' }).fill('350 g');
  await page.getByRole('combobox', { name: 'Categoria' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('spinbutton', { name: /Prezzo di listino/ }).fill('4.2');
  await page.getByRole('spinbutton', { name: 'Disponibilità' }).fill('12');
  await expectAccessible(page, 'admin: nuovo prodotto');
  await page.getByRole('button', { name: 'Salva' }).click();
  // the import's rule, under its field
  await expect(page.getByText('EAN non valido: la cifra di controllo non corrisponde.')).toBeVisible();
  await page.getByRole('textbox', { name: 'EAN' }).fill('');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByRole('button', { name: 'Ritira dalla vendita' })).toBeVisible();
  await expectAccessible(page, 'admin: prodotto creato');
  const search = async () =>
    (
      (await (await request.get(`/ebsn/api/products?q=${encodeURIComponent(name)}`)).json()) as {
        data: { products: Array<{ name: string }> };
      }
    ).data.products.map((p) => p.name);
  await expect.poll(search, { timeout: 5_000 }).toContain(name);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Ritira dalla vendita' }).click();
  await expect(page.getByRole('button', { name: 'Rimetti in vendita' })).toBeVisible();
  await expect.poll(search, { timeout: 5_000 }).not.toContain(name);
});
