/**
 * The Italian VAT number (partita IVA): 11 digits, the first 7 the taxpayer's number, the next 3 the office
 * (province) code, the last a check digit computed like Luhn's (Agenzia delle Entrate): the digits in odd
 * places (1st, 3rd...) are added as they are, those in even places are doubled (minus 9 when over 9), and
 * the check digit brings the sum to a multiple of 10. The same rule checks a company's 11-digit fiscal code.
 */
export const VAT_NUMBER_PATTERN = /^\d{11}$/;

/** Spaces and dots dropped, an "IT" prefix dropped (as printed on invoices: IT01234567890). */
export function normaliseVatNumber(text: string): string {
  const compact = text.replace(/[\s.]/g, '').toUpperCase();
  return compact.startsWith('IT') ? compact.slice(2) : compact;
}

/** The check digit of the first 10 digits. */
export function vatCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const digit = Number(first10[i]);
    if (i % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** 11 digits whose last is the check digit of the others; not all zeros; an office code from 001 (or 999). */
export function isVatNumberValid(text: string): boolean {
  const v = normaliseVatNumber(text);
  if (!VAT_NUMBER_PATTERN.test(v) || /^0+$/.test(v)) return false;
  const office = Number(v.slice(7, 10));
  if (office === 0 || (office > 121 && office !== 888 && office !== 999)) return false;
  return vatCheckDigit(v.slice(0, 10)) === Number(v[10]);
}
