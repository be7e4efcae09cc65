/**
 * Money display for the Italian shop, exactly as `Intl.NumberFormat('it-IT', { style: 'currency',
 * currency: 'EUR' })` writes it ("1,99 €", "1234,50 €", "12.345,50 €": it-IT groups thousands only from
 * five digits), with plain spaces. Written out rather than asked of Intl: the first it-IT currency formatter
 * of a page load loads ICU's locale data on the main thread (about 35 ms on a phone-class CPU, measured in
 * the home page's first task), and every product card shows a price. price.test.ts compares the two.
 * Amounts arrive as euro with two decimals (see docs/decisions/002-money-on-the-wire.md).
 */
export function formatPrice(amount: number): string {
  if (!Number.isFinite(amount)) return `${amount} €`;
  // round half away from zero on the decimal the number prints as (2.005 → 2,01, as Intl does)
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  const euros = String(Math.floor(cents / 100));
  const grouped = euros.length >= 5 ? euros.replace(/\B(?=(\d{3})+$)/g, '.') : euros;
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${grouped},${String(cents % 100).padStart(2, '0')} €`;
}

/** An amount in integer cents, as formatPrice writes it: 150000 → "1500,00 €". */
export const formatCents = (cents: number): string => formatPrice(cents / 100);

/** 3.98 and "kg" → "3,98 €/kg"; without a unit only the price. */
export function formatPricePerUnit(amount: number, unit: string | null | undefined): string {
  const u = (unit ?? '').trim();
  return u ? `${formatPrice(amount)}/${u}` : formatPrice(amount);
}

/** A product's selling type as far as its price is concerned: `productInfos.TIPOLOGIA` and its price unit. */
export interface PricedProduct {
  productInfos?: Record<string, string> | undefined;
  priceUnitDisplay?: string | null | undefined;
}

/** A loose product (TIPOLOGIA "Sfuso"): sold by weight, every price of it is per its unit ("1,49 €/kg"). */
export const isLooseProduct = (product: PricedProduct): boolean =>
  (product.productInfos?.TIPOLOGIA ?? '').trim().toLowerCase() === 'sfuso';

/**
 * Any price of a product as the customer reads it: a loose product's says its unit (its price, the struck list
 * price, the 30-day lowest price: "1,49 €/kg", kg when the product names none); the others' is the plain price.
 */
export function formatProductPrice(amount: number, product: PricedProduct): string {
  return isLooseProduct(product)
    ? formatPricePerUnit(amount, product.priceUnitDisplay || 'kg')
    : formatPrice(amount);
}

const TYPED_AMOUNT = /^\d{1,6}(?:[.,]\d{1,2})?$/;

/**
 * An amount typed in euros ("5", "5,5", "7,50 €", "5.25") as integer cents; null when it is not one (a sign,
 * more than two decimals, thousands separators). The forms that take money (the checkout's wallet part, the
 * back office's credits and certificates) read it with this.
 */
export function parseEuroCents(text: string): number | null {
  const t = text.trim().replace(/\s|€/g, '');
  if (!TYPED_AMOUNT.test(t)) return null;
  const [whole = '0', decimals = ''] = t.split(/[.,]/);
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}
