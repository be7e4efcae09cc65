import { z } from 'zod';
import { FISCAL_CODE_PATTERN, fiscalCodeMismatches, isFiscalCodeValid } from './fiscal-code';

/**
 * The form rules of spec section 5 with their Italian messages, as zod schemas shared by the web forms
 * (react-hook-form + zodResolver) and the API contracts, so that both sides refuse the same input with the
 * same words. Format rules pass when the field is empty (spec: "All format rules pass when the field is
 * empty"); `required()` is what makes a field mandatory.
 */
export const MESSAGES = {
  required: 'Campo obbligatorio.',
  phone: 'Digitare un numero di telefono valido',
  postalCode: 'Il CAP deve essere di 4 o 5 cifre.',
  passwordMin: 'La password deve essere lunga 6 caratteri.',
  email: 'Digitare una e-mail valida',
  fiscalCode: 'Formato non corretto',
  vatOrTaxCode: 'P.Iva e C.F. devono avere 11 cifre.',
  integer: 'Accetta solo numeri interi.',
  number: 'Accetta solo numeri.',
  exactLength: (n: number) => `Il campo deve essere lungo ${n} caratteri`,
  minLength: (n: number) => `Lunghezza minima ${n} caratteri`,
  maxLength: (n: number) => `Lunghezza massima ${n} caratteri`,
  loginPassword: 'Digitare la password',
  consentRequired: 'È obbligatorio accettare questo consenso per procedere',
  formInvalid: 'La form non è stata compilata correttamente',
  // registration password policy (6-25 characters, four character classes)
  passwordLowercase: 'La password deve contenere almeno una lettera minuscola.',
  passwordUppercase: 'La password deve contenere almeno una lettera maiuscola.',
  passwordDigit: 'La password deve contenere almeno un numero.',
  passwordSpecial: 'La password deve contenere almeno un carattere speciale.',
  passwordMismatch: 'Le password non coincidono.',
  fiscalCodeForCitizens: 'Il codice fiscale è obbligatorio per i cittadini italiani.',
  fiscalCodeMismatch: 'Il codice fiscale non corrisponde ai dati anagrafici.',
  date: 'Digitare una data valida',
  birthDateRange: 'La data di nascita non è valida.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 25;
/** date picker lower bound (spec section 5) */
export const MIN_BIRTH_DATE = '1910-01-01';

// ---------- patterns ----------
/** local part, @, domain, a final part of 2 to 11 letters */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,11}$/;
/**
 * Italian phone numbers with an optional +39 / 0039 prefix: mobiles start with 3 (9-10 digits), landlines
 * with 0 (an area code of 2-4 digits then 3-8 digits). Spaces, dots and dashes between groups are allowed.
 */
export const PHONE_PATTERN =
  /^(?:(?:\+|00)39[\s.-]?)?(?:3\d{2}[\s.-]?\d{3}[\s.-]?\d{3,4}|0\d{1,3}[\s.-]?\d{3,8})$/;
export const POSTAL_CODE_PATTERN = /^\d{4,5}$/;
export const VAT_CODE_PATTERN = /^\d{11}$/;
export const INTEGER_PATTERN = /^-?\d+$/;
export const NUMBER_PATTERN = /^\d+([.,]\d+)?$/;
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A text that may be empty: trimmed; empty becomes ''. */
const text = (max = 200) => z.string().trim().max(max, MESSAGES.maxLength(max));

/**
 * Empty passes; otherwise the pattern must match. The format message comes before the length bound, so
 * that a value too long for the pattern (a 6-digit CAP) gets the rule's own words.
 */
const formatRule = (pattern: RegExp, message: string, max = 200) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || pattern.test(v), { error: message })
    .max(max, MESSAGES.maxLength(max));

/** A real calendar day written YYYY-MM-DD (1985-02-31 is not one). */
const isIsoDate = (v: string): boolean => {
  if (!ISO_DATE_PATTERN.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

export const rules = {
  /** a mandatory text (the asterisk fields) */
  required: (max = 200) => text(max).min(1, MESSAGES.required),
  optionalText: text,
  email: () => formatRule(EMAIL_PATTERN, MESSAGES.email, 254),
  phone: () => formatRule(PHONE_PATTERN, MESSAGES.phone, 20),
  postalCode: () => formatRule(POSTAL_CODE_PATTERN, MESSAGES.postalCode, 5),
  fiscalCode: () =>
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || FISCAL_CODE_PATTERN.test(v), { error: MESSAGES.fiscalCode })
      .max(16, MESSAGES.maxLength(16)),
  vatOrTaxCode: () =>
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || VAT_CODE_PATTERN.test(v) || FISCAL_CODE_PATTERN.test(v), {
        error: MESSAGES.vatOrTaxCode,
      })
      .max(16, MESSAGES.maxLength(16)),
  integer: () => formatRule(INTEGER_PATTERN, MESSAGES.integer, 20),
  number: () => formatRule(NUMBER_PATTERN, MESSAGES.number, 20),
  exactLength: (n: number) =>
    z
      .string()
      .trim()
      .refine((v) => v === '' || v.length === n, { error: MESSAGES.exactLength(n) }),
  /** ISO date (YYYY-MM-DD) between 1910-01-01 and today; empty passes */
  birthDate: () =>
    text(10)
      .refine((v) => v === '' || isIsoDate(v), {
        error: MESSAGES.date,
      })
      .refine((v) => v === '' || (v >= MIN_BIRTH_DATE && v <= new Date().toISOString().slice(0, 10)), {
        error: MESSAGES.birthDateRange,
      }),
  /** any real calendar date (ISO, YYYY-MM-DD) from 1910 on; empty passes */
  date: () =>
    text(10).refine((v) => v === '' || (isIsoDate(v) && v >= MIN_BIRTH_DATE), {
      error: MESSAGES.date,
    }),
  /** a checkbox that must be ticked */
  mustAccept: () => z.literal(true, { error: MESSAGES.required }),
};

/**
 * What is wrong with a codice fiscale given with the person's data, as the registration's field says it as
 * soon as the customer leaves it (null: nothing): missing for an Italian citizen, not a code (structure or
 * control character), or not the code of this surname, name, birth date and sex. Data not given yet are not
 * compared; the place of birth needs the municipality table and is checked by the API only.
 */
export function fiscalCodeIssue(person: {
  fiscalCode: string;
  italianCitizen?: boolean | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  birthDate?: string | undefined;
  gender?: 'M' | 'F' | undefined;
}): string | null {
  const code = person.fiscalCode.trim().toUpperCase();
  if (code === '') return person.italianCitizen ? MESSAGES.fiscalCodeForCitizens : null;
  if (!isFiscalCodeValid(code)) return MESSAGES.fiscalCode;
  const birthDate = person.birthDate && isIsoDate(person.birthDate) ? person.birthDate : undefined;
  const gender = person.gender === 'M' || person.gender === 'F' ? person.gender : undefined;
  const mismatches = fiscalCodeMismatches(code, {
    firstName: person.firstName?.trim() || undefined,
    lastName: person.lastName?.trim() || undefined,
    birthDate,
    gender,
  });
  return mismatches.length > 0 ? MESSAGES.fiscalCodeMismatch : null;
}

/** Login form: the login is trimmed; without a password nothing is submitted (spec section 5). */
export const loginPasswordRule = z.string().min(1, MESSAGES.loginPassword).max(200, MESSAGES.maxLength(200));

/**
 * Registration and change-of-password policy: 6-25 characters with at least one lowercase letter, one
 * uppercase letter, one digit and one special character (any character that is not a letter or a digit).
 */
export const newPasswordRule = z
  .string()
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordMin)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.maxLength(PASSWORD_MAX_LENGTH))
  .regex(/\p{Ll}/u, MESSAGES.passwordLowercase)
  .regex(/\p{Lu}/u, MESSAGES.passwordUppercase)
  .regex(/\d/, MESSAGES.passwordDigit)
  .regex(/[^\p{L}\d]/u, MESSAGES.passwordSpecial);

/** The first message of a rule for one value, or null when it passes (table tests, simple checks). */
export function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.formInvalid);
}
