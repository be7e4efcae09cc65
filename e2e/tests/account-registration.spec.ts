import { expect, test } from '@playwright/test';
import { acceptCookies, linkIn, readLatestMail, signIn, uniqueEmail } from '../support/account';
import { settleAndScan } from '../support/shop';
import { typeDate } from '../support/dates';

// Luca Colombo, born in Lecco on 20/05/1988: the tax code agrees with every personal datum.
const PERSON = {
  firstName: 'Luca',
  lastName: 'Colombo',
  birthDate: '1988-05-20',
  birthPlace: 'Lecco',
  fiscalCode: 'CLMLCU88E20E507N',
};
const PASSWORD = 'Prova-2026!';

test('registrazione con e-mail, conferma dalla posta, accesso, modifica del profilo e uscita', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('luca.colombo');
  await page.goto('/registration-user');
  await acceptCookies(page);
  await settleAndScan(page, 'registrazione: scelta');
  await page.getByRole('radio', { name: 'Con e-mail' }).check();
  await page.getByRole('button', { name: 'Avanti' }).click();

  // step 1: personal data (a wrong tax code is refused first)
  await expect(page.getByRole('heading', { name: /Dati personali/ })).toBeFocused();
  await page.getByLabel(/^Nome/).fill(PERSON.firstName);
  await page.getByLabel(/^Cognome/).fill(PERSON.lastName);
  await page.getByRole('group', { name: 'Sesso' }).getByRole('radio', { name: 'Maschio' }).check();
  await typeDate(page, /^Data di nascita/, PERSON.birthDate);
  await page.getByLabel(/^Luogo di nascita/).fill(PERSON.birthPlace);
  await page.getByLabel(/^Nazione di nascita/).fill('Italia');
  await page.getByLabel(/^Codice fiscale/).fill('XYZ');
  await page.getByLabel(/^Cellulare/).fill('333 123 4567');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByText('Formato non corretto')).toBeVisible();
  await settleAndScan(page, 'registrazione: dati personali con errore');
  await page.getByLabel(/^Codice fiscale/).fill(PERSON.fiscalCode.toLowerCase());
  await page.getByRole('button', { name: 'Avanti' }).click();

  // step 2: domicile
  await expect(page.getByRole('heading', { name: /Dati di domicilio/ })).toBeFocused();
  await page.getByLabel(/^Indirizzo/).fill('Via Roma');
  await page.getByLabel(/^Numero civico/).fill('1');
  await page.getByLabel(/^CAP/).fill('239');
  await page.getByLabel(/^Comune/).fill('Lecco');
  await page.getByLabel(/^Provincia/).fill('LC');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByText('Il CAP deve essere di 4 o 5 cifre.')).toBeVisible();
  await page.getByLabel(/^CAP/).fill('23900');
  await page.getByRole('button', { name: 'Avanti' }).click();

  // step 3: account and privacy
  await expect(page.getByRole('heading', { name: /Account e privacy/ })).toBeFocused();
  await page.getByLabel(/^E-mail/).fill(email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill('debole');
  await page.getByLabel(/^Conferma la password/).fill('debole');
  await page.getByRole('button', { name: 'Completa la registrazione' }).click();
  await expect(page.getByText('La password deve contenere almeno una lettera maiuscola.')).toBeVisible();
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(PASSWORD);
  await page.getByLabel(/^Conferma la password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Completa la registrazione' }).click();
  await expect(
    page.getByText('È obbligatorio accettare questo consenso per procedere').first(),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: /Informativa sulla privacy/ }).check();
  await page.getByRole('checkbox', { name: /Condizioni generali di vendita/ }).check();
  await settleAndScan(page, 'registrazione: account e privacy');
  await page.getByRole('button', { name: 'Completa la registrazione' }).click();

  await expect(page).toHaveURL(/\/registration\/thankyou/);
  await expect(page.getByRole('heading', { level: 1, name: 'Controlla la tua e-mail' })).toBeVisible();
  await settleAndScan(page, 'registrazione completata');

  // the confirmation mail, opened in the development mailbox like a person would
  const mail = await readLatestMail(request, email, /Conferma la tua registrazione/);
  await page.goto(mail.url);
  await expect(
    page.getByRole('heading', { name: 'Conferma la tua registrazione a Spesa online' }),
  ).toBeVisible();
  const confirm = linkIn(mail.html, /http:\/\/[^"\s]+registration_confirm\?[^"\s]+/);
  await page.goto(new URL(confirm).pathname + new URL(confirm).search);
  await expect(page).toHaveURL(/\/registration\/confirm\/ok$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account confermato' })).toBeVisible();
  await settleAndScan(page, 'account confermato');

  await signIn(page, email, PASSWORD, 'Luca');

  // change the profile: contacts page, new mobile number
  await page.goto('/profile/contacts');
  await expect(page.getByRole('heading', { level: 1, name: /Contatti e consensi/ })).toBeVisible();
  await settleAndScan(page, 'profilo: contatti');
  await page.getByLabel(/^Cellulare/).fill('347 765 4321');
  await page.getByRole('checkbox', { name: /SMS/ }).check();
  await page.getByRole('button', { name: 'Salva', exact: true }).first().click();
  await expect(page.getByText('Dati salvati.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Cellulare/)).toHaveValue('347 765 4321');
  await expect(page.getByRole('checkbox', { name: /SMS/ })).toBeChecked();

  // log out from the profile menu
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Ciao, Luca/ })
    .click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  await page.goto('/profile/contacts');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await settleAndScan(page, 'accesso richiesto');
});
