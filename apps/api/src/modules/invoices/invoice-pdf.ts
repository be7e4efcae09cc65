import type { PDFFont, PDFPage } from 'pdf-lib';
import type { FatturaDocument } from './fatturapa/fatturapa-xml';

const money = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qty = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });
const euro = (cents: number) => `${money.format(cents / 100)} €`;
const italianDate = (iso: string) => iso.split('-').reverse().join('/');

/** Text the standard PDF fonts can draw (WinAnsi): anything else becomes "?". */
const drawable = (s: string) => s.normalize('NFC').replace(/[^\x20-\x7E\u00A0-\u00FF€‘’“”–—•]/gu, '?');

const METHOD_TEXT: Record<string, string> = {
  MP01: 'Contanti alla consegna',
  MP05: 'Bonifico',
  MP08: 'Carta di pagamento',
  MP22: 'Portafoglio Spesa (credito già versato)',
};

/**
 * The courtesy copy ("copia di cortesia") of an invoice or credit note, drawn with pdf-lib from the same data
 * as its XML (decision 087): it says it is not the fiscal document, which is the XML delivered by the SDI.
 */
export async function invoicePdf(d: FatturaDocument): Promise<Uint8Array> {
  // pdf-lib is loaded on the first PDF drawn (about a quarter of a second of every process's start otherwise)
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const title = d.kind === 'TD04' ? 'Nota di credito' : 'Fattura';
  doc.setTitle(`${title} ${d.number}`);
  doc.setLanguage('it-IT');
  doc.setProducer('Spesa');
  // dated as the document, not as the request: the same copy, byte for byte, whenever it is drawn
  const issued = new Date(`${d.date}T12:00:00Z`);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [595, 842];
  const margin = 40;
  const lineHeight = 14;
  let page: PDFPage = doc.addPage([width, height]);
  let y = height - 50;
  const text = (s: string, x: number, font: PDFFont = regular, size = 9) =>
    page.drawText(drawable(s), { x, y, size, font });
  const right = (s: string, xRight: number, font: PDFFont = regular, size = 9) => {
    const t = drawable(s);
    page.drawText(t, { x: xRight - font.widthOfTextAtSize(t, size), y, size, font });
  };
  const next = (n = 1) => {
    y -= lineHeight * n;
    if (y < 50) {
      page = doc.addPage([width, height]);
      y = height - 50;
    }
  };

  text(`${title} n. ${d.number} del ${italianDate(d.date)}`, margin, bold, 14);
  next(1.5);
  text(
    'Copia di cortesia: il documento fiscale è il file XML trasmesso tramite il Sistema di Interscambio.',
    margin,
  );
  next(2);
  const s = d.seller;
  const b = d.buyer;
  text('Cedente', margin, bold);
  text('Cessionario', 300, bold);
  next();
  const buyerName = b.companyName ?? `${b.firstName ?? ''} ${b.lastName ?? ''}`.trim();
  const rows: Array<[string, string]> = [
    [s.name, buyerName],
    [`${s.address} ${s.streetNumber}`, `${b.address} ${b.streetNumber}`],
    [`${s.postalCode} ${s.city} (${s.province})`, `${b.postalCode} ${b.city} (${b.province})`],
    [`P. IVA IT${s.vatNumber} - C.F. ${s.fiscalCode}`, b.vatNumber ? `P. IVA IT${b.vatNumber}` : ''],
    [`REA ${s.reaOffice}-${s.reaNumber}`, b.fiscalCode ? `C.F. ${b.fiscalCode}` : ''],
    ['', `Codice destinatario ${b.recipientCode}${b.pec ? ` - PEC ${b.pec}` : ''}`],
  ];
  for (const [left, r] of rows) {
    text(left, margin);
    text(r, 300);
    next();
  }
  if (d.related) {
    next();
    text(`Riferita alla fattura n. ${d.related.number} del ${italianDate(d.related.date)}`, margin, bold);
    next();
  }
  if (d.reason) {
    text(d.reason.slice(0, 110), margin);
    next();
  }
  next();
  text('Descrizione', margin, bold);
  right('Quantità', 360, bold);
  right('Prezzo netto', 430, bold);
  right('IVA', 470, bold);
  right('Importo netto', width - margin, bold);
  next();
  for (const l of d.amounts.lines) {
    text(l.description.slice(0, 60), margin);
    if (l.quantity !== null) right(`${qty.format(l.quantity)} ${l.unit ?? ''}`.trim(), 360);
    right(money.format(l.unitPrice), 430);
    right(`${l.vatRate}%`, 470);
    right(money.format(l.netCents / 100), width - margin);
    next();
  }
  next();
  text('Riepilogo IVA', margin, bold);
  next();
  for (const r of d.amounts.summary) {
    text(`Aliquota ${r.vatRate}%: imponibile ${euro(r.taxableCents)}, imposta ${euro(r.vatCents)}`, margin);
    if (d.splitPayment) text('scissione dei pagamenti', 380);
    next();
  }
  next();
  text('Totale documento', margin, bold, 11);
  right(euro(d.amounts.totalCents), width - margin, bold, 11);
  next(1.5);
  for (const p of d.payments) {
    text(`Pagato: ${METHOD_TEXT[p.method] ?? p.method}`, margin);
    right(euro(p.cents), width - margin);
    next();
  }
  return doc.save();
}
