import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInToAdmin } from '../support/admin';
import { showOrdersOfDay } from '../support/admin-orders';
import { expectAccessible } from '../support/axe';
import {
  CARDS,
  acceptAndConfirm,
  call,
  customerWithCart,
  orderIdOf,
  payOnSandbox,
} from '../support/checkout';

// Meal vouchers (issue 22, decision 047): the customer declares 8 electronic vouchers of 8 € at checkout, sees
// what they cover, their service cost and the card's pre-authorisation, pays the rest by card; the picker sees
// the vouchers to collect at pickup.

test('paga con i buoni pasto e la carta; il preparatore vede i buoni da ritirare', async ({
  page,
  browser,
}) => {
  // a Drive order at Milano Città Studi (the demo picker's store), filled with food over 100 €
  await customerWithCart(page, 'buonipasto', { warehouseId: 13 });
  await addFoodUpTo(page.request, 110);

  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Carta di credito/ })).toBeChecked({ timeout: 30_000 });
  const section = page.getByRole('region', { name: 'Buoni pasto' });
  // keyboard: Space ticks the section, Tab moves to the count
  const use = section.getByRole('checkbox', { name: /Pago una parte con i buoni pasto/ });
  await use.focus();
  await page.keyboard.press('Space');
  await expect(use).toBeChecked();
  await page.keyboard.press('Tab');
  const count = section.getByRole('textbox', { name: 'Numero di buoni' });
  await expect(count).toBeFocused();
  await page.keyboard.type('9');
  await expect(section.getByText('Puoi usare al massimo 8 buoni pasto per ordine.')).toBeVisible();
  await count.fill('8');
  await section.getByRole('textbox', { name: 'Valore di un buono' }).fill('8');
  await expect(section.getByRole('radio', { name: /Illimitati/ })).toBeChecked();
  await expect(section).toContainText('Coperto dai buoni pasto64,00 €');
  await expect(section).toContainText('Costo del servizio (4,2%)2,69 €');
  const summary = page.getByRole('complementary', { name: 'Riepilogo' });
  await expect(summary).toContainText('Costo servizio buoni pasto2,69 €');
  await expect(summary).toContainText('Pagato con i buoni pasto-64,00 €');
  await expectAccessible(page, 'cassa con i buoni pasto');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'cassa con i buoni pasto (telefono)');
  await page.setViewportSize({ width: 1366, height: 900 });

  await acceptAndConfirm(page);
  await payOnSandbox(page, CARDS.success);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  const orderId = orderIdOf(page);
  const ordered = await call<{
    data: { timeslot: { date: string }; mealVouchers: { amount: number; serviceCost: number } | null };
  }>(page.request, 'GET', `/order/view?order_id=${orderId}`);
  expect(ordered.data.mealVouchers).toMatchObject({ amount: 64, serviceCost: 2.69 });

  const tablet = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const staffPage = await tablet.newPage();
  await signInToAdmin(staffPage, 'picker@spesa.demo');
  await staffPage.getByRole('menuitem', { name: 'Ordini' }).click();
  await showOrdersOfDay(staffPage, ordered.data.timeslot.date);
  const row = staffPage.getByRole('row', { name: new RegExp(`^${orderId} `) });
  await row.click();
  await expect(
    staffPage.getByRole('heading', { level: 1, name: new RegExp(`Ordine n. ${orderId}`) }),
  ).toBeVisible();
  await expect(
    staffPage.getByText('Buoni pasto da ritirare al ritiro: 8 illimitati da 8,00 € (64,00 €)', {
      exact: false,
    }),
  ).toBeVisible();
  await expectAccessible(staffPage, 'admin: ordine con buoni pasto');
  await tablet.close();
});

/** Adds piece products of the cheese and cured meat department (food) until the cart's goods reach `euros`. */
async function addFoodUpTo(request: APIRequestContext, euros: number): Promise<void> {
  const list = await call<{
    products: Array<{
      productId: number;
      available: number;
      price: number;
      maxAcq?: number;
      selectOptions: unknown[];
      productInfos: Record<string, string>;
    }>;
  }>(
    request,
    'GET',
    // at the cart's store: each store has its own stock (decision 095)
    `/products?parent_category_id=40000&page_size=100&warehouse_id=${
      (await call<{ warehouse: { warehouseId: number } }>(request, 'GET', '/cart/view')).warehouse.warehouseId
    }`,
  );
  for (const p of list.products) {
    const cart = await call<{ totalPrice: number }>(request, 'GET', '/cart/view');
    if (cart.totalPrice >= euros) return;
    const info = p.productInfos;
    if (p.selectOptions.length > 0 || p.maxAcq !== undefined || info.TIPOLOGIA !== 'Pezzo') continue;
    if ((info.QTY_MULT ?? '1') !== '1' || (info.MINACQ ?? '1') !== '1' || p.available < 3) continue;
    const quantity = Math.min(p.available - 2, Math.ceil((euros - cart.totalPrice) / p.price), 10);
    await call(request, 'POST', '/cart/add', { items: [{ productId: p.productId, quantity }] });
  }
  const cart = await call<{ totalPrice: number }>(request, 'GET', '/cart/view');
  expect(cart.totalPrice, 'food enough in the seed').toBeGreaterThanOrEqual(euros);
}
