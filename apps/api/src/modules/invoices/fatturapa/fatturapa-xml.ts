import { createRequire } from 'node:module';
import type { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { InvoiceAmounts } from '../invoice-amounts';

/**
 * A FatturaPA document (version 1.2, formats FPR12 and FPA12) built with xmlbuilder2: elements in the
 * schema's order, texts escaped by the builder, amounts in the schema's decimal patterns (decision 087).
 */

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

export type DocumentKind = 'TD01' | 'TD04';
/** MP01 cash, MP05 bank transfer, MP08 card, MP22 set off against sums already held (the wallet) */
export type PaymentMethod = 'MP01' | 'MP05' | 'MP08' | 'MP22';

export interface Seller {
  name: string;
  vatNumber: string;
  fiscalCode: string;
  address: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  province: string;
  reaOffice: string;
  reaNumber: string;
}

export interface Buyer {
  /** FPA12 for a public administration, FPR12 otherwise */
  format: 'FPR12' | 'FPA12';
  /** 7 characters (0000000 when delivered by PEC or to a private person's fiscal drawer), 6 for an IPA code */
  recipientCode: string;
  pec: string | null;
  vatNumber: string | null;
  fiscalCode: string | null;
  /** a company or administration */
  companyName: string | null;
  /** a private person */
  firstName: string | null;
  lastName: string | null;
  address: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  province: string;
}

export interface FatturaDocument {
  kind: DocumentKind;
  /** ProgressivoInvio: unique per transmitter, at most 10 characters */
  transmissionId: string;
  number: string;
  /** YYYY-MM-DD */
  date: string;
  seller: Seller;
  buyer: Buyer;
  amounts: InvoiceAmounts;
  /** a credit note's invoice */
  related: { number: string; date: string } | null;
  /** a public administration's purchase order: its determination and CIG */
  purchaseOrder: { id: string; date: string | null; cig: string | null } | null;
  /** split payment: the administration pays the VAT to the State (EsigibilitaIVA S) */
  splitPayment: boolean;
  payments: ReadonlyArray<{ method: PaymentMethod; cents: number }>;
  reason: string | null;
}

const amount2 = (cents: number) => (cents / 100).toFixed(2);
/** 2 to 8 decimals, trailing zeros after the second dropped */
const amount8 = (value: number) => value.toFixed(8).replace(/(\.\d\d\d*?)0+$/, '$1');
const rate = (r: number) => r.toFixed(2);
const quantity = (q: number) => amount8(q);

const LATIN_FIXES: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '€': 'EUR',
};

/**
 * A text as the schema's Latin types accept it (Basic Latin and Latin-1 Supplement), cut to `max`: typographic
 * quotes and dashes made plain, other letters without their marks, anything else a question mark.
 */
export function latinText(text: string, max: number): string {
  const out = [...text.trim().replace(/\s+/g, ' ')]
    .map((ch) => {
      if (ch.charCodeAt(0) <= 0xff) return ch;
      const fixed = LATIN_FIXES[ch];
      if (fixed !== undefined) return fixed;
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return [...plain].every((c) => c.charCodeAt(0) <= 0xff) ? plain : '?';
    })
    .join('');
  return (out === '' ? '-' : out).slice(0, max);
}

function header(root: XMLBuilder, d: FatturaDocument): void {
  const h = root.ele('FatturaElettronicaHeader');
  const t = h.ele('DatiTrasmissione');
  t.ele('IdTrasmittente').ele('IdPaese').txt('IT').up().ele('IdCodice').txt(d.seller.vatNumber);
  t.ele('ProgressivoInvio').txt(d.transmissionId);
  t.ele('FormatoTrasmissione').txt(d.buyer.format);
  t.ele('CodiceDestinatario').txt(d.buyer.recipientCode);
  if (d.buyer.pec) t.ele('PECDestinatario').txt(d.buyer.pec);

  const s = h.ele('CedentePrestatore');
  const sa = s.ele('DatiAnagrafici');
  sa.ele('IdFiscaleIVA').ele('IdPaese').txt('IT').up().ele('IdCodice').txt(d.seller.vatNumber);
  sa.ele('CodiceFiscale').txt(d.seller.fiscalCode);
  sa.ele('Anagrafica').ele('Denominazione').txt(latinText(d.seller.name, 80));
  sa.ele('RegimeFiscale').txt('RF01');
  place(s.ele('Sede'), d.seller);
  const rea = s.ele('IscrizioneREA');
  rea.ele('Ufficio').txt(d.seller.reaOffice);
  rea.ele('NumeroREA').txt(d.seller.reaNumber);
  rea.ele('StatoLiquidazione').txt('LN');

  const b = h.ele('CessionarioCommittente');
  const ba = b.ele('DatiAnagrafici');
  if (d.buyer.vatNumber)
    ba.ele('IdFiscaleIVA').ele('IdPaese').txt('IT').up().ele('IdCodice').txt(d.buyer.vatNumber);
  if (d.buyer.fiscalCode) ba.ele('CodiceFiscale').txt(d.buyer.fiscalCode);
  const name = ba.ele('Anagrafica');
  if (d.buyer.companyName) name.ele('Denominazione').txt(latinText(d.buyer.companyName, 80));
  else {
    name.ele('Nome').txt(latinText(d.buyer.firstName ?? '', 60));
    name.ele('Cognome').txt(latinText(d.buyer.lastName ?? '', 60));
  }
  place(b.ele('Sede'), d.buyer);
}

function place(
  sede: XMLBuilder,
  a: Pick<Seller, 'address' | 'streetNumber' | 'postalCode' | 'city' | 'province'>,
) {
  sede.ele('Indirizzo').txt(latinText(a.address, 60));
  if (a.streetNumber.trim() !== '') sede.ele('NumeroCivico').txt(latinText(a.streetNumber, 8));
  sede.ele('CAP').txt(a.postalCode);
  sede.ele('Comune').txt(latinText(a.city, 60));
  if (/^[A-Z]{2}$/.test(a.province)) sede.ele('Provincia').txt(a.province);
  sede.ele('Nazione').txt('IT');
}

function generalData(body: XMLBuilder, d: FatturaDocument): void {
  const g = body.ele('DatiGenerali');
  const doc = g.ele('DatiGeneraliDocumento');
  doc.ele('TipoDocumento').txt(d.kind);
  doc.ele('Divisa').txt('EUR');
  doc.ele('Data').txt(d.date);
  doc.ele('Numero').txt(d.number);
  doc.ele('ImportoTotaleDocumento').txt(amount2(d.amounts.totalCents));
  if (d.reason) doc.ele('Causale').txt(latinText(d.reason, 200));
  if (d.purchaseOrder) {
    const po = g.ele('DatiOrdineAcquisto');
    po.ele('IdDocumento').txt(latinText(d.purchaseOrder.id, 20));
    if (d.purchaseOrder.date) po.ele('Data').txt(d.purchaseOrder.date);
    if (d.purchaseOrder.cig) po.ele('CodiceCIG').txt(d.purchaseOrder.cig);
  }
  if (d.related) {
    const r = g.ele('DatiFattureCollegate');
    r.ele('IdDocumento').txt(d.related.number);
    r.ele('Data').txt(d.related.date);
  }
}

function goodsAndServices(body: XMLBuilder, d: FatturaDocument): void {
  const bs = body.ele('DatiBeniServizi');
  for (const l of d.amounts.lines) {
    const line = bs.ele('DettaglioLinee');
    line.ele('NumeroLinea').txt(String(l.number));
    if (l.code)
      line.ele('CodiceArticolo').ele('CodiceTipo').txt('INTERNO').up().ele('CodiceValore').txt(l.code);
    line.ele('Descrizione').txt(latinText(l.description, 1000));
    if (l.quantity !== null) {
      line.ele('Quantita').txt(quantity(l.quantity));
      if (l.unit) line.ele('UnitaMisura').txt(l.unit);
    }
    line.ele('PrezzoUnitario').txt(amount8(l.unitPrice));
    line.ele('PrezzoTotale').txt(amount2(l.netCents));
    line.ele('AliquotaIVA').txt(rate(l.vatRate));
  }
  for (const s of d.amounts.summary) {
    const sum = bs.ele('DatiRiepilogo');
    sum.ele('AliquotaIVA').txt(rate(s.vatRate));
    if (s.roundingCents !== 0) sum.ele('Arrotondamento').txt(amount2(s.roundingCents));
    sum.ele('ImponibileImporto').txt(amount2(s.taxableCents));
    sum.ele('Imposta').txt(amount2(s.vatCents));
    sum.ele('EsigibilitaIVA').txt(d.splitPayment ? 'S' : 'I');
    if (d.splitPayment) sum.ele('RiferimentoNormativo').txt('Scissione dei pagamenti art. 17-ter DPR 633/72');
  }
}

function payment(body: XMLBuilder, d: FatturaDocument): void {
  const paid = d.payments.filter((p) => p.cents > 0);
  if (paid.length === 0) return;
  const p = body.ele('DatiPagamento');
  p.ele('CondizioniPagamento').txt('TP02');
  for (const part of paid) {
    const row = p.ele('DettaglioPagamento');
    row.ele('ModalitaPagamento').txt(part.method);
    row.ele('ImportoPagamento').txt(amount2(part.cents));
  }
}

/** xmlbuilder2 (with its DOM), read on the first invoice written, not at every process's start */
const require = createRequire(import.meta.url);

/** The document's XML text (UTF-8, indented). */
export function fatturaXml(d: FatturaDocument): string {
  const { create: createXml } = require('xmlbuilder2') as { create: typeof create };
  const doc = createXml({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(FATTURAPA_NAMESPACE, 'p:FatturaElettronica', { versione: d.buyer.format });
  header(root, d);
  const body = root.ele('FatturaElettronicaBody');
  generalData(body, d);
  goodsAndServices(body, d);
  payment(body, d);
  return doc.end({ prettyPrint: true });
}
