import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  linkIn,
  readLatestMail,
  registerConfirmedCustomer,
  signIn,
  openSignedIn,
  DEMO_CUSTOMERS,
} from '../support/account';
import { expectAccessible } from '../support/axe';
import { settleAndScan } from '../support/shop';

// Journeys that change an account use a customer of their own, so they can run in parallel and be retried.

test('password dimenticata: link dalla posta, nuova password, accesso con la nuova', async ({
  page,
  request,
}) => {
  const { email, firstName } = await registerConfirmedCustomer(request, 'reset');
  const newPassword = 'Nuova-Pass-77';
  await page.goto('/reset-password-request');
  await acceptCookies(page);
  await settleAndScan(page, 'recupero password: richiesta');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByRole('button', { name: 'Invia il link' }).click();
  await expect(page).toHaveURL(/\/reset-password-sent/);
  await settleAndScan(page, 'recupero password: inviata');

  const mail = await readLatestMail(request, email, /Reimposta la tua password/);
  const link = new URL(linkIn(mail.html, /http:\/\/[^"\s]+\/reset-password\?[^"\s<]+/));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Scegli una nuova password' })).toBeVisible();
  await settleAndScan(page, 'recupero password: nuova password');
  await page.getByLabel(/^Nuova password/).fill(newPassword);
  await page.getByLabel(/^Conferma la password/).fill(newPassword);
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(page).toHaveURL(/\/reset-password-completed/);
  await settleAndScan(page, 'recupero password: completato');

  // the same link cannot be used twice
  await page.goto(link.pathname + link.search);
  await expect(
    page.getByText('Il link non è valido o è scaduto: richiedi una nuova e-mail.').first(),
  ).toBeVisible();

  await page.goto('/');
  await signIn(page, email, newPassword, firstName);
});

test('accesso con PIN: attivazione dal profilo, PIN dalla posta, accesso', async ({ page, request }) => {
  const { email, password } = await registerConfirmedCustomer(request, 'pin');
  await openSignedIn(page, { email, password, firstName: 'Sara' });
  await page.goto('/profile/pin');
  await settleAndScan(page, 'profilo: PIN');
  const pinSwitch = page.getByRole('switch', { name: 'Accesso con PIN via e-mail' });
  await expect(pinSwitch).not.toBeChecked();
  // the switch follows the server's answer: click, then wait for the saved state
  await pinSwitch.click();
  await expect(page.getByText("L'accesso con PIN è attivo.")).toBeVisible();
  await expect(pinSwitch).toBeChecked();

  await page
    .getByRole('banner')
    .getByRole('button', { name: /Ciao, Sara/ })
    .click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();

  // password first: the shop asks for the PIN it has just mailed
  await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await dialog.getByRole('textbox', { name: /E-mail o numero di carta/ }).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  const pinField = dialog.getByRole('textbox', { name: /Codice PIN/ });
  await expect(pinField).toBeFocused();
  await expect(dialog.getByText(/Ti abbiamo inviato un codice PIN/)).toBeVisible();
  await expectAccessible(page, 'accesso: richiesta PIN');

  const mail = await readLatestMail(request, email, /codice PIN/);
  const pin = /(\d{6})<\/strong>/.exec(mail.html)?.[1];
  expect(pin, 'PIN in the mail').toBeTruthy();
  await pinField.fill(pin!);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByText('Ciao, Sara')).toBeVisible();

  // turn it off again with the keyboard
  await page.goto('/profile/pin');
  await page.getByRole('switch', { name: 'Accesso con PIN via e-mail' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText("L'accesso con PIN non è attivo.")).toBeVisible();
});

test('sessione scaduta: la chiamata successiva risponde 419, il negozio lo dice e torna anonimo', async ({
  page,
  request,
}) => {
  await openSignedIn(page, DEMO_CUSTOMERS.giulia);
  // the session ends on the server (as after the idle time): revoke it with its own token
  const token = (await page.context().cookies()).find((c) => c.name === 'X-Ebsn-Account')?.value;
  expect(token).toBeTruthy();
  const out = await request.post('/ebsn/api/auth/logout', { headers: { 'x-ebsn-account': token! } });
  expect(out.ok()).toBeTruthy();

  await page.getByRole('navigation').getByRole('link', { name: 'Latticini' }).first().click();
  await expect(
    page.getByText('La sessione è scaduta, si prega di rieffettuare il login per continuare.'),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  await settleAndScan(page, 'sessione scaduta');
});
