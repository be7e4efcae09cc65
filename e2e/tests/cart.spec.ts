import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { acceptCookies, registerConfirmedCustomer, signIn, openSignedIn } from '../support/account';
import { expectAccessible } from '../support/axe';

// The cart. Every journey uses a customer of its own (parallel runs, retries). Products are
// found through the API by their selling rules: the seed's names are generated.

interface WireProduct {
  productId: number;
  name: string;
  slug: string;
  available: number;
  maxAcq?: number;
  productInfos: Record<string, string>;
  selectOptions: unknown[];
  warehousePromo?: { selectable: boolean };
}
type Kind = 'piece' | 'loose' | 'pack6';

const MATCHES: Record<Kind, (p: WireProduct) => boolean> = {
  piece: (p) =>
    p.productInfos.TIPOLOGIA === 'Pezzo' &&
    (p.productInfos.QTY_MULT ?? '1') === '1' &&
    (p.productInfos.MINACQ ?? '1') === '1' &&
    p.available >= 20,
  loose: (p) =>
    p.productInfos.TIPOLOGIA === 'Sfuso' &&
    p.productInfos.WEIGHT_SELLING === '500' &&
    p.productInfos.STEP_SELLING === '100' &&
    p.available >= 5,
  pack6: (p) =>
    p.productInfos.TIPOLOGIA === 'Confezione' &&
    p.productInfos.QTY_MULT === '6' &&
    p.productInfos.QTY_LOCKED === 'true' &&
    p.available >= 60,
};

let found: Partial<Record<Kind, WireProduct>> | null = null;

/** One product of each kind, plain (no options, no daily limit, no promotion to choose). */
async function products(request: APIRequestContext): Promise<Record<Kind, WireProduct>> {
  if (found && Object.keys(found).length === 3) return found as Record<Kind, WireProduct>;
  const picked: Partial<Record<Kind, WireProduct>> = {};
  const tree = (await (await request.get('/ebsn/api/category')).json()) as {
    data: { categories: Array<{ categoryId: number; categories?: Array<{ categoryId: number }> }> };
  };
  const categories = tree.data.categories.flatMap((d) => d.categories ?? [d]);
  for (const c of categories) {
    // in stock where these journeys shop (chooseStoreAndSlot): each store has its own stock (decision 095)
    const res = await request.get(
      `/ebsn/api/products?parent_category_id=${c.categoryId}&page_size=100&warehouse_id=${COMO_CAMERLATA}`,
    );
    const body = (await res.json()) as { data: { products: WireProduct[] } };
    for (const p of body.data.products) {
      if (p.selectOptions.length > 0 || p.maxAcq !== undefined || p.warehousePromo?.selectable) continue;
      for (const kind of Object.keys(MATCHES) as Kind[])
        if (!picked[kind] && MATCHES[kind](p)) picked[kind] = p;
    }
    if (Object.keys(picked).length === 3) break;
  }
  expect(Object.keys(picked).sort(), 'a piece, a loose product and a pack of 6 in the seed').toEqual([
    'loose',
    'pack6',
    'piece',
  ]);
  found = picked;
  return picked as Record<Kind, WireProduct>;
}

/** Spesa Como Camerlata's warehouse (the seed's first Drive store) */
const COMO_CAMERLATA = 2;

const control = (page: Page) => page.getByRole('main').getByTestId('quantity-control').first();
const headerCart = (page: Page) => page.getByRole('banner').getByTestId('header-cart');

/** The delivery chain after the first add: Drive store found by searching Como, then the first free slot. */
async function chooseStoreAndSlot(page: Page) {
  const selector = page.getByRole('dialog', { name: 'Scegli come ricevere la spesa' });
  await expect(selector).toBeVisible({ timeout: 20_000 });
  await selector.getByRole('tab', { name: 'Ritiro in negozio' }).click();
  await selector.getByRole('textbox', { name: 'Cerca un comune' }).fill('Como');
  await selector.getByRole('button', { name: 'Cerca i negozi vicino al comune' }).click();
  await selector.getByRole('radio', { name: /Spesa Como Camerlata/ }).click();
  const picker = page.getByRole('dialog', { name: 'Scegli la fascia oraria' });
  await expect(picker).toBeVisible();
  await expect(picker.locator('[aria-busy="true"]')).toHaveCount(0);
  await picker.locator('[role="radio"][aria-checked="false"]:not([aria-disabled="true"])').first().click();
  await expect(picker).toBeHidden();
}

/** A new customer, signed in, with a store and a slot chosen through the first add of `product`. */
async function customerWithFirstAdd(
  page: Page,
  request: APIRequestContext,
  product: WireProduct,
  tag: string,
) {
  const who = await registerConfirmedCustomer(request, tag);
  await openSignedIn(page, who, `/product/${product.slug}`);
  await control(page)
    .getByRole('button', { name: `Aggiungi ${product.name} al carrello` })
    .click();
  await chooseStoreAndSlot(page);
  return who;
}

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

async function stepper(c: Locator, name: string) {
  return c.getByRole('group', { name: `Quantità di ${name} nel carrello` });
}

test('anonimo: Aggiungi → accesso → negozio → fascia oraria → prodotto nel carrello', async ({
  page,
  request,
}) => {
  const { piece } = await products(request);
  const who = await registerConfirmedCustomer(request, 'cart-anon');
  await page.goto(`/product/${piece.slug}`);
  await acceptCookies(page);
  await control(page)
    .getByRole('button', { name: `Aggiungi ${piece.name} al carrello` })
    .click();

  // login first
  const login = page.getByRole('dialog', { name: 'Accedi' });
  await expect(login).toBeVisible();
  await login.getByRole('textbox', { name: /E-mail o numero di carta/ }).fill(who.email);
  await login.getByLabel(/^Password/).fill(who.password);
  await login.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(login).toBeHidden({ timeout: 20_000 });

  // then the store, then the slot, then the product is added
  await chooseStoreAndSlot(page);
  await expect(toast(page, piece.name)).toBeVisible();
  const c = control(page);
  await expect(
    (await stepper(c, piece.name)).getByRole('button', {
      name: new RegExp(`Quantità di ${piece.name}: 1 pz`),
    }),
  ).toBeVisible();
  await expect(headerCart(page)).toHaveAccessibleName(/Carrello: 1 prodotto, \d+,\d{2} €/);

  // the drawer lists it; axe on the open drawer
  await headerCart(page).click();
  const drawer = page.getByRole('dialog', { name: /Il tuo carrello/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await expect(drawer.getByRole('link', { name: piece.name })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Vai alla cassa' })).toHaveAttribute('href', '/checkout');
  await expectAccessible(page, 'cassetto del carrello');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(headerCart(page)).toBeFocused();
});

test('sfuso: su e giù per i passi di peso, a 0 chiede conferma', async ({ page, request }) => {
  const { loose } = await products(request);
  await customerWithFirstAdd(page, request, loose, 'cart-loose');
  const c = control(page);
  const value = (text: string) => c.getByLabel(new RegExp(`Quantità di ${loose.name}: ${text}$`));
  await expect(value('500 g')).toBeVisible();
  await c.getByRole('button', { name: `Aumenta la quantità di ${loose.name}` }).click();
  await expect(value('600 g')).toBeVisible();
  await c.getByRole('button', { name: `Aumenta la quantità di ${loose.name}` }).click();
  await expect(value('700 g')).toBeVisible();
  await c.getByRole('button', { name: `Diminuisci la quantità di ${loose.name}` }).click();
  await expect(value('600 g')).toBeVisible();
  await c.getByRole('button', { name: `Diminuisci la quantità di ${loose.name}` }).click();
  await expect(value('500 g')).toBeVisible();
  // below WEIGHT_SELLING the line goes to 0: confirmation first, "Annulla" keeps it
  await c.getByRole('button', { name: `Rimuovi ${loose.name} dal carrello` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Rimuovere il prodotto?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Annulla' }).click();
  await expect(value('500 g')).toBeVisible();
  await c.getByRole('button', { name: `Rimuovi ${loose.name} dal carrello` }).click();
  await confirm.getByRole('button', { name: 'Rimuovi' }).click();
  await expect(c.getByRole('button', { name: `Aggiungi ${loose.name} al carrello` })).toBeVisible();
  await expect(c.getByRole('button', { name: `Aggiungi ${loose.name} al carrello` })).toBeFocused();
  await expect(headerCart(page)).toHaveAccessibleName('Carrello vuoto');
});

test('confezione da 6: passi di 6, quantità scritta arrotondata al multiplo, rimozione da tastiera', async ({
  page,
  request,
}) => {
  const { pack6 } = await products(request);
  await customerWithFirstAdd(page, request, pack6, 'cart-pack');
  const c = control(page);
  const value = (n: number) =>
    c.getByRole('button', { name: new RegExp(`Quantità di ${pack6.name}: ${n} pz`) });
  await expect(value(6)).toBeVisible();
  await c.getByRole('button', { name: `Aumenta la quantità di ${pack6.name}` }).click();
  await expect(value(12)).toBeVisible();
  // manual entry: 20 is rounded to the nearest multiple of 6 (18)
  await value(12).click();
  const dialog = page.getByRole('dialog', { name: `Quantità di ${pack6.name}` });
  await dialog.getByRole('textbox', { name: 'Quantità (pezzi)' }).fill('20');
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(value(18)).toBeVisible();
  await c.getByRole('button', { name: `Diminuisci la quantità di ${pack6.name}` }).click();
  await expect(value(12)).toBeVisible();

  // keyboard only: Enter on minus, then at 6 the removal asks; Esc keeps the line, Tab + Enter removes it
  const minusButton = c.getByRole('button', { name: `Diminuisci la quantità di ${pack6.name}` });
  await minusButton.focus();
  await page.keyboard.press('Enter');
  await expect(value(6)).toBeVisible();
  const removeButton = c.getByRole('button', { name: `Rimuovi ${pack6.name} dal carrello` });
  await expect(removeButton).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Rimuovere il prodotto?' });
  await expect(confirm.getByRole('button', { name: 'Annulla' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(removeButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Annulla' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(c.getByRole('button', { name: `Aggiungi ${pack6.name} al carrello` })).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: `${pack6.name}: rimosso dal carrello` }),
  ).toBeAttached();
});

test('pagina carrello: reparti, totali, rimozione con conferma, svuota; il carrello resta dopo esci/accedi', async ({
  page,
  request,
}) => {
  const { piece, loose } = await products(request);
  const who = await customerWithFirstAdd(page, request, piece, 'cart-page');
  await page.goto(`/product/${loose.slug}`);
  await control(page)
    .getByRole('button', { name: `Aggiungi ${loose.name} al carrello` })
    .click();
  await expect(headerCart(page)).toHaveAccessibleName(/Carrello: 2 prodotti/);

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Il tuo carrello' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-summary')).toContainText('Totale');
  await expect(page.getByRole('link', { name: 'Vai alla cassa' })).toHaveAttribute('href', '/checkout');
  // accept substitutes per line
  const substitutes = page
    .getByTestId('cart-line')
    .first()
    .getByRole('checkbox', { name: 'Accetta sostituti' });
  const before = await substitutes.isChecked();
  await substitutes.click();
  await expect(substitutes).toBeChecked({ checked: !before });
  await expectAccessible(page, 'pagina carrello');

  // logout and login again (another session): the cart is the same
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Ciao, / })
    .click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  await signIn(page, who.email, who.password, who.firstName);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  // remove one line with confirmation
  await page
    .getByRole('button', { name: `Rimuovi ${piece.name} dal carrello` })
    .first()
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Rimuovere il prodotto?' });
  await confirm.getByRole('button', { name: 'Rimuovi' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  // empty the cart
  await page.getByRole('button', { name: 'Svuota il carrello' }).click();
  await page
    .getByRole('alertdialog', { name: 'Svuotare il carrello?' })
    .getByRole('button', { name: 'Svuota' })
    .click();
  await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
});
