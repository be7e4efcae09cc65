/**
 * The amounts of an electronic invoice from what was charged (decision 087). Shop prices include VAT; the
 * FatturaPA states net amounts and the VAT by rate, so:
 * - each line's net is its gross at its rate, to the cent: round(gross × 100 / (100 + rate));
 * - a discount (gift codes) is spread over the goods' rates in proportion to their gross (largest remainder,
 *   so the parts add up to the cent) and is one negative line per rate;
 * - per rate, the taxable amount is the rate's gross made net once, the VAT is the gross less it: the
 *   document's total is exactly what was charged. The cents the lines' own rounding leaves are the
 *   summary's `Arrotondamento` (ImponibileImporto = Σ PrezzoTotale + Arrotondamento, as the SDI checks).
 * All amounts are integer cents; quantities and weights decimals.
 */

export interface ChargedLine {
  description: string;
  /** pieces, or kg for weighed goods */
  quantity: number;
  /** "KG" for weighed goods, "PZ" otherwise; null for a service (delivery, bags) */
  unit: string | null;
  /** what the customer paid for the line, VAT included (cents) */
  grossCents: number;
  /** 4, 10, 22 ... */
  vatRate: number;
  /** the product's code, when it is a product */
  code?: string | undefined;
}

export interface InvoiceLine {
  number: number;
  description: string;
  quantity: number | null;
  unit: string | null;
  /** net unit price in euro, up to 8 decimals (FatturaPA Amount8DecimalType) */
  unitPrice: number;
  /** net line total, cents */
  netCents: number;
  vatRate: number;
  code?: string | undefined;
}

export interface VatSummary {
  vatRate: number;
  taxableCents: number;
  vatCents: number;
  /** taxable − Σ lines' net at this rate (cents): the lines' rounding */
  roundingCents: number;
}

export interface InvoiceAmounts {
  lines: InvoiceLine[];
  summary: VatSummary[];
  /** gross total: what was charged (cents) */
  totalCents: number;
  vatCents: number;
}

/** Net cents of a gross amount at a rate, rounded half away from zero. */
export function netOf(grossCents: number, vatRate: number): number {
  const exact = (Math.abs(grossCents) * 100) / (100 + vatRate);
  return Math.sign(grossCents) * Math.round(exact);
}

/**
 * Splits `cents` over `weights` in proportion (largest remainder): the parts add up to `cents` exactly.
 * Weights must be non-negative; all-zero weights give all to the first.
 */
export function spread(cents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? cents : 0));
  const exact = weights.map((w) => (cents * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = cents - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** The discount as one negative line per goods rate, in proportion to the goods' gross at each rate. */
export function discountLines(
  goods: readonly ChargedLine[],
  discountCents: number,
  description: string,
): ChargedLine[] {
  if (discountCents <= 0) return [];
  const byRate = grossByRate(goods);
  const rates = [...byRate.keys()];
  const parts = spread(
    discountCents,
    rates.map((r) => byRate.get(r) ?? 0),
  );
  return rates
    .map((vatRate, i) => ({
      description: `${description} (IVA ${vatRate}%)`,
      quantity: 1,
      unit: null,
      grossCents: -(parts[i] ?? 0),
      vatRate,
    }))
    .filter((l) => l.grossCents !== 0);
}

function grossByRate(lines: readonly ChargedLine[]): Map<number, number> {
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.grossCents);
  return new Map([...byRate.entries()].sort(([a], [b]) => a - b));
}

const round8 = (x: number) => Math.round(x * 1e8) / 1e8;

/** The document's lines and VAT summary from the charged lines (discount lines included). */
export function invoiceAmounts(charged: readonly ChargedLine[]): InvoiceAmounts {
  const lines: InvoiceLine[] = charged.map((c, i) => {
    const netCents = netOf(c.grossCents, c.vatRate);
    const quantity = c.quantity > 0 ? c.quantity : 1;
    return {
      number: i + 1,
      description: c.description,
      quantity: c.unit === null && quantity === 1 ? null : quantity,
      unit: c.unit,
      unitPrice: round8(netCents / 100 / quantity),
      netCents,
      vatRate: c.vatRate,
      code: c.code,
    };
  });
  const summary: VatSummary[] = [...grossByRate(charged).entries()].map(([vatRate, gross]) => {
    const taxableCents = netOf(gross, vatRate);
    const linesNet = lines.filter((l) => l.vatRate === vatRate).reduce((a, l) => a + l.netCents, 0);
    return { vatRate, taxableCents, vatCents: gross - taxableCents, roundingCents: taxableCents - linesNet };
  });
  const totalCents = charged.reduce((a, c) => a + c.grossCents, 0);
  return { lines, summary, totalCents, vatCents: summary.reduce((a, s) => a + s.vatCents, 0) };
}

/**
 * A credit note's lines for an amount given back (a refund): spread over the invoice's rates in proportion to
 * their gross, one line per rate, positive amounts (a TD04 states what it credits as positive amounts).
 */
export function refundLines(
  invoiceSummary: readonly VatSummary[],
  refundCents: number,
  description: string,
): ChargedLine[] {
  const rates = invoiceSummary.filter((s) => s.taxableCents + s.vatCents > 0);
  const parts = spread(
    refundCents,
    rates.map((s) => s.taxableCents + s.vatCents),
  );
  return rates
    .map((s, i) => ({
      description: `${description} (IVA ${s.vatRate}%)`,
      quantity: 1,
      unit: null,
      grossCents: parts[i] ?? 0,
      vatRate: s.vatRate,
    }))
    .filter((l) => l.grossCents > 0);
}
