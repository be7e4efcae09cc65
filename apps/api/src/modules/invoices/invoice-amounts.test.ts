import { describe, expect, it } from 'vitest';
import { checkAgainstSchema } from './fatturapa/fatturapa-xsd';
import {
  fatturaXml,
  latinText,
  type Buyer,
  type FatturaDocument,
  type Seller,
} from './fatturapa/fatturapa-xml';
import {
  discountLines,
  invoiceAmounts,
  refundLines,
  spread,
  type ChargedLine,
  type InvoiceAmounts,
} from './invoice-amounts';

const seller: Seller = {
  name: 'Spesa Online S.p.A.',
  vatNumber: '01234560587',
  fiscalCode: '01234560587',
  address: 'Via Roma',
  streetNumber: '1',
  postalCode: '00185',
  city: 'Roma',
  province: 'RM',
  reaOffice: 'RM',
  reaNumber: '1234567',
};
const company: Buyer = {
  format: 'FPR12',
  recipientCode: 'ABC1234',
  pec: null,
  vatNumber: '00743110157',
  fiscalCode: null,
  companyName: 'Trattoria “Da Gino” S.r.l. – Cucina',
  firstName: null,
  lastName: null,
  address: 'Corso Italia',
  streetNumber: '10',
  postalCode: '20122',
  city: 'Milano',
  province: 'MI',
};

const goods = (description: string, grossCents: number, vatRate: number, quantity = 1, unit = 'PZ') =>
  ({ description, grossCents, vatRate, quantity, unit }) satisfies ChargedLine;
const service = (description: string, grossCents: number) =>
  ({ description, grossCents, vatRate: 22, quantity: 1, unit: null }) satisfies ChargedLine;

function documentOf(amounts: InvoiceAmounts, over: Partial<FatturaDocument> = {}): FatturaDocument {
  return {
    kind: 'TD01',
    transmissionId: 'S00001',
    number: '2026/000001',
    date: '2026-11-29',
    seller,
    buyer: company,
    amounts,
    related: null,
    purchaseOrder: null,
    splitPayment: false,
    payments: [{ method: 'MP08', cents: amounts.totalCents }],
    reason: null,
    ...over,
  };
}

/** every row: the document adds up to what was charged, each rate's VAT within the SDI's cent, and its XML is valid */
async function expectValid(amounts: InvoiceAmounts, over: Partial<FatturaDocument> = {}) {
  const sum = amounts.summary.reduce((a, s) => a + s.taxableCents + s.vatCents, 0);
  expect(sum).toBe(amounts.totalCents);
  for (const s of amounts.summary) {
    expect(Math.abs(s.vatCents - Math.round((s.taxableCents * s.vatRate) / 100))).toBeLessThanOrEqual(1);
    const linesNet = amounts.lines.filter((l) => l.vatRate === s.vatRate).reduce((a, l) => a + l.netCents, 0);
    expect(linesNet + s.roundingCents).toBe(s.taxableCents);
  }
  const xml = fatturaXml(documentOf(amounts, over));
  const check = await checkAgainstSchema(xml);
  expect(check.errors).toEqual([]);
  expect(check.valid).toBe(true);
  return xml;
}

describe('invoice amounts (table)', () => {
  const rows: Array<{
    name: string;
    lines: ChargedLine[];
    discount?: number;
    summary: Array<[rate: number, taxable: number, vat: number, rounding: number]>;
    total: number;
  }> = [
    {
      name: 'rates 4, 10 and 22 % mixed',
      lines: [
        goods('Latte intero 1 l', 129, 4),
        goods('Pasta di semola 500 g', 178, 10, 2),
        goods('Detersivo', 450, 22),
      ],
      summary: [
        [4, 124, 5, 0],
        [10, 162, 16, 0],
        [22, 369, 81, 0],
      ],
      total: 757,
    },
    {
      name: 'weighed lines (kg to 3 decimals) with the delivery fee and bags',
      lines: [
        goods('Mele Golden', 284, 4, 1.137, 'KG'),
        goods('Prosciutto cotto', 591, 10, 0.213, 'KG'),
        service('Consegna a domicilio', 390),
        service('Sacchetti compostabili', 30),
      ],
      summary: [
        [4, 273, 11, 0],
        [10, 537, 54, 0],
        // the fee's and the bags' nets (320 + 25) round one cent above the rate's taxable
        [22, 344, 76, -1],
      ],
      total: 1295,
    },
    {
      name: 'a discount spread over the rates in proportion to their gross',
      lines: [goods('Latte', 1000, 4), goods('Pasta', 1000, 10), goods('Vino', 2000, 22)],
      discount: 500,
      summary: [
        // 962 − 120 on the lines, 841 for the rate's 875 gross
        [4, 841, 34, -1],
        [10, 795, 80, 0],
        [22, 1434, 316, 0],
      ],
      total: 3500,
    },
    {
      name: 'a 0.01 € rounding: three 0.10 € lines at 22 %',
      lines: [goods('Caramella', 10, 22), goods('Caramella', 10, 22), goods('Caramella', 10, 22)],
      summary: [[22, 25, 5, 1]],
      total: 30,
    },
  ];

  for (const row of rows)
    it(row.name, async () => {
      const charged = [...row.lines, ...discountLines(row.lines, row.discount ?? 0, 'Buono sconto')];
      const amounts = invoiceAmounts(charged);
      expect(amounts.summary.map((s) => [s.vatRate, s.taxableCents, s.vatCents, s.roundingCents])).toEqual(
        row.summary,
      );
      expect(amounts.totalCents).toBe(row.total);
      await expectValid(amounts);
    });

  it('a partial delivery invoices the delivered weight and the substitute, not what was ordered', async () => {
    // ordered 1 kg of pears at 2.50 €/kg and a yogurt; 0.842 kg delivered and a substitute yogurt at 1.10 €
    const amounts = invoiceAmounts([
      goods('Pere Abate', 211, 4, 0.842, 'KG'),
      goods('Yogurt bianco (sostituto)', 110, 4),
    ]);
    expect(amounts.totalCents).toBe(321);
    const xml = await expectValid(amounts);
    expect(xml).toContain('<Quantita>0.842</Quantita>');
    expect(xml).toContain('<UnitaMisura>KG</UnitaMisura>');
  });

  it('a credit note for one line refers to its invoice and validates', async () => {
    const amounts = invoiceAmounts([goods('Detersivo (reso)', 450, 22)]);
    const xml = await expectValid(amounts, {
      kind: 'TD04',
      number: '2026/000002',
      related: { number: '2026/000001', date: '2026-11-28' },
    });
    expect(xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml).toMatch(/<DatiFattureCollegate>\s*<IdDocumento>2026\/000001<\/IdDocumento>/);
    expect(xml).toContain('<ImportoTotaleDocumento>4.50</ImportoTotaleDocumento>');
  });

  it('a refund is credited over the invoice’s rates in proportion, to the cent', () => {
    const invoice = invoiceAmounts([goods('Latte', 1000, 4), goods('Vino', 3000, 22)]);
    const lines = refundLines(invoice.summary, 1001, 'Rimborso');
    expect(lines.map((l) => [l.vatRate, l.grossCents])).toEqual([
      [4, 250],
      [22, 751],
    ]);
    expect(invoiceAmounts(lines).totalCents).toBe(1001);
  });

  it('a public administration: FPA12, IPA code, CIG and split payment', async () => {
    const amounts = invoiceAmounts([goods('Acqua naturale', 1200, 22)]);
    const xml = await expectValid(amounts, {
      buyer: { ...company, format: 'FPA12', recipientCode: 'UFABCD', companyName: 'Comune di Roma' },
      purchaseOrder: { id: 'DET-12/2026', date: '2026-11-01', cig: 'Z1234ABCDE' },
      splitPayment: true,
      payments: [{ method: 'MP05', cents: 984 }],
    });
    expect(xml).toContain('versione="FPA12"');
    expect(xml).toContain('<EsigibilitaIVA>S</EsigibilitaIVA>');
    expect(xml).toContain('<CodiceCIG>Z1234ABCDE</CodiceCIG>');
  });

  it('a private person by name and codice fiscale, the wallet as a payment detail', async () => {
    const amounts = invoiceAmounts([goods('Pane', 300, 4)]);
    const xml = await expectValid(amounts, {
      buyer: {
        ...company,
        recipientCode: '0000000',
        vatNumber: null,
        fiscalCode: 'RSSMRA80A01H501U',
        companyName: null,
        firstName: 'Mario',
        lastName: 'Rossi',
      },
      payments: [
        { method: 'MP22', cents: 100 },
        { method: 'MP08', cents: 200 },
      ],
    });
    expect(xml).toContain('<ModalitaPagamento>MP22</ModalitaPagamento>');
  });

  it('the schema refuses a broken document (the validator is not a yes-machine)', async () => {
    const xml = fatturaXml(documentOf(invoiceAmounts([goods('Pane', 300, 4)]))).replace(
      '<CAP>20122</CAP>',
      '<CAP>2012</CAP>',
    );
    const check = await checkAgainstSchema(xml);
    expect(check.valid).toBe(false);
    expect(check.errors.join('\n')).toContain('CAP');
  });
});

describe('small rules', () => {
  it('spread adds up to the cent', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(7, [0, 0])).toEqual([7, 0]);
  });
  it('latin text: typographic characters made plain, the rest kept to Latin-1', () => {
    expect(latinText('L’olio “extra” – 1 €', 100)).toBe('L\'olio "extra" - 1 EUR');
    expect(latinText('Čaj ☕', 100)).toBe('Caj ?');
  });
});
