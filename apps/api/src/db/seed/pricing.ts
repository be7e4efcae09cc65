/** Shelf prices that look like a supermarket's: 0.79, 1.99, 2.49, 14.90, 24.99. Integer cents. */
export function shelfPriceCents(euro: number): number {
  if (!(euro > 0)) return 19;
  if (euro < 1) return Math.max(19, Math.round(euro * 10) * 10 - 1); // 0.19 .. 0.99
  if (euro < 10) {
    // x.19 x.29 x.49 x.69 x.79 x.99: round to 10 cents, end in 9
    const tenths = Math.round(euro * 10);
    return tenths * 10 - 1;
  }
  if (euro < 30) return Math.round(euro * 2) * 50 - (Math.round(euro) % 2 === 0 ? 10 : 1); // 14.90, 15.49...
  return Math.round(euro) * 100 - 10; // 39.90
}

/** Price per base unit (kg, l, piece) in cents, when the content is known. */
export function unitPriceCents(priceCents: number, netQuantity: number | null): number | null {
  if (netQuantity === null || !(netQuantity > 0)) return null;
  return Math.round(priceCents / netQuantity);
}

/** A discounted shelf price strictly below the list price. */
export function discountedCents(priceCents: number, percent: number): number {
  const raw = (priceCents * (100 - percent)) / 100;
  let p = raw >= 100 ? Math.floor(raw / 10) * 10 + 9 : Math.floor(raw);
  if (p >= priceCents) p = priceCents - 10;
  return Math.max(1, p);
}
