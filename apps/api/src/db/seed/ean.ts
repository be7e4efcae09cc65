/** EAN-13 helpers. Generated products use the in-store (restricted circulation) GS1 prefix 20. */
export const PRIVATE_EAN_PREFIX = '20';

export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 body must be 12 digits: ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** The n-th private EAN (n >= 0): unique for every n below 10^10. */
export function privateEan13(n: number): string {
  const body = PRIVATE_EAN_PREFIX + String(n).padStart(10, '0');
  return body + String(ean13CheckDigit(body));
}
