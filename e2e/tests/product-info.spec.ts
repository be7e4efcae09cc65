import { expect, test, type APIRequestContext } from '@playwright/test';
import { settleAndScan } from '../support/shop';

// What Italian and EU law ask of a product page (issue 19): the unit price of the price paid (Directive
// 98/6/EC), a reduction announced with the lowest price of the 30 days before it (Omnibus, decision 031), and
// the food information before the purchase with the allergens emphasised (Regulation EU 1169/2011, decision 033).

interface WireProduct {
  name: string;
  itemUrl: string;
  priceDisplay: number;
  priceStandardDisplay?: number;
  priceUmDisplay?: number;
  priceStandardUmDisplay?: number;
  weightUnitDisplay?: string;
  productInfos: Record<string, string>;
  warehousePromo?: { audience?: string; priorPrice?: number };
  metaData?: {
    product_description?: { ingredients?: string; allergens?: string; nutritional_values?: string };
    product_extra?: { nonFood?: string };
  };
}

const euro = (n: number) => n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });
/** a price as printed, any space (the currency's is a no-break one) matched */
const printed = (n: number) => new RegExp(euro(n).replace(/\s/g, '\\s'));

async function products(request: APIRequestContext, query: string): Promise<WireProduct[]> {
  const answer = await request.get(`/ebsn/api/products?${query}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { products: WireProduct[] } }).data.products;
}

test('un prodotto in offerta: prezzo al kg di quello pagato, prezzo più basso dei 30 giorni, ingredienti con gli allergeni in evidenza', async ({
  page,
  request,
}) => {
  // a packaged food on a promotion for everyone, with its ingredients, allergens and nutrition known
  const promoted = (await products(request, 'promo=true&page_size=500')).find(
    (p) =>
      p.productInfos.TIPOLOGIA !== 'Sfuso' &&
      p.warehousePromo?.audience !== 'card' &&
      p.warehousePromo?.priorPrice !== undefined &&
      (p.priceUmDisplay ?? 0) > 0 &&
      p.metaData?.product_description?.ingredients?.includes('<strong>') &&
      p.metaData.product_description.nutritional_values,
  );
  expect(promoted, 'a promoted food with its food information').toBeDefined();
  const product = promoted!;
  // the unit price is the paid price's: both move in the same proportion as the prices (to the cent)
  const ratio = product.priceDisplay / product.priceStandardDisplay!;
  expect(product.priceUmDisplay! / product.priceStandardUmDisplay!).toBeCloseTo(ratio, 1);

  await page.goto(product.itemUrl);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const price = page.getByTestId('product-price').first();
  await expect(price.locator('.pp-price')).toContainText(printed(product.priceDisplay));
  await expect(price.locator('.pp-list')).toContainText(printed(product.priceStandardDisplay!));
  await expect(price.getByTestId('prior-price')).toHaveText(
    new RegExp(
      `^Prezzo più basso degli ultimi 30 giorni: ${printed(product.warehousePromo!.priorPrice!).source}$`,
    ),
  );
  const perUnit = price.getByTestId('price-per-unit');
  const unit = product.weightUnitDisplay ?? '';
  await expect(perUnit).toContainText(new RegExp(`${printed(product.priceUmDisplay!).source}/${unit}$`));
  await expect(perUnit.locator('s')).toContainText(printed(product.priceStandardUmDisplay!));

  // the food information: each allergen of the ingredients in bold, the nutrition per 100 g as a table
  const section = (title: string) =>
    page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
  await expect(section('Ingredienti').locator('strong').first()).toBeVisible();
  await expect(section('Allergeni')).not.toContainText('Informazione non disponibile');
  const nutrition = section('Valori nutrizionali').getByRole('table');
  await expect(nutrition).toBeVisible();
  expect(await nutrition.getByRole('row').count()).toBeGreaterThanOrEqual(3);
  await settleAndScan(page, 'scheda prodotto in offerta con informazioni alimentari');

  // a food whose label data we do not hold says so, rather than showing nothing or inventing it
  const unknown = (await products(request, 'q=biscotti&page_size=100')).find(
    (p) => !p.metaData?.product_description?.ingredients && p.metaData?.product_extra?.nonFood !== 'true',
  );
  expect(unknown, 'a food without known ingredients').toBeDefined();
  await page.goto(unknown!.itemUrl);
  await expect(section('Ingredienti')).toContainText("Informazione non disponibile: consulta l'etichetta.");
  await settleAndScan(page, 'scheda prodotto senza informazioni alimentari');
});
