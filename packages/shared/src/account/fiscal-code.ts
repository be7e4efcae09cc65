/**
 * The Italian tax code (codice fiscale): the structural pattern the forms use (spec section 5, "full
 * structured pattern, case-insensitive"), the control character, and the parts computed from surname, name,
 * birth date and sex. The birth-place part (cadastral code) needs the municipality table and is checked by
 * the API only (codice-fiscale-js); everything here is pure and small enough for the web bundle.
 */

/** Structure with omocodia (digits replaced by L M N P Q R S T U V), valid months and days; uppercase input. */
export const FISCAL_CODE_PATTERN =
  /^(?:[A-Z][AEIOU][AEIOUX]|[AEIOU]X{2}|[B-DF-HJ-NP-TV-Z]{2}[A-Z]){2}(?:[\dLMNP-V]{2}(?:[A-EHLMPR-T](?:[04LQ][1-9MNP-V]|[15MR][\dLMNP-V]|[26NS][0-8LMNP-U])|[DHPS][37PT][0L]|[ACELMRT][37PT][01LM]|[AC-EHLMPR-T][26NS][9V])|(?:[02468LNQSU][048LQU]|[13579MPRTV][26NS])B[26NS][9V])(?:[A-MZ][1-9MNP-V][\dLMNP-V]{2}|[A-M][0L](?:[1-9MNP-V][\dLMNP-V]|[0L][1-9MNP-V]))[A-Z]$/;

const ODD_VALUES: Record<string, number> = {
  '0': 1, '1': 0, '2': 5, '3': 7, '4': 9, '5': 13, '6': 15, '7': 17, '8': 19, '9': 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
}; // prettier-ignore

const MONTH_LETTERS = 'ABCDEHLMPRST';
/** omocodia: the letter that replaces each digit */
const OMOCODE_LETTERS = 'LMNPQRSTUV';
/** positions (0-based) that hold digits before any omocodia substitution */
const DIGIT_POSITIONS = [6, 7, 9, 10, 12, 13, 14];

export function normaliseFiscalCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

export function isFiscalCodeWellFormed(code: string): boolean {
  return FISCAL_CODE_PATTERN.test(normaliseFiscalCode(code));
}

/** The control character computed from the first 15 characters. */
export function fiscalCodeControlChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15[i] ?? '0';
    // 1-based odd positions use the odd table
    if (i % 2 === 0) sum += ODD_VALUES[c] ?? 0;
    else sum += /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** Well formed and with the right control character. */
export function isFiscalCodeValid(code: string): boolean {
  const cf = normaliseFiscalCode(code);
  return FISCAL_CODE_PATTERN.test(cf) && fiscalCodeControlChar(cf.slice(0, 15)) === cf[15];
}

/** The code with omocodia letters turned back into digits (positions 7-8, 10-11, 13-15). */
export function fiscalCodeWithoutOmocodia(code: string): string {
  const chars = normaliseFiscalCode(code).split('');
  for (const p of DIGIT_POSITIONS) {
    const idx = OMOCODE_LETTERS.indexOf(chars[p] ?? '');
    if (idx >= 0) chars[p] = String(idx);
  }
  return chars.join('');
}

const lettersOf = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
const consonantsOf = (s: string) => s.replace(/[AEIOU]/g, '');
const vowelsOf = (s: string) => s.replace(/[^AEIOU]/g, '');

export function surnameCode(surname: string): string {
  const l = lettersOf(surname);
  return (consonantsOf(l) + vowelsOf(l) + 'XXX').slice(0, 3);
}

export function nameCode(name: string): string {
  const l = lettersOf(name);
  const cons = consonantsOf(l);
  if (cons.length >= 4) return `${cons[0]}${cons[2]}${cons[3]}`;
  return (cons + vowelsOf(l) + 'XXX').slice(0, 3);
}

/** Year, month letter and day (plus 40 for women) from an ISO birth date. */
export function birthCode(birthDateIso: string, gender: 'M' | 'F'): string {
  const [y, m, d] = birthDateIso.split('-').map(Number);
  const day = (d ?? 0) + (gender === 'F' ? 40 : 0);
  return `${String(y ?? 0).slice(-2)}${MONTH_LETTERS[(m ?? 1) - 1] ?? 'A'}${String(day).padStart(2, '0')}`;
}

export interface FiscalCodePerson {
  firstName?: string | undefined;
  lastName?: string | undefined;
  birthDate?: string | undefined;
  gender?: 'M' | 'F' | undefined;
}

/**
 * Which of the given personal data disagree with the code: 'lastName', 'firstName', 'birthDate'.
 * Data left empty are not compared. The code must be valid (isFiscalCodeValid) first.
 */
export function fiscalCodeMismatches(code: string, person: FiscalCodePerson): Array<keyof FiscalCodePerson> {
  const cf = fiscalCodeWithoutOmocodia(code);
  const out: Array<keyof FiscalCodePerson> = [];
  if (person.lastName && surnameCode(person.lastName) !== cf.slice(0, 3)) out.push('lastName');
  if (person.firstName && nameCode(person.firstName) !== cf.slice(3, 6)) out.push('firstName');
  if (person.birthDate && person.gender && birthCode(person.birthDate, person.gender) !== cf.slice(6, 11))
    out.push('birthDate');
  return out;
}
