import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, DEMO_PASSWORD } from '../support/account';
import { expectAccessible } from '../support/axe';
import { typeDate } from '../support/dates';

// Social sign-in and companies' single sign-on (issue 24, decision 054), through the demo identity providers
// the development server starts: a new Google identity registers (prefilled) from the 600×600 popup and lands
// on the dashboard; the same identity then signs in straight to the dashboard; an employee of the demo company
// signs in through the company's portal (SAML) and finds the company's work address.

const PERSON = {
  birthDate: '1990-04-12',
  birthPlace: 'Milano',
  fiscalCode: 'FRRLCU90D12F205B',
};

/** The demo provider's own sign-in page (in Italian, decision 071): any name, any password. */
async function signInAtDemoProvider(popup: Page, login: string): Promise<void> {
  await popup.waitForLoadState();
  await expect(
    popup.getByRole('heading', { level: 1, name: /^Accedi con (Google|Facebook) \(demo\)$/ }),
  ).toBeVisible();
  await popup.getByLabel('Nome utente o e-mail').fill(login);
  await popup.getByLabel('Password').fill('demo');
  await popup.getByLabel('Password').press('Enter');
}

async function openLoginDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await expect(dialog.getByRole('button', { name: 'Accedi con Google' })).toBeVisible();
  return dialog;
}

test('accesso con Google dal popup: registrazione precompilata, poi accesso diretto alla dashboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // the demo provider's user "luca" (README): Luca Ferri, luca.ferri@example.com, e-mail verified
  const email = 'luca.ferri@example.com';
  await page.goto('/');
  await acceptCookies(page);
  const dialog = await openLoginDialog(page);
  await expectAccessible(page, 'accesso: pulsanti social');

  // keyboard: the Google button opens the 600×600 popup
  await dialog.getByRole('button', { name: 'Accedi con Google' }).focus();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  await expect(dialog.getByText("Completa l'accesso nella finestra di Google…")).toBeVisible();
  const size = await popup.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
  expect(size.w).toBeLessThanOrEqual(600);
  await signInAtDemoProvider(popup, 'luca');
  await popup.waitForEvent('close', { timeout: 30_000 });

  // unknown to the shop: the registration, prefilled from the provider, with social_login
  await expect(page).toHaveURL(/\/registration-user\?social_login=google$/);
  await expect(page.getByText(/Abbiamo compilato i dati che Google ci ha comunicato/)).toBeVisible();
  await expectAccessible(page, 'registrazione da accesso social');
  await page.getByRole('radio', { name: 'Con e-mail' }).check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByLabel(/^Nome/)).toHaveValue('Luca');
  await expect(page.getByLabel(/^Cognome/)).toHaveValue('Ferri');
  await page.getByRole('group', { name: 'Sesso' }).getByRole('radio', { name: 'Maschio' }).check();
  await typeDate(page, /^Data di nascita/, PERSON.birthDate);
  await page.getByLabel(/^Luogo di nascita/).fill(PERSON.birthPlace);
  await page.getByLabel(/^Nazione di nascita/).fill('Italia');
  await page.getByLabel(/^Codice fiscale/).fill(PERSON.fiscalCode);
  await page.getByLabel(/^Cellulare/).fill('333 765 4321');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByLabel(/^Indirizzo/).fill('Via Roma');
  await page.getByLabel(/^Numero civico/).fill('1');
  await page.getByLabel(/^CAP/).fill('23900');
  await page.getByLabel(/^Comune/).fill('Lecco');
  await page.getByLabel(/^Provincia/).fill('LC');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByLabel(/^E-mail/)).toHaveValue(email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill('Social2026!');
  await page.getByLabel(/^Conferma la password/).fill('Social2026!');
  await page.getByRole('checkbox', { name: /Informativa sulla privacy/ }).check();
  await page.getByRole('checkbox', { name: /Condizioni generali di vendita/ }).check();
  await page.getByRole('button', { name: 'Completa la registrazione' }).click();

  // the provider verified the e-mail: signed in at once, on the dashboard
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('banner').getByText('Ciao, Luca')).toBeVisible();

  // the profile lists Google among the linked sign-ins
  await page.goto('/profile/password');
  await expect(page.getByRole('heading', { name: 'Accessi collegati' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scollega Google' })).toBeVisible();
  await expectAccessible(page, 'profilo: accessi collegati');

  // signed out, the same Google identity signs in straight to the dashboard
  await page.context().clearCookies();
  await page.goto('/');
  const again = await openLoginDialog(page);
  const [second] = await Promise.all([
    page.waitForEvent('popup'),
    again.getByRole('button', { name: 'Accedi con Google' }).click(),
  ]);
  await signInAtDemoProvider(second, 'luca');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('banner').getByText('Ciao, Luca')).toBeVisible();
  await expectAccessible(page, 'dashboard dopo accesso social');
});

test('accesso aziendale (SAML) dal portale della sede: account aziendale e indirizzo di lavoro', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await acceptCookies(page);
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('link', { name: /Accesso aziendale: Spesa S\.p\.A\./ }).click();

  // the company's demo portal: pick the employee, go back to the shop
  await expect(page.getByRole('heading', { name: 'Portale aziendale (demo)' })).toBeVisible();
  await expectAccessible(page, 'portale aziendale demo');
  await page.getByRole('radio', { name: /Paolo Conti/ }).check();
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByText(/Accesso riuscito come/)).toBeVisible();
  await page.getByRole('button', { name: 'Torna a Spesa' }).press('Enter');

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('banner').getByText('Ciao, Paolo')).toBeVisible();
  await page.goto('/profile/addresses');
  await expect(page.getByText(/Sede di Milano/).first()).toBeVisible({ timeout: 20_000 });
  await page.goto('/profile/password');
  await expect(page.getByText("l'accesso aziendale")).toBeVisible();
  await expectAccessible(page, 'profilo di un utente aziendale');
});

test('un account social con l’e-mail di un account Spesa si collega solo con la password di quell’account', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await acceptCookies(page);
  const dialog = await openLoginDialog(page);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Accedi con Facebook' }).click(),
  ]);
  // the demo provider's "mario": the e-mail of the demo account mario.rossi@spesa.demo, verified
  await signInAtDemoProvider(popup, 'mario');
  await expect(page).toHaveURL(/\/social-login\/link$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Collega il tuo account' })).toBeVisible();
  await expectAccessible(page, 'collega account social');
  const password = page.getByLabel(/^Password/);
  await password.fill('sbagliata');
  await password.press('Enter');
  await expect(page.getByText('La password non è corretta.')).toBeVisible();
  await password.fill(DEMO_PASSWORD);
  await password.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('banner').getByText('Ciao, Mario')).toBeVisible();
});
