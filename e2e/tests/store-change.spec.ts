import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn } from '../support/account';
import { expectAccessible } from '../support/axe';
import { bookFirstSlot, call, chooseDriveStore } from '../support/checkout';

// A change of store (decision 095): the cart filled at Como Camerlata (warehouse 2, the chain's list prices)
// moves by the address selector to Spesa Milano Navigli (14, the "Listino centri città"): one product the new
// store does not sell, one priced differently there. The shop reports both, offers alternatives to add, and
// the cart's totals are the new store's.

const FROM = 2;
const TO = 14;
const TO_NAME = 'Spesa Milano Navigli';
const REPORT = 'Il carrello nel negozio scelto';

interface ListedProduct {
  productId: number;
  name: string;
  price: number;
  available: number;
  maxAcq?: number;
  productInfos: Record<string, string>;
  selectOptions: unknown[];
  warehousePromo?: unknown;
}

const euro = (amount: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(amount);

/** A plain piece product without a promotion: its price is the store's list price. */
const plain = (p: ListedProduct) =>
  p.selectOptions.length === 0 &&
  p.maxAcq === undefined &&
  !p.warehousePromo &&
  p.productInfos.TIPOLOGIA === 'Pezzo' &&
  (p.productInfos.QTY_MULT ?? '1') === '1' &&
  (p.productInfos.MINACQ ?? '1') === '1';

/**
 * From the seed (apps/api/src/db/seed/store-stock.ts), through the API: in one shelf, a product in stock at
 * Como Camerlata that Milano Navigli does not hold (each store misses about one product in sixteen), and one
 * both hold whose list price differs at Milano Navigli (the city list prices a quarter of the products 7 % up).
 */
async function productsOfTheChange(
  request: APIRequestContext,
): Promise<{ missing: ListedProduct; repriced: ListedProduct; repricedAtTo: ListedProduct }> {
  const tree = await call<{
    categories: Array<{ categoryId: number; categories?: Array<{ categoryId: number }> }>;
  }>(request, 'GET', '/category');
  for (const c of tree.categories.flatMap((d) => d.categories ?? [d])) {
    const at = async (warehouseId: number) =>
      (
        await call<{ products: ListedProduct[] }>(
          request,
          'GET',
          `/products?parent_category_id=${c.categoryId}&page_size=100&warehouse_id=${warehouseId}`,
        )
      ).products;
    const [before, after] = [await at(FROM), new Map((await at(TO)).map((p) => [p.productId, p]))];
    const missing = before.find(
      (p) => plain(p) && p.available >= 10 && !(after.get(p.productId)?.available ?? 0),
    );
    const repriced = before.find((p) => {
      const there = after.get(p.productId);
      return plain(p) && p.available >= 10 && !!there && there.available >= 10 && there.price !== p.price;
    });
    // the shelf of the missing product must have others at the new store: its alternatives
    const others = [...after.values()].filter((p) => p.available > 0 && p.productId !== missing?.productId);
    if (missing && repriced && others.length >= 3)
      return { missing, repriced, repricedAtTo: after.get(repriced.productId)! };
  }
  throw new Error('no shelf with a product missing at Milano Navigli and one priced differently there');
}

/** The slot picker the chain may open after the store (the slot of the old store is not the new one's). */
async function bookASlotIfAsked(page: Page, report: Locator): Promise<void> {
  const picker = page.getByRole('dialog', { name: 'Scegli la fascia oraria' });
  await expect(picker.or(report)).toBeVisible();
  if (!(await picker.isVisible())) return;
  await expect(picker.getByRole('progressbar')).toHaveCount(0);
  await picker.locator('[role="radio"][aria-checked="false"]:not([aria-disabled="true"])').first().click();
  await expect(picker).toBeHidden();
}

test('cambio di negozio: il carrello ripreso con prezzi e disponibilità del nuovo negozio, con le alternative', async ({
  page,
}, testInfo) => {
  const { email, password, firstName } = await registerConfirmedCustomer(page.request, 'store-change');
  await openSignedIn(page, { email, password, firstName });

  // the cart at Como Camerlata: 2 of the product Milano Navigli does not sell, 3 of the one it prices differently
  const { missing, repriced, repricedAtTo } = await productsOfTheChange(page.request);
  await chooseDriveStore(page.request, FROM);
  await bookFirstSlot(page.request);
  await call(page.request, 'POST', '/cart/add', {
    items: [
      { productId: missing.productId, quantity: 2 },
      { productId: repriced.productId, quantity: 3 },
    ],
  });
  await page.reload();

  // the customer changes store by the address selector
  await page
    .getByRole('banner')
    .getByRole('group', { name: 'Come ricevi la spesa' })
    .getByRole('button')
    .first()
    .click();
  const selector = page.getByRole('dialog', { name: 'Scegli come ricevere la spesa' });
  await selector.getByRole('tab', { name: 'Ritiro in negozio' }).click();
  await expect(selector.locator('[aria-busy="true"]')).toHaveCount(0);
  await selector.getByRole('searchbox', { name: 'Cerca per nome, via o città' }).fill('Navigli');
  await selector.getByRole('radio', { name: new RegExp(TO_NAME) }).click();

  const report = page.getByRole('dialog', { name: REPORT });
  await bookASlotIfAsked(page, report);
  await expect(report).toBeVisible();
  await expect(report).toContainText(`Ora la spesa è preparata da ${TO_NAME}`);

  const unavailable = report.getByRole('region', { name: '1 prodotto non è disponibile nel negozio scelto' });
  await expect(unavailable).toContainText(missing.name);
  const alternatives = unavailable.getByRole('list', { name: `Alternative a ${missing.name}` });
  await expect(alternatives.getByRole('listitem').first()).toBeVisible();
  const repricedSection = report.getByRole('region', {
    name: 'Il prezzo di 1 prodotto è diverso nel negozio scelto',
  });
  await expect(repricedSection).toContainText(repriced.name);
  await expect(repricedSection).toContainText(
    `Prima ${euro(repriced.price)}, ora ${euro(repricedAtTo.price)}`,
  );
  // the news is told once, in the report: no toast repeats it
  await expect(page.getByText(/non è disponibile nel negozio scelto: ti proponiamo/)).toHaveCount(0);

  // looked at on a desktop and on a phone, with the report open
  await expectAccessible(page, 'resoconto del cambio di negozio (1366 px)');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('store-change-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(report.getByRole('button', { name: 'Ho capito' })).toBeInViewport();
  await expectAccessible(page, 'resoconto del cambio di negozio (390 px)');
  await page.screenshot({ path: testInfo.outputPath('store-change-390.png') });
  await page.setViewportSize({ width: 1366, height: 900 });

  // an alternative goes into the cart, keyboard only, and the dialog says so
  const add = alternatives.getByRole('button', { name: /^Aggiungi al carrello / }).first();
  const chosenName = (await add.getAttribute('aria-label'))!.replace(/^Aggiungi al carrello /, '');
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(report.getByRole('status')).toHaveText(`Aggiunto al carrello: ${chosenName}`);
  await expect(
    alternatives.getByRole('button', { name: `${chosenName} aggiunto al carrello` }),
  ).toBeFocused();

  // the cart is now the new store's: its prices, the missing line left out of the totals
  await report.getByRole('button', { name: 'Vedi il carrello' }).click();
  await expect(report).toBeHidden();
  const drawer = page.getByRole('dialog', { name: /Il tuo carrello/ });
  await expect(drawer).toBeVisible();
  const lines = drawer.getByTestId('cart-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.filter({ hasText: missing.name })).toContainText('Non disponibile');
  await expect(lines.filter({ hasText: repriced.name })).toContainText(euro(repricedAtTo.price));

  const cart = await call<{
    warehouse: { warehouseId: number };
    cartItems: Array<{ product: { productId: number; name: string }; quantity: number; available: boolean }>;
    totalPriceStandard: number;
  }>(page.request, 'GET', '/cart/view');
  expect(cart.warehouse.warehouseId).toBe(TO);
  const chosen = cart.cartItems.find((i) => i.product.name === chosenName);
  expect(chosen, 'the alternative added').toBeDefined();
  // a product id alone answers that product, priced at the store asked for
  const chosenAtTo = await call<ListedProduct>(
    page.request,
    'GET',
    `/products?product_id=${chosen!.product.productId}&warehouse_id=${TO}`,
  );
  const chosenPrice = chosenAtTo.price;
  // list prices at Milano Navigli: 3 of the repriced product and the alternative; the missing one not counted
  const expected = Math.round((3 * repricedAtTo.price + chosen!.quantity * chosenPrice) * 100) / 100;
  expect(cart.totalPriceStandard).toBeCloseTo(expected, 2);
  const subtotal = drawer.getByTestId('cart-summary').locator('div').filter({ hasText: 'Totale prodotti' });
  await expect(subtotal.locator('dd')).toHaveText(euro(expected));
});
