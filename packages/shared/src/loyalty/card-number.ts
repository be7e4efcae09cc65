/**
 * Loyalty-card numbers (spec section 5, "card type is guessed from the number prefix"; decision 038).
 * A card number is an EAN-13 of the GS1 in-store range (first digit 2) with its check digit. The chain's
 * prefix rule: numbers starting `26` are fidelity cards, numbers starting `27` premium cards; any other
 * number is not one of the chain's cards. The chain issues every card in the range of its type, so the
 * number alone tells the till, the shop and the customer which card it is.
 */
export const CARD_TYPES = ['fidelity', 'premium'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** the first two digits of each card type's numbers */
export const CARD_PREFIX: Readonly<Record<CardType, string>> = { fidelity: '26', premium: '27' };

/** why a typed number is not a card number of the chain */
export type CardNumberProblem = 'format' | 'checkDigit' | 'notOurs';
export type CardNumberCheck = { ok: true; type: CardType } | { ok: false; problem: CardNumberProblem };

/** The EAN-13 check digit of 12 digits (weights 1 and 3 from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`an EAN-13 body is 12 digits: ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export const isValidEan13 = (code: string): boolean =>
  /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);

/** Checks a typed card number (spaces ignored): its 13 digits, its check digit, then the chain's prefix. */
export function checkCardNumber(typed: string): CardNumberCheck {
  const code = typed.replace(/\s+/g, '');
  if (!/^\d{13}$/.test(code)) return { ok: false, problem: 'format' };
  if (!isValidEan13(code)) return { ok: false, problem: 'checkDigit' };
  const type = cardTypeOfNumber(code);
  return type ? { ok: true, type } : { ok: false, problem: 'notOurs' };
}

/** The card type a number's prefix tells, or null when it is not one of the chain's valid card numbers. */
export function cardTypeOfNumber(cardNumber: string): CardType | null {
  if (!isValidEan13(cardNumber)) return null;
  const prefix = cardNumber.slice(0, 2);
  return (Object.keys(CARD_PREFIX) as CardType[]).find((t) => CARD_PREFIX[t] === prefix) ?? null;
}

/** The card number of `type` with serial `serial` (0 ≤ serial < 10^10): prefix, 10 digits, check digit. */
export function makeCardNumber(type: CardType, serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= 1e10)
    throw new Error(`a card serial is 0 to 9999999999: ${serial}`);
  const body = CARD_PREFIX[type] + String(serial).padStart(10, '0');
  return body + String(ean13CheckDigit(body));
}

/** Serials from here on are the premium cards issued to customers who become premium in the shop. */
export const ISSUED_PREMIUM_SERIAL_BASE = 9_000_000_000;

/** The premium card number issued to customer `userId` when they become premium (one per customer). */
export const issuedPremiumCardNumber = (userId: number): string =>
  makeCardNumber('premium', ISSUED_PREMIUM_SERIAL_BASE + userId);

/** "2600 0000 0001 7": the number in groups the eye can follow (13 digits: 4, 4, 4, 1). */
export const groupedCardNumber = (cardNumber: string): string =>
  cardNumber.replace(/^(\d{4})(\d{4})(\d{4})(\d)$/, '$1 $2 $3 $4');

/**
 * A surname as the chain compares it with the card's holder: without accents, case, spaces, apostrophes or
 * hyphens ("D'Angelò" and "dangelo" are the same holder).
 */
export const holderNameKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
