import { describe, expect, it } from 'vitest';
import { checkAgainstSchema } from './fatturapa/fatturapa-xsd';
import { fatturaXml, type Buyer, type Seller } from './fatturapa/fatturapa-xml';
import {
  creditNoteAmounts,
  lineCreditLines,
  lumpSumCreditLines,
  remainingByRate,
  type RateBalance,
} from './credit-note-amounts';
import { invoiceAmounts, type ChargedLine, type InvoiceAmounts } from './invoice-amounts';

/**
 * Credit notes' amounts (decision 094): a refunded line named as the invoice named it, a weighed line's kg,
 * an amount over the rates the invoice still holds, the last cent of a rate; every note's XML is valid.
 */
const seller: Seller = {
  ...{ name: 'Spesa Online S.p.A.', vatNumber: '01234560587', fiscalCode: '01234560587' },
  ...{ address: 'Via Roma', streetNumber: '1', postalCode: '00185', city: 'Roma', province: 'RM' },
  ...{ reaOffice: 'RM', reaNumber: '1234567' },
};
const buyer: Buyer = {
  ...{ format: 'FPR12', recipientCode: 'ABC1234', pec: null, vatNumber: '00743110157', fiscalCode: null },
  ...{ companyName: 'Trattoria Da Gino S.r.l.', firstName: null, lastName: null },
  ...{ address: 'Corso Italia', streetNumber: '10', postalCode: '20122', city: 'Milano', province: 'MI' },
};
const goods = (description: string, grossCents: number, vatRate: number, quantity = 1, unit = 'PZ') =>
  ({
    description,
    grossCents,
    vatRate,
    quantity,
    unit,
    code: `P-${description.length}`,
  }) satisfies ChargedLine;

let n = 1;
/** the note adds up, each rate's VAT within the SDI's cent, and its XML validates against the schema */
async function expectValidNote(amounts: InvoiceAmounts) {
  const sum = amounts.summary.reduce((a, s) => a + s.taxableCents + s.vatCents, 0);
  expect(sum).toBe(amounts.totalCents);
  for (const s of amounts.summary) {
    expect(Math.abs(s.vatCents - Math.round((s.taxableCents * s.vatRate) / 100))).toBeLessThanOrEqual(1);
    const linesNet = amounts.lines.filter((l) => l.vatRate === s.vatRate).reduce((a, l) => a + l.netCents, 0);
    expect(linesNet + s.roundingCents).toBe(s.taxableCents);
  }
  const xml = fatturaXml({
    kind: 'TD04',
    transmissionId: `N${++n}`,
    number: `2026/${String(n).padStart(6, '0')}`,
    date: '2026-11-29',
    seller,
    buyer,
    amounts,
    related: { number: '2026/000001', date: '2026-11-28' },
    purchaseOrder: null,
    splitPayment: false,
    payments: [],
    reason: 'Nota di credito per la fattura 2026/000001: reso',
  });
  const check = await checkAgainstSchema(xml);
  expect(check.errors).toEqual([]);
  return xml;
}

const summaryOf = (a: InvoiceAmounts) => a.summary.map((s) => [s.vatRate, s.taxableCents, s.vatCents]);
const remainingAfter = (invoice: InvoiceAmounts, notes: InvoiceAmounts[]) =>
  remainingByRate(
    invoice.summary,
    notes.map((x) => x.summary),
  );

describe('credit notes (table)', () => {
  const mixed = invoiceAmounts([
    goods('Latte intero 1 l', 1000, 4),
    goods('Pasta di semola 500 g', 1000, 10, 4),
    goods('Detersivo', 2000, 22, 2),
  ]);

  it('one line: the line as invoiced, one piece of two, its price and rate', async () => {
    const lines = lineCreditLines(goods('Detersivo', 2000, 22, 2), 1, 1000, remainingAfter(mixed, []), 'x');
    const note = creditNoteAmounts(lines, remainingAfter(mixed, []));
    expect(note.lines).toEqual([
      expect.objectContaining({
        description: 'Detersivo',
        quantity: 1,
        unit: 'PZ',
        vatRate: 22,
        netCents: 820,
      }),
    ]);
    expect(note.lines[0]?.unitPrice).toBe(8.2);
    expect(summaryOf(note)).toEqual([[22, 820, 180]]);
    const xml = await expectValidNote(note);
    expect(xml).toMatch(
      /<Descrizione>Detersivo<\/Descrizione>\s*<Quantita>1.00<\/Quantita>\s*<UnitaMisura>PZ/,
    );
    expect(xml).toContain('<ImportoTotaleDocumento>10.00</ImportoTotaleDocumento>');
  });

  it('a weighed line: 0,3 kg of 1,137 kg, its kg and the price per kg', async () => {
    const invoice = invoiceAmounts([goods('Mele Golden', 284, 4, 1.137, 'KG'), goods('Vino', 500, 22)]);
    const remaining = remainingAfter(invoice, []);
    const note = creditNoteAmounts(
      lineCreditLines(goods('Mele Golden', 284, 4, 1.137, 'KG'), 0.3, 75, remaining, 'x'),
      remaining,
    );
    expect(note.lines).toEqual([
      expect.objectContaining({
        description: 'Mele Golden',
        quantity: 0.3,
        unit: 'KG',
        netCents: 72,
        vatRate: 4,
      }),
    ]);
    expect(note.lines[0]?.unitPrice).toBe(2.4);
    expect(summaryOf(note)).toEqual([[4, 72, 3]]);
    const xml = await expectValidNote(note);
    expect(xml).toMatch(/<Quantita>0.30<\/Quantita>\s*<UnitaMisura>KG<\/UnitaMisura>/);
  });

  it('an amount tied to no line: pro rata over 4, 10 and 22 %, to the cent', async () => {
    const remaining = remainingAfter(mixed, []);
    const note = creditNoteAmounts(lumpSumCreditLines(remaining, 1001, 'Rimborso'), remaining);
    // 250,25 / 250,25 / 500,5 of 10,01 €: 2,50 + 2,50 + 5,01 (the largest remainder takes the cent)
    expect(note.lines.map((l) => [l.vatRate, l.description])).toEqual([
      [4, 'Rimborso (IVA 4%)'],
      [10, 'Rimborso (IVA 10%)'],
      [22, 'Rimborso (IVA 22%)'],
    ]);
    expect(summaryOf(note)).toEqual([
      [4, 240, 10],
      [10, 227, 23],
      [22, 411, 90],
    ]);
    expect(note.totalCents).toBe(1001);
    await expectValidNote(note);
  });

  it('an amount after a line was refunded: over what the invoice still holds (the 22 % is spent)', async () => {
    const invoice = invoiceAmounts([goods('Latte', 1000, 4), goods('Vino', 1000, 22)]);
    const first = creditNoteAmounts(
      lineCreditLines(goods('Vino', 1000, 22), 1, 1000, remainingAfter(invoice, []), 'x'),
      remainingAfter(invoice, []),
    );
    const remaining = remainingAfter(invoice, [first]);
    expect(remaining).toEqual<RateBalance[]>([
      { vatRate: 4, grossCents: 1000, taxableCents: 962 },
      { vatRate: 22, grossCents: 0, taxableCents: 0 },
    ]);
    const second = creditNoteAmounts(lumpSumCreditLines(remaining, 500, 'Rimborso'), remaining);
    expect(summaryOf(second)).toEqual([[4, 481, 19]]);
    await expectValidNote(second);
  });

  it('a line beyond what its rate still holds: the rest over the other rates', async () => {
    const invoice = invoiceAmounts([goods('Latte', 1000, 4), goods('Vino', 1000, 22)]);
    const lump = creditNoteAmounts(
      lumpSumCreditLines(remainingAfter(invoice, []), 1000, 'Rimborso'),
      remainingAfter(invoice, []),
    );
    const remaining = remainingAfter(invoice, [lump]);
    const note = creditNoteAmounts(
      lineCreditLines(goods('Vino', 1000, 22), 1, 800, remaining, 'Rimborso'),
      remaining,
    );
    expect(note.lines.map((l) => [l.description, l.vatRate, l.netCents])).toEqual([
      ['Vino', 22, 410],
      ['Rimborso (IVA 4%)', 4, 288],
    ]);
    expect(note.totalCents).toBe(800);
    await expectValidNote(note);
  });

  it('the last cent of a rate: the invoice and its notes cancel out, VAT included', async () => {
    // three 0,10 € lines at 22 %: the invoice's taxable 0,25 and VAT 0,05; each note alone would say 0,08 + 0,02
    const invoice = invoiceAmounts([
      goods('Caramella', 10, 22),
      goods('Caramella', 10, 22),
      goods('Caramella', 10, 22),
    ]);
    expect(summaryOf(invoice)).toEqual([[22, 25, 5]]);
    const notes: InvoiceAmounts[] = [];
    for (let i = 0; i < 3; i++) {
      const remaining = remainingAfter(invoice, notes);
      notes.push(
        creditNoteAmounts(lineCreditLines(goods('Caramella', 10, 22), 1, 10, remaining, 'x'), remaining),
      );
    }
    expect(notes.map(summaryOf)).toEqual([[[22, 8, 2]], [[22, 8, 2]], [[22, 9, 1]]]);
    for (const note of notes) await expectValidNote(note);
    expect(remainingAfter(invoice, notes)).toEqual([{ vatRate: 22, grossCents: 0, taxableCents: 0 }]);
  });

  it('never more than the invoice holds: an amount above it credits what is left', () => {
    const invoice = invoiceAmounts([goods('Latte', 300, 4)]);
    const remaining = remainingAfter(invoice, []);
    expect(lumpSumCreditLines(remaining, 1000, 'Rimborso').map((l) => l.grossCents)).toEqual([300]);
  });
});
