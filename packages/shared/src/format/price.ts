/**
 * Money display for the Italian shop: `Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })`.
 * Amounts arrive as euro with two decimals (see docs/decisions/002-money-on-the-wire.md).
 */
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** 1.99 → "1,99 €"; 1234.5 → "1.234,50 €". Non-breaking spaces are turned into plain spaces. */
export function formatPrice(amount: number): string {
  return euro.format(amount).replace(/\u00a0/g, ' ');
}

/** 3.98 and "kg" → "3,98 €/kg"; without a unit only the price. */
export function formatPricePerUnit(amount: number, unit: string | null | undefined): string {
  const u = (unit ?? '').trim();
  return u ? `${formatPrice(amount)}/${u}` : formatPrice(amount);
}
