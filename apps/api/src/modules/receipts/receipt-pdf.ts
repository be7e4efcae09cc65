import type { ReceiptDetail } from '@spesa/shared/contracts/receipts';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const PAYMENT_TEXT: Record<ReceiptDetail['paymentMethod'], string> = {
  cash: 'Contanti',
  card: 'Carta di pagamento',
  voucher: 'Buoni pasto',
  online: 'Pagamento elettronico online',
  other: 'Altro (pagamento alla consegna)',
};

const money = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qty = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });
const when = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Text the standard PDF fonts can draw (WinAnsi): anything else becomes "?". */
const drawable = (s: string) => s.normalize('NFC').replace(/[^\x20-\x7E\u00A0-\u00FF€‘’“”–—•]/gu, '?');

/**
 * The PDF of a receipt (decision 046), drawn with pdf-lib: a "documento commerciale" with what the law asks
 * to be readable on it: the seller (name, address, partita IVA), the document's number and date, the items
 * with their VAT rate and amount, the total, the VAT included by rate, and the payment.
 */
export async function receiptPdf(r: ReceiptDetail): Promise<Uint8Array> {
  // pdf-lib is loaded on the first PDF drawn (about a quarter of a second of every process's start otherwise)
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`Documento commerciale ${r.documentNumber}`);
  doc.setLanguage('it-IT');
  doc.setProducer('Spesa');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = 300;
  const lineHeight = 13;
  const rows = r.lines.length + r.vat.length + 22;
  const height = Math.max(420, rows * lineHeight + 60);
  let page: PDFPage = doc.addPage([width, height]);
  let y = height - 36;
  const margin = 20;

  const text = (s: string, x: number, font: PDFFont = regular, size = 9) =>
    page.drawText(drawable(s), { x, y, size, font, color: rgb(0, 0, 0) });
  const right = (s: string, xRight: number, font: PDFFont = regular, size = 9) => {
    const t = drawable(s);
    page.drawText(t, { x: xRight - font.widthOfTextAtSize(t, size), y, size, font });
  };
  const center = (s: string, font: PDFFont = regular, size = 9) => {
    const t = drawable(s);
    page.drawText(t, { x: (width - font.widthOfTextAtSize(t, size)) / 2, y, size, font });
  };
  const next = (n = 1) => {
    y -= lineHeight * n;
    if (y < 30) {
      page = doc.addPage([width, height]);
      y = height - 36;
    }
  };
  const rule = () => {
    page.drawLine({ start: { x: margin, y: y + 4 }, end: { x: width - margin, y: y + 4 }, thickness: 0.5 });
    next();
  };
  /** a description cut to the space left before the amounts */
  const fit = (s: string, max: number) => {
    let t = drawable(s);
    while (t.length > 1 && regular.widthOfTextAtSize(t, 9) > max) t = t.slice(0, -1);
    return t;
  };

  center(r.storeName, bold, 11);
  next();
  if (r.storeAddress) {
    center(r.storeAddress);
    next();
  }
  center(`P. IVA ${r.storeVatNumber}`);
  next(2);
  center('DOCUMENTO COMMERCIALE', bold, 10);
  next();
  center('di vendita o prestazione');
  next(2);
  text('DESCRIZIONE', margin, bold, 8);
  right('IVA', width - 80, bold, 8);
  right('Prezzo (€)', width - margin, bold, 8);
  next();
  for (const l of r.lines) {
    text(fit(l.description, width - margin - 110), margin);
    right(`${l.vatRate}%`, width - 80);
    right(money.format(l.amount), width - margin);
    next();
    if (l.quantity !== 1) {
      text(`  ${qty.format(l.quantity)} x ${money.format(l.unitPrice)}`, margin, regular, 8);
      next();
    }
  }
  rule();
  text('TOTALE COMPLESSIVO', margin, bold, 11);
  right(money.format(r.total), width - margin, bold, 11);
  next();
  text('di cui IVA', margin);
  right(money.format(r.vatTotal), width - margin);
  next();
  text(`Pagamento: ${PAYMENT_TEXT[r.paymentMethod]}`, margin);
  right(money.format(r.total), width - margin);
  next(2);
  text('Aliquota', margin, bold, 8);
  right('Imponibile', width - 110, bold, 8);
  right('Imposta', width - margin, bold, 8);
  next();
  for (const v of r.vat) {
    text(`IVA ${v.rate}%`, margin, regular, 8);
    right(money.format(v.taxable), width - 110, regular, 8);
    right(money.format(v.tax), width - margin, regular, 8);
    next();
  }
  next();
  rule();
  text(`Documento n. ${r.documentNumber}`, margin);
  right(when.format(new Date(r.issuedAt)), width - margin);
  next();
  text(r.source === 'online' ? 'Spesa online' : `Cassa ${r.tillCode}`, margin);
  if (r.cardNumber) right(`Carta ${r.cardNumber}`, width - margin);
  next();
  if (r.digital) {
    next();
    center('Scontrino digitale: la copia cartacea non è stata stampata.', regular, 7);
    next();
    if (r.keptUntil) center(`Conservato fino al ${r.keptUntil.split('-').reverse().join('/')}.`, regular, 7);
  }
  return doc.save();
}
