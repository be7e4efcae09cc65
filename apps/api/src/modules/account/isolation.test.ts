import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, registrationBody, type Customer } from '../../../test/account-fixtures';
import {
  buildTestApp,
  callAs,
  findInMail,
  lastMailTo,
  login,
  uniqueEmail,
  type TestApp,
} from '../../../test/helper';

/**
 * What one customer's session can reach (only their own data), what happens without a session or with a
 * dead one, and hostile input on every parameter of the account calls: always an envelope, never a 500,
 * never a password, a hash or SQL text.
 */
const API = '/ebsn/api';
const R = `${API}/registration`;
const PF = `${API}/user-person-fiscal`;
const D = `${API}/user-registration-disclaimer`;
const NOT_LOGGED = "Devi effettuare l'accesso per continuare.";
const SESSION_EXPIRED = 'La sessione è scaduta, si prega di rieffettuare il login per continuare.';
const LEAKS =
  /passwordHash|password_hash|argon2|token_hash|tokenHash|Nuova2026!|Spesa2026!|stack|\.ts:\d+|select .* from|insert into|syntax error|drizzle|postgres|pglite|failed query|relation "/i;

let t: TestApp;
let a: Customer;
let b: Customer;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
  a = await newCustomer(t.app, t.db, 'isolamento.a');
  b = await newCustomer(t.app, t.db, 'isolamento.b');
});
afterAll(async () => {
  await t.close();
});

const invoice = {
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
};

interface Fiscal {
  personFiscalId: number;
  city: string;
}

describe("one customer cannot reach another's data", () => {
  it("user_detail is always the caller's own, whatever id the query names", async () => {
    for (const url of [
      `${R}/user_detail`,
      `${R}/user_detail?user_id=${b.userId}`,
      `${R}/user_detail?userId=${b.userId}`,
    ]) {
      const res = await callAs<{ user: { userId: number; email: string } }>(t.app, a.cookie, 'GET', url);
      expect(res.body.data.user).toMatchObject({ userId: a.userId, email: a.email });
      expect(JSON.stringify(res.body)).not.toContain(b.email);
    }
  });

  it("deleting B's invoice data with A's session answers not found, and B's row survives", async () => {
    const mine = await callAs<{ personFiscal: Fiscal }>(
      t.app,
      b.cookie,
      'POST',
      `${PF}/insert-billing-address`,
      {
        payload: { ...invoice, city: 'Brescia', province: 'BS', postalCode: '25121' },
      },
    );
    const id = mine.body.data.personFiscal.personFiscalId;
    const res = await callAs(t.app, a.cookie, 'GET', `${PF}/delete-person-fiscal?person_fiscal_id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(404);
    expect(res.body.response.errorsMessage).toEqual(['Dati di fatturazione non trovati.']);

    const listOf = async (c: Customer) =>
      (await callAs<{ personFiscals: Fiscal[] }>(t.app, c.cookie, 'GET', `${PF}/list`)).body.data
        .personFiscals;
    expect((await listOf(b)).map((f) => f.personFiscalId)).toContain(id);
    expect((await listOf(a)).map((f) => f.personFiscalId)).not.toContain(id);
  });

  it("A's disclaimer answers and contacts change nothing for B", async () => {
    await callAs(t.app, a.cookie, 'POST', `${D}/update-disclaimer`, {
      payload: { disclaimers: [{ registrationDisclaimerId: 3, value: true }] },
    });
    await callAs(t.app, a.cookie, 'POST', `${R}/update_contact`, {
      payload: {
        mobilePhone: '3470000000',
        homePhone: '',
        contactPreferences: { email: true, sms: true, push: false, whatsapp: false },
        consents: { marketing: true, profiling: true },
      },
    });
    const bAnswers = await callAs<{ registrationDisclaimers: Array<{ code: string; value: boolean }> }>(
      t.app,
      b.cookie,
      'GET',
      `${D}/list-by-type`,
    );
    expect(bAnswers.body.data.registrationDisclaimers.filter((d) => d.value).map((d) => d.code)).toEqual([
      'privacy',
      'terms',
    ]);
    const bDetail = await callAs<{ user: { consents: unknown; contact: { mobilePhone: string } } }>(
      t.app,
      b.cookie,
      'GET',
      `${R}/user_detail`,
    );
    expect(bDetail.body.data.user.consents).toEqual({ marketing: false, profiling: false });
    expect(bDetail.body.data.user.contact.mobilePhone).toBe('3331234567');
  });

  it("A cannot change B's password, nor use B's deletion code or reset link", async () => {
    // the old password checked is always the caller's
    const res = await callAs(t.app, a.cookie, 'POST', `${R}/update_password`, {
      payload: {
        old_password: 'Qualsiasi1!',
        new_password: 'Rubata2026!',
        user_id: b.userId,
        login: b.email,
      },
    });
    expect(res.body.response.status).toBe(2);
    expect((await login(t.app, b.email, b.password)).cookie).toBeTruthy();

    await callAs(t.app, b.cookie, 'GET', `${R}/anonymize_token_request`);
    const code = findInMail((await lastMailTo(t.db, b.email))?.textBody ?? '', /conferma è: ([A-Z2-9]{8})/);
    expect(
      (await callAs(t.app, a.cookie, 'GET', `${R}/anonymize_token_check?token=${code}`)).body.response.status,
    ).toBe(1);
    expect(
      (
        await callAs(
          t.app,
          a.cookie,
          'GET',
          `${R}/user_anonymize?token=${code}&login=${encodeURIComponent(b.email)}`,
        )
      ).body.response.status,
    ).toBe(1);
    expect(
      (await callAs(t.app, b.cookie, 'GET', `${R}/anonymize_token_check?token=${code}`)).body.data,
    ).toEqual({
      valid: true,
    });

    await callAs(
      t.app,
      null,
      'GET',
      `${R}/password_reset_token_request?e_mail=${encodeURIComponent(b.email)}`,
    );
    const token = findInMail((await lastMailTo(t.db, b.email))?.textBody ?? '', /token=([A-Za-z0-9_-]+)/);
    const stolen = await callAs(t.app, null, 'POST', `${R}/password_reset`, {
      payload: { e_mail: a.email, reset_token: token, password: 'Rubata2026!' },
    });
    expect(stolen.body.response.status).toBe(1);
    expect((await login(t.app, a.email, 'Rubata2026!')).cookie).toBeNull();
    expect((await login(t.app, b.email, 'Rubata2026!')).cookie).toBeNull();
  });
});

/** Every call that needs a signed-in customer, with a payload that would be valid. */
const AUTHENTICATED: Array<[method: 'GET' | 'POST', url: string, payload?: unknown]> = [
  ['GET', `${R}/user_detail`],
  [
    'POST',
    `${R}/update_user_detail`,
    {
      person: registrationBody('x@example.com').person,
      domicile: registrationBody('x@example.com').domicile,
    },
  ],
  ['POST', `${R}/update_person_info`, { personInfoTypeId: 1, value: 'x' }],
  [
    'POST',
    `${R}/update_contact`,
    {
      mobilePhone: '3331234567',
      homePhone: '',
      contactPreferences: { email: true, sms: false, push: false, whatsapp: false },
      consents: { marketing: false, profiling: false },
    },
  ],
  ['GET', `${R}/update_password?old_password=Nuova2026!&new_password=Altra2026!`],
  ['POST', `${R}/update_password`, { old_password: 'Nuova2026!', new_password: 'Altra2026!' }],
  ['GET', `${R}/update_email_request?new_email=nuovo@example.com`],
  ['POST', `${R}/update_username`, { username: 'nome_nuovo' }],
  ['GET', `${R}/mfa_enabled`],
  ['POST', `${R}/update_mfa`, { enabled: true }],
  ['GET', `${R}/anonymize_token_request`],
  ['GET', `${R}/anonymize_token_check?token=ABCDEFGH`],
  ['GET', `${R}/user_anonymize?token=ABCDEFGH`],
  ['POST', `${R}/update_billing_address`, invoice],
  ['GET', `${PF}/list`],
  ['POST', `${PF}/insert-billing-address`, invoice],
  ['GET', `${PF}/delete-person-fiscal?person_fiscal_id=1`],
  ['GET', `${D}/list-by-type`],
  ['GET', `${D}/check-disclaimer`],
  ['POST', `${D}/update-disclaimer`, { disclaimers: [{ registrationDisclaimerId: 3, value: true }] }],
];

describe('without a session or with a dead one', () => {
  it.each(AUTHENTICATED)(
    '%s %s: HTTP 401 envelope without a session, also with a broken body',
    async (method, url, payload) => {
      for (const body of [payload, payload === undefined ? undefined : { rotto: true }]) {
        const res = await callAs(t.app, null, method, url, body === undefined ? {} : { payload: body });
        expect(res.statusCode).toBe(401);
        expect(res.body.response.status).toBe(401);
        expect(res.body.response.errorsMessage).toEqual([NOT_LOGGED]);
        expect(res.body.user.userId).toBe(-1);
        expect(res.body.data).toEqual({});
      }
    },
  );

  let dead: string;
  beforeAll(async () => {
    const c = await newCustomer(t.app, t.db, 'sessione.morta');
    await callAs(t.app, c.cookie, 'POST', `${API}/auth/logout`);
    dead = c.cookie;
  });

  it.each(AUTHENTICATED)(
    '%s %s: HTTP 419 with a dead token (cookie or header)',
    async (method, url, payload) => {
      for (const via of ['cookie', 'header'] as const) {
        const res = await callAs(t.app, dead, method, url, {
          via,
          ...(payload === undefined ? {} : { payload }),
        });
        expect(res.statusCode).toBe(419);
        expect(res.body.response.status).toBe(419);
        expect(res.body.response.errorsMessage).toEqual([SESSION_EXPIRED]);
      }
    },
  );
});

const LONG = 'x'.repeat(5000);
const SQL = encodeURIComponent("' OR 1=1; DROP TABLE users;--");
const SQL_RAW = "' OR 1=1; DROP TABLE users;--";
type Expect = 'invalid' | 'error' | 'ok';

/** [method, url, payload, expected]: 'invalid' = HTTP 400 status 2, 'error' = HTTP 200 status != 0. */
const HOSTILE: Array<[string, 'GET' | 'POST', string, unknown, Expect]> = [
  // query-string calls of the signed-in customer
  ['ids in the query are ignored', 'GET', `${R}/user_detail?user_id=1&userId=${SQL}`, undefined, 'ok'],
  [
    'old password 5000 chars',
    'GET',
    `${R}/update_password?old_password=${LONG}&new_password=Altra2026!`,
    undefined,
    'invalid',
  ],
  [
    'new password 5000 chars',
    'GET',
    `${R}/update_password?old_password=x&new_password=${LONG}`,
    undefined,
    'invalid',
  ],
  [
    'SQL as old password',
    'GET',
    `${R}/update_password?old_password=${SQL}&new_password=Altra2026!`,
    undefined,
    'error',
  ],
  [
    'password given twice',
    'GET',
    `${R}/update_password?old_password=a&old_password=b&new_password=Altra2026!`,
    undefined,
    'invalid',
  ],
  [
    'new e-mail 5000 chars',
    'GET',
    `${R}/update_email_request?new_email=${LONG}@example.com`,
    undefined,
    'invalid',
  ],
  ['SQL as new e-mail', 'GET', `${R}/update_email_request?new_email=${SQL}`, undefined, 'invalid'],
  ['deletion code 5000 chars', 'GET', `${R}/anonymize_token_check?token=${LONG}`, undefined, 'invalid'],
  ['SQL as deletion code', 'GET', `${R}/anonymize_token_check?token=${SQL}`, undefined, 'error'],
  ['deletion code missing', 'GET', `${R}/anonymize_token_check`, undefined, 'invalid'],
  ['SQL as deletion code (delete)', 'GET', `${R}/user_anonymize?token=${SQL}`, undefined, 'error'],
  ['deletion code 5000 chars (delete)', 'GET', `${R}/user_anonymize?mfa_token=${LONG}`, undefined, 'invalid'],
  ['invoice id letters', 'GET', `${PF}/delete-person-fiscal?person_fiscal_id=abc`, undefined, 'invalid'],
  ['invoice id negative', 'GET', `${PF}/delete-person-fiscal?person_fiscal_id=-1`, undefined, 'invalid'],
  ['invoice id zero', 'GET', `${PF}/delete-person-fiscal?person_fiscal_id=0`, undefined, 'invalid'],
  ['invoice id decimal', 'GET', `${PF}/delete-person-fiscal?person_fiscal_id=1.5`, undefined, 'invalid'],
  ['invoice id 1e99', 'GET', `${PF}/delete-person-fiscal?person_fiscal_id=1e99`, undefined, 'invalid'],
  [
    'invoice id over int4',
    'GET',
    `${PF}/delete-person-fiscal?person_fiscal_id=99999999999`,
    undefined,
    'invalid',
  ],
  [
    'invoice id largest int4',
    'GET',
    `${PF}/delete-person-fiscal?person_fiscal_id=2147483647`,
    undefined,
    'error',
  ],
  ['invoice id SQL', 'GET', `${PF}/delete-person-fiscal?person_fiscal_id=${SQL}`, undefined, 'invalid'],
  ['invoice id missing', 'GET', `${PF}/delete-person-fiscal`, undefined, 'invalid'],
  [
    'invoice id twice',
    'GET',
    `${PF}/delete-person-fiscal?person_fiscal_id=1&person_fiscal_id=2`,
    undefined,
    'invalid',
  ],
  ['module type letters', 'GET', `${D}/list-by-type?registration_module_type_id=abc`, undefined, 'invalid'],
  ['module type 0', 'GET', `${D}/check-disclaimer?registration_module_type_id=0`, undefined, 'invalid'],
  ['module type 101', 'GET', `${D}/check-disclaimer?registration_module_type_id=101`, undefined, 'invalid'],
  ['module type SQL', 'GET', `${D}/list-by-type?registration_module_type_id=${SQL}`, undefined, 'invalid'],
  ['module type unknown', 'GET', `${D}/list-by-type?registration_module_type_id=99`, undefined, 'ok'],
  // body calls of the signed-in customer
  [
    'profile with 5000-char names',
    'POST',
    `${R}/update_user_detail`,
    {
      person: { ...registrationBody('x@example.com').person, firstName: LONG, lastName: LONG },
      domicile: registrationBody('x@example.com').domicile,
    },
    'invalid',
  ],
  [
    'profile with SQL names',
    'POST',
    `${R}/update_user_detail`,
    {
      person: { ...registrationBody('x@example.com').person, firstName: SQL_RAW },
      domicile: registrationBody('x@example.com').domicile,
    },
    'error',
  ],
  [
    'profile with wrong types',
    'POST',
    `${R}/update_user_detail`,
    { person: [], domicile: 'Milano' },
    'invalid',
  ],
  ['profile empty', 'POST', `${R}/update_user_detail`, {}, 'invalid'],
  [
    'person info type letters',
    'POST',
    `${R}/update_person_info`,
    { personInfoTypeId: 'abc', value: 'x' },
    'invalid',
  ],
  [
    'person info type huge',
    'POST',
    `${R}/update_person_info`,
    { personInfoTypeId: 1e99, value: 'x' },
    'invalid',
  ],
  [
    'person info 5000 chars',
    'POST',
    `${R}/update_person_info`,
    { personInfoTypeId: 1, value: LONG },
    'invalid',
  ],
  ['person info SQL', 'POST', `${R}/update_person_info`, { personInfoTypeId: 2, value: SQL_RAW }, 'ok'],
  [
    'contacts wrong types',
    'POST',
    `${R}/update_contact`,
    { mobilePhone: 3331234567, homePhone: null, contactPreferences: 'all', consents: [] },
    'invalid',
  ],
  [
    'contacts 5000 chars',
    'POST',
    `${R}/update_contact`,
    { mobilePhone: LONG, homePhone: LONG, contactPreferences: {}, consents: {} },
    'invalid',
  ],
  [
    'password body wrong types',
    'POST',
    `${R}/update_password`,
    { old_password: ['a'], new_password: { $ne: '' } },
    'invalid',
  ],
  ['username 5000 chars', 'POST', `${R}/update_username`, { username: LONG }, 'invalid'],
  ['username SQL', 'POST', `${R}/update_username`, { username: SQL_RAW }, 'invalid'],
  ['username number', 'POST', `${R}/update_username`, { username: 12345 }, 'invalid'],
  ['PIN switch maybe', 'POST', `${R}/update_mfa`, { enabled: 'maybe' }, 'invalid'],
  [
    'invoice 5000 chars',
    'POST',
    `${PF}/insert-billing-address`,
    { ...invoice, companyName: LONG, address1: LONG, city: LONG },
    'invalid',
  ],
  ['invoice SQL', 'POST', `${PF}/insert-billing-address`, { ...invoice, fiscalCode: SQL_RAW }, 'invalid'],
  [
    'invoice wrong types',
    'POST',
    `${R}/update_billing_address`,
    { ...invoice, personTypeId: 'privato', postalCode: 20121 },
    'invalid',
  ],
  [
    'disclaimers 51 answers',
    'POST',
    `${D}/update-disclaimer`,
    { disclaimers: Array.from({ length: 51 }, () => ({ registrationDisclaimerId: 3, value: true })) },
    'invalid',
  ],
  [
    'disclaimer id SQL',
    'POST',
    `${D}/update-disclaimer`,
    { disclaimers: [{ registrationDisclaimerId: SQL_RAW, value: true }] },
    'invalid',
  ],
  [
    'disclaimer id unknown',
    'POST',
    `${D}/update-disclaimer`,
    { disclaimers: [{ registrationDisclaimerId: 2147483647, value: true }] },
    'error',
  ],
  [
    'disclaimer module type letters',
    'POST',
    `${D}/update-disclaimer`,
    { registration_module_type_id: 'abc', disclaimers: [{ registrationDisclaimerId: 3, value: true }] },
    'invalid',
  ],
  // anonymous calls
  [
    'disclaimer list store letters',
    'GET',
    `${API}/registration-disclaimer/list?store_id=abc`,
    undefined,
    'invalid',
  ],
  [
    'disclaimer list store SQL',
    'GET',
    `${API}/registration-disclaimer/list?store_id=${SQL}`,
    undefined,
    'invalid',
  ],
  [
    'confirm e-mail 5000 chars',
    'GET',
    `${R}/registration_confirm?e_mail=${LONG}&reg_control_code=${'a'.repeat(43)}`,
    undefined,
    'invalid',
  ],
  [
    'confirm SQL',
    'GET',
    `${R}/registration_confirm?e_mail=${SQL}&reg_control_code=${SQL}`,
    undefined,
    'error',
  ],
  [
    'confirm code 5000 chars',
    'GET',
    `${R}/registration_confirm?e_mail=a%40b.it&reg_control_code=${LONG}`,
    undefined,
    'invalid',
  ],
  ['resend 5000 chars', 'GET', `${R}/registration_resend_email?e_mail=${LONG}`, undefined, 'invalid'],
  ['resend SQL', 'GET', `${R}/registration_resend_email?e_mail=${SQL}`, undefined, 'ok'],
  [
    'reset request SQL e-mail',
    'GET',
    `${R}/password_reset_token_request?e_mail=${SQL}`,
    undefined,
    'invalid',
  ],
  ['reset request SQL login', 'GET', `${R}/password_reset_token_request?login=${SQL}`, undefined, 'ok'],
  [
    'reset request 5000-char login',
    'GET',
    `${R}/password_reset_token_request?login=${LONG}`,
    undefined,
    'invalid',
  ],
  [
    'reset request SQL tax code',
    'GET',
    `${R}/password_reset_token_request?login=x&fiscal_code=${SQL}`,
    undefined,
    'invalid',
  ],
  [
    'reset check SQL',
    'GET',
    `${R}/password_reset_token_check?reset_token=${SQL}&login=${SQL}`,
    undefined,
    'error',
  ],
  [
    'reset check 5000 chars',
    'GET',
    `${R}/password_reset_token_check?reset_token=${LONG}`,
    undefined,
    'invalid',
  ],
  [
    'reset SQL',
    'POST',
    `${R}/password_reset`,
    { login: SQL_RAW, reset_token: SQL_RAW, password: 'Valida2026!' },
    'error',
  ],
  [
    'reset wrong types',
    'POST',
    `${R}/password_reset`,
    { login: 1, reset_token: [], password: true },
    'invalid',
  ],
  ['e-mail change token SQL', 'GET', `${R}/update_email?token=${SQL}`, undefined, 'error'],
  ['e-mail change token 5000 chars', 'GET', `${R}/update_email?token=${LONG}`, undefined, 'invalid'],
  [
    'register 5000-char everything',
    'POST',
    `${R}/register_user`,
    { registrationType: LONG, person: LONG, domicile: LONG, account: LONG },
    'invalid',
  ],
];

describe('hostile input on every account parameter', () => {
  let c: Customer;
  beforeAll(async () => {
    c = await newCustomer(t.app, t.db, 'ostile');
  });

  it.each(HOSTILE)('%s → %s', async (_name, method, url, payload, expected) => {
    const res = await callAs(t.app, c.cookie, method, url, payload === undefined ? {} : { payload });
    expect(res.statusCode).toBeLessThan(500);
    const raw = JSON.stringify(res.body);
    expect(raw).not.toMatch(LEAKS);
    if (expected === 'invalid') {
      expect(res.statusCode).toBe(400);
      expect(res.body.response.status).toBe(2);
      expect(res.body.response.errorsMessage.length).toBeGreaterThan(0);
      for (const text of res.body.response.errorsMessage)
        expect(text).not.toMatch(/Invalid|expected|received/);
    } else if (expected === 'error') {
      expect(res.statusCode).toBe(200);
      expect(res.body.response.status).not.toBe(0);
    } else {
      expect(res.statusCode).toBe(200);
      expect(res.body.response.status).toBe(0);
    }
  });

  it('a body that is not JSON, or too large, gets an envelope error', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: `${R}/update_username`,
      cookies: { 'x-ebsn-account': c.cookie },
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(JSON.parse(broken.body).response.status).not.toBe(0);
    const huge = await t.app.inject({
      method: 'POST',
      url: `${R}/update_person_info`,
      cookies: { 'x-ebsn-account': c.cookie },
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ personInfoTypeId: 1, value: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(JSON.parse(huge.body).response.status).not.toBe(0);
    // and the customer is still there, unchanged by all of the above
    const me = await callAs<{ user: { email: string; login: string } }>(
      t.app,
      c.cookie,
      'GET',
      `${R}/user_detail`,
    );
    expect(me.body.data.user).toMatchObject({ email: c.email, login: c.email });
  });
});

describe('no password or hash in any answer', () => {
  it('sign-in, detail, updates and lists never carry a password, its hash or a stored token', async () => {
    const c = await newCustomer(t.app, t.db, 'nessun.segreto');
    const signedIn = await login(t.app, c.email, c.password);
    const answers: unknown[] = [signedIn.body];
    for (const [method, url, payload] of AUTHENTICATED) {
      if (/anonymize|update_password|update_email_request|update_username|update_mfa/.test(url)) continue;
      answers.push(
        (await callAs(t.app, signedIn.cookie, method, url, payload === undefined ? {} : { payload })).body,
      );
    }
    const changed = await callAs(t.app, signedIn.cookie, 'POST', `${R}/update_password`, {
      payload: { old_password: c.password, new_password: 'Segreta2026?' },
    });
    answers.push(changed.body);
    const raw = JSON.stringify(answers);
    expect(raw).not.toMatch(LEAKS);
    expect(raw).not.toContain('Segreta2026?');
    expect(raw).not.toContain(signedIn.cookie ?? 'no-cookie');
  });
});

describe('NUL characters', () => {
  it('are dropped from bodies and queries instead of failing in the database', async () => {
    const email = uniqueEmail('nul');
    const body = registrationBody(email);
    body.person.firstName = 'Lu\u0000ca';
    const res = await t.app.inject({
      method: 'POST',
      url: '/ebsn/api/registration/register_user',
      payload: body,
    });
    expect(res.statusCode).toBeLessThan(500);
    const reset = await t.app.inject({
      method: 'GET',
      url: `/ebsn/api/registration/password_reset_token_request?e_mail=${encodeURIComponent(`a\u0000${email}`)}`,
    });
    expect(reset.statusCode).toBeLessThan(500);
    const search = await t.app.inject({ method: 'GET', url: '/ebsn/api/products?q=pa%00sta' });
    expect(search.statusCode).toBe(200);
  });
});
