import { describe, expect, it } from 'vitest';
import {
  birthCode,
  fiscalCodeControlChar,
  fiscalCodeMismatches,
  fiscalCodeWithoutOmocodia,
  isFiscalCodeValid,
  isFiscalCodeWellFormed,
  nameCode,
  normaliseFiscalCode,
  surnameCode,
} from './fiscal-code';

/** The Italian tax code: control character, the parts computed from the person, omocodia. */

describe('control character', () => {
  it.each([
    ['RSSMRA85T10F205', 'R'],
    ['BNCGLI90A41B157', 'H'],
    ['VRDNNA42M52C933', 'J'],
    ['GLLPLA75C15A794', 'V'],
    ['RSSMRAURTMLFNLR', 'J'],
  ])('%s → %s', (first15, control) => {
    expect(fiscalCodeControlChar(first15)).toBe(control);
  });
});

describe('isFiscalCodeValid', () => {
  it.each([
    ['RSSMRA85T10F205R', true],
    ['rssmra85t10f205r', true],
    [' RSSMRA85T10F205R ', true],
    ['RSS MRA 85T10 F205R', true],
    ['BNCGLI90A41B157H', true],
    ['VRDNNA42M52C933J', true],
    // omocodia keeps a valid code valid when the control character is recomputed
    ['RSSMRA85T10F20RM', true],
    ['RSSMRAURTMLFNLRJ', true],
  ])('%s is valid', (code, valid) => {
    expect(isFiscalCodeValid(code)).toBe(valid);
  });

  it('refuses the same code with the last letter changed, whatever the letter', () => {
    for (const letter of 'ABCDEFGHIJKLMNOPQSTUVWXYZ')
      expect(isFiscalCodeValid(`RSSMRA85T10F205${letter}`), letter).toBe(false);
  });

  it.each([
    ['RSSMRA85T10F205', 'too short'],
    ['RSSMRA85T10F205RR', 'too long'],
    ['RSSMRA85T10F2O5R', 'a letter where a digit goes'],
    ['RSSMRA85Z10F205R', 'no month Z'],
    ['RSSMRA85T10F205S', 'wrong control character'],
    ['RSSMRA86T10F205R', 'year changed, control unchanged'],
    ['', 'empty'],
  ])('%s is not valid (%s)', (code) => {
    expect(isFiscalCodeValid(code)).toBe(false);
  });

  it('tells a well-formed code from a valid one', () => {
    expect(isFiscalCodeWellFormed('RSSMRA85T10F205S')).toBe(true);
    expect(isFiscalCodeValid('RSSMRA85T10F205S')).toBe(false);
    expect(isFiscalCodeWellFormed('RSSMRA85T10F205')).toBe(false);
  });
});

describe('surname, name and birth codes', () => {
  it.each([
    ['Rossi', 'RSS'],
    ['Bianchi', 'BNC'],
    ['Verdi', 'VRD'],
    ['Galli', 'GLL'],
    ['De Luca', 'DLC'],
    ["D'Angelo", 'DNG'],
    ['Fo', 'FOX'],
    ['Wu', 'WUX'],
    ['Aiello', 'LLA'],
    ['Là', 'LAX'],
  ])('surname %s → %s', (surname, code) => {
    expect(surnameCode(surname)).toBe(code);
  });

  it.each([
    ['Mario', 'MRA'],
    ['Giulia', 'GLI'],
    ['Anna', 'NNA'],
    ['Paolo', 'PLA'],
    // four consonants or more: first, third and fourth
    ['Gianfranco', 'GFR'],
    ['Francesco', 'FNC'],
    ['Ai', 'AIX'],
    ['Niccolò', 'NCL'],
  ])('name %s → %s', (name, code) => {
    expect(nameCode(name)).toBe(code);
  });

  it.each([
    ['1985-12-10', 'M', '85T10'],
    ['1990-01-01', 'F', '90A41'],
    ['1942-08-12', 'F', '42M52'],
    ['2001-06-30', 'M', '01H30'],
    ['1975-03-15', 'M', '75C15'],
    ['1980-04-05', 'F', '80D45'],
    ['1999-10-31', 'F', '99R71'],
  ] as const)('born %s, %s → %s', (date, gender, code) => {
    expect(birthCode(date, gender)).toBe(code);
  });
});

describe('fiscalCodeMismatches', () => {
  const mario = { firstName: 'Mario', lastName: 'Rossi', birthDate: '1985-12-10', gender: 'M' } as const;

  it('finds nothing when the code belongs to the person', () => {
    expect(fiscalCodeMismatches('RSSMRA85T10F205R', mario)).toEqual([]);
    expect(
      fiscalCodeMismatches('BNCGLI90A41B157H', {
        firstName: 'Giulia',
        lastName: 'Bianchi',
        birthDate: '1990-01-01',
        gender: 'F',
      }),
    ).toEqual([]);
  });

  it.each([
    [{ ...mario, lastName: 'Ricci' }, ['lastName']],
    [{ ...mario, firstName: 'Marco' }, ['firstName']],
    [{ ...mario, birthDate: '1985-12-11' }, ['birthDate']],
    [{ ...mario, birthDate: '1986-12-10' }, ['birthDate']],
    [{ ...mario, gender: 'F' as const }, ['birthDate']],
    [
      { firstName: 'Luca', lastName: 'Bianchi', birthDate: '1970-01-01', gender: 'M' as const },
      ['lastName', 'firstName', 'birthDate'],
    ],
  ])('%j disagrees on %j', (person, fields) => {
    expect(fiscalCodeMismatches('RSSMRA85T10F205R', person)).toEqual(fields);
  });

  it('does not compare data left empty', () => {
    expect(fiscalCodeMismatches('RSSMRA85T10F205R', {})).toEqual([]);
    expect(fiscalCodeMismatches('RSSMRA85T10F205R', { lastName: 'Rossi' })).toEqual([]);
    // the birth date needs the sex (women add 40 to the day)
    expect(fiscalCodeMismatches('RSSMRA85T10F205R', { birthDate: '1970-01-01' })).toEqual([]);
  });

  it('compares accents and case as the letters they stand for', () => {
    expect(
      fiscalCodeMismatches('rssmra85t10f205r', { ...mario, firstName: 'MÀRIO', lastName: ' rossi ' }),
    ).toEqual([]);
  });

  it('reads an omocode (digits replaced by letters) as the original code', () => {
    expect(fiscalCodeMismatches('RSSMRAURTMLFNLRJ', mario)).toEqual([]);
    expect(fiscalCodeMismatches('RSSMRA85T10F20RM', mario)).toEqual([]);
    expect(fiscalCodeMismatches('RSSMRAURTMLFNLRJ', { ...mario, birthDate: '1985-12-11' })).toEqual([
      'birthDate',
    ]);
  });
});

describe('omocodia normalisation', () => {
  it.each([
    ['RSSMRAURTMLFNLRJ', 'RSSMRA85T10F205J'],
    ['RSSMRA85T10F20RM', 'RSSMRA85T10F205M'],
    ['rssmra85t10f205r', 'RSSMRA85T10F205R'],
    // letters outside the digit positions stay as they are (the month T, the place letter F)
    ['RSSMRAVVTVVFVVVX', 'RSSMRA99T99F999X'],
  ])('%s → %s', (code, normalised) => {
    expect(fiscalCodeWithoutOmocodia(code)).toBe(normalised);
  });

  it('normalises spaces and case', () => {
    expect(normaliseFiscalCode(' rss mra 85t10 f205r ')).toBe('RSSMRA85T10F205R');
  });
});
