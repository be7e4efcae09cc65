import { expect, test } from '@playwright/test';
import { signInToAdmin, signInToAdminWithForm } from '../support/admin';
import { expectAccessible } from '../support/axe';

// The back office (decision 030): staff sign in with a one-time code and work as their role allows.
// One worker runs them in order: the first is the catalogue manager's first sign-in (the form and the
// authenticator's enrolment), the last reads in the audit log what the others wrote.
test.describe.configure({ mode: 'default' });

test('un responsabile del catalogo cambia un prezzo: il negozio lo mostra subito', async ({
  page,
  request,
}) => {
  await page.goto('/admin/login');
  await expectAccessible(page, 'admin: accesso');
  // the back office's sign-in form, the one journey that drives it (the others sign in through the API): the
  // catalogue manager's first sign-in of the run, so the QR code's enrolment and the recovery codes too
  await signInToAdminWithForm(page, 'catalogo@spesa.demo');
  await expectAccessible(page, 'admin: pannello');

  await page.getByRole('menuitem', { name: 'Prodotti' }).click();
  await page.getByPlaceholder('Cerca').fill('pasta');
  const firstRow = page.locator('tbody tr').first();
  await expect(firstRow).toContainText(/pasta/i);
  await expectAccessible(page, 'admin: prodotti');
  const id = Number(await firstRow.locator('td').first().textContent());
  const before = (await (await request.get(`/ebsn/api/products?product_id=${id}`)).json()) as {
    data: { price: number };
  };
  const newPrice = Math.round((before.data.price - 0.11) * 100) / 100;

  await firstRow.getByRole('link', { name: 'Modifica' }).click();
  const price = page.getByRole('spinbutton', { name: /Prezzo di listino/ });
  await expect(price).toHaveValue(String(before.data.price));
  await expectAccessible(page, 'admin: modifica prodotto');
  await price.fill(String(newPrice));
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento aggiornato')).toBeVisible();

  // the shop's read cache checks the catalogue's version once a second (decision 008)
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/ebsn/api/products?product_id=${id}`)).json()) as {
            data: { price: number };
          }
        ).data.price,
      { timeout: 5_000 },
    )
    .toBe(newPrice);
});

test('il servizio clienti vede i prodotti ma non può cambiarne il prezzo', async ({ page }) => {
  await signInToAdmin(page, 'clienti@spesa.demo');
  await page.getByRole('menuitem', { name: 'Prodotti' }).click();
  const firstRow = page.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  await expect(page.getByRole('link', { name: 'Modifica' })).toHaveCount(0);
  // asked directly, the API refuses too (and records the refusal)
  const refused = await page.evaluate(async () => {
    const res = await fetch('/ebsn/api/admin/products/1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ updatedAt: '2026-01-01T00:00:00.000000Z', price: 0.5 }),
    });
    return res.status;
  });
  expect(refused).toBe(403);
  await expect(page.getByRole('menuitem', { name: 'Registro attività' })).toHaveCount(0);
});

test('un responsabile di negozio chiude un giorno di fasce e poi lo riapre', async ({ page }) => {
  await signInToAdmin(page, 'negozio@spesa.demo');
  await page.getByRole('menuitem', { name: 'Punti vendita' }).click();
  // a store manager sees only their own store
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.locator('tbody tr').first().click();
  const days = page.getByRole('table', { name: 'Fasce orarie dei prossimi giorni' });
  await expect(days.locator('tbody tr')).toHaveCount(7);
  await expectAccessible(page, 'admin: punto vendita');
  // a day with slots (a Sunday has none), not today
  const day = days
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: /^Chiudi / }) })
    .nth(1);
  const label = (await day.locator('td').first().textContent()) ?? '';
  await day.getByRole('button', { name: /^Chiudi / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  const closed = days.locator('tbody tr').filter({ hasText: label });
  await expect(closed).toContainText('(chiuso)');
  await expect(closed.locator('td').nth(1)).toHaveText(/^0 di \d+$/);
  await closed.getByRole('button', { name: /^Riapri / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await expect(closed).not.toContainText('(chiuso)');

  // the store's phone and hours: the manager changes the phone, the store's page shows it
  await page.getByRole('link', { name: 'Modifica' }).click();
  const phone = page.getByLabel('Telefono');
  await expect(phone).toHaveValue(/\d/);
  await expectAccessible(page, 'admin: punto vendita, modifica');
  // a number other than the one already there (a retry finds the first attempt's)
  const number = (await phone.inputValue()) === '02 7063 1199' ? '02 7063 1200' : '02 7063 1199';
  await phone.fill(number);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText(number)).toBeVisible();
});

test('il servizio clienti trova un cliente e annota la telefonata; un preparatore non vede i clienti', async ({
  page,
  browser,
}) => {
  await signInToAdmin(page, 'clienti@spesa.demo');
  await page.getByRole('menuitem', { name: 'Clienti' }).click();
  await page.getByPlaceholder('Nome, e-mail, carta, telefono o codice fiscale').fill('mario rossi');
  const row = page.locator('tbody tr').filter({ hasText: 'mario.rossi@spesa.demo' });
  await expect(row).toHaveCount(1);
  await expectAccessible(page, 'admin: clienti');
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mario Rossi' })).toBeVisible();
  const note = `Ha chiamato per la consegna di martedì (${Date.now()})`;
  await page.getByLabel('Nuova nota').fill(note);
  await page.getByRole('button', { name: 'Aggiungi la nota' }).click();
  await expect(page.getByText('Nota aggiunta.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Note del servizio clienti' })).toContainText(note);
  await page.getByRole('button', { name: 'Cancella i dati personali' }).click();
  await expect(page.getByRole('dialog', { name: /Cancellare i dati personali/ })).toBeVisible();
  await expectAccessible(page, 'admin: cliente, cancellazione');
  await page.getByRole('button', { name: 'Annulla' }).click();

  // the mails the SMTP server did not take (decision 101): this shop writes to the development outbox, so the
  // list is empty, and its filter says which mails it shows
  await page.getByRole('menuitem', { name: 'E-mail non recapitate' }).click();
  await expect(page.getByRole('combobox', { name: /Stato/ })).toContainText('Non recapitate');
  await expectAccessible(page, 'admin: e-mail non recapitate');

  // a picker has no customers in the menu, and the API refuses them (the refusal is in the audit log)
  const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const picker = await tablet.newPage();
  await signInToAdmin(picker, 'picker@spesa.demo');
  await expect(picker.getByRole('menuitem', { name: 'Ordini' })).toBeVisible();
  await expect(picker.getByRole('menuitem', { name: 'Clienti' })).toHaveCount(0);
  const refused = await picker.evaluate(async () => (await fetch('/ebsn/api/admin/customers')).status);
  expect(refused).toBe(403);
  await tablet.close();

  const supervisor = await browser.newContext();
  const office = await supervisor.newPage();
  await signInToAdmin(office, 'operatore@spesa.demo');
  await office.getByRole('menuitem', { name: 'Registro attività' }).click();
  await expect(
    office
      .locator('tbody tr')
      .filter({ hasText: 'Piero Preparatore' })
      .filter({ hasText: 'GET /ebsn/api/admin/customers' })
      .first(),
  ).toBeVisible();
  await supervisor.close();
});

test('un responsabile del catalogo abbassa un prezzo per una settimana: il negozio lo annuncia con il prezzo più basso dei 30 giorni', async ({
  page,
  browser,
}) => {
  // a product sold by the piece, with no promotion now, found as a shopper would
  const found = (await (await page.request.get('/ebsn/api/products?q=biscotti&page_size=50')).json()) as {
    data: {
      products: Array<{
        productId: number;
        name: string;
        itemUrl: string;
        priceDisplay: number;
        warehousePromo?: unknown;
        productInfos: Record<string, string>;
      }>;
    };
  };
  const product = found.data.products.find(
    (p) => !p.warehousePromo && p.productInfos.TIPOLOGIA === 'Pezzo' && p.priceDisplay >= 1,
  );
  expect(product, 'a biscuit without a promotion').toBeDefined();
  const cut = Math.round(product!.priceDisplay * 80) / 100;
  const euro = (n: number) => n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });

  await signInToAdmin(page, 'catalogo@spesa.demo');
  // the bulk change's preview (not applied): how many biscuits a 5 % rise would move
  await page.getByRole('menuitem', { name: 'Prodotti' }).click();
  await page.getByRole('button', { name: 'Variazione di prezzo' }).click();
  const bulk = page.getByRole('dialog', { name: 'Variazione dei prezzi di listino' });
  await bulk.getByLabel('Ricerca').fill('biscotti');
  await bulk.getByLabel('Variazione %').fill('5');
  await bulk.getByRole('button', { name: 'Anteprima' }).click();
  await expect(bulk.getByRole('status')).toContainText('prodotti cambieranno prezzo');
  await expectAccessible(page, 'admin: variazione di prezzo');
  await bulk.getByRole('button', { name: 'Annulla' }).click();
  await page.goto(`/admin/products/${product!.productId}/show`);
  // a photo for it (a tiny PNG: the shop's sizes never enlarge it)
  await page.locator('input[type=file]').setInputFiles({
    name: 'biscotti.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(page.getByText('Foto caricata.')).toBeVisible();
  await expect(page.getByRole('img', { name: product!.name })).toBeVisible();
  await page.getByRole('link', { name: 'Nuova promozione' }).click();
  // the form: this product, a week from today, and what the cut will be measured against
  await expect(page.getByRole('status')).toContainText('prezzo più basso dei 30 giorni');
  await expectAccessible(page, 'admin: nuova promozione');
  await page.getByRole('spinbutton', { name: /Prezzo in promozione/ }).fill(String(cut));
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('In corso')).toBeVisible();
  await expectAccessible(page, 'admin: promozione');
  await expect(page.getByText(new RegExp(`→ ${euro(cut).replace(/\s/g, '\\s')}`))).toBeVisible();

  // the shop: the cut price, the struck list price and the 30-day low, at once
  const shop = await browser.newContext();
  const shopper = await shop.newPage();
  await shopper.goto(product!.itemUrl);
  const price = shopper.getByTestId('product-price').first();
  // a new browser context loads the whole shop first: slower than the admin's steps on a busy machine
  await expect(price).toContainText(euro(cut), { timeout: 30_000 });
  await expect(price).toContainText(
    `Prezzo più basso degli ultimi 30 giorni: ${euro(product!.priceDisplay)}`,
  );
  await expect(shopper.locator('img[src*="/media/products/"]').first()).toBeVisible();
  await shop.close();

  // the product's price history records it
  await page.goto(`/admin/products/${product!.productId}/show`);
  const history = page.getByRole('table', { name: 'Storico dei prezzi' });
  await expect(history.getByRole('row').filter({ hasText: 'Promozione' }).first()).toContainText(euro(cut));
  await page.getByRole('menuitem', { name: 'Promozioni' }).click();
  await expect(page.locator('tbody tr').filter({ hasText: product!.name }).first()).toBeVisible();
  await expectAccessible(page, 'admin: promozioni');
});

test('un responsabile del catalogo compone la pagina di un reparto e ne scrive la descrizione', async ({
  page,
}) => {
  await signInToAdmin(page, 'catalogo@spesa.demo');
  // a department's page: its grid previewed per screen width, a text block added to its first column
  await page.getByRole('menuitem', { name: 'Categorie' }).click();
  await page.locator('tbody tr').filter({ hasText: 'Frutta e verdura' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frutta e verdura' })).toBeVisible();
  await page.getByRole('tab', { name: 'Telefono (xs)' }).click();
  await expectAccessible(page, 'admin: pagina di categoria');
  await page.getByRole('button', { name: 'Aggiungi un blocco' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aggiungi un blocco' });
  await dialog.getByLabel('Impostazioni').fill('TITLE=Frutta di stagione');
  await expectAccessible(page, 'admin: nuovo blocco');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Pagina aggiornata.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Anteprima della griglia' })).toContainText(
    'StaticText: Frutta di stagione',
  );
  // the department's own description
  await page.getByRole('link', { name: 'Modifica nome e menu' }).click();
  await expectAccessible(page, 'admin: categoria, modifica');
  // a text other than the one already there (a retry finds the first attempt's)
  const description = page.getByLabel('Descrizione');
  const fresh = 'Frutta e verdura fresche, ogni giorno.';
  const text = (await description.inputValue()) === fresh ? 'Frutta e verdura di stagione.' : fresh;
  await description.fill(text);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText(text)).toBeVisible();
});

test('un responsabile del catalogo limita le unità per riga di un prodotto', async ({ page, request }) => {
  const found = (await (await request.get('/ebsn/api/products?q=biscotti&page_size=5')).json()) as {
    data: { products: Array<{ productId: number }> };
  };
  const productId = found.data.products[0]!.productId;
  await signInToAdmin(page, 'catalogo@spesa.demo');
  await page.goto(`/admin/products/${productId}`);
  await expect(page.getByText('Regole di vendita')).toBeVisible();
  await expectAccessible(page, 'admin: prodotto, modifica');
  // a value other than the one already there (a retry finds the first attempt's)
  const maximum = page.getByLabel('Massimo per riga del carrello');
  const limit = (await maximum.inputValue()) === '12' ? '11' : '12';
  await maximum.fill(limit);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento aggiornato')).toBeVisible();
  await page.goto(`/admin/products/${productId}/show`);
  await expect(page.getByText(`al massimo ${limit} per riga`)).toBeVisible();
});

test('un amministratore aggiunge un posto a una fascia oraria del Drive; vede gli operatori e il registro', async ({
  page,
}) => {
  await signInToAdmin(page, 'admin@spesa.demo');
  await page.getByRole('menuitem', { name: 'Fasce orarie' }).click();
  const drive = page.locator('tbody tr').filter({ hasText: 'Drive' }).first();
  await expect(drive).toBeVisible();
  await expectAccessible(page, 'admin: fasce orarie');
  await drive.click();
  const capacity = page.getByRole('spinbutton', { name: /Posti per giorno/ });
  const before = Number(await capacity.inputValue());
  await expectAccessible(page, 'admin: modifica fascia oraria');
  await capacity.fill(String(before + 1));
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento aggiornato')).toBeVisible();

  await page.getByRole('menuitem', { name: 'Operatori' }).click();
  const picker = page.locator('tbody tr').filter({ hasText: 'picker@spesa.demo' });
  await expect(picker).toContainText('Preparatore');
  await expectAccessible(page, 'admin: operatori');
  await picker.click();
  await expect(page.getByRole('button', { name: "Azzera l'app di autenticazione" })).toBeVisible();
  await expectAccessible(page, 'admin: modifica operatore');
  await page.getByRole('menuitem', { name: 'Operatori' }).click();
  await page.getByRole('link', { name: 'Crea' }).click();
  await expect(page.getByLabel(/E-mail/)).toBeVisible();
  await expectAccessible(page, 'admin: nuovo operatore');
  await page.getByRole('menuitem', { name: 'Registro attività' }).click();
  await expect(page.locator('tbody tr').filter({ hasText: 'Fasce orarie' }).first()).toBeVisible();
  await expectAccessible(page, 'admin: registro attività');
});

test('il registro attività contiene ogni modifica e ogni rifiuto dei percorsi qui sopra', async ({
  page,
}) => {
  // the tests of this file run in order in one worker: each write they made is in the audit log, with its author
  await signInToAdmin(page, 'operatore@spesa.demo');
  const res = await page.request.get('/ebsn/api/admin/audit?perPage=500&sort=id&order=DESC');
  expect(res.status()).toBe(200);
  const entries = (
    (await res.json()) as {
      data: { data: Array<{ staffName: string; resource: string; action: string; allowed: boolean }> };
    }
  ).data.data;
  const seen = new Set(entries.map((e) => `${e.staffName} · ${e.resource} · ${e.action} · ${e.allowed}`));
  expect([...seen]).toEqual(
    expect.arrayContaining([
      'Carlo Catalogo · products · update · true', // the price change and the line maximum
      'Sara Servizio · access · POST /ebsn/api/admin/products/:id · false', // customer service asked for a price
      'Nadia Negozio · slot-days · close-day · true',
      'Nadia Negozio · slot-days · open-day · true',
      'Nadia Negozio · stores · update · true',
      'Sara Servizio · customers · note · true',
      'Piero Preparatore · access · GET /ebsn/api/admin/customers · false',
      'Carlo Catalogo · promotions · create · true',
      'Carlo Catalogo · categories · block-add · true',
      'Carlo Catalogo · categories · update · true',
      'Anna Amministratrice · slot-templates · update · true',
    ]),
  );
});
