import {
  invoiceAmounts,
  spread,
  type ChargedLine,
  type InvoiceAmounts,
  type VatSummary,
} from './invoice-amounts';

/**
 * The amounts of a credit note (TD04, decision 094), integer cents:
 * - a refund of one order line names the line as the invoice did (description, code, unit, its VAT rate),
 *   with the pieces or kg given back and the amount refunded (the net unit price follows from it);
 * - an amount tied to no line (a refund of an amount, a goodwill credit on the wallet) is spread over the VAT
 *   rates the invoice still holds, in proportion to their gross (largest remainder: the parts add up);
 * - what an invoice still holds at a rate is its gross there less its credit notes' gross there: no rate is
 *   ever credited beyond what was invoiced at it, whatever the order of line and lump-sum refunds;
 * - the credit note that gives back the last cent of a rate takes the rate's remaining taxable and VAT, so
 *   the invoice and its credit notes cancel out exactly, VAT included (when that VAT stays within the SDI's
 *   cent of taxable × rate, as the schema's checks want; otherwise the note's own rounding stands).
 */

/** What an invoice still holds at one VAT rate (cents). */
export interface RateBalance {
  vatRate: number;
  grossCents: number;
  taxableCents: number;
}

/** The invoice's gross and taxable per rate less its credit notes' (never below zero). */
export function remainingByRate(
  invoice: readonly VatSummary[],
  creditNotes: ReadonlyArray<readonly VatSummary[]>,
): RateBalance[] {
  return invoice.map((s) => {
    const credited = creditNotes.flat().filter((c) => c.vatRate === s.vatRate);
    const gross = s.taxableCents + s.vatCents - credited.reduce((a, c) => a + c.taxableCents + c.vatCents, 0);
    const taxable = s.taxableCents - credited.reduce((a, c) => a + c.taxableCents, 0);
    return { vatRate: s.vatRate, grossCents: Math.max(0, gross), taxableCents: Math.max(0, taxable) };
  });
}

export const remainingTotal = (remaining: readonly RateBalance[]) =>
  remaining.reduce((a, r) => a + r.grossCents, 0);

/**
 * An amount tied to no line over the rates the invoice still holds, in proportion to their gross: one line
 * per rate, positive amounts (a TD04 states what it credits as positive amounts).
 */
export function lumpSumCreditLines(
  remaining: readonly RateBalance[],
  cents: number,
  description: string,
): ChargedLine[] {
  const rates = remaining.filter((r) => r.grossCents > 0);
  const parts = spread(
    Math.min(cents, remainingTotal(rates)),
    rates.map((r) => r.grossCents),
  );
  return rates
    .map((r, i) => ({
      description: `${description} (IVA ${r.vatRate}%)`,
      quantity: 1,
      unit: null,
      grossCents: Math.min(parts[i] ?? 0, r.grossCents),
      vatRate: r.vatRate,
    }))
    .filter((l) => l.grossCents > 0);
}

/**
 * A refund of one line: the line as the invoice named it, the quantity given back and the amount. Beyond
 * what the invoice still holds at the line's rate (earlier lump sums took it), the rest is spread over the
 * other rates as a lump sum.
 */
export function lineCreditLines(
  line: Pick<ChargedLine, 'description' | 'unit' | 'vatRate' | 'code'>,
  quantity: number,
  cents: number,
  remaining: readonly RateBalance[],
  restDescription: string,
): ChargedLine[] {
  const atRate = remaining.find((r) => r.vatRate === line.vatRate)?.grossCents ?? 0;
  const onLine = Math.min(cents, atRate);
  const rest = lumpSumCreditLines(
    remaining.filter((r) => r.vatRate !== line.vatRate),
    cents - onLine,
    restDescription,
  );
  const credited: ChargedLine[] =
    onLine > 0
      ? [
          {
            description: line.description,
            quantity,
            unit: line.unit ?? 'PZ',
            grossCents: onLine,
            vatRate: line.vatRate,
            code: line.code,
          },
        ]
      : [];
  return [...credited, ...rest];
}

/** The credit note's amounts; a rate credited to its last cent takes the rate's remaining taxable and VAT. */
export function creditNoteAmounts(
  lines: readonly ChargedLine[],
  remaining: readonly RateBalance[],
): InvoiceAmounts {
  const amounts = invoiceAmounts(lines);
  const summary = amounts.summary.map((s) => {
    const left = remaining.find((r) => r.vatRate === s.vatRate);
    if (!left || s.taxableCents + s.vatCents !== left.grossCents) return s;
    const taxableCents = left.taxableCents;
    const vatCents = left.grossCents - taxableCents;
    if (Math.abs(vatCents - Math.round((taxableCents * s.vatRate) / 100)) > 1) return s;
    return { ...s, taxableCents, vatCents, roundingCents: s.roundingCents + taxableCents - s.taxableCents };
  });
  return { ...amounts, summary, vatCents: summary.reduce((a, s) => a + s.vatCents, 0) };
}
