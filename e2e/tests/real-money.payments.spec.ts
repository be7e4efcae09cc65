import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/started-servers';
import { openInBackOffice, prepareWeighed, refundInBackOffice } from '../support/admin-orders';
import { expectAccessible } from '../support/axe';
import { acceptAndConfirm, call, customerWithCart, orderIdOf } from '../support/checkout';
import { settleAndScan } from '../support/shop';

// Real money through the providers' stand-ins (issue 49, decisions 080-086): this project's server takes cards
// through the Stripe stand-in and the payment app (type 24) through the Satispay stand-in, over real HTTP; the
// browser visits their hosted pages as it would visit Stripe's Checkout and Satispay's web page.

/** "12,34 €" (no-break spaces and all) as cents */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

/** The amount a movement line of the customer's order page shows ("Importo bloccato: 12,34 € – 3 dic 2026, 10:00"). */
async function movementCents(movements: Locator, label: string): Promise<number> {
  const line = movements.getByRole('listitem').filter({ hasText: new RegExp(`^${label}:`) });
  await expect(line).toHaveCount(1);
  const amount = /:\s*([\d.]+,\d\d)\s/.exec((await line.textContent()) ?? '')?.[1];
  expect(amount, `${label}: an amount`).toBeDefined();
  return cents(amount!);
}

async function openOrderPage(page: Page, orderId: number) {
  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Ordine ${orderId}` })).toBeVisible();
}

/** The order's slot day (where the back office lists it). */
async function slotDayOf(page: Page, orderId: number): Promise<string> {
  const ordered = await call<{ data: { timeslot: { date: string } } }>(
    page.request,
    'GET',
    `/order/view?order_id=${orderId}`,
  );
  return ordered.data.timeslot.date;
}

test('carta su Stripe con 3-D Secure: il peso reale è minore, si addebita meno di quanto bloccato e il cliente vede entrambi', async ({
  page,
  browser,
}) => {
  // a Drive order at Milano Città Studi (the demo picker's store): 3 pieces and 1 kg of a weighed product
  await customerWithCart(page, 'stripe', { warehouseId: 13 });
  await page.goto('/checkout');
  const card = page.getByRole('radio', { name: /Carta di credito/ });
  await expect(card).toBeChecked({ timeout: 30_000 });
  await expectAccessible(page, 'cassa con Stripe');
  await acceptAndConfirm(page);

  // Stripe's Checkout page (the stand-in's): a card whose bank asks for 3-D Secure
  await expect(page.getByRole('heading', { name: /^Pay / })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Card').selectOption('pm_card_threeDSecure2Required');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: /^3D Secure/ })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  await settleAndScan(page, 'ordine pagato con Stripe');
  const orderId = orderIdOf(page);

  await openOrderPage(page, orderId);
  const movements = page.getByRole('region', { name: 'Movimenti del pagamento' });
  const held = await movementCents(movements, 'Importo bloccato');
  expect(held).toBeGreaterThan(0);

  // the picker weighs 0,8 kg for the 1 kg ordered: the capture at 'prepared' takes less than the hold
  const { office, staff } = await openInBackOffice(
    browser,
    'picker@spesa.demo',
    orderId,
    await slotDayOf(page, orderId),
  );
  await prepareWeighed(staff, '0,8', 'admin: preparazione di un ordine pagato con un fornitore');
  await expect(staff.getByRole('heading', { level: 1, name: /Preparato/ })).toBeVisible();
  await office.close();

  await openOrderPage(page, orderId);
  await expect(page.getByText('Preparato').first()).toBeVisible();
  await expect(movements.getByRole('listitem').filter({ hasText: /^Addebitato:/ })).toHaveCount(1);
  expect(await movementCents(movements, 'Importo bloccato')).toBe(held);
  const taken = await movementCents(movements, 'Addebitato');
  expect(taken).toBeGreaterThan(0);
  expect(taken).toBeLessThan(held);
  // what the hold kept beyond the capture went back to the card at once
  expect(await movementCents(movements, 'Restituito')).toBe(held - taken);
  await expect(page.getByRole('region', { name: 'Prodotti' }).getByText('0,8 kg')).toBeVisible();
  await settleAndScan(page, 'ordine pagato con Stripe e preparato');
});

test('Satispay: autorizzato nell’app, preparato e consegnato; il servizio clienti rimborsa una parte e il cliente la vede', async ({
  page,
  browser,
}) => {
  await customerWithCart(page, 'satispay', { warehouseId: 13 });
  await page.goto('/checkout');
  const app = page.getByRole('radio', { name: /App di pagamento/ });
  await expect(app).toBeVisible({ timeout: 30_000 });
  await app.check();
  await acceptAndConfirm(page);

  // Satispay's page (the stand-in's): the customer authorises the amount in the app
  await expect(page.getByRole('heading', { name: /^Autorizza .* con Satispay$/ })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Conferma il pagamento' }).click();
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  const orderId = orderIdOf(page);
  const day = await slotDayOf(page, orderId);

  // picked as ordered, then collected at the Drive
  const picking = await openInBackOffice(browser, 'picker@spesa.demo', orderId, day);
  await prepareWeighed(picking.staff, '1', 'admin: preparazione di un ordine pagato con un fornitore');
  await picking.staff.getByRole('button', { name: 'Consegnato', exact: true }).click();
  await expect(picking.staff.getByRole('heading', { level: 1, name: /Consegnato/ })).toBeVisible();
  await picking.office.close();

  await openOrderPage(page, orderId);
  const movements = page.getByRole('region', { name: 'Movimenti del pagamento' });
  const taken = await movementCents(movements, 'Addebitato');
  expect(taken).toBeGreaterThan(150);

  // customer service gives 1,50 € back with a reason
  const care = await openInBackOffice(browser, 'clienti@spesa.demo', orderId, day);
  const cs = care.staff;
  await refundInBackOffice(cs, '1,50', 'Uova rotte alla consegna', 'admin: rimborso');
  await expectAccessible(cs, 'admin: pagamento dopo il rimborso');
  await care.office.close();

  await openOrderPage(page, orderId);
  await expect(page.getByText('Consegnato').first()).toBeVisible();
  expect(await movementCents(movements, 'Addebitato')).toBe(taken);
  // the refund beside what the capture left of the hold (the fund lock's rest, given back at 'prepared')
  await expect(movements.getByRole('listitem').filter({ hasText: /^Restituito:\s1,50\s€/ })).toHaveCount(1);
  await settleAndScan(page, 'ordine Satispay rimborsato in parte');
});
