import { expect, test } from '@playwright/test';
import { signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';

// "Listini" in the back office (decision 099): the catalogue manager makes a price list, gives a store that list,
// sets a product's price in it, and the shop shows that price at that store and the chain's price elsewhere.

interface Overview {
  data: {
    data: {
      lists: Array<{ id: number; code: string; name: string; storeIds: number[] }>;
      stores: Array<{ storeId: number; name: string; priceListId: number | null }>;
    };
  };
}

test('il responsabile del catalogo crea un listino, lo assegna a un negozio e ne cambia un prezzo visto nel negozio', async ({
  page,
}) => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const name = `Listino prova ${code}`;
  await signInToAdmin(page, 'catalogo@spesa.demo');
  await page.getByRole('menuitem', { name: 'Listini' }).click();
  await expect(page.getByRole('heading', { name: 'Listini', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Codice' }).fill(code);
  await page.getByRole('textbox', { name: 'Nome' }).fill(name);
  await page.getByRole('button', { name: 'Crea listino' }).click();
  await expect(page.getByText('Listino creato.')).toBeVisible();
  const listsTable = page.getByRole('region', { name: 'Listini della catena' });
  await expect(listsTable.getByRole('row').filter({ hasText: code })).toContainText(name);

  // a store on the chain's list, and another one to compare
  const overview = (await (await page.request.get('/ebsn/api/admin/price-lists')).json()) as Overview;
  const [store, other] = overview.data.data.stores.filter((s) => s.priceListId === null);
  expect(store && other).toBeTruthy();
  await page.getByRole('combobox', { name: `Listino di ${store!.name}` }).click();
  await page.getByRole('option', { name }).click();
  await expect(page.getByText(`${store!.name} ora vende al ${name}.`)).toBeVisible();
  await expect(listsTable.getByRole('row').filter({ hasText: code })).toContainText(store!.name);

  // a product the store sells, found by its code
  let product: { productId: number; name: string } | undefined;
  for (const q of ['latte', 'pasta', 'acqua', 'mela']) {
    const listing = await page.request.get(
      `/ebsn/api/products?page_size=1&warehouse_id=${store!.storeId}&q=${q}`,
    );
    product ??= (
      (await listing.json()) as { data: { products?: Array<{ productId: number; name: string }> } }
    ).data.products?.[0];
  }
  expect(product).toBeDefined();
  const detail = await page.request.get(`/ebsn/api/admin/products/${product!.productId}`);
  const productCode = ((await detail.json()) as { data: { data: { codInt: string } } }).data.data.codInt;

  await page.getByRole('button', { name: `Prezzi del listino ${name}` }).click();
  await expect(page.getByText('Nessun prodotto ha un prezzo in questo listino')).toBeVisible();
  await page.getByRole('textbox', { name: 'Codice, EAN o nome del prodotto' }).fill(productCode);
  await page.getByRole('button', { name: 'Cerca' }).click();
  await page.getByRole('button', { name: `Imposta prezzo: ${product!.name}` }).click();
  await page.getByRole('textbox', { name: 'Prezzo (€)' }).fill('0');
  await page.getByRole('button', { name: 'Salva prezzo' }).click();
  await expect(page.getByRole('alert')).toContainText('maggiore di zero');
  await page.getByRole('textbox', { name: 'Prezzo (€)' }).fill('9,87');
  await page.getByRole('button', { name: 'Salva prezzo' }).click();
  await expect(page.getByText('Prezzo salvato')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: productCode })).toContainText('9,87');
  await expectAccessible(page, 'admin: listini');

  const priceAt = async (warehouseId: number) => {
    const res = await page.request.get(
      `/ebsn/api/products?product_id=${product!.productId}&warehouse_id=${warehouseId}`,
    );
    return ((await res.json()) as { data: { price: number } }).data.price;
  };
  // each process's catalogue cache follows the catalogue version within a second (decision 026)
  await expect.poll(() => priceAt(store!.storeId)).toBe(9.87);
  expect(await priceAt(other!.storeId)).not.toBe(9.87);

  // the store back on the chain's list, as the other journeys expect it
  await page.getByRole('combobox', { name: `Listino di ${store!.name}` }).click();
  await page.getByRole('option', { name: 'Listino della catena (predefinito)' }).click();
  await expect(
    page.getByText(`${store!.name} ora vende al Listino della catena (predefinito).`),
  ).toBeVisible();
  await expect.poll(() => priceAt(store!.storeId)).not.toBe(9.87);
});
