import { expect, type Browser, type Page } from '@playwright/test';
import { signInToAdmin } from './admin';
import { expectAccessible } from './axe';
import { typeDate } from './dates';

/**
 * The back office's orders of `day` (yyyy-MM-dd): typed in "Giorno", then waited for until the list has applied
 * it, which it does half a second after the typing and records in its address: a row clicked before that opened
 * the order, and the list then came back over it with the filter applied (seen once in 105 journeys).
 */
export async function showOrdersOfDay(staff: Page, day: string): Promise<void> {
  await typeDate(staff, 'Giorno', day);
  await expect(staff).toHaveURL(new RegExp(`[?&]filter=[^&]*${day}`));
}

/** A staff member on a 1366 px screen opens an order from the slot day's orders list in the back office. */
export async function openInBackOffice(browser: Browser, email: string, orderId: number, day: string) {
  const office = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const staff = await office.newPage();
  await signInToAdmin(staff, email);
  await staff.getByRole('menuitem', { name: 'Ordini' }).click();
  await showOrdersOfDay(staff, day);
  await staff.getByRole('row', { name: new RegExp(`^${orderId} `) }).click();
  await expect(
    staff.getByRole('heading', { level: 1, name: new RegExp(`Ordine n. ${orderId}`) }),
  ).toBeVisible();
  return { office, staff };
}

/**
 * The picker prepares an order of one piece line and one weighed line (1 kg ordered): the piece as ordered, the
 * weighed one at `weight` kg; the preparation page is scanned as `scanName`; then "Segna come preparato".
 */
export async function prepareWeighed(staff: Page, weight: string, scanName: string) {
  await staff.getByRole('button', { name: 'Inizia la preparazione' }).click();
  await expect(staff.getByText('Preparazione iniziata', { exact: false })).toBeVisible();
  const forms = staff.getByRole('form', { name: /^Preparazione di / });
  const weighed = forms.filter({ has: staff.getByLabel(/Peso reale/) });
  const piece = forms.filter({ hasNot: staff.getByLabel(/Peso reale/) });
  await piece.getByRole('button', { name: 'Registra' }).click();
  await expect(staff.getByText('Righe preparate: 1 di 2')).toBeVisible();
  await weighed.getByLabel(/Peso reale/).fill(weight);
  await weighed.getByRole('button', { name: 'Registra' }).click();
  await expect(staff.getByText(`peso reale ${weight}`)).toBeVisible();
  await expectAccessible(staff, scanName);
  await staff.getByRole('button', { name: 'Segna come preparato' }).click();
  await expect(staff.getByText(/Ordine preparato: addebitati/)).toBeVisible();
}

/**
 * Customer service refunds `amount` ("1,50") of an order with `reason` through the "Rimborsa" dialog (scanned
 * as `scanName`); the refund row then reads "Eseguito". With `line`, the refund names an order line: the first
 * option of the "Riga dell'ordine" list whose text matches, `quantity` of it (the amount follows in proportion
 * when `amount` is null). Answers the staff page, still open.
 */
export async function refundInBackOffice(
  cs: Page,
  amount: string | null,
  reason: string,
  scanName: string,
  line?: { option: RegExp; quantity: string },
) {
  await cs.getByRole('button', { name: 'Rimborsa', exact: true }).click();
  const dialog = cs.getByRole('dialog', { name: 'Rimborsa al cliente' });
  await expect(dialog).toBeVisible();
  if (line) {
    const select = dialog.getByRole('combobox', { name: /Riga dell’ordine/ });
    const options = await select.locator('option').allTextContents();
    const label = options.find((o) => line.option.test(o));
    expect(label, `an order line matching ${line.option}`).toBeDefined();
    await select.selectOption({ label: label! });
    await dialog.getByRole('textbox', { name: /Quantità da rimborsare/ }).fill(line.quantity);
  }
  if (amount !== null) await dialog.getByRole('textbox', { name: /Importo da rimborsare/ }).fill(amount);
  else await expect(dialog.getByRole('textbox', { name: /Importo da rimborsare/ })).not.toHaveValue('');
  await dialog.getByRole('textbox', { name: /Motivo del rimborso/ }).fill(reason);
  await expectAccessible(cs, scanName);
  await dialog.getByRole('button', { name: 'Rimborsa ora' }).click();
  await expect(dialog).toBeHidden();
  const table = cs.getByRole('table', { name: 'Movimenti del pagamento' });
  await expect(table.getByRole('row').filter({ hasText: reason })).toContainText('Eseguito');
  return cs;
}
