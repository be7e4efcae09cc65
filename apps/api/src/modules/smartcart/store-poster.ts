import { storeCodeOf } from '@spesa/shared/smartcart/store-code';

/** A4 in PDF points. */
const A4 = { width: 595.28, height: 841.89 };

/** Text the standard PDF fonts can draw (WinAnsi): anything else becomes "?". */
const drawable = (s: string) => s.normalize('NFC').replace(/[^\x20-\x7E\u00A0-\u00FF€‘’“”–—•]/gu, '?');

export const POSTER_TEXT = {
  title: 'Spesa self-scanning',
  lines: [
    'Apri l’app Spesa, scegli «Spesa self-scanning» e inquadra questo codice per iniziare.',
    'Scansiona i prodotti mentre li metti nel carrello e, alla fine, mostra il codice alla cassa.',
  ],
} as const;

/**
 * The poster at a self-scanning store's entrance (decision 057): an A4 PDF (pdf-lib) with the store's name,
 * its entrance code as a CODE 128 barcode (bwip-js, drawn at 10 pixels per module so it prints sharp) and in
 * letters beneath, and two lines of Italian instructions. The phone's scanner reads the code to choose the store.
 */
export async function storePosterPdf(store: { id: number; name: string }): Promise<Uint8Array> {
  // bwip-js and pdf-lib are loaded on the first poster (a third of a second of every process's start otherwise)
  const [{ default: bwipjs }, { PDFDocument, StandardFonts, rgb }] = await Promise.all([
    import('bwip-js/node'),
    import('pdf-lib'),
  ]);
  const code = storeCodeOf(store.id);
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text: code,
    scale: 10,
    height: 18,
    paddingwidth: 10,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  const doc = await PDFDocument.create();
  doc.setTitle(`Self-scanning · ${drawable(store.name)}`);
  doc.setLanguage('it-IT');
  doc.setProducer('Spesa');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([A4.width, A4.height]);
  const green = rgb(0.07, 0.4, 0.2);
  const center = (s: string, y: number, size: number, font = regular, color = rgb(0, 0, 0)) => {
    const t = drawable(s);
    page.drawText(t, { x: (A4.width - font.widthOfTextAtSize(t, size)) / 2, y, size, font, color });
  };
  /** words on lines no wider than `max` points */
  const wrap = (s: string, size: number, max: number): string[] => {
    const out: string[] = [];
    let line = '';
    for (const word of drawable(s).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && regular.widthOfTextAtSize(next, size) > max) {
        out.push(line);
        line = word;
      } else line = next;
    }
    if (line) out.push(line);
    return out;
  };

  page.drawRectangle({ x: 0, y: A4.height - 120, width: A4.width, height: 120, color: green });
  center(POSTER_TEXT.title, A4.height - 72, 36, bold, rgb(1, 1, 1));
  center(store.name, A4.height - 190, 26, bold);

  const image = await doc.embedPng(png);
  const barcodeWidth = A4.width - 2 * 60;
  const barcodeHeight = (image.height / image.width) * barcodeWidth;
  const barcodeTop = A4.height - 250;
  page.drawImage(image, {
    x: 60,
    y: barcodeTop - barcodeHeight,
    width: barcodeWidth,
    height: barcodeHeight,
  });
  center(code, barcodeTop - barcodeHeight - 36, 22, bold);

  let y = barcodeTop - barcodeHeight - 110;
  for (const [i, instruction] of POSTER_TEXT.lines.entries()) {
    for (const [j, line] of wrap(instruction, 18, A4.width - 120).entries()) {
      const text = j === 0 ? `${i + 1}. ${line}` : line;
      page.drawText(text, { x: 60, y, size: 18, font: regular });
      y -= 26;
    }
    y -= 14;
  }
  return doc.save();
}
