import { expect, test } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn, DEMO_CUSTOMERS } from '../support/account';
import { expectAccessible } from '../support/axe';

// Shopping lists (issue 20, decision 035): the heart makes a new list, the list goes into the cart at once,
// and a list shared read-only is seen, not changed, by the other customer.

test('il cuore crea una lista, la lista va tutta nel carrello; condivisa in sola lettura, l’altro cliente la vede', async ({
  page,
  browser,
  request,
}) => {
  const customer = await registerConfirmedCustomer(request, 'lists');
  const found = (await (await request.get('/ebsn/api/products?q=biscotti&page_size=20')).json()) as {
    data: { products: Array<{ name: string; itemUrl: string; available: number }> };
  };
  const product = found.data.products.find((p) => p.available > 0)!;
  const listName = `Merenda ${Date.now() % 100000}`;

  await openSignedIn(page, customer, product.itemUrl);
  await page
    .getByRole('button', { name: `Aggiungi a una lista: ${product.name}` })
    .first()
    .click();
  const selector = page.getByRole('dialog', { name: 'Aggiungi a una lista' });
  await expect(selector).toBeVisible();
  await expectAccessible(page, 'selettore della lista');
  await selector.getByLabel('Nome della nuova lista').fill(listName);
  await selector.getByRole('button', { name: 'Crea' }).click();
  await expect(page.getByText('Prodotto aggiunto alla lista').first()).toBeVisible();

  await page.goto('/profile/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Le mie liste' })).toBeVisible();
  await expectAccessible(page, 'le mie liste');
  await page.getByRole('link', { name: listName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(page.getByText(product.name).first()).toBeVisible();
  await expectAccessible(page, 'una lista');
  await page.getByRole('button', { name: 'Aggiungi tutto al carrello' }).click();
  await expect(page.getByText('I prodotti della lista sono nel carrello.')).toBeVisible();

  // shared read-only with Mario Rossi (a demo customer)
  await page.getByLabel('E-mail del cliente').fill('mario.rossi@spesa.demo');
  await page.getByRole('button', { name: 'Condividi' }).click();
  await expect(page.getByRole('button', { name: /Revoca la condivisione con Mario/ })).toBeVisible();

  const other = await browser.newContext();
  const mario = await other.newPage();
  await openSignedIn(mario, DEMO_CUSTOMERS.mario);
  await mario.goto('/profile/lists');
  await mario.getByRole('link', { name: listName }).first().click();
  await expect(mario.getByRole('heading', { level: 1, name: listName })).toBeVisible({ timeout: 20_000 });
  await expect(
    mario.getByText('Puoi vedere questa lista e metterla nel carrello, ma non modificarla.'),
  ).toBeVisible();
  await expect(mario.getByRole('button', { name: /Rimuovi .* dalla lista/ })).toHaveCount(0);
  await expect(mario.getByRole('button', { name: 'Aggiungi tutto al carrello' })).toBeVisible();
  await expectAccessible(mario, 'una lista condivisa in sola lettura');
  await other.close();
});
