import { expect, test } from '@playwright/test';
import { registerConfirmedCustomer } from '../support/account';
import { KeyboardOnly } from '../support/keyboard';

// The whole purchase with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11; decision 069): the cookie
// banner, sign-in, a search, "Aggiungi" with the Drive store and a slot chosen on the way, the cart, the
// checkout paid on delivery. Every control passed shows a focus ring a customer can see (3:1 against what is
// behind it, not cut off, not hidden under the banner or the header), the focus never falls back to the page
// after an action, and the whole purchase takes at most 150 keys.

const KEY_BUDGET = 150;

test('acquisto completo con la sola tastiera: anello di focus visibile e al massimo 150 tasti', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const customer = await registerConfirmedCustomer(page.request, 'tastiera');
  const keys = new KeyboardOnly(page);
  const header = page.getByRole('banner');
  const focused = page.locator(':focus');

  // a first visit: the cookie banner comes first in the tab order, and the choice leaves the focus in the page
  await page.goto('/');
  await expect(header.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Rispettiamo la tua privacy' });
  await keys.tabTo(banner.getByRole('button', { name: 'Accetta tutti' }), 4);
  await keys.press('Enter');
  await expect(banner).toBeHidden();
  await expect(page.getByRole('link', { name: 'Vai al contenuto principale' })).toBeFocused();

  // sign-in from the header's button: the focus comes back to the header's account button
  await keys.tabTo(header.getByRole('button', { name: 'Accedi', exact: true }), 10);
  await keys.press('Enter');
  const login = page.getByRole('dialog', { name: 'Accedi' });
  const email = login.getByRole('textbox', { name: /E-mail o numero di carta/ });
  await expect(email).toBeVisible();
  if (!(await email.evaluate((el) => el === document.activeElement))) await keys.tabTo(email, 4);
  await keys.type(customer.email);
  await keys.tabTo(login.getByLabel(/^Password/), 3);
  await keys.type(customer.password);
  await keys.press('Enter');
  await expect(login).toBeHidden({ timeout: 20_000 });
  const account = header.getByRole('button', { name: `Ciao, ${customer.firstName}` });
  await expect(account).toBeFocused();
  await keys.check('after sign-in');

  // a search: the focus moves to the results' heading, the products come before the filters' 58 boxes
  await keys.tabTo(header.getByRole('combobox', { name: /Cerca/ }), 6, 'Shift+Tab');
  await keys.type('latte');
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=latte/);
  const results = page.getByRole('heading', { level: 2, name: /\d+ prodotti/ });
  await expect(results).toBeFocused();
  await keys.check('after the search');
  const list = page.getByRole('list', { name: 'Prodotti' });
  const add = list.getByRole('button', { name: /^Aggiungi .* al carrello$/ }).first();
  await keys.tabTo(add, 12);
  const productName = ((await add.getAttribute('aria-label')) ?? '').replace(/^Aggiungi | al carrello$/g, '');

  // "Aggiungi" asks first for the service: the Drive tab's store list before its map, then a slot
  await keys.press('Enter');
  const service = page.getByRole('dialog', { name: 'Scegli come ricevere la spesa' });
  await expect(service).toBeVisible({ timeout: 20_000 });
  const drive = service.getByRole('tab', { name: /Ritiro/ });
  if ((await drive.getAttribute('aria-selected')) !== 'true') {
    await keys.tabTo(drive, 4);
    await keys.press('Enter');
  }
  const store = service
    .getByRole('radiogroup', { name: /scegli dove/ })
    .getByRole('radio')
    .first();
  await expect(store).toBeVisible({ timeout: 20_000 });
  await keys.tabTo(store, 10);
  await keys.press('Enter');
  const slots = page.getByRole('dialog', { name: 'Scegli la fascia oraria' });
  await expect(slots).toBeVisible({ timeout: 20_000 });
  // the slots are one radio group (one tab stop, arrows move): the first free one
  const grid = slots.getByRole('radiogroup', { name: /^Fasce orarie/ });
  await expect(grid).toBeVisible();
  await keys.tabTo(grid.locator('[role="radio"][tabindex="0"]'), 12);
  for (let n = 0; n < 12 && (await focused.getAttribute('aria-disabled')) === 'true'; n++)
    await keys.press('ArrowRight');
  await expect(focused).not.toHaveAttribute('aria-disabled', 'true');
  await keys.press('Enter');
  await expect(slots).toBeHidden({ timeout: 20_000 });
  await expect(list.getByRole('group', { name: productName }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(focused).not.toHaveCount(0);

  // back to the cart: the listing's skip link comes before its filters; the drawer, then "Vai alla cassa" lands
  // on the checkout's heading
  const cart = header.getByRole('button', { name: /^Carrello/ });
  await keys.tabTo(page.getByRole('main').getByRole('link', { name: 'Vai al carrello' }), 12, 'Shift+Tab');
  await keys.press('Enter');
  await expect(cart).toBeFocused();
  await keys.press('Enter');
  const drawer = page.getByRole('dialog', { name: /Il tuo carrello/ });
  await expect(drawer).toBeVisible();
  await keys.tabTo(drawer.getByRole('link', { name: 'Vai alla cassa' }), 15);
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);
  const checkoutHeading = page.getByRole('heading', { level: 1, name: 'Cassa' });
  await expect(checkoutHeading).toBeFocused({ timeout: 30_000 });
  await keys.check('after "Vai alla cassa"');

  // pay on delivery: the payment types are one radio group (arrows), then the rules and "Conferma e paga"
  const onDelivery = page.getByRole('radio', { name: /Pagamento alla consegna/ });
  await expect(onDelivery).toBeVisible({ timeout: 30_000 });
  await keys.tabTo(page.getByRole('radio', { name: /^Carta di credito/ }), 25);
  for (let n = 0; n < 6 && !(await onDelivery.isChecked()); n++) await keys.press('ArrowDown');
  await expect(onDelivery).toBeChecked();
  const rules = page.getByRole('checkbox', { name: /Ho letto e accetto le condizioni generali di vendita/ });
  await keys.tabTo(rules, 20);
  await keys.press('Space');
  await expect(rules).toBeChecked();
  await keys.tabTo(page.getByRole('button', { name: 'Conferma e paga' }), 3);
  await keys.press('Enter');

  // the confirmation: its heading has the focus
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 30_000 });
  const thanks = page.getByRole('heading', { level: 1, name: 'Grazie, ordine confermato' });
  await expect(thanks).toBeFocused();
  await keys.check('on the confirmation');

  test
    .info()
    .annotations.push({ type: 'keys', description: `${keys.keys} keys: ${keys.visited.join(' | ')}` });
  keys.expectNoFocusProblems();
  expect(keys.keys, `keys pressed for the whole purchase: ${keys.visited.length} stops`).toBeLessThanOrEqual(
    KEY_BUDGET,
  );
});

test('prima visita: il banner dei cookie non copre mai il controllo col focus, anelli visibili in ogni zona', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const keys = new KeyboardOnly(page);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Rispettiamo la tua privacy' });
  await expect(banner).toBeVisible();
  // the banner left open: every control of the page, header, nav bar, slides, cards and footer, once each
  const footerLast = page.getByRole('contentinfo').getByRole('button', { name: 'Preferenze cookie' });
  await keys.tabTo(footerLast, 260);
  await expect(banner).toBeVisible();
  keys.expectNoFocusProblems();
  expect(keys.visited.slice(0, 3)).toEqual([
    'button "Personalizza"',
    'button "Rifiuta"',
    'button "Accetta tutti"',
  ]);
});

test('i collegamenti per saltare: ai risultati oltre i filtri, al carrello', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'spesa.cookiePreferences',
      JSON.stringify({ analytics: false, profilation: false, saveDate: '2026-11-01T00:00:00Z', uuid: 'x' }),
    ),
  );
  const keys = new KeyboardOnly(page);
  await page.goto('/search?q=latte');
  const list = page.getByRole('list', { name: 'Prodotti' });
  await expect(list).toBeVisible({ timeout: 30_000 });
  await keys.tabTo(page.getByRole('link', { name: 'Vai ai risultati' }), 2);
  await keys.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /\d+ prodotti/ })).toBeFocused();
  // the toolbar's switches, sort and view, then the first card: not the 58 filters
  await keys.tabTo(list.getByRole('button', { name: /^Aggiungi .* al carrello$/ }).first(), 12);
  // from the results back to the cart, before the filters
  await keys.tabTo(page.getByRole('main').getByRole('link', { name: 'Vai al carrello' }), 12, 'Shift+Tab');
  await keys.press('Enter');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Carrello' })).toBeFocused();
  keys.expectNoFocusProblems();
});
