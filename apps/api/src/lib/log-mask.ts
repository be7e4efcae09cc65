/**
 * Personal data kept out of the logs (decision 089): e-mail addresses, card numbers (payment and loyalty
 * cards: any run of 12 to 19 digits, spaces or dashes allowed between them) and Italian fiscal codes are
 * replaced wherever they appear in a logged text (URL, message, error). Masking a product's barcode too is
 * the price of never missing a card.
 */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const CARD = /(?<![\p{N}])\p{N}(?:[ -]?\p{N}){11,18}(?![\p{N}])/gu;
/** 16 characters: surname, name, birth date and place, check letter (digits may be letters: omocodia) */
const FISCAL_CODE =
  /(?<![A-Za-z0-9])[A-Za-z]{6}[0-9LMNPQRSTUVlmnpqrstuv]{2}[A-EHLMPR-Ta-ehlmpr-t][0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{3}[A-Za-z](?![A-Za-z0-9])/g;

export function maskPersonalData(text: string): string {
  if (text.length < 6) return text;
  return text
    .replace(EMAIL, '[email]')
    .replace(FISCAL_CODE, '[fiscal-code]')
    .replace(CARD, '[card]');
}

/** A log record's strings masked, at any depth (arrays and plain objects; other values as they are). */
export function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskPersonalData(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = maskDeep(v, depth + 1);
  return out;
}

/** An error as a log record holds it (type, message, stack, PostgreSQL's detail), masked. */
export function maskedError(err: unknown): unknown {
  if (!(err instanceof Error)) return maskDeep(err);
  const e = err as Error & { code?: unknown; detail?: unknown; statusCode?: unknown; cause?: unknown };
  return {
    type: e.name,
    message: maskPersonalData(e.message),
    ...(e.stack ? { stack: maskPersonalData(e.stack) } : {}),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(typeof e.detail === 'string' ? { detail: maskPersonalData(e.detail) } : {}),
    ...(e.cause !== undefined ? { cause: maskedError(e.cause) } : {}),
  };
}
