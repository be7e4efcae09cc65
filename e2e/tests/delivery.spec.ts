import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn, DEMO_CUSTOMERS } from '../support/account';
import { expectAccessible } from '../support/axe';
import { settleAndScan } from '../support/shop';

// Delivery: how the groceries arrive. Journeys that change a customer's delivery use a customer of their own
// (parallel runs, retries); the elderly journey uses the demo customer and copes with the state a previous
// run left behind.

const SELECTOR = 'Scegli come ricevere la spesa';
const SLOTS = 'Scegli la fascia oraria';

const indicator = (page: Page) =>
  page.getByRole('banner').getByRole('group', { name: 'Come ricevi la spesa' });

/** The first slot that can be chosen (available or almost full) in the open picker. */
const freeSlot = (dialog: Locator) =>
  dialog.locator('[role="radio"][aria-checked="false"]:not([aria-disabled="true"])').first();

async function waitForDialogsToSettle(dialog: Locator) {
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
}

/** Presses Tab until `target` has the focus (keyboard only), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('Drive: negozio trovato cercando "Como", poi fascia oraria prenotata', async ({ page, request }) => {
  const { email, password, firstName } = await registerConfirmedCustomer(request, 'drive');
  await openSignedIn(page, { email, password, firstName });

  await indicator(page).getByRole('button').first().click();
  const selector = page.getByRole('dialog', { name: SELECTOR });
  await expect(selector).toBeVisible();
  await selector.getByRole('tab', { name: 'Ritiro in negozio' }).click();
  await expect(selector.getByRole('tab', { name: 'Ritiro in negozio' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await waitForDialogsToSettle(selector);
  await expectAccessible(page, 'selettore indirizzo: Drive');

  await selector.getByRole('textbox', { name: 'Cerca un comune' }).fill('Como');
  await selector.getByRole('button', { name: 'Cerca i negozi vicino al comune' }).click();
  await expect(selector.getByText('Negozi entro 10 km da Como (CO)')).toBeVisible();
  const store = selector.getByRole('radio', { name: /Spesa Como Camerlata/ });
  await expect(store).toBeVisible();
  // 30 km reach more stores; the clear button brings back the whole list
  await selector.getByRole('radio', { name: '30 km' }).check();
  await expect(selector.getByText('Negozi entro 30 km da Como (CO)')).toBeVisible();
  await expect(selector.getByRole('radio', { name: /Spesa Cantù/ })).toBeVisible();
  await selector.getByRole('button', { name: 'Rendi Spesa Como Camerlata il negozio preferito' }).click();
  await expect(store.getByRole('img', { name: 'Negozio preferito' })).toBeVisible();
  await expect(selector.getByRole('radio', { name: /^Spesa/ }).first()).toHaveAccessibleName(
    /Spesa Como Camerlata/,
  );

  await store.click();
  // the chain of spec section 4: after the store, the slot
  const picker = page.getByRole('dialog', { name: SLOTS });
  await expect(picker).toBeVisible();
  await expect(selector).toBeHidden();
  await expect(picker.getByRole('tab', { name: /^OGGI/ })).toBeVisible();
  // the chain's notice for the Drive, where the day is chosen (content slides, decision 056)
  await expect(picker.getByRole('list', { name: 'Avvisi per il giorno scelto' })).toContainText(
    'Drive: avvisaci quando arrivi',
  );
  await waitForDialogsToSettle(picker);
  await expectAccessible(page, 'selettore fascia oraria');
  const slot = freeSlot(picker);
  const slotName = (await slot.getAttribute('aria-label'))!.split(',')[0]!;
  await slot.click();
  await expect(picker).toBeHidden();

  await expect(
    indicator(page).getByRole('button', { name: /Ritiro in negozio\s*:\s*Spesa Como Camerlata/ }),
  ).toBeVisible();
  await expect(
    indicator(page).getByRole('button', { name: new RegExp(`Fascia oraria\\s*:\\s*.*${slotName}`) }),
  ).toBeVisible();
});

test('consegna a domicilio: indirizzo fuori zona rifiutato, in zona accettato, poi fascia oraria', async ({
  page,
  request,
}) => {
  const { email, password, firstName } = await registerConfirmedCustomer(request, 'home');
  await openSignedIn(page, { email, password, firstName });

  await indicator(page).getByRole('button').first().click();
  const selector = page.getByRole('dialog', { name: SELECTOR });
  await selector.getByRole('tab', { name: 'Consegna a domicilio' }).click();
  await waitForDialogsToSettle(selector);
  await expectAccessible(page, 'selettore indirizzo: consegna a domicilio');
  await selector.getByRole('button', { name: 'AGGIUNGI INDIRIZZO' }).click();

  await expect(page).toHaveURL(/\/profile\/addresses\/edit/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nuovo indirizzo' })).toBeVisible();
  await settleAndScan(page, 'nuovo indirizzo');
  // the mandatory fields and the CAP rule of spec section 5
  await page.getByLabel(/^Nome e cognome del destinatario/).fill('');
  await page.getByRole('button', { name: 'Salva indirizzo' }).click();
  await expect(page.getByText('Campo obbligatorio.').first()).toBeVisible();
  await page.getByLabel(/^CAP/).fill('123');
  await page.getByRole('button', { name: 'Salva indirizzo' }).click();
  await expect(page.getByText('Il CAP deve essere di 4 o 5 cifre.')).toBeVisible();

  // Varese is not served
  await page.getByLabel(/^Nome e cognome del destinatario/).fill('Sara Ferrari');
  await page.getByLabel(/^Nome dell'indirizzo/).fill('Casa');
  await page.getByLabel(/^Via/).fill('Via Sacco');
  await page.getByLabel(/^Numero civico/).fill('5');
  await page.getByLabel(/^CAP/).fill('21100');
  await expect(page.getByText(/Nessun comune servito con questo CAP/)).toBeVisible();
  await page.getByLabel(/^Comune/).fill('Varese');
  await page.getByLabel(/^Provincia/).selectOption('MI');
  await page.getByRole('button', { name: 'Salva indirizzo' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Ci dispiace, la consegna a domicilio non è disponibile per questo indirizzo.',
  );
  await expect(page).toHaveURL(/\/profile\/addresses\/edit/);

  // Como is: the CAP finds the comune and its province
  await page.getByLabel(/^Via/).fill('Via Vittorio Emanuele II');
  await page.getByLabel(/^Numero civico/).fill('12');
  await page.getByLabel(/^CAP/).fill('22100');
  await expect(page.getByLabel(/^Comune/)).toHaveValue('Como');
  await expect(page.getByLabel(/^Provincia/)).toHaveValue('CO');
  await page.getByLabel(/^Piano/).fill('2');
  await page.getByRole('radio', { name: 'Sì' }).check();
  await page.getByRole('button', { name: 'Salva indirizzo' }).click();

  // saved, chosen for the cart, and the chain goes on to the slot
  await expect(page).toHaveURL(/\/profile\/addresses$/);
  const picker = page.getByRole('dialog', { name: SLOTS });
  await expect(picker).toBeVisible();
  await expect(
    picker.getByText(/Consegna a domicilio: Casa, Via Vittorio Emanuele II 12, Como/),
  ).toBeVisible();
  // home delivery has its own notice, not the Drive's
  const notices = picker.getByRole('list', { name: 'Avvisi per il giorno scelto' });
  await expect(notices).toContainText('Consegna a domicilio: ti avvisiamo alla partenza');
  await expect(notices).not.toContainText('Drive');
  await waitForDialogsToSettle(picker);
  await freeSlot(picker).click();
  await expect(picker).toBeHidden();
  await expect(
    indicator(page).getByRole('button', {
      name: /Consegna a domicilio\s*:\s*Casa, Via Vittorio Emanuele II 12/,
    }),
  ).toBeVisible();
  await expect(indicator(page).getByRole('button', { name: /^Fascia oraria\s*:/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Casa' })).toBeVisible();
  await settleAndScan(page, 'i miei indirizzi');

  // the address the cart delivers to cannot be deleted (the server's message)
  await page.getByRole('button', { name: "Elimina l'indirizzo Casa" }).click();
  const confirm = page.getByRole('dialog', { name: "Eliminare l'indirizzo?" });
  await expectAccessible(page, 'conferma eliminazione');
  await confirm.getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByRole('alert')).toContainText(
    "Non è possibile eliminare l'indirizzo selezionato per la consegna della spesa.",
  );
});

test('servizio anziani: avviso letto e accettato, indirizzo scelto, costo ridotto', async ({ page }) => {
  await openSignedIn(page, DEMO_CUSTOMERS.anna);

  await indicator(page).getByRole('button').first().click();
  const selector = page.getByRole('dialog', { name: SELECTOR });
  await selector.getByRole('tab', { name: 'Consegna a domicilio' }).click();
  // the notice comes first
  const notice = selector.getByRole('region', { name: 'Servizio anziani' });
  await expect(notice).toBeVisible();
  await expect(selector.getByRole('radiogroup')).toHaveCount(0);
  await expectAccessible(page, 'servizio anziani: avviso');
  await notice.getByRole('button', { name: 'Ho letto e accetto' }).click();

  const casa = selector.getByRole('radio', { name: /^Casa/ });
  await expect(casa).toBeVisible();
  await waitForDialogsToSettle(selector);
  // a previous run may have marked it already: start from no elderly address
  const unmark = selector.getByRole('button', { name: 'Togli servizio' });
  if (await unmark.isVisible()) {
    await unmark.click();
    await expect(unmark).toBeHidden();
  }
  await selector.getByRole('button', { name: 'Usa Casa per il servizio anziani' }).click();
  await expect(selector.getByText('Consegna con il servizio anziani: 1,90 € invece di 3,90 €')).toBeVisible();
  await expect(casa).toContainText('Servizio anziani');
  await expectAccessible(page, 'servizio anziani: indirizzo scelto');

  const selected = page.waitForResponse((r) => r.url().includes('/ebsn/api/user-address/select'));
  await casa.click();
  const cart = (await (await selected).json()) as { data: { timeslot: { autoAssigned: boolean } | null } };
  // the chain opens the slot picker unless a slot was chosen before; close it, the fee stays on the cart
  const picker = page.getByRole('dialog', { name: SLOTS });
  if (cart.data.timeslot === null || cart.data.timeslot.autoAssigned) {
    await expect(picker).toBeVisible();
    await expect(picker.getByRole('tab', { name: /^OGGI/ })).toBeVisible();
    await picker.getByRole('button', { name: 'Chiudi' }).click();
    await expect(picker).toBeHidden();
  }
  await expect(
    indicator(page).getByRole('button', {
      name: /Consegna a domicilio\s*:\s*Casa, Via Vittorio Emanuele II 40/,
    }),
  ).toBeVisible();
});

test('prenotazione della fascia oraria solo con la tastiera', async ({ page, request }) => {
  const { email, password, firstName } = await registerConfirmedCustomer(request, 'keys');
  await openSignedIn(page, { email, password, firstName });

  // the slot button of the indicator: without an address the selector comes first, then the slots
  // after the sign-in focus is on the header's account button, past the indicator: once round the page
  const slotButton = indicator(page).getByRole('button', { name: SLOTS });
  await tabTo(page, slotButton, 300);
  await page.keyboard.press('Enter');
  const selector = page.getByRole('dialog', { name: SELECTOR });
  await expect(selector).toBeVisible();

  const driveTab = selector.getByRole('tab', { name: 'Ritiro in negozio' });
  await tabTo(page, selector.getByRole('tab', { selected: true }));
  if ((await driveTab.getAttribute('aria-selected')) !== 'true') {
    while (!(await driveTab.evaluate((el) => el === document.activeElement)))
      await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
  }
  await expect(driveTab).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, selector.getByRole('textbox', { name: 'Cerca un comune' }));
  await page.keyboard.type('Como');
  await page.keyboard.press('Enter');
  await expect(selector.getByText('Negozi entro 10 km da Como (CO)')).toBeVisible();
  await waitForDialogsToSettle(selector);

  // one tab stop for the rows; the arrows move without choosing
  const rows = selector
    .getByRole('radiogroup', { name: /Ritiro in negozio: scegli dove/ })
    .getByRole('radio');
  await tabTo(page, rows.first());
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await expect(selector).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('Enter');

  const picker = page.getByRole('dialog', { name: SLOTS });
  await expect(picker).toBeVisible();
  await waitForDialogsToSettle(picker);
  const grid = picker.getByRole('radiogroup', { name: /^Fasce orarie di / });
  await tabTo(page, grid.getByRole('radio').first());
  // walk to the first free slot with the arrows (full ones are announced and skipped)
  for (let i = 0; i < 20; i += 1) {
    const focused = grid.locator('[role="radio"]:focus');
    if ((await focused.getAttribute('aria-disabled')) !== 'true') break;
    await page.keyboard.press('ArrowRight');
  }
  const chosen = grid.locator('[role="radio"]:focus');
  const name = (await chosen.getAttribute('aria-label'))!;
  expect(name).toMatch(/^\d\d:\d\d–\d\d:\d\d, (disponibile|quasi esaurita)$/);
  await page.keyboard.press('Space');
  await expect(picker).toBeHidden();
  // the focus goes back to what opened the chain
  await expect(
    slotButton.or(indicator(page).getByRole('button', { name: /^Fascia oraria\s*:/ })),
  ).toBeFocused();
  await expect(
    indicator(page).getByRole('button', {
      name: new RegExp(`^Fascia oraria\\s*:\\s*.*${name.split(',')[0]}`),
    }),
  ).toBeVisible();
});
