import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsWithEmail,
  confirmationPath,
  NEW_PASSWORD,
  newLoyaltyCard,
  register,
  registrationBody,
  withField,
} from '../../../test/account-fixtures';
import {
  buildTestApp,
  callAs,
  DEMO_PASSWORD,
  lastMailTo,
  login,
  uniqueEmail,
  type TestApp,
} from '../../../test/helper';
import { loyaltyCardNumber } from '../../db/seed/accounts';

/**
 * Registration (spec section 7 "Account and registration", rules of section 5): the three steps in one
 * body, the confirmation mail and its link, the loyalty card, and every refusal with its Italian message
 * and field. A refused registration writes nothing.
 */
const API = '/ebsn/api';
const NOT_ACTIVE =
  'Il tuo account non è ancora attivo: apri il link che ti abbiamo inviato via e-mail per confermare la registrazione.';
const WRONG_CREDENTIALS = 'Credenziali non valide: controlla e-mail o numero di carta e password.';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
});
afterAll(async () => {
  await t.close();
});

/** A refusal naming the field with the exact text. */
function expectFieldError(
  res: { body: { response: { status: number; errors: unknown[] } } },
  field: string,
  text: string,
) {
  expect(res.body.response.status).toBe(2);
  expect(res.body.response.errors).toContainEqual(expect.objectContaining({ field, error: text }));
}

/** Nothing was written for this e-mail: no account, no mail, and no sign-in possible. */
async function expectNothingWritten(email: string) {
  expect(await accountsWithEmail(t.db, email)).toBe(0);
  expect(await lastMailTo(t.db, email)).toBeNull();
}

describe('registration by e-mail', () => {
  it('registers, mails the link, refuses sign-in until confirmed, confirms once, then signs in', async () => {
    const email = uniqueEmail('registrazione');
    const body = registrationBody(email, {
      person: { ...registrationBody(email).person, homePhone: '02 12345678' },
    });
    body.account.disclaimers = [
      { registrationDisclaimerId: 1, value: true },
      { registrationDisclaimerId: 2, value: true },
      { registrationDisclaimerId: 3, value: true },
      { registrationDisclaimerId: 4, value: false },
    ];
    const res = await register(t.app, { ...body, account: { ...body.account, email: email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.infosMessage).toEqual([
      "Registrazione completata: ti abbiamo inviato un'e-mail per confermare il tuo indirizzo.",
    ]);
    expect(res.body.data).toEqual({
      userId: expect.any(Number) as number,
      email,
      confirmationRequired: true,
    });
    // registering does not sign in
    expect(res.body.user.userId).toBe(-1);
    expect(res.cookies.find((c) => c.name === 'X-Ebsn-Account')).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(NEW_PASSWORD);

    const mail = await lastMailTo(t.db, email);
    expect(mail).toMatchObject({
      template: 'registration-confirm',
      subject: 'Conferma la tua registrazione a Spesa online',
    });
    expect(mail?.textBody).toContain('Ciao Mario,');
    const link = await confirmationPath(t.db, email);
    expect(link).toContain(`e_mail=${encodeURIComponent(email)}`);

    const early = await login(t.app, email, NEW_PASSWORD);
    expect(early.body.response.errors[0]?.error).toBe(NOT_ACTIVE);
    expect(early.cookie).toBeNull();
    // a wrong password does not reveal the account is waiting
    expect((await login(t.app, email, 'Sbagliata1!')).body.response.errors[0]?.error).toBe(WRONG_CREDENTIALS);

    const confirmed = await callAs(t.app, null, 'GET', link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body.response.status).toBe(0);
    expect(confirmed.body.response.infosMessage).toEqual(['Il tuo account è attivo: ora puoi accedere.']);
    const again = await callAs(t.app, null, 'GET', link);
    expect(again.body.response.status).toBe(0);
    expect(again.body.response.infosMessage).toEqual(['Il tuo account è già attivo: puoi accedere.']);

    const signedIn = await login(t.app, email, NEW_PASSWORD);
    expect(signedIn.body.response.status).toBe(0);
    expect(signedIn.cookie).toBeTruthy();
    const detail = await callAs<{ user: Record<string, unknown> }>(
      t.app,
      signedIn.cookie,
      'GET',
      `${API}/registration/user_detail`,
    );
    expect(detail.body.data.user).toMatchObject({
      login: email,
      email,
      profileConfirmed: true,
      fidelityCard: null,
      person: {
        firstName: 'Mario',
        lastName: 'Rossi',
        fiscalCode: 'RSSMRA85T10F205R',
        birthDate: '1985-12-10',
        birthPlace: 'Milano',
        birthCountry: 'Italia',
        gender: 'M',
        italianCitizen: true,
      },
      contact: { email, mobilePhone: '3331234567', homePhone: '02 12345678' },
      domicile: {
        address1: 'Via Dante',
        addressNumber: '12',
        postalCode: '20121',
        city: 'Milano',
        province: 'MI',
        countryId: 1,
      },
      // the marketing disclaimer ticked at registration is the marketing consent
      consents: { marketing: true, profiling: false },
    });
    const answers = await callAs<{ registrationDisclaimers: Array<{ code: string; value: boolean }> }>(
      t.app,
      signedIn.cookie,
      'GET',
      `${API}/user-registration-disclaimer/list-by-type`,
    );
    expect(
      Object.fromEntries(answers.body.data.registrationDisclaimers.map((d) => [d.code, d.value])),
    ).toEqual({ privacy: true, terms: true, marketing: true, profiling: false });
  });

  it('sends a browser that opens the link to /registration/confirm/ok, then already, and a wrong code to ko', async () => {
    const email = uniqueEmail('conferma.html');
    expect((await register(t.app, registrationBody(email))).body.response.status).toBe(0);
    const link = await confirmationPath(t.db, email);
    const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

    const wrong = await t.app.inject({
      method: 'GET',
      url: link.replace(
        /reg_control_code=[^&]+/,
        'reg_control_code=ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefg',
      ),
      headers: html,
    });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/registration/confirm/ko');
    // the wrong code did not confirm anything
    expect((await login(t.app, email, NEW_PASSWORD)).body.response.errors[0]?.error).toBe(NOT_ACTIVE);

    const ok = await t.app.inject({ method: 'GET', url: link, headers: html });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/registration/confirm/ok');
    const already = await t.app.inject({ method: 'GET', url: link, headers: html });
    expect(already.statusCode).toBe(303);
    expect(already.headers.location).toBe('/registration/confirm/already');
    // a guessed code on a confirmed account says ko, not "already": nobody learns the account exists
    const guessed = await t.app.inject({
      method: 'GET',
      url: link.replace(/reg_control_code=[^&]+/, `reg_control_code=${'z'.repeat(43)}`),
      headers: html,
    });
    expect(guessed.headers.location).toBe('/registration/confirm/ko');
    expect((await login(t.app, email, NEW_PASSWORD)).cookie).toBeTruthy();
  });

  it('answers ko as an envelope error to a client that wants JSON, for a wrong code or another e-mail', async () => {
    const email = uniqueEmail('conferma.json');
    await register(t.app, registrationBody(email));
    const link = await confirmationPath(t.db, email);
    const code = new URL(link, 'http://x').searchParams.get('reg_control_code') ?? '';
    for (const url of [
      `${API}/registration/registration_confirm?e_mail=${encodeURIComponent(email)}&reg_control_code=${'x'.repeat(43)}`,
      `${API}/registration/registration_confirm?e_mail=${encodeURIComponent(uniqueEmail('altro'))}&reg_control_code=${code}`,
    ]) {
      const res = await callAs(t.app, null, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body.response.status).toBe(1);
      expect(res.body.response.errors[0]?.error).toBe(
        'Il link di conferma non è valido o è scaduto: richiedi una nuova e-mail.',
      );
    }
    // missing or too short codes are refused before looking
    const bad = await callAs(t.app, null, 'GET', `${API}/registration/registration_confirm?e_mail=${email}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.response.status).toBe(2);
  });

  it('registration_resend_email: same answer for unknown, unconfirmed and confirmed; a new link only for the unconfirmed', async () => {
    const pending = uniqueEmail('da.confermare');
    await register(t.app, registrationBody(pending));
    const firstLink = await confirmationPath(t.db, pending);
    const unknown = uniqueEmail('sconosciuto');

    const answers = [];
    for (const address of [pending, unknown, 'mario.rossi@spesa.demo']) {
      const res = await callAs(
        t.app,
        null,
        'GET',
        `${API}/registration/registration_resend_email?e_mail=${encodeURIComponent(address)}`,
      );
      expect(res.statusCode).toBe(200);
      answers.push(res.body.response);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[0]?.infosMessage).toEqual([
      "Se l'indirizzo appartiene a un account da confermare, ti abbiamo inviato una nuova e-mail.",
    ]);
    expect(await lastMailTo(t.db, unknown)).toBeNull();

    const secondLink = await confirmationPath(t.db, pending);
    expect(secondLink).not.toBe(firstLink);
    // the earlier link stopped working when the new one was sent
    expect((await callAs(t.app, null, 'GET', firstLink)).body.response.status).toBe(1);
    expect((await callAs(t.app, null, 'GET', secondLink)).body.response.status).toBe(0);

    const missing = await callAs(t.app, null, 'GET', `${API}/registration/registration_resend_email`);
    expect(missing.statusCode).toBe(400);
    expect(missing.body.response.errorsMessage).toEqual(['Il parametro e_mail è obbligatorio.']);
  });
});

describe('registration with a loyalty card', () => {
  it('links a card whose holder has the same surname, and the card then signs in', async () => {
    const card = await newLoyaltyCard(t.db, 'Rossi');
    const email = uniqueEmail('con.carta');
    const res = await register(t.app, {
      ...registrationBody(email),
      registrationType: 'card',
      fidelityCard: ` ${card} `,
    });
    expect(res.body.response.status).toBe(0);
    await t.app.inject({ method: 'GET', url: await confirmationPath(t.db, email) });
    const byCard = await login(t.app, card, NEW_PASSWORD);
    expect(byCard.body.response.status).toBe(0);
    expect(byCard.body.user).toMatchObject({
      login: email,
      fidelityCard: { cardNumber: card, cardType: 'fidelity' },
    });

    // the same card cannot be linked again
    const other = uniqueEmail('stessa.carta');
    const twice = await register(t.app, {
      ...registrationBody(other),
      registrationType: 'card',
      fidelityCard: card,
    });
    expectFieldError(twice, 'fidelityCard', 'Questa carta fedeltà è già associata a un account.');
    await expectNothingWritten(other);
  });

  it('compares the surname without case, accents or spaces', async () => {
    const card = await newLoyaltyCard(t.db, 'ROSSÌ ');
    const email = uniqueEmail('carta.accenti');
    const res = await register(t.app, {
      ...registrationBody(email),
      registrationType: 'card',
      fidelityCard: card,
    });
    expect(res.body.response.status).toBe(0);
  });

  it.each([
    ['a spare card held by someone else (Colombo)', loyaltyCardNumber(101)],
    ['a card number the chain never issued', '2999999999994'],
  ])('refuses %s: "Carta fedeltà non riconosciuta..."', async (_name, card) => {
    const email = uniqueEmail('carta.sbagliata');
    const res = await register(t.app, {
      ...registrationBody(email),
      registrationType: 'card',
      fidelityCard: card,
    });
    expect(res.statusCode).toBe(200);
    expectFieldError(
      res,
      'fidelityCard',
      'Carta fedeltà non riconosciuta: controlla il numero e il cognome.',
    );
    await expectNothingWritten(email);
  });

  it("refuses the demo customer's card, already linked to Mario Rossi", async () => {
    const email = uniqueEmail('carta.di.mario');
    const res = await register(t.app, {
      ...registrationBody(email),
      registrationType: 'card',
      fidelityCard: loyaltyCardNumber(1),
    });
    expectFieldError(res, 'fidelityCard', 'Questa carta fedeltà è già associata a un account.');
    await expectNothingWritten(email);
  });

  it.each([
    ['missing', undefined, 'Campo obbligatorio.'],
    ['empty', '', 'Campo obbligatorio.'],
    ['12 digits', '260000000001', 'Il campo deve essere lungo 13 caratteri'],
    ['letters', '26000000000AB', 'Il campo deve essere lungo 13 caratteri'],
  ])('a card registration with the card number %s is refused', async (_name, card, text) => {
    const email = uniqueEmail('carta.formato');
    const body = withField({ ...registrationBody(email), registrationType: 'card' }, 'fidelityCard', card);
    const res = await register(t.app, body);
    expect(res.statusCode).toBe(400);
    expectFieldError(res, 'fidelityCard', text);
    await expectNothingWritten(email);
  });
});

describe('registration refusals (nothing is written)', () => {
  it('an e-mail already registered: field account.email, whatever the case', async () => {
    for (const email of ['mario.rossi@spesa.demo', 'MARIO.Rossi@Spesa.demo']) {
      const res = await register(t.app, registrationBody(email));
      expect(res.statusCode).toBe(200);
      expectFieldError(res, 'account.email', 'Questo indirizzo e-mail è già registrato.');
    }
    // the demo account is untouched
    expect((await login(t.app, 'mario.rossi@spesa.demo', DEMO_PASSWORD)).body.response.status).toBe(0);
    expect(await accountsWithEmail(t.db, 'mario.rossi@spesa.demo')).toBe(1);
  });

  it.each([
    ['another first name', 'person.firstName', 'Marco'],
    ['another surname', 'person.lastName', 'Bianchi'],
    ['another birth date', 'person.birthDate', '1985-12-11'],
    ['the other sex', 'person.gender', 'F'],
    ['another birth place', 'person.birthPlace', 'Roma'],
  ])('a tax code that does not match %s: field person.fiscalCode', async (_name, path, value) => {
    const email = uniqueEmail('cf.diverso');
    const res = await register(t.app, withField(registrationBody(email), path, value));
    expect(res.statusCode).toBe(200);
    expectFieldError(res, 'person.fiscalCode', 'Il codice fiscale non corrisponde ai dati anagrafici.');
    await expectNothingWritten(email);
  });

  it('a tax code with a wrong control character: field person.fiscalCode "Formato non corretto"', async () => {
    const email = uniqueEmail('cf.controllo');
    const res = await register(
      t.app,
      withField(registrationBody(email), 'person.fiscalCode', 'RSSMRA85T10F205S'),
    );
    expectFieldError(res, 'person.fiscalCode', 'Formato non corretto');
    await expectNothingWritten(email);
  });

  it('accepts an omocode of the right tax code, in lowercase', async () => {
    const email = uniqueEmail('cf.omocodia');
    const res = await register(
      t.app,
      withField(registrationBody(email), 'person.fiscalCode', 'rssmraurtmlfnlrj'),
    );
    expect(res.body.response.status).toBe(0);
  });

  it('an Italian citizen without tax code is refused; a foreign citizen may leave it empty', async () => {
    const email = uniqueEmail('senza.cf');
    const res = await register(t.app, withField(registrationBody(email), 'person.fiscalCode', ''));
    expect(res.statusCode).toBe(400);
    expectFieldError(res, 'person.fiscalCode', 'Il codice fiscale è obbligatorio per i cittadini italiani.');
    await expectNothingWritten(email);

    const foreign = withField(
      withField(registrationBody(email), 'person.fiscalCode', ''),
      'person.italianCitizen',
      false,
    );
    expect((await register(t.app, foreign)).body.response.status).toBe(0);
  });

  it.each([
    [
      'privacy refused',
      [
        { registrationDisclaimerId: 1, value: false },
        { registrationDisclaimerId: 2, value: true },
      ],
      1,
    ],
    [
      'terms refused',
      [
        { registrationDisclaimerId: 1, value: true },
        { registrationDisclaimerId: 2, value: false },
      ],
      2,
    ],
    ['terms left out', [{ registrationDisclaimerId: 1, value: true }], 2],
    ['nothing answered', [], 1],
  ])('required disclaimers not accepted (%s) are refused', async (_name, disclaimers, id) => {
    const email = uniqueEmail('consensi');
    const res = await register(t.app, withField(registrationBody(email), 'account.disclaimers', disclaimers));
    expectFieldError(
      res,
      `account.disclaimers.${id}`,
      'È obbligatorio accettare questo consenso per procedere',
    );
    await expectNothingWritten(email);
  });

  const LONG = 'x'.repeat(5000);
  it.each<[string, unknown, string]>([
    // step 1, personal data
    ['person.firstName', '', 'Campo obbligatorio.'],
    ['person.firstName', '   ', 'Campo obbligatorio.'],
    ['person.firstName', 'x'.repeat(61), 'Lunghezza massima 60 caratteri'],
    ['person.lastName', '', 'Campo obbligatorio.'],
    ['person.lastName', LONG, 'Lunghezza massima 60 caratteri'],
    ['person.gender', 'X', 'Campo obbligatorio.'],
    ['person.gender', undefined, 'Campo obbligatorio.'],
    ['person.birthDate', '', 'Campo obbligatorio.'],
    ['person.birthDate', '10/12/1985', 'Digitare una data valida'],
    ['person.birthDate', '1985-02-31', 'Digitare una data valida'],
    ['person.birthDate', '1900-01-01', 'La data di nascita non è valida.'],
    ['person.birthDate', '2999-01-01', 'La data di nascita non è valida.'],
    ['person.birthPlace', '', 'Campo obbligatorio.'],
    ['person.birthPlace', 'x'.repeat(81), 'Lunghezza massima 80 caratteri'],
    ['person.birthCountry', '', 'Campo obbligatorio.'],
    ['person.fiscalCode', 'RSSMRA85T10F205', 'Formato non corretto'],
    ['person.fiscalCode', 'RSSMRA85T10F205RX', 'Formato non corretto'],
    ['person.fiscalCode', "' OR 1=1 --", 'Formato non corretto'],
    ['person.mobilePhone', '', 'Campo obbligatorio.'],
    ['person.mobilePhone', '12345', 'Digitare un numero di telefono valido'],
    ['person.mobilePhone', '+44 3331234567', 'Digitare un numero di telefono valido'],
    ['person.homePhone', 'casa', 'Digitare un numero di telefono valido'],
    // step 2, domicile
    ['domicile.address1', '', 'Campo obbligatorio.'],
    ['domicile.address1', 'x'.repeat(121), 'Lunghezza massima 120 caratteri'],
    ['domicile.addressNumber', '', 'Campo obbligatorio.'],
    ['domicile.addressNumber', '12345678901', 'Lunghezza massima 10 caratteri'],
    ['domicile.postalCode', '', 'Campo obbligatorio.'],
    ['domicile.postalCode', '201', 'Il CAP deve essere di 4 o 5 cifre.'],
    ['domicile.postalCode', '201211', 'Il CAP deve essere di 4 o 5 cifre.'],
    ['domicile.postalCode', '2O121', 'Il CAP deve essere di 4 o 5 cifre.'],
    ['domicile.city', '', 'Campo obbligatorio.'],
    ['domicile.province', '', 'Il campo deve essere lungo 2 caratteri'],
    ['domicile.province', 'Milano', 'Il campo deve essere lungo 2 caratteri'],
    ['domicile.countryId', 99, 'Campo obbligatorio.'],
    // step 3, account
    ['account.email', '', 'Campo obbligatorio.'],
    ['account.email', 'mario.rossi@', 'Digitare una e-mail valida'],
    ['account.email', 'mario@esempio.abcdefghijkl', 'Digitare una e-mail valida'],
    ['account.password', '', 'Campo obbligatorio.'],
    ['account.password', 'Ab1!', 'La password deve essere lunga 6 caratteri.'],
    ['account.password', `Ab1!${'x'.repeat(22)}`, 'Lunghezza massima 25 caratteri'],
    ['account.password', 'NUOVA2026!', 'La password deve contenere almeno una lettera minuscola.'],
    ['account.password', 'nuova2026!', 'La password deve contenere almeno una lettera maiuscola.'],
    ['account.password', 'NuovaNuova!', 'La password deve contenere almeno un numero.'],
    ['account.password', 'Nuova2026', 'La password deve contenere almeno un carattere speciale.'],
    ['account.passwordConfirm', '', 'Campo obbligatorio.'],
    ['account.passwordConfirm', 'Nuova2027!', 'Le password non coincidono.'],
  ])('%s = %j: HTTP 400, status 2, "%s"', async (path, value, text) => {
    const email = uniqueEmail('campo');
    const body = withField(registrationBody(email), path, value);
    const res = await register(t.app, body);
    expect(res.statusCode).toBe(400);
    expect(res.body.user.userId).toBe(-1);
    expectFieldError(res, path, text);
    await expectNothingWritten(email);
  });

  it.each<[string, unknown]>([
    ['no body', undefined],
    ['not an object', 'registrati'],
    ['registrationType unknown', { ...registrationBody('x@example.com'), registrationType: 'social' }],
    ['person missing', withField(registrationBody('x@example.com'), 'person', undefined)],
    [
      'italianCitizen not a boolean',
      withField(registrationBody('x@example.com'), 'person.italianCitizen', 'si'),
    ],
    ['disclaimers not a list', withField(registrationBody('x@example.com'), 'account.disclaimers', 'tutti')],
    [
      'a disclaimer id that is not a number',
      withField(registrationBody('x@example.com'), 'account.disclaimers', [
        { registrationDisclaimerId: 'uno', value: true },
      ]),
    ],
  ])('a malformed body (%s) gets an Italian envelope error, never a 500', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/registration/register_user`,
      ...(payload === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
    });
    expect(res.statusCode).toBe(400);
    const body = JSON.parse(res.body) as { response: { status: number; errorsMessage: string[] } };
    expect(body.response.status).toBe(2);
    for (const text of body.response.errorsMessage) expect(text).not.toMatch(/Invalid|expected|received/i);
    expect(await accountsWithEmail(t.db, 'x@example.com')).toBe(0);
  });
});
