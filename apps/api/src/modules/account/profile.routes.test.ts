import type { UserDetail } from '@spesa/shared/contracts/account';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newCustomer,
  register,
  registrationBody,
  withField,
  type Customer,
} from '../../../test/account-fixtures';
import {
  buildTestApp,
  callAs,
  DEMO_PASSWORD,
  findInMail,
  lastMailTo,
  login,
  uniqueEmail,
  type TestApp,
} from '../../../test/helper';
import { addresses, personFiscals, users, userTokens } from '../../db/schema';

/**
 * The customer area's account calls (spec section 7 "Account and registration"): profile, contacts,
 * password, e-mail, user name, password reset, deletion, invoice data and privacy disclaimers. Every
 * test works on a customer of its own, registered and confirmed through the mailed link.
 */
const API = '/ebsn/api';
const R = `${API}/registration`;
const WRONG_CREDENTIALS = 'Credenziali non valide: controlla e-mail o numero di carta e password.';
const SESSION_EXPIRED = 'La sessione è scaduta, si prega di rieffettuare il login per continuare.';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
});
afterAll(async () => {
  await t.close();
});

interface UserView {
  userId: number;
  login: string;
  email: string;
  person: Record<string, unknown> & { personInfos: Array<{ personInfoTypeId: number; value: string }> };
  contact: Record<string, string>;
  contactPreferences: Record<string, boolean>;
  consents: { marketing: boolean; profiling: boolean };
  domicile: Record<string, unknown>;
}

const detailOf = async (token: string | null) =>
  callAs<{ user: UserView & Pick<UserDetail, 'giftCertificatesReceived'> }>(
    t.app,
    token,
    'GET',
    `${R}/user_detail`,
  );

const isAlive = async (token: string | null) =>
  (await callAs<{ authenticated: boolean }>(t.app, token, 'GET', `${API}/auth/test`)).statusCode === 200;

function expectFieldError(
  res: { body: { response: { status: number; errors: unknown[] } } },
  field: string,
  text: string,
) {
  expect(res.body.response.status).toBe(2);
  expect(res.body.response.errors).toContainEqual(expect.objectContaining({ field, error: text }));
}

function expectError(res: { body: { response: { status: number; errorsMessage: string[] } } }, text: string) {
  expect(res.body.response.status).not.toBe(0);
  expect(res.body.response.errorsMessage).toEqual([text]);
}

const FORBIDDEN_IN_ANSWERS = /passwordHash|password_hash|argon2|tokenHash|token_hash|Nuova2026!|Spesa2026!/;

// ---------------------------------------------------------------------------------------------------
describe('user_detail', () => {
  it('answers the signed-in customer, without password hash, password or session token', async () => {
    const c = await newCustomer(t.app, t.db, 'dettaglio');
    const res = await detailOf(c.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    expect(res.body.user).toMatchObject({ userId: c.userId, login: c.email });
    expect(res.body.data.user).toMatchObject({
      userId: c.userId,
      login: c.email,
      email: c.email,
      profileConfirmed: true,
      mfaEnabled: false,
      userType: { userTypeId: 2 },
      registrationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
    const raw = JSON.stringify(res.body);
    expect(raw).not.toMatch(FORBIDDEN_IN_ANSWERS);
    expect(raw).not.toContain(c.cookie);
  });

  it('counts the personal gift certificates the customer can use today, in user_detail and at sign-in', async () => {
    const c = await newCustomer(t.app, t.db, 'buoni');
    const other = await newCustomer(t.app, t.db, 'buoni-altro');
    expect((await detailOf(c.cookie)).body.data.user.giftCertificatesReceived).toBe(0);
    await certificate(c.userId);
    await certificate(c.userId);
    await certificate(c.userId, { used: true });
    await certificate(c.userId, { validTo: '2021-12-31' });
    await certificate(other.userId);
    await certificate(other.userId);

    const res = await detailOf(c.cookie);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.user.giftCertificatesReceived).toBe(2);
    expect((await detailOf(other.cookie)).body.data.user.giftCertificatesReceived).toBe(2);
    const signedIn = await login(t.app, c.email, c.password);
    expect(signedIn.body.data.user).toMatchObject({ userId: c.userId, giftCertificatesReceived: 2 });
  });
});

let certificates = 0;
/** A personal 5 € certificate of the loyalty module's table, valid from 2020 (until 2099 unless said). */
async function certificate(ownerUserId: number, o: { used?: boolean; validTo?: string } = {}) {
  const code = `U${Date.now().toString(36).toUpperCase()}${process.pid}X${certificates++}`;
  await t.db.execute(
    sql`INSERT INTO gift_certificates (code, name, kind, value, valid_from, valid_to, max_uses, uses,
          once_per_user, owner_user_id, source, reason)
        VALUES (${code}, 'Buono di prova', 'amount', 500, '2020-01-01', ${o.validTo ?? '2099-12-31'}::date, 1,
          ${o.used ? 1 : 0}, true, ${ownerUserId}, 'manual', 'Scuse per il ritardo')`,
  );
}

// ---------------------------------------------------------------------------------------------------
describe('update_user_detail, update_person_info, update_contact', () => {
  it('update_user_detail changes personal data and domicile as user_detail then shows them', async () => {
    const c = await newCustomer(t.app, t.db, 'anagrafica');
    const giulia = {
      firstName: 'Giulia',
      lastName: 'Bianchi',
      gender: 'F',
      birthDate: '1990-01-01',
      birthPlace: 'Brescia',
      birthCountry: 'Italia',
      italianCitizen: true,
      fiscalCode: 'bncgli90a41b157h',
      mobilePhone: '+39 338 7654321',
      homePhone: '030 123456',
    };
    const domicile = {
      address1: 'Corso Zanardelli',
      addressNumber: '5/B',
      postalCode: '25121',
      city: 'Brescia',
      province: 'bs',
      countryId: 1,
    };
    const res = await callAs<{ user: UserView }>(t.app, c.cookie, 'POST', `${R}/update_user_detail`, {
      payload: { person: giulia, domicile },
    });
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.infosMessage).toEqual(['Dati salvati.']);
    const after = (await detailOf(c.cookie)).body.data.user;
    const { mobilePhone: _m, homePhone: _h, ...person } = giulia;
    expect(after.person).toMatchObject({ ...person, fiscalCode: 'BNCGLI90A41B157H' });
    expect(after.contact).toMatchObject({ mobilePhone: '+39 338 7654321', homePhone: '030 123456' });
    expect(after.domicile).toEqual({ ...domicile, province: 'BS' });
    // e-mail and login are not part of this form
    expect(after.email).toBe(c.email);
  });

  it('update_user_detail refuses bad input with the field and its message, and changes nothing', async () => {
    const c = await newCustomer(t.app, t.db, 'anagrafica.errata');
    const body = { person: registrationBody(c.email).person, domicile: registrationBody(c.email).domicile };
    const cases: Array<[string, unknown, string, number]> = [
      ['domicile.postalCode', '123456', 'Il CAP deve essere di 4 o 5 cifre.', 400],
      ['person.mobilePhone', '', 'Campo obbligatorio.', 400],
      ['person.firstName', '', 'Campo obbligatorio.', 400],
      ['person.fiscalCode', '', 'Il codice fiscale è obbligatorio per i cittadini italiani.', 400],
      ['person.birthDate', '1985-12-11', 'Il codice fiscale non corrisponde ai dati anagrafici.', 200],
    ];
    for (const [path, value, text, http] of cases) {
      const res = await callAs(t.app, c.cookie, 'POST', `${R}/update_user_detail`, {
        payload: withField(withField(body, 'domicile.city', 'Cambiata'), path, value),
      });
      expect(res.statusCode, path).toBe(http);
      expectFieldError(res, path === 'person.birthDate' ? 'person.fiscalCode' : path, text);
    }
    const after = (await detailOf(c.cookie)).body.data.user;
    expect(after.domicile.city).toBe('Milano');
    expect(after.person.birthDate).toBe('1985-12-10');
  });

  it('update_person_info stores one value per type, replaces it, and validates type and length', async () => {
    const c = await newCustomer(t.app, t.db, 'info');
    const set = (payload: unknown) =>
      callAs<{ user: UserView }>(t.app, c.cookie, 'POST', `${R}/update_person_info`, { payload });
    expect((await set({ personInfoTypeId: 1, value: 'Citofonare Rossi' })).body.response.status).toBe(0);
    const res = await set({ personInfoTypeId: '1', value: '  Citofono 2  ' });
    expect(res.body.data.user.person.personInfos).toEqual([{ personInfoTypeId: 1, value: 'Citofono 2' }]);
    await set({ personInfoTypeId: 3, value: 'secondaria@example.com' });
    expect((await detailOf(c.cookie)).body.data.user.person.personInfos).toEqual([
      { personInfoTypeId: 1, value: 'Citofono 2' },
      { personInfoTypeId: 3, value: 'secondaria@example.com' },
    ]);

    const badType = await set({ personInfoTypeId: 9, value: 'x' });
    expect(badType.statusCode).toBe(400);
    expectFieldError(badType, 'personInfoTypeId', 'Tipo non valido.');
    const long = await set({ personInfoTypeId: 1, value: 'x'.repeat(501) });
    expectFieldError(long, 'value', 'Lunghezza massima 500 caratteri');
    const missing = await set({ personInfoTypeId: 1 });
    expectFieldError(missing, 'value', 'Campo obbligatorio.');
  });

  it('update_contact changes phones, channels and consents; the consent disclaimers follow', async () => {
    const c = await newCustomer(t.app, t.db, 'contatti');
    const payload = {
      mobilePhone: '0039 347 1122334',
      homePhone: '031 123456',
      contactPreferences: { email: false, sms: true, push: true, whatsapp: true },
      consents: { marketing: true, profiling: true },
    };
    const res = await callAs<{ user: UserView }>(t.app, c.cookie, 'POST', `${R}/update_contact`, { payload });
    expect(res.body.response.status).toBe(0);
    const after = (await detailOf(c.cookie)).body.data.user;
    expect(after.contact).toMatchObject({ mobilePhone: '0039 347 1122334', homePhone: '031 123456' });
    expect(after.contactPreferences).toEqual(payload.contactPreferences);
    expect(after.consents).toEqual({ marketing: true, profiling: true });
    const answers = async () =>
      Object.fromEntries(
        (
          await callAs<{ registrationDisclaimers: Array<{ code: string; value: boolean }> }>(
            t.app,
            c.cookie,
            'GET',
            `${API}/user-registration-disclaimer/list-by-type`,
          )
        ).body.data.registrationDisclaimers.map((d) => [d.code, d.value]),
      );
    expect(await answers()).toEqual({ privacy: true, terms: true, marketing: true, profiling: true });

    await callAs(t.app, c.cookie, 'POST', `${R}/update_contact`, {
      payload: { ...payload, consents: { marketing: false, profiling: true } },
    });
    expect(await answers()).toEqual({ privacy: true, terms: true, marketing: false, profiling: true });

    const cases: Array<[string, unknown, string]> = [
      ['mobilePhone', '12345', 'Digitare un numero di telefono valido'],
      ['mobilePhone', '', 'Campo obbligatorio.'],
      ['homePhone', 'casa', 'Digitare un numero di telefono valido'],
      ['contactPreferences', undefined, 'Campo obbligatorio.'],
      ['consents.marketing', 'sì', 'Valore non valido.'],
    ];
    for (const [path, value, text] of cases) {
      const bad = await callAs(t.app, c.cookie, 'POST', `${R}/update_contact`, {
        payload: withField(payload, path, value),
      });
      expect(bad.statusCode, path).toBe(400);
      expectFieldError(bad, path, text);
    }
    expect((await detailOf(c.cookie)).body.data.user.consents).toEqual({ marketing: false, profiling: true });
  });
});

// ---------------------------------------------------------------------------------------------------
describe('update_password', () => {
  const change = (c: { cookie: string }, payload: unknown) =>
    callAs(t.app, c.cookie, 'POST', `${R}/update_password`, { payload });

  it('refuses a wrong old password, a weak new one and the same one, changing nothing', async () => {
    const c = await newCustomer(t.app, t.db, 'password.rifiutata');
    const wrong = await change(c, { old_password: 'Sbagliata1!', new_password: 'Diversa2026!' });
    expect(wrong.statusCode).toBe(200);
    expectFieldError(wrong, 'old_password', 'La password attuale non è corretta.');

    const policy: Array<[string, string]> = [
      ['Ab1!', 'La password deve essere lunga 6 caratteri.'],
      ['DIVERSA2026!', 'La password deve contenere almeno una lettera minuscola.'],
      ['diversa2026!', 'La password deve contenere almeno una lettera maiuscola.'],
      ['DiversaDiversa!', 'La password deve contenere almeno un numero.'],
      ['Diversa2026', 'La password deve contenere almeno un carattere speciale.'],
      [`Ab1!${'x'.repeat(22)}`, 'Lunghezza massima 25 caratteri'],
    ];
    for (const [password, text] of policy) {
      const res = await change(c, { old_password: c.password, new_password: password });
      expect(res.statusCode).toBe(400);
      expectFieldError(res, 'new_password', text);
    }
    const empty = await change(c, { old_password: '', new_password: 'Diversa2026!' });
    expectFieldError(empty, 'old_password', 'Digitare la password');
    const same = await change(c, { old_password: c.password, new_password: c.password });
    expectFieldError(same, 'new_password', 'La nuova password deve essere diversa da quella attuale.');

    // still the same password and the same session
    expect(await isAlive(c.cookie)).toBe(true);
    expect((await login(t.app, c.email, c.password)).cookie).toBeTruthy();
    expect((await lastMailTo(t.db, c.email))?.template).not.toBe('password-changed');
  });

  it('changes it: the caller gets a new token, every other session ends, a mail tells, the old password is dead', async () => {
    const c = await newCustomer(t.app, t.db, 'password.cambiata');
    const other = await login(t.app, c.email, c.password);
    expect(await isAlive(other.cookie)).toBe(true);

    const res = await change(c, { old_password: c.password, new_password: 'Diversa2026!' });
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.infosMessage).toEqual([
      'Password aggiornata. Gli altri dispositivi sono stati disconnessi.',
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(FORBIDDEN_IN_ANSWERS);
    const rotated = res.cookies.find((k) => k.name === 'X-Ebsn-Account')?.value ?? '';
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(c.cookie);

    expect((await detailOf(rotated)).body.data.user.email).toBe(c.email);
    const oldCookie = await callAs(t.app, c.cookie, 'GET', `${R}/user_detail`);
    expect(oldCookie.statusCode).toBe(419);
    expect(oldCookie.body.response.errorsMessage).toEqual([SESSION_EXPIRED]);
    expect((await callAs(t.app, other.cookie, 'GET', `${R}/user_detail`)).statusCode).toBe(419);

    const mail = await lastMailTo(t.db, c.email);
    expect(mail).toMatchObject({ template: 'password-changed', subject: 'La tua password è stata cambiata' });

    expect((await login(t.app, c.email, c.password)).body.response.errorsMessage).toEqual([
      WRONG_CREDENTIALS,
    ]);
    expect((await login(t.app, c.email, 'Diversa2026!')).cookie).toBeTruthy();
  });

  it('works as a GET too (the platform form), handing the new token in the header to the app build', async () => {
    const c = await newCustomer(t.app, t.db, 'password.get');
    const qs = new URLSearchParams({ old_password: c.password, new_password: 'ConGet2026?' }).toString();
    const res = await callAs(t.app, c.cookie, 'GET', `${R}/update_password?${qs}`, { via: 'header' });
    expect(res.body.response.status).toBe(0);
    const token = res.headers['x-ebsn-account'];
    expect(typeof token).toBe('string');
    expect(await isAlive(token as string)).toBe(true);
    expect(await isAlive(c.cookie)).toBe(false);
    expect((await login(t.app, c.email, 'ConGet2026?')).cookie).toBeTruthy();

    const missing = await callAs(t.app, token as string, 'GET', `${R}/update_password`, { via: 'header' });
    expect(missing.statusCode).toBe(400);
    expectFieldError(missing, 'new_password', 'Campo obbligatorio.');
  });
});

// ---------------------------------------------------------------------------------------------------
describe('e-mail change and user name', () => {
  const tokenFromMail = async (to: string) => {
    const mail = await lastMailTo(t.db, to);
    expect(mail).toMatchObject({
      template: 'email-change',
      subject: 'Conferma il tuo nuovo indirizzo e-mail',
    });
    return findInMail(mail?.textBody ?? '', /\/profile\/email-confirm\?token=([A-Za-z0-9_-]+)/);
  };

  it('mails a link to the new address; the link changes e-mail and login, once', async () => {
    const c = await newCustomer(t.app, t.db, 'email.vecchia');
    const newEmail = uniqueEmail('email.nuova');
    const req = await callAs(
      t.app,
      c.cookie,
      'GET',
      `${R}/update_email_request?new_email=${encodeURIComponent(newEmail.toUpperCase())}`,
    );
    expect(req.body.response.status).toBe(0);
    expect(req.body.response.infosMessage).toEqual([
      "Ti abbiamo inviato un'e-mail al nuovo indirizzo: apri il link per confermare il cambio.",
    ]);
    // nothing changes until the link is opened
    expect((await detailOf(c.cookie)).body.data.user.email).toBe(c.email);
    const token = await tokenFromMail(newEmail);

    // the link works without a session (opened on another device)
    const done = await callAs<{ email: string }>(t.app, null, 'GET', `${R}/update_email?token=${token}`);
    expect(done.body.response.status).toBe(0);
    expect(done.body.data).toEqual({ email: newEmail });
    expect(done.body.response.infosMessage).toEqual(['Indirizzo e-mail aggiornato.']);
    expect((await detailOf(c.cookie)).body.data.user).toMatchObject({ email: newEmail, login: newEmail });
    expect((await login(t.app, newEmail, c.password)).cookie).toBeTruthy();
    expect((await login(t.app, c.email, c.password)).cookie).toBeNull();

    const again = await callAs(t.app, null, 'GET', `${R}/update_email?token=${token}`);
    expectError(again, 'Il link non è valido o è scaduto: richiedi di nuovo il cambio di e-mail.');
  });

  it('refuses an e-mail already taken, at the request and when the link is opened', async () => {
    const c = await newCustomer(t.app, t.db, 'email.occupata');
    const taken = await callAs(
      t.app,
      c.cookie,
      'GET',
      `${R}/update_email_request?new_email=GIULIA.BIANCHI@spesa.demo`,
    );
    expectFieldError(taken, 'new_email', 'Questo indirizzo e-mail è già registrato.');

    const target = uniqueEmail('email.contesa');
    await callAs(t.app, c.cookie, 'GET', `${R}/update_email_request?new_email=${encodeURIComponent(target)}`);
    const token = await tokenFromMail(target);
    // someone registers that address before the link is opened
    expect((await register(t.app, registrationBody(target))).body.response.status).toBe(0);
    const late = await callAs(t.app, null, 'GET', `${R}/update_email?token=${token}`);
    expectError(late, 'Questo indirizzo e-mail è già registrato.');
    expect((await detailOf(c.cookie)).body.data.user.email).toBe(c.email);
  });

  it('validates the new e-mail and the token', async () => {
    const c = await newCustomer(t.app, t.db, 'email.formato');
    const bad = await callAs(t.app, c.cookie, 'GET', `${R}/update_email_request?new_email=non-una-mail`);
    expect(bad.statusCode).toBe(400);
    expectFieldError(bad, 'new_email', 'Digitare una e-mail valida');
    const none = await callAs(t.app, c.cookie, 'GET', `${R}/update_email_request`);
    expectFieldError(none, 'new_email', 'Campo obbligatorio.');
    const invented = await callAs(t.app, null, 'GET', `${R}/update_email?token=${'A'.repeat(43)}`);
    expectError(invented, 'Il link non è valido o è scaduto: richiedi di nuovo il cambio di e-mail.');
    expect((await callAs(t.app, null, 'GET', `${R}/update_email?token=corto`)).statusCode).toBe(400);
  });

  it('update_username sets a login name that then signs in; taken, e-mail-like or card-like names are refused', async () => {
    const c = await newCustomer(t.app, t.db, 'nome.utente');
    const username = `mario_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const set = (name: unknown) =>
      callAs<{ user: UserView }>(t.app, c.cookie, 'POST', `${R}/update_username`, {
        payload: { username: name },
      });
    const res = await set(username);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.user).toMatchObject({ login: username, email: c.email });
    expect((await login(t.app, username.toUpperCase(), c.password)).cookie).toBeTruthy();
    // the e-mail still signs in
    expect((await login(t.app, c.email, c.password)).cookie).toBeTruthy();

    for (const taken of [
      'giulia.bianchi@spesa.demo',
      'MARIO.ROSSI@spesa.demo',
      // somebody's address that is not registered yet, and a card number
      uniqueEmail('altrui'),
      '2600000000011',
    ]) {
      const r = await set(taken);
      expect(r.statusCode, taken).toBe(200);
      expectFieldError(r, 'username', 'Questo nome utente non è disponibile.');
    }
    // the customer's own e-mail is fine
    expect((await set(c.email)).body.response.status).toBe(0);

    const cases: Array<[unknown, string]> = [
      ['ab', 'Lunghezza minima 3 caratteri'],
      ['a'.repeat(61), 'Lunghezza massima 60 caratteri'],
      ['nome con spazi', 'La form non è stata compilata correttamente'],
      ["'; drop table users;--", 'La form non è stata compilata correttamente'],
      [42, 'Valore non valido.'],
    ];
    for (const [name, text] of cases) {
      const r = await set(name);
      expect(r.statusCode).toBe(400);
      expectFieldError(r, 'username', text);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
describe('password reset', () => {
  // the link is made and mailed by a job after the answer: wait for it
  const request = async (query: Record<string, string>) => {
    const res = await callAs(
      t.app,
      null,
      'GET',
      `${R}/password_reset_token_request?${new URLSearchParams(query).toString()}`,
    );
    await t.app.jobs.drain();
    return res;
  };
  const resetTokenOf = async (email: string) => {
    const mail = await lastMailTo(t.db, email);
    expect(mail).toMatchObject({ template: 'password-reset', subject: 'Reimposta la tua password' });
    expect(mail?.textBody).toContain('entro 60 minuti');
    return findInMail(mail?.textBody ?? '', /\/reset-password\?token=([A-Za-z0-9_-]+)/);
  };

  it('answers the same for an unknown and a known address, and mails only the known one', async () => {
    const c = await newCustomer(t.app, t.db, 'reset.enumerazione');
    const unknown = uniqueEmail('reset.sconosciuto');
    const known = await request({ e_mail: c.email });
    const nobody = await request({ e_mail: unknown });
    const byLogin = await request({ login: unknown });
    const wrongFiscal = await request({ e_mail: c.email, fiscal_code: 'BNCGLI90A41B157H' });
    for (const res of [known, nobody, byLogin, wrongFiscal]) {
      expect(res.statusCode).toBe(200);
      expect(res.body.response).toEqual(known.body.response);
    }
    expect(known.body.response.infosMessage).toEqual([
      "Se i dati corrispondono a un account, riceverai un'e-mail con le istruzioni per reimpostare la password.",
    ]);
    expect(await lastMailTo(t.db, unknown)).toBeNull();
    // the wrong tax code sent nothing new: the last link is still the first request's
    const token = await resetTokenOf(c.email);
    const check = await callAs(
      t.app,
      null,
      'GET',
      `${R}/password_reset_token_check?e_mail=${encodeURIComponent(c.email)}&reset_token=${token}`,
    );
    expect(check.body.data).toEqual({ valid: true });

    const none = await callAs(t.app, null, 'GET', `${R}/password_reset_token_request`);
    expect(none.statusCode).toBe(400);
    expectFieldError(none, 'e_mail', 'Campo obbligatorio.');
    const badMail = await request({ e_mail: 'non-una-mail' });
    expectFieldError(badMail, 'e_mail', 'Digitare una e-mail valida');
  });

  it('the mailed link sets a new password, ends every session, and works once', async () => {
    const c = await newCustomer(t.app, t.db, 'reset.completo');
    await request({ e_mail: c.email, fiscal_code: 'rssmra85t10f205r' });
    const token = await resetTokenOf(c.email);
    const check = (q: string) => callAs(t.app, null, 'GET', `${R}/password_reset_token_check?${q}`);
    expect((await check(`reset_token=${token}&e_mail=${encodeURIComponent(c.email)}`)).body.data).toEqual({
      valid: true,
    });
    expect((await check(`reset_token=${token}`)).body.data).toEqual({ valid: true });
    const invalidText = 'Il link non è valido o è scaduto: richiedi una nuova e-mail.';
    expectError(
      await check(`reset_token=${'B'.repeat(43)}&e_mail=${encodeURIComponent(c.email)}`),
      invalidText,
    );
    // the right token with somebody else's address is no good
    expectError(await check(`reset_token=${token}&e_mail=giulia.bianchi%40spesa.demo`), invalidText);

    const weak = await callAs(t.app, null, 'POST', `${R}/password_reset`, {
      payload: { e_mail: c.email, reset_token: token, password: 'debole' },
    });
    expect(weak.statusCode).toBe(400);
    expectFieldError(weak, 'password', 'La password deve contenere almeno una lettera maiuscola.');

    const done = await callAs(t.app, null, 'POST', `${R}/password_reset`, {
      payload: { e_mail: c.email, reset_token: token, password: 'Reimpostata1!' },
    });
    expect(done.body.response.status).toBe(0);
    expect(done.body.response.infosMessage).toEqual([
      'Password reimpostata: ora puoi accedere con la nuova password.',
    ]);
    expect(await isAlive(c.cookie)).toBe(false);
    expect((await lastMailTo(t.db, c.email))?.template).toBe('password-changed');
    expect((await login(t.app, c.email, c.password)).cookie).toBeNull();
    expect((await login(t.app, c.email, 'Reimpostata1!')).cookie).toBeTruthy();

    // one use only
    expectError(await check(`reset_token=${token}`), invalidText);
    const twice = await callAs(t.app, null, 'POST', `${R}/password_reset`, {
      payload: { e_mail: c.email, reset_token: token, password: 'Ancora2026!' },
    });
    expectError(twice, invalidText);
    expect((await login(t.app, c.email, 'Ancora2026!')).cookie).toBeNull();
  });

  it('refuses an expired link, and works as a GET with login instead of e-mail', async () => {
    const c = await newCustomer(t.app, t.db, 'reset.scaduto');
    await request({ login: c.email });
    const expired = await resetTokenOf(c.email);
    await t.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${userTokens.userId} = ${c.userId} and ${userTokens.purpose} = 'password_reset'`);
    const res = await callAs(
      t.app,
      null,
      'GET',
      `${R}/password_reset?login=${encodeURIComponent(c.email)}&reset_token=${expired}&password=Scaduta2026!`,
    );
    expectError(res, 'Il link non è valido o è scaduto: richiedi una nuova e-mail.');
    expect((await login(t.app, c.email, 'Scaduta2026!')).cookie).toBeNull();

    await request({ e_mail: c.email });
    const fresh = await resetTokenOf(c.email);
    const ok = await callAs(
      t.app,
      null,
      'GET',
      `${R}/password_reset?login=${encodeURIComponent(c.email)}&reset_token=${fresh}&password=ViaGet2026!`,
    );
    expect(ok.body.response.status).toBe(0);
    expect((await login(t.app, c.email, 'ViaGet2026!')).cookie).toBeTruthy();
  });

  it('a reset also activates an account whose confirmation mail was lost', async () => {
    const email = uniqueEmail('reset.non.confermato');
    await register(t.app, registrationBody(email));
    await request({ e_mail: email });
    const token = await resetTokenOf(email);
    await callAs(t.app, null, 'POST', `${R}/password_reset`, {
      payload: { e_mail: email, reset_token: token, password: 'Attivato2026!' },
    });
    expect((await login(t.app, email, 'Attivato2026!')).cookie).toBeTruthy();
  });
});

// ---------------------------------------------------------------------------------------------------
describe('account deletion (anonymisation)', () => {
  const requestCode = async (app: TestApp, c: Customer) => {
    const res = await callAs(app.app, c.cookie, 'GET', `${R}/anonymize_token_request`);
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.infosMessage).toEqual([
      "Ti abbiamo inviato un'e-mail con il codice per confermare la cancellazione dell'account.",
    ]);
    const mail = await lastMailTo(app.db, c.email);
    expect(mail).toMatchObject({
      template: 'anonymize-token',
      subject: 'Richiesta di cancellazione del tuo account',
    });
    return findInMail(mail?.textBody ?? '', /Il codice di conferma è: ([A-Z2-9]{8})/);
  };
  const check = (c: Customer, token: string) =>
    callAs(t.app, c.cookie, 'GET', `${R}/anonymize_token_check?token=${encodeURIComponent(token)}`);
  const INVALID = 'Il codice non è valido o è scaduto: richiedine uno nuovo.';
  const wrongCode = (code: string) => (code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ');

  it('mails a code; check tells right from wrong; deletion removes personal data and ends the session', async () => {
    const c = await newCustomer(t.app, t.db, 'cancellazione');
    await callAs(t.app, c.cookie, 'POST', `${API}/user-person-fiscal/insert-billing-address`, {
      payload: privateInvoice(),
    });
    const home = await callAs<{ address: { addressId: number } }>(
      t.app,
      c.cookie,
      'POST',
      `${API}/user-address/update`,
      {
        payload: {
          addressName: 'Casa',
          receiverName: 'Lucia Brambilla',
          address1: 'Via Carlo Cattaneo',
          addressNumber: '5',
          postalcode: '22100',
          city: 'Como',
          province: 'CO',
          phone: '031 123456',
        },
      },
    );
    expect(home.body.response.status).toBe(0);
    const code = await requestCode(t, c);
    expectError(await check(c, wrongCode(code)), INVALID);
    expect((await check(c, code.toLowerCase())).body.data).toEqual({ valid: true });

    const other = await login(t.app, c.email, c.password);
    const res = await callAs(t.app, c.cookie, 'GET', `${R}/user_anonymize?token=${code}`);
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.infosMessage).toEqual(['Il tuo account è stato cancellato.']);
    expect(res.body.user.userId).toBe(-1);
    expect(res.cookies.find((k) => k.name === 'X-Ebsn-Account')?.value).toBe('');

    expect((await callAs(t.app, c.cookie, 'GET', `${R}/user_detail`)).statusCode).toBe(419);
    expect((await callAs(t.app, other.cookie, 'GET', `${R}/user_detail`)).statusCode).toBe(419);
    expect((await login(t.app, c.email, c.password)).body.response.errorsMessage).toEqual([
      WRONG_CREDENTIALS,
    ]);
    const [row] = await t.db
      .select({ email: users.email, firstName: users.firstName, fiscalCode: users.fiscalCode })
      .from(users)
      .where(eq(users.userId, c.userId));
    const invoices = await t.db.select().from(personFiscals).where(eq(personFiscals.userId, c.userId));
    expect(invoices).toEqual([]);
    expect(row).toEqual({ email: `anonimo-${c.userId}@anonimo.invalid`, firstName: '', fiscalCode: '' });
    // the delivery module erased the addresses too (the row stays, without personal details)
    const [address] = await t.db
      .select({
        receiverName: addresses.receiverName,
        address1: addresses.address1,
        phone: addresses.phone,
        active: addresses.active,
      })
      .from(addresses)
      .where(eq(addresses.userId, c.userId));
    expect(address).toEqual({ receiverName: '', address1: '', phone: '', active: false });

    // the address is free again
    expect((await register(t.app, registrationBody(c.email))).body.response.status).toBe(0);
  });

  it('five wrong codes burn the code; without the right code nothing is deleted', async () => {
    const c = await newCustomer(t.app, t.db, 'cancellazione.tentativi');
    const code = await requestCode(t, c);
    for (let i = 0; i < 4; i++) expectError(await check(c, wrongCode(code)), INVALID);
    expectError(
      await callAs(t.app, c.cookie, 'GET', `${R}/user_anonymize?token=${wrongCode(code)}`),
      INVALID,
    );
    expectError(await check(c, code), INVALID);
    expectError(await callAs(t.app, c.cookie, 'GET', `${R}/user_anonymize?token=${code}`), INVALID);
    expectError(await callAs(t.app, c.cookie, 'GET', `${R}/user_anonymize`), INVALID);
    expect(await isAlive(c.cookie)).toBe(true);
    // a new code works again
    const fresh = await requestCode(t, c);
    expect((await check(c, fresh)).body.data).toEqual({ valid: true });
    expect(
      (await callAs(t.app, c.cookie, 'GET', `${R}/user_anonymize?mfa_token=${fresh}`)).body.response.status,
    ).toBe(0);
  });

  it('is refused while an order awaits pickup', async () => {
    const withPickup = await buildTestApp({
      env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 },
      pickupOrders: { hasOrdersAwaitingPickup: async () => true },
    });
    try {
      const c = await newCustomer(withPickup.app, withPickup.db, 'cancellazione.ritiro');
      const code = await requestCode(withPickup, c);
      const res = await callAs(withPickup.app, c.cookie, 'GET', `${R}/user_anonymize?token=${code}`);
      expectError(
        res,
        "Non è possibile cancellare l'account: hai un ordine in attesa di ritiro. Riprova dopo averlo ritirato o annullato.",
      );
      expect(
        (await callAs<{ user: UserView }>(withPickup.app, c.cookie, 'GET', `${R}/user_detail`)).body.data.user
          .email,
      ).toBe(c.email);
      expect((await login(withPickup.app, c.email, c.password)).cookie).toBeTruthy();
    } finally {
      await withPickup.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------
function privateInvoice(over: Record<string, unknown> = {}) {
  return {
    personTypeId: 1,
    companyName: '',
    fiscalCode: 'RSSMRA85T10F205R',
    vatCode: '',
    pec: '',
    sdiCode: '',
    ipaCode: '',
    cig: '',
    determinationNumber: '',
    determinationDate: '',
    contactPerson: '',
    address1: 'Via Dante',
    addressNumber: '12',
    postalCode: '20121',
    city: 'Milano',
    province: 'MI',
    ...over,
  };
}
const company = (over: Record<string, unknown> = {}) =>
  privateInvoice({
    personTypeId: 2,
    fiscalCode: '',
    companyName: 'Ferramenta Rossi S.r.l.',
    vatCode: '01234561080',
    sdiCode: 'm5uxcr1',
    ...over,
  });
const publicAdministration = (over: Record<string, unknown> = {}) =>
  privateInvoice({
    personTypeId: 3,
    fiscalCode: '',
    companyName: 'Comune di Milano',
    vatCode: '01199250158',
    ipaCode: 'uf1abc',
    cig: 'Z1A2B3C4D5',
    determinationNumber: '123/2025',
    determinationDate: '2025-03-01',
    ...over,
  });

describe('invoice data (person fiscal)', () => {
  interface Fiscal {
    personFiscalId: number;
    personTypeId: number;
    companyName: string;
    sdiCode: string;
    ipaCode: string;
  }
  const list = async (c: Customer) =>
    (await callAs<{ personFiscals: Fiscal[] }>(t.app, c.cookie, 'GET', `${API}/user-person-fiscal/list`)).body
      .data.personFiscals;
  const insert = (c: Customer, payload: unknown, path = `${API}/user-person-fiscal/insert-billing-address`) =>
    callAs<{ personFiscal: Fiscal }>(t.app, c.cookie, 'POST', path, { payload });

  it('inserts private, company and public-administration data, lists and deletes them', async () => {
    const c = await newCustomer(t.app, t.db, 'fatture');
    expect(await list(c)).toEqual([]);
    const a = await insert(c, privateInvoice());
    expect(a.body.response.status).toBe(0);
    const b = await insert(c, company({ sdiCode: '', pec: 'amministrazione@pec.rossi.it' }));
    expect(b.body.response.status).toBe(0);
    const d = await insert(c, company(), `${R}/update_billing_address`);
    expect(d.body.data.personFiscal).toMatchObject({ personTypeId: 2, sdiCode: 'M5UXCR1' });
    const e = await insert(c, publicAdministration());
    expect(e.body.data.personFiscal).toMatchObject({ personTypeId: 3, ipaCode: 'UF1ABC' });
    expect((await list(c)).map((f) => f.personTypeId)).toEqual([1, 2, 2, 3]);

    const id = a.body.data.personFiscal.personFiscalId;
    const del = await callAs(
      t.app,
      c.cookie,
      'GET',
      `${API}/user-person-fiscal/delete-person-fiscal?person_fiscal_id=${id}`,
    );
    expect(del.body.response.status).toBe(0);
    expect((await list(c)).map((f) => f.personFiscalId)).not.toContain(id);
    const again = await callAs(
      t.app,
      c.cookie,
      'GET',
      `${API}/user-person-fiscal/delete-person-fiscal?person_fiscal_id=${id}`,
    );
    expect(again.body.response.status).toBe(404);
    expect(again.body.response.errorsMessage).toEqual(['Dati di fatturazione non trovati.']);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['private without tax code', privateInvoice({ fiscalCode: '' }), 'fiscalCode', 'Campo obbligatorio.'],
    [
      'private with a badly formed tax code',
      privateInvoice({ fiscalCode: 'RSSMRA85' }),
      'fiscalCode',
      'Formato non corretto',
    ],
    ['company without name', company({ companyName: '' }), 'companyName', 'Campo obbligatorio.'],
    ['company without VAT', company({ vatCode: '' }), 'vatCode', 'Campo obbligatorio.'],
    [
      'company with a 10-digit VAT',
      company({ vatCode: '0123456789' }),
      'vatCode',
      'P.Iva e C.F. devono avere 11 cifre.',
    ],
    [
      'company with a partita IVA whose office code does not exist (the e-invoice would refuse it)',
      company({ vatCode: '01234567897' }),
      'vatCode',
      'La partita IVA non è valida: controlla le cifre.',
    ],
    ['company without SDI nor PEC', company({ sdiCode: '', pec: '' }), 'sdiCode', 'Campo obbligatorio.'],
    [
      'company with a short SDI',
      company({ sdiCode: 'ABC' }),
      'sdiCode',
      'Il campo deve essere lungo 7 caratteri',
    ],
    ['company with a bad PEC', company({ sdiCode: '', pec: 'pec@' }), 'pec', 'Digitare una e-mail valida'],
    ['PA without IPA code', publicAdministration({ ipaCode: '' }), 'ipaCode', 'Campo obbligatorio.'],
    [
      'PA with a short IPA code',
      publicAdministration({ ipaCode: 'ABC' }),
      'ipaCode',
      'Il campo deve essere lungo 6 caratteri',
    ],
    ['PA without name', publicAdministration({ companyName: '' }), 'companyName', 'Campo obbligatorio.'],
    [
      'PA with a bad CIG',
      publicAdministration({ cig: '123' }),
      'cig',
      'Il campo deve essere lungo 10 caratteri',
    ],
    [
      'PA with an impossible date',
      publicAdministration({ determinationDate: '2025-02-30' }),
      'determinationDate',
      'Digitare una data valida',
    ],
    ['unknown person type', privateInvoice({ personTypeId: 4 }), 'personTypeId', 'Valore non valido.'],
    ['no postal code', privateInvoice({ postalCode: '' }), 'postalCode', 'Campo obbligatorio.'],
    [
      'bad postal code',
      privateInvoice({ postalCode: '201211' }),
      'postalCode',
      'Il CAP deve essere di 4 o 5 cifre.',
    ],
    [
      'bad province',
      privateInvoice({ province: 'Milano' }),
      'province',
      'Il campo deve essere lungo 2 caratteri',
    ],
    ['no street', privateInvoice({ address1: '' }), 'address1', 'Campo obbligatorio.'],
  ])('refuses %s', async (_name, payload, field, text) => {
    const c = await customerForInvoices();
    const before = (await list(c)).length;
    const res = await insert(c, payload);
    expect(res.statusCode).toBe(400);
    expectFieldError(res, field, text);
    expect(await list(c)).toHaveLength(before);
  });

  it('refuses a well-formed tax code with a wrong control character', async () => {
    const c = await customerForInvoices();
    const res = await insert(c, privateInvoice({ fiscalCode: 'RSSMRA85T10F205S' }));
    expect(res.statusCode).toBe(200);
    expectFieldError(res, 'fiscalCode', 'Formato non corretto');
  });

  it('keeps at most 10', async () => {
    const c = await newCustomer(t.app, t.db, 'fatture.limite');
    for (let i = 0; i < 10; i++)
      expect((await insert(c, company({ companyName: `Ditta ${i}` }))).body.response.status).toBe(0);
    const eleventh = await insert(c, company({ companyName: 'Ditta 11' }));
    expectError(eleventh, 'Puoi salvare al massimo 10 intestazioni di fattura.');
    expect(await list(c)).toHaveLength(10);
  });

  let shared: Customer | null = null;
  async function customerForInvoices(): Promise<Customer> {
    shared ??= await newCustomer(t.app, t.db, 'fatture.errori');
    return shared;
  }
});

// ---------------------------------------------------------------------------------------------------
describe('privacy disclaimers', () => {
  interface Disclaimer {
    registrationDisclaimerId: number;
    registrationModuleTypeId: number;
    code: string;
    title: string;
    required: boolean;
    value?: boolean;
  }
  const D = `${API}/user-registration-disclaimer`;

  it('lists the registration disclaimers of store 5, module type 2 by default, without a session', async () => {
    const res = await callAs<{ registrationDisclaimers: Disclaimer[] }>(
      t.app,
      null,
      'GET',
      `${API}/registration-disclaimer/list`,
    );
    expect(res.body.response.status).toBe(0);
    expect(
      res.body.data.registrationDisclaimers.map((d) => [d.registrationDisclaimerId, d.code, d.required]),
    ).toEqual([
      [1, 'privacy', true],
      [2, 'terms', true],
      [3, 'marketing', false],
      [4, 'profiling', false],
    ]);
    expect(res.body.data.registrationDisclaimers[0]?.title).toBe('Informativa sulla privacy');
    expect(res.body.data.registrationDisclaimers.every((d) => d.value === undefined)).toBe(true);
    const explicit = await callAs(
      t.app,
      null,
      'GET',
      `${API}/registration-disclaimer/list?store_id=5&registration_module_type_id=2`,
    );
    expect(explicit.body.data).toEqual(res.body.data);
    const otherStore = await callAs<{ registrationDisclaimers: Disclaimer[] }>(
      t.app,
      null,
      'GET',
      `${API}/registration-disclaimer/list?store_id=6`,
    );
    expect(otherStore.body.data.registrationDisclaimers).toEqual([]);
    for (const q of [
      'store_id=abc',
      'store_id=0',
      'registration_module_type_id=-1',
      'store_id=99999999999',
    ]) {
      const bad = await callAs(t.app, null, 'GET', `${API}/registration-disclaimer/list?${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.body.response.status).toBe(2);
    }
  });

  it("list-by-type and check-disclaimer tell the customer's answers", async () => {
    const c = await newCustomer(t.app, t.db, 'consensi.lista');
    const mine = await callAs<{ registrationDisclaimers: Disclaimer[] }>(
      t.app,
      c.cookie,
      'GET',
      `${D}/list-by-type`,
    );
    expect(mine.body.data.registrationDisclaimers.map((d) => [d.code, d.value])).toEqual([
      ['privacy', true],
      ['terms', true],
      ['marketing', false],
      ['profiling', false],
    ]);
    const check = await callAs(t.app, c.cookie, 'GET', `${D}/check-disclaimer?registration_module_type_id=2`);
    expect(check.body.data).toEqual({ complete: true, missing: [] });
    // a demo customer created before the disclaimers has answered none (read only)
    const { cookie } = await login(t.app, 'anna.verdi@spesa.demo', DEMO_PASSWORD);
    const demo = await callAs(t.app, cookie, 'GET', `${D}/check-disclaimer`);
    expect(demo.body.data).toEqual({ complete: false, missing: [1, 2] });
  });

  it('update-disclaimer saves answers, syncs the consents, refuses refusing a required one or an unknown id', async () => {
    const c = await newCustomer(t.app, t.db, 'consensi.modifica');
    const update = (disclaimers: unknown, extra: Record<string, unknown> = {}) =>
      callAs<{ registrationDisclaimers: Disclaimer[] }>(t.app, c.cookie, 'POST', `${D}/update-disclaimer`, {
        payload: { disclaimers, ...extra },
      });
    const res = await update(
      [
        { registrationDisclaimerId: 3, value: true },
        { registrationDisclaimerId: 4, value: true },
      ],
      { registration_module_type_id: 2 },
    );
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.registrationDisclaimers.map((d) => d.value)).toEqual([true, true, true, true]);
    expect((await detailOf(c.cookie)).body.data.user.consents).toEqual({ marketing: true, profiling: true });

    await update([{ registrationDisclaimerId: 4, value: false }]);
    expect((await detailOf(c.cookie)).body.data.user.consents).toEqual({ marketing: true, profiling: false });

    const refused = await update([
      { registrationDisclaimerId: 3, value: false },
      { registrationDisclaimerId: 1, value: false },
    ]);
    expect(refused.statusCode).toBe(200);
    expectFieldError(refused, 'disclaimers.1', 'È obbligatorio accettare questo consenso per procedere');
    const unknown = await update([{ registrationDisclaimerId: 999, value: true }]);
    expectFieldError(unknown, 'disclaimers.999', 'Consenso non riconosciuto.');
    // a refused update changes nothing, not even the valid answers in it
    expect((await detailOf(c.cookie)).body.data.user.consents).toEqual({ marketing: true, profiling: false });

    const empty = await update([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.body.response.status).toBe(2);
    const wrongType = await update([{ registrationDisclaimerId: 'tre', value: 'sì' }]);
    expect(wrongType.statusCode).toBe(400);
    expectFieldError(wrongType, 'disclaimers.0.registrationDisclaimerId', 'Valore non valido.');
  });
});
