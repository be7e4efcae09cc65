import { expect, test } from '@playwright/test';
import { signInToAdmin } from '../support/admin';
import { showOrdersOfDay } from '../support/admin-orders';
import { expectAccessible } from '../support/axe';
import { buyByCard, call, customerWithCart } from '../support/checkout';

// Alternatives and ratings (issue 20, decision 036), one order from the cart to the stars on the card: the
// customer names a preferred substitute, the picker sees it first; after the collection the customer votes
// with a title, customer service approves it, and the product's card shows the new average and count.

interface CartLine {
  product: { productId: number; name: string; slug: string };
  cartItemInfo: Record<string, string>;
}

test('sostituto preferito visto dal preparatore; dopo il ritiro il cliente vota, il servizio clienti approva, la scheda mostra la media', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // a Drive order at Milano Città Studi (the demo picker's store): a piece line open to substitutes, a loose line
  const customer = await customerWithCart(page, 'ratings', { warehouseId: 13, acceptAlternatives: true });
  const cart = await call<{ cartItems: CartLine[] }>(page.request, 'GET', '/cart/view');
  const piece = cart.cartItems.find((l) => l.cartItemInfo.accept_alternatives === 'true')!;
  const loose = cart.cartItems.find((l) => l !== piece)!;

  // the cart: the piece line's preferred substitute, chosen among its alternatives
  await page.goto('/cart');
  await page.getByRole('button', { name: `Scegli il sostituto di ${piece.product.name}` }).click();
  const alternatives = page.getByRole('dialog', { name: `Alternative a ${piece.product.name}` });
  const choose = alternatives.getByRole('button', { name: /^Scegli come sostituto / }).first();
  await expect(choose).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'alternative di un prodotto');
  const label = (await choose.getAttribute('aria-label')) ?? '';
  const substitute = label.replace(/^Scegli come sostituto /, '');
  await choose.click();
  await expect(page.getByText(`Sostituto preferito: ${substitute}`)).toBeVisible();

  const { orderId, day } = await buyByCard(page);

  // the picker: the customer's substitute first in the list, marked; then prepared and collected
  const staff = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  const picker = await staff.newPage();
  await signInToAdmin(picker, 'picker@spesa.demo');
  await picker.getByRole('menuitem', { name: 'Ordini' }).click();
  await showOrdersOfDay(picker, day);
  await picker.getByRole('row', { name: new RegExp(`^${orderId} `) }).click();
  await picker.getByRole('button', { name: 'Inizia la preparazione' }).click();
  await expect(picker.getByText('Preparazione iniziata', { exact: false })).toBeVisible();
  const forms = picker.getByRole('form', { name: /^Preparazione di / });
  const pieceForm = forms.filter({ hasNot: picker.getByLabel(/Peso reale/) });
  const looseForm = forms.filter({ has: picker.getByLabel(/Peso reale/) });
  await pieceForm.getByRole('button', { name: 'Scegli un sostituto' }).click();
  const dialog = picker.getByRole('dialog', { name: /^Sostituto di / });
  const first = dialog.getByRole('list', { name: 'Prodotti sostitutivi' }).getByRole('button').first();
  await expect(first).toContainText(`${substitute} — scelto dal cliente`);
  await expectAccessible(picker, 'admin: sostituti con la scelta del cliente');
  await first.click();
  await pieceForm.getByRole('button', { name: 'Registra' }).click();
  await expect(picker.getByText(`sostituito con ${substitute}`).first()).toBeVisible();
  await looseForm.getByLabel(/Peso reale/).fill('1');
  await looseForm.getByRole('button', { name: 'Registra' }).click();
  await picker.getByRole('button', { name: 'Segna come preparato' }).click();
  await expect(picker.getByRole('heading', { level: 1, name: /Preparato/ })).toBeVisible();
  await picker.getByRole('button', { name: 'Consegnato', exact: true }).click();
  await expect(picker.getByRole('heading', { level: 1, name: /Consegnato/ })).toBeVisible();
  await staff.close();

  // the customer: the collected loose product waits for a vote; four and a half stars with a title
  const before = await call<{ total: number }>(
    page.request,
    'GET',
    `/rank/product/${loose.product.productId}/rating`,
  );
  await page.goto('/profile/ratings');
  await expect(page.getByRole('heading', { level: 1, name: 'Valuta i prodotti' })).toBeVisible();
  await expectAccessible(page, 'valuta i prodotti');
  await page.getByRole('link', { name: `Vota ${loose.product.name}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Le valutazioni dei clienti' })).toBeVisible();
  // by keyboard: the half star's radio focused, Space chooses it
  const stars = page.getByRole('radio', { name: '4,5 stelle' });
  await stars.focus();
  await page.keyboard.press('Space');
  await expect(stars).toBeChecked();
  await page.getByLabel('Titolo (facoltativo)').fill('Buono e <b>fresco</b>');
  await page.getByRole('button', { name: 'Vota' }).click();
  await expect(page.getByText(/La tua recensione è in attesa di approvazione/)).toBeVisible();
  await expectAccessible(page, 'voto in attesa');

  // customer service approves it
  const office = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const moderator = await office.newPage();
  await signInToAdmin(moderator, 'clienti@spesa.demo');
  await moderator.getByRole('menuitem', { name: 'Recensioni' }).click();
  const approve = moderator
    .getByRole('button', { name: `Approva la recensione di ${customer.firstName} su ${loose.product.name}` })
    .first();
  await expect(approve).toBeVisible({ timeout: 20_000 });
  // the review's HTML is shown as text
  await expect(moderator.getByText('Buono e <b>fresco</b>').first()).toBeVisible();
  await expectAccessible(moderator, 'admin: recensioni');
  await approve.click();
  await expect(moderator.getByText(/approvata: ora conta nelle stelle del prodotto/)).toBeVisible();
  await office.close();

  // the product page tells the approved vote; the product's card (desktop, signed in) the average and count
  await page.reload();
  await expect(page.getByText('Hai votato 4,5 su 5.')).toBeVisible();
  const after = await call<{ total: number; avg: number }>(
    page.request,
    'GET',
    `/rank/product/${loose.product.productId}/rating`,
  );
  expect(after.total).toBe(before.total + 1);
  const avg = after.avg.toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  await page.setViewportSize({ width: 1366, height: 900 });
  // a listing shows the new vote within the read cache's lifetime (decision 036; the journeys' server keeps
  // answers 20 s, support/serve.mjs): the product's card, read again until it does
  const badge = page.getByRole('img', { name: `Valutazione ${avg} su 5, ${after.total} voti` }).first();
  await expect(async () => {
    await page.goto(`/search?q=${encodeURIComponent(loose.product.name)}`);
    await expect(badge).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000, 5_000] });
});
