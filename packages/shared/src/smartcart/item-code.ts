/**
 * The item codes a customer scans or types while self-scanning (spec section 5: 'Formato codice non corretto'
 * and 'Codice articolo non riconosciuto'; decision 057). One decoder for both sides: the web app refuses a
 * malformed code at once (also offline), the API decides what the code names.
 *
 * - EAN-13, EAN-8, UPC-A (12 digits, read as the EAN-13 with a leading 0): the product's barcode.
 * - GS1 restricted-circulation EAN-13 printed by the department scales (prefix 2, decision 057):
 *   `2 K IIIII VVVVV C`: K the label kind, IIIII the scale's item reference (the product id), VVVVV the value,
 *   C the EAN-13 check digit. K 1–4: the value is the net weight in grams; K 5–9: the price in euro cents.
 *   K 0 (prefix 20) is the chain's own item numbering: a whole barcode, looked up as such.
 * Every check digit is verified.
 */

export const ITEM_CODE_TEXT = {
  malformed: { code: 'msg.smartcart.codeMalformed', text: 'Formato codice non corretto' },
  unknown: { code: 'msg.smartcart.codeUnknown', text: 'Codice articolo non riconosciuto' },
} as const;

export type ItemCode =
  /** a product barcode (EAN-13; EAN-8 kept as 8 digits) */
  | { kind: 'barcode'; barcode: string }
  /** a scale label with the net weight */
  | { kind: 'weight'; barcode: string; itemRef: number; grams: number }
  /** a scale label with the price to pay */
  | { kind: 'price'; barcode: string; itemRef: number; priceCents: number };

export type ItemCodeResult = { ok: true; code: ItemCode } | { ok: false; reason: 'malformed' };

/** GS1 mod-10 check digit of the digits before it (EAN-8, EAN-13, UPC-A). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  // weights 3, 1, 3, … from the rightmost digit of the body
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export const hasValidCheckDigit = (code: string): boolean =>
  /^\d+$/.test(code) && gs1CheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);

/** The longest code a customer may type (also a bound on what the server reads). */
export const ITEM_CODE_MAX = 20;

export function decodeItemCode(input: string): ItemCodeResult {
  const code = input.replace(/\s+/g, '');
  const malformed = { ok: false, reason: 'malformed' } as const;
  if (!/^\d+$/.test(code) || ![8, 12, 13].includes(code.length)) return malformed;
  if (!hasValidCheckDigit(code)) return malformed;
  if (code.length === 8) return { ok: true, code: { kind: 'barcode', barcode: code } };
  const ean13 = code.length === 12 ? `0${code}` : code;
  if (ean13[0] !== '2' || ean13[1] === '0') return { ok: true, code: { kind: 'barcode', barcode: ean13 } };
  const kind = Number(ean13[1]);
  const itemRef = Number(ean13.slice(2, 7));
  const value = Number(ean13.slice(7, 12));
  if (itemRef === 0 || value === 0) return malformed;
  return kind <= 4
    ? { ok: true, code: { kind: 'weight', barcode: ean13, itemRef, grams: value } }
    : { ok: true, code: { kind: 'price', barcode: ean13, itemRef, priceCents: value } };
}

/** A scale label (for demo data and tests): kind 'weight' (grams) or 'price' (cents). */
export function scaleLabel(kind: 'weight' | 'price', itemRef: number, value: number): string {
  const body = `2${kind === 'weight' ? '1' : '5'}${String(itemRef).padStart(5, '0')}${String(value).padStart(5, '0')}`;
  if (body.length !== 12) throw new Error('item reference and value have at most 5 digits');
  return body + String(gs1CheckDigit(body));
}
