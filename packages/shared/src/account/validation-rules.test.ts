import { describe, expect, it } from 'vitest';
import { updateUsernameBodySchema } from '../contracts/account';
import {
  EMAIL_PATTERN,
  firstMessage,
  fiscalCodeIssue,
  loginPasswordRule,
  MESSAGES,
  MIN_BIRTH_DATE,
  newPasswordRule,
  rules,
} from './validation-rules';

/**
 * The form rules of spec section 5, each with its exact Italian message. A row is [value, expected first
 * message or null when the value passes]. Web forms and the API use these same schemas.
 */
type Row = [unknown, string | null];

const table = (name: string, schema: Parameters<typeof firstMessage>[0], rows: Row[]) =>
  describe(name, () => {
    it.each(rows)('%j → %j', (value, expected) => {
      expect(firstMessage(schema, value)).toBe(expected);
    });
  });

describe('the Italian texts of spec section 5', () => {
  it.each([
    [MESSAGES.required, 'Campo obbligatorio.'],
    [MESSAGES.phone, 'Digitare un numero di telefono valido'],
    [MESSAGES.postalCode, 'Il CAP deve essere di 4 o 5 cifre.'],
    [MESSAGES.passwordMin, 'La password deve essere lunga 6 caratteri.'],
    [MESSAGES.email, 'Digitare una e-mail valida'],
    [MESSAGES.fiscalCode, 'Formato non corretto'],
    [MESSAGES.vatOrTaxCode, 'P.Iva e C.F. devono avere 11 cifre.'],
    [MESSAGES.integer, 'Accetta solo numeri interi.'],
    [MESSAGES.number, 'Accetta solo numeri.'],
    [MESSAGES.exactLength(13), 'Il campo deve essere lungo 13 caratteri'],
    [MESSAGES.minLength(3), 'Lunghezza minima 3 caratteri'],
    [MESSAGES.maxLength(60), 'Lunghezza massima 60 caratteri'],
    [MESSAGES.loginPassword, 'Digitare la password'],
    [MESSAGES.consentRequired, 'È obbligatorio accettare questo consenso per procedere'],
    [MESSAGES.formInvalid, 'La form non è stata compilata correttamente'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

table('required', rules.required(10), [
  ['', 'Campo obbligatorio.'],
  ['   ', 'Campo obbligatorio.'],
  ['Mario', null],
  ['  Mario  ', null],
  ['x'.repeat(10), null],
  ['x'.repeat(11), 'Lunghezza massima 10 caratteri'],
]);

table('phone (Italian mobiles and landlines, optional +39 / 0039)', rules.phone(), [
  ['3331234567', null],
  ['333123456', null],
  ['333 123 4567', null],
  ['333-123-4567', null],
  ['333.123.4567', null],
  ['+393331234567', null],
  ['+39 333 1234567', null],
  ['+39-333-123-4567', null],
  ['00393331234567', null],
  ['0039 333 123 4567', null],
  ['021234567', null],
  ['02 12345678', null],
  ['031 123456', null],
  ['0342 123456', null],
  ['+39 02 1234567', null],
  ['0039 0342 123456', null],
  ['  3331234567  ', null],
  ['', null],
  ['4331234567', MESSAGES.phone],
  ['12345', MESSAGES.phone],
  ['abc', MESSAGES.phone],
  ['33312', MESSAGES.phone],
  ['3331234567890', MESSAGES.phone],
  ['+44 3331234567', MESSAGES.phone],
  ['39 3331234567', MESSAGES.phone],
  ['+39', MESSAGES.phone],
  ['02 12', MESSAGES.phone],
  ['333 123 456a', MESSAGES.phone],
  ['+39 333 123 4567 8901 2345', MESSAGES.phone],
]);

table('postal code (4 or 5 digits)', rules.postalCode(), [
  ['20121', null],
  ['6900', null],
  [' 22100 ', null],
  ['', null],
  ['201', MESSAGES.postalCode],
  ['201211', MESSAGES.postalCode],
  ['2012a', MESSAGES.postalCode],
  ['20 121', MESSAGES.postalCode],
  ['-2012', MESSAGES.postalCode],
]);

table('e-mail (final part of 2 to 11 letters)', rules.email(), [
  ['mario.rossi@spesa.demo', null],
  ['a@b.it', null],
  ['nome+etichetta@example.co.uk', null],
  ["o'brien@example.ie", null],
  ['Mario.Rossi@Example.COM', null],
  ['utente@dominio.abcdefghijk', null],
  ['x_y-z%1@sotto-dominio.esempio.museum', null],
  ['', null],
  ['utente@dominio.abcdefghijkl', MESSAGES.email],
  ['utente@dominio.i', MESSAGES.email],
  ['utente@dominio.i1', MESSAGES.email],
  ['utente@dominio', MESSAGES.email],
  ['utente.dominio.it', MESSAGES.email],
  ['@dominio.it', MESSAGES.email],
  ['utente@.it', MESSAGES.email],
  ['ut ente@dominio.it', MESSAGES.email],
  ['utente@@dominio.it', MESSAGES.email],
  ['utente@dominio..it', MESSAGES.email],
]);

describe('EMAIL_PATTERN', () => {
  it('takes a final part of exactly 2 to 11 letters', () => {
    for (let n = 1; n <= 13; n++)
      expect(EMAIL_PATTERN.test(`a@b.${'x'.repeat(n)}`), `${n} letters`).toBe(n >= 2 && n <= 11);
  });
});

table('Italian tax code (structured pattern, case-insensitive, omocodia)', rules.fiscalCode(), [
  ['RSSMRA85T10F205R', null],
  ['rssmra85t10f205r', null],
  ['  RSSMRA85T10F205R ', null],
  // women: day + 40
  ['BNCGLI90A41B157H', null],
  // omocodia: digits replaced by L M N P Q R S T U V
  ['RSSMRA85T10F20RM', null],
  ['RSSMRAURTMLFNLRJ', null],
  // short names padded with X
  ['WUXAIX85T10F205R', null],
  ['WUXIXA85T10F205R', MESSAGES.fiscalCode],
  // 29 February only in leap years, 30 and 31 only in the months that have them
  ['RSSMRA84B29F205R', null],
  ['RSSMRA85B29F205R', MESSAGES.fiscalCode],
  ['RSSMRA84B30F205R', MESSAGES.fiscalCode],
  ['RSSMRA85D31F205R', MESSAGES.fiscalCode],
  ['RSSMRA85A31F205R', null],
  ['', null],
  ['RSSMRA85T10F205', MESSAGES.fiscalCode],
  ['RSSMRA85T10F205RX', MESSAGES.fiscalCode],
  ['RSSMRA85Z10F205R', MESSAGES.fiscalCode],
  ['RSSMRA85T32F205R', MESSAGES.fiscalCode],
  ['RSSMRA85T00F205R', MESSAGES.fiscalCode],
  ['BNCGLI90A72B157H', MESSAGES.fiscalCode],
  ['1234567890123456', MESSAGES.fiscalCode],
  ['RSSMRA85T10F2O5R', MESSAGES.fiscalCode],
  ['RSS MRA 85T10 F205R', MESSAGES.fiscalCode],
]);

describe('tax code rule output', () => {
  it('is uppercased and trimmed', () => {
    expect(rules.fiscalCode().parse(' rssmra85t10f205r ')).toBe('RSSMRA85T10F205R');
  });
});

table('VAT number or tax code', rules.vatOrTaxCode(), [
  ['01234561080', null],
  ['RSSMRA85T10F205R', null],
  ['rssmra85t10f205r', null],
  ['', null],
  ['0123456789', MESSAGES.vatOrTaxCode],
  ['012345678901', MESSAGES.vatOrTaxCode],
  ['0123456789A', MESSAGES.vatOrTaxCode],
  ['IT01234561080', MESSAGES.vatOrTaxCode],
  ['01234567890123456789', MESSAGES.vatOrTaxCode],
]);

table('integer', rules.integer(), [
  ['42', null],
  ['0', null],
  ['-3', null],
  ['', null],
  ['4.2', MESSAGES.integer],
  ['4,2', MESSAGES.integer],
  ['1e3', MESSAGES.integer],
  ['abc', MESSAGES.integer],
  ['12 3', MESSAGES.integer],
]);

table('number (non-negative decimal)', rules.number(), [
  ['42', null],
  ['0', null],
  ['4.25', null],
  ['4,5', null],
  ['', null],
  ['-1', MESSAGES.number],
  ['4.', MESSAGES.number],
  ['.5', MESSAGES.number],
  ['1.2.3', MESSAGES.number],
  ['abc', MESSAGES.number],
]);

table('exact length (13, the loyalty card)', rules.exactLength(13), [
  ['2600000000011', null],
  ['', null],
  ['123', 'Il campo deve essere lungo 13 caratteri'],
  ['26000000000111', 'Il campo deve essere lungo 13 caratteri'],
]);

table('minimum and maximum length (user name 3-60)', updateUsernameBodySchema.shape.username, [
  ['abc', null],
  ['ab', 'Lunghezza minima 3 caratteri'],
  ['a'.repeat(60), null],
  ['a'.repeat(61), 'Lunghezza massima 60 caratteri'],
]);

table('checkbox that must be ticked', rules.mustAccept(), [
  [true, null],
  [false, 'Campo obbligatorio.'],
  [undefined, 'Campo obbligatorio.'],
]);

const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
table('birth date (YYYY-MM-DD, from 1910-01-01 to today)', rules.birthDate(), [
  ['1985-12-10', null],
  [MIN_BIRTH_DATE, null],
  ['1984-02-29', null],
  [today, null],
  ['', null],
  ['10/12/1985', MESSAGES.date],
  ['1985-13-01', MESSAGES.date],
  ['1985-02-30', MESSAGES.date],
  ['1985-02-31', MESSAGES.date],
  ['1985-04-31', MESSAGES.date],
  ['1985-02-29', MESSAGES.date],
  ['1909-12-31', MESSAGES.birthDateRange],
  [tomorrow, MESSAGES.birthDateRange],
]);

table('registration password (6-25, lowercase, uppercase, digit, special)', newPasswordRule, [
  ['Spesa2026!', null],
  ['Ab1!cd', null],
  [`Ab1!${'x'.repeat(21)}`, null],
  ['Àb1 cdè', null],
  ['', 'Campo obbligatorio.'],
  ['Ab1!c', 'La password deve essere lunga 6 caratteri.'],
  [`Ab1!${'x'.repeat(22)}`, 'Lunghezza massima 25 caratteri'],
  ['SPESA2026!', 'La password deve contenere almeno una lettera minuscola.'],
  ['spesa2026!', 'La password deve contenere almeno una lettera maiuscola.'],
  ['SpesaSpesa!', 'La password deve contenere almeno un numero.'],
  ['Spesa2026', 'La password deve contenere almeno un carattere speciale.'],
]);

describe('registration password: every missing class is reported', () => {
  it('names each rule the password breaks', () => {
    const result = newPasswordRule.safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'La password deve essere lunga 6 caratteri.',
      'La password deve contenere almeno una lettera maiuscola.',
      'La password deve contenere almeno un numero.',
      'La password deve contenere almeno un carattere speciale.',
    ]);
  });
});

table('login password', loginPasswordRule, [
  ['', 'Digitare la password'],
  ['x', null],
  ['tutta minuscola', null],
  ['x'.repeat(201), 'Lunghezza massima 200 caratteri'],
]);

describe('format rules pass when the field is empty', () => {
  it.each([
    ['phone', rules.phone()],
    ['postal code', rules.postalCode()],
    ['e-mail', rules.email()],
    ['tax code', rules.fiscalCode()],
    ['VAT or tax code', rules.vatOrTaxCode()],
    ['integer', rules.integer()],
    ['number', rules.number()],
    ['exact length', rules.exactLength(7)],
    ['birth date', rules.birthDate()],
  ])('%s', (_name, schema) => {
    expect(firstMessage(schema, '')).toBeNull();
    expect(firstMessage(schema, '   ')).toBeNull();
  });
});

describe('rules.date (any real date, e.g. a public administration determination)', () => {
  it.each([
    ['', null],
    ['2025-03-01', null],
    ['2031-12-31', null],
    ['2025-02-30', 'Digitare una data valida'],
    ['1909-12-31', 'Digitare una data valida'],
    ['01/03/2025', 'Digitare una data valida'],
  ])('%s → %s', (value, message) => {
    expect(firstMessage(rules.date(), value)).toBe(message);
  });
});

describe('fiscalCodeIssue: what the registration says when the customer leaves the tax code', () => {
  const mario = { firstName: 'Mario', lastName: 'Rossi', birthDate: '1985-12-10', gender: 'M' as const };
  it.each([
    ['', { italianCitizen: true }, MESSAGES.fiscalCodeForCitizens],
    ['', { italianCitizen: false }, null],
    ['RSSMRA85T10F205', {}, MESSAGES.fiscalCode],
    // the right structure, the wrong control character
    ['RSSMRA85T10F205X', {}, MESSAGES.fiscalCode],
    ['rssmra85t10f205r', mario, null],
    ['RSSMRA85T10F205R', { ...mario, firstName: 'Marco' }, MESSAGES.fiscalCodeMismatch],
    ['RSSMRA85T10F205R', { ...mario, birthDate: '1985-12-11' }, MESSAGES.fiscalCodeMismatch],
    ['RSSMRA85T10F205R', { ...mario, gender: 'F' as const }, MESSAGES.fiscalCodeMismatch],
    // data not given yet are not compared
    ['RSSMRA85T10F205R', { lastName: 'Rossi' }, null],
  ])('%j with %j -> %s', (fiscalCode, person, expected) => {
    expect(fiscalCodeIssue({ fiscalCode, ...person })).toBe(expected);
  });
});
