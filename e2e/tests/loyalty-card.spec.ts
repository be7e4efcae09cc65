import { expect, test, type Page } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn, DEMO_CUSTOMERS } from '../support/account';
import { signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { call, fillCart } from '../support/checkout';

// The loyalty card and the premium card (issue 21, decision 038): a customer links a card the chain issued,
// shows its barcode at the till, becomes premium with a digital card and reads the reserved area; a customer
// the chain excluded reads that access is not available; customer service sees it in the back office.

/** spare fidelity cards of "Ferrari" (seed/accounts.ts), one per attempt: a retry never meets a linked card */
const SPARE_CARDS = ['2600000001045', '2600000001052', '2600000001069', '2600000001076'];

const barcodeDrawn = async (page: Page) => {
  const barcode = page.getByTestId('card-barcode');
  await expect(barcode).toBeVisible();
  await expect.poll(() => barcode.locator('rect').count()).toBeGreaterThan(10);
};

test('una cliente collega la sua carta, mostra il codice a barre e diventa Premium con la carta digitale', async ({
  page,
  request,
}) => {
  const customer = await registerConfirmedCustomer(request, 'card');
  const cardNumber = SPARE_CARDS[test.info().retry % SPARE_CARDS.length]!;

  await openSignedIn(page, customer);
  await page.goto('/profile');
  await page
    .getByRole('navigation', { name: 'Area clienti' })
    .getByRole('link', { name: 'La mia carta' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'La mia carta' })).toBeVisible();
  await expectAccessible(page, 'la mia carta: collega la carta');

  // a wrong surname is refused without telling whether the card exists
  await page.getByRole('textbox', { name: /Numero della carta/ }).fill(cardNumber);
  await expect(page.getByText('Numero di una Carta fedeltà.')).toBeVisible();
  await page.getByRole('textbox', { name: /Cognome dell'intestatario/ }).fill('Ferraris');
  await page.getByRole('button', { name: 'Collega la carta' }).click();
  await expect(page.getByRole('alert')).toContainText('Non troviamo una carta con questo numero');
  await page.getByRole('textbox', { name: /Cognome dell'intestatario/ }).fill('ferrari');
  await page.getByRole('button', { name: 'Collega la carta' }).click();

  const card = page.getByRole('region', { name: 'Carta fedeltà' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('card-number')).toHaveText(
    cardNumber.replace(/^(\d{4})(\d{4})(\d{4})(\d)$/, '$1 $2 $3 $4'),
  );
  await barcodeDrawn(page);
  await expect(card.getByRole('img', { name: /Codice a barre della carta numero/ })).toBeVisible();
  await expectAccessible(page, 'la mia carta');

  await page.getByRole('link', { name: 'Scopri la Carta Premium' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carta Premium' })).toBeVisible();
  await expect(page.getByTestId('premium-perks')).toContainText('da 5,90 € a 8,50 €');
  await expectAccessible(page, 'carta premium: diventa premium');
  const become = page.getByRole('region', { name: 'Diventa Premium' });
  await become.getByRole('radio', { name: /Carta digitale/ }).check();
  await become.getByRole('button', { name: 'Diventa Premium' }).click();
  await expect(page.getByText('Benvenuto in Premium: la tua carta digitale è già attiva.')).toBeVisible();
  const reserved = page.getByRole('region', { name: 'La tua area riservata' });
  await expect(reserved.getByTestId('free-deliveries')).toHaveText('2 di 2');
  await expectAccessible(page, 'carta premium: area riservata');

  // a home delivery (its store's stock, decision 095): one of the two free deliveries applies at the checkout
  await fillCart(page, { home: true });
  const store = (await call<{ warehouse: { warehouseId: number } }>(page.request, 'GET', '/cart/view'))
    .warehouse.warehouseId;
  const pastas = await call<{ products: Array<{ name: string; available: number }> }>(
    page.request,
    'GET',
    `/products?q=pasta&page_size=5&warehouse_id=${store}`,
  );
  const inStock = pastas.products.find((p) => p.available >= 5);
  expect(inStock, 'a pasta in stock at the store').toBeDefined();
  // the 20 % product (decision 043): searched in the catalogue, chosen with the keyboard
  const pick = page.getByRole('region', { name: 'Il tuo prodotto scontato del 20%' });
  await expect(pick).toContainText('Non hai ancora scelto il prodotto.');
  await pick.getByRole('searchbox', { name: 'Cerca il prodotto da scontare' }).fill('pasta');
  const choose = pick
    .getByRole('list', { name: 'Risultati della ricerca' })
    .getByRole('button', { name: `Scegli ${inStock!.name} come prodotto scontato`, exact: true })
    .first();
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect(pick.getByText(/ti costa il 20% in meno, lo sconto si vede al checkout/)).toBeVisible();
  await expect(pick.getByTestId('premium-product-current')).toBeVisible();
  await expect(pick).toContainText('Puoi cambiarlo una volta al mese: dal ');
  await expectAccessible(page, 'carta premium: prodotto scontato');

  await reserved.getByRole('link', { name: 'Mostra la carta alla cassa' }).click();
  const premiumCard = page.getByRole('region', { name: 'Carta Premium' });
  await expect(premiumCard.getByTestId('card-number')).toHaveText(/^27/);
  await barcodeDrawn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'la mia carta premium (telefono)');
  await page.goto('/profile/premium');
  await expect(page.getByRole('region', { name: 'La tua area riservata' })).toBeVisible();
  await expectAccessible(page, 'carta premium (telefono)');

  // the chosen product: 20 % off its line at the checkout
  const chosen = await call<{ product: { productId: number } | null }>(
    page.request,
    'GET',
    '/loyalty/premium/product',
  );
  await call(page.request, 'POST', '/cart/add', {
    items: [{ productId: chosen.product?.productId, quantity: 1 }],
  });
  await page.goto('/checkout');
  const summary = page.getByRole('complementary', { name: 'Riepilogo' });
  await expect(summary).toContainText('ConsegnaGratis con la Carta Premium');
  await expect(summary).toContainText('Sconto Carta Premium (20%)');
  await expect(page.getByTestId('premium-product-line')).toContainText('Prodotto Premium: -20%');
  await expectAccessible(page, 'cassa con la consegna gratuita Premium (telefono)');
});

test('a una cliente esclusa la Carta Premium risponde "Accesso non disponibile"; il servizio clienti lo vede', async ({
  page,
  browser,
}) => {
  await openSignedIn(page, DEMO_CUSTOMERS.anna);
  await page.goto('/profile/premium');
  await expect(page.getByTestId('premium-excluded')).toContainText(
    'Accesso non disponibile: contatta il servizio clienti.',
  );
  await expect(page.getByRole('button', { name: 'Diventa Premium' })).toHaveCount(0);
  await expectAccessible(page, 'carta premium: accesso non disponibile');

  const office = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const cs = await office.newPage();
  await signInToAdmin(cs, 'clienti@spesa.demo');
  await cs.getByRole('menuitem', { name: 'Clienti' }).click();
  await cs.getByPlaceholder('Nome, e-mail, carta, telefono o codice fiscale').fill('anna.verdi@spesa.demo');
  await expect(cs.locator('tbody tr')).toHaveCount(1);
  await cs.locator('tbody tr').filter({ hasText: 'anna.verdi@spesa.demo' }).click();
  const panel = cs.getByRole('region', { name: 'Carta fedeltà e Premium' });
  await expect(panel.getByTestId('admin-exclusion')).toContainText('Verifica in corso');
  await expect(panel.getByRole('button', { name: "Togli l'esclusione" })).toBeVisible();
  await expectAccessible(cs, 'admin: carta del cliente');
  await office.close();
});
