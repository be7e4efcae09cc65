import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { LEAFLET_AVIF_WIDTHS, LEAFLET_IMAGE_WIDTHS } from '@spesa/shared/contracts/leaflets';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { OutputInfo } from 'sharp';
import type { FileStore, StoredFile } from '../../lib/file-store';
import {
  colourOf,
  COVER_HEADER,
  discountOf,
  euro,
  headingOf,
  PAGE_HEADER,
  PAGE_SIZE_PX,
  validityText,
  wrap,
  type LeafletPrint,
  type PlacedProduct,
} from './leaflet-pages';

/**
 * A leaflet's files (decisions 052 and 090), in the shop's file store under `leaflets/<leafletId>-<filesVersion>/`:
 * `pagina-<n>.png` (the wire notes' `{baseLocation}{n}.png`), `pagina-<n>-<w>.webp` (and `.avif` at the
 * smaller widths: AVIF takes seconds at 1440 px) at the widths the viewer asks for, and `volantino.pdf`. Each
 * page is composed once as SVG and drawn by sharp (librsvg: no PDF rasteriser here); the PDF is drawn with
 * pdf-lib from the same layout. Every file is stored whole or not at all, the PDF last: its presence says the
 * folder is whole. Processes or hosts drawing the same leaflet at once write the same bytes under the same keys.
 */
export const PAGE_FILE_PREFIX = 'pagina-';
export const PDF_FILE = 'volantino.pdf';

/** The folder name of a leaflet's files: its number and the hash of what it prints. */
export const folderOf = (leafletId: number, filesVersion: string) => `${leafletId}-${filesVersion}`;

/** The hash of what a leaflet prints (its files' version). */
export function filesVersionOf(print: LeafletPrint): string {
  return createHash('sha256').update(JSON.stringify(print)).digest('hex').slice(0, 12);
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const { W, H, MARGIN } = PAGE_SIZE_PX;

/** One page as SVG (1440 × 2036 px). */
export function pageSvg(print: LeafletPrint, page: number): string {
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, sans-serif">`,
    `<rect width="${W}" height="${H}" fill="#fff8e1"/>`,
  ];
  if (page === 0) {
    parts.push(
      `<rect width="${W}" height="${COVER_HEADER}" fill="#c62828"/>`,
      `<text x="${MARGIN}" y="150" font-size="84" font-weight="bold" fill="#ffeb3b">Spesa</text>`,
      ...wrap(print.title, 26, 2).map(
        (l, i) =>
          `<text x="${MARGIN}" y="${300 + i * 110}" font-size="96" font-weight="bold" fill="#ffffff">${esc(l)}</text>`,
      ),
      `<text x="${MARGIN}" y="${COVER_HEADER - 60}" font-size="40" fill="#ffffff">${esc(validityText(print))}</text>`,
    );
  } else {
    const heading = headingOf(print, page);
    const colour = colourOf(print, print.products.find((p) => p.page === page)?.department ?? '');
    parts.push(
      `<rect width="${W}" height="${PAGE_HEADER}" fill="${colour}"/>`,
      `<text x="${MARGIN}" y="140" font-size="80" font-weight="bold" fill="#ffffff">${esc(wrap(heading, 28, 1)[0] ?? '')}</text>`,
    );
  }
  for (const p of print.products.filter((x) => x.page === page)) parts.push(productSvg(print, p));
  parts.push(
    `<text x="${W / 2}" y="${H - 36}" font-size="30" fill="#5d4037" text-anchor="middle">${esc(`${validityText(print)} · pagina ${page + 1} di ${print.pageCount}`)}</text>`,
    '</svg>',
  );
  return parts.join('');
}

function productSvg(print: LeafletPrint, p: PlacedProduct): string {
  const x = p.x * W;
  const y = p.y * H;
  const w = p.w * W;
  const h = p.h * H;
  const colour = colourOf(print, p.department);
  const discount = discountOf(p);
  const out = [
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="24" fill="#ffffff" stroke="${colour}" stroke-width="6"/>`,
    `<rect x="${x}" y="${y}" width="${w}" height="56" rx="24" fill="${colour}"/>`,
    `<rect x="${x}" y="${y + 30}" width="${w}" height="26" fill="${colour}"/>`,
    `<text x="${x + 28}" y="${y + 40}" font-size="28" fill="#ffffff">${esc(p.department.toUpperCase().slice(0, 34))}</text>`,
    ...wrap(p.caption, 24, 3).map(
      (l, i) =>
        `<text x="${x + 28}" y="${y + 120 + i * 50}" font-size="42" font-weight="bold" fill="#212121">${esc(l)}</text>`,
    ),
    `<text x="${x + 28}" y="${y + 290}" font-size="32" fill="#5d4037">${esc([p.brand, p.format].filter(Boolean).join(' · ').slice(0, 30))}</text>`,
  ];
  if (p.listPriceCents !== null && p.listPriceCents > p.priceCents)
    out.push(
      `<text x="${x + 28}" y="${y + h - 130}" font-size="36" fill="#757575" text-decoration="line-through">${esc(euro(p.listPriceCents))}</text>`,
    );
  out.push(
    `<rect x="${x + 20}" y="${y + h - 110}" width="${w - 40}" height="90" rx="16" fill="#ffeb3b"/>`,
    `<text x="${x + w - 44}" y="${y + h - 44}" font-size="64" font-weight="bold" fill="#c62828" text-anchor="end">${esc(euro(p.priceCents))}</text>`,
  );
  if (discount)
    out.push(
      `<circle cx="${x + w - 90}" cy="${y + h - 190}" r="62" fill="#c62828"/>`,
      `<text x="${x + w - 90}" y="${y + h - 176}" font-size="40" font-weight="bold" fill="#ffffff" text-anchor="middle">${esc(discount)}</text>`,
    );
  return out.join('');
}

/** Text the standard PDF fonts can draw (WinAnsi): anything else becomes "?". */
const drawable = (s: string) => s.normalize('NFC').replace(/[^\x20-\x7E\u00A0-\u00FF€‘’“”–—•…]/gu, '?');

/** The leaflet as a PDF: A4 pages drawn from the same layout as the images. */
export async function leafletPdf(print: LeafletPrint): Promise<Uint8Array> {
  // pdf-lib is loaded on the first PDF drawn (about a quarter of a second of every process's start otherwise)
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const hex = (c: string) =>
    rgb(
      parseInt(c.slice(1, 3), 16) / 255,
      parseInt(c.slice(3, 5), 16) / 255,
      parseInt(c.slice(5, 7), 16) / 255,
    );
  const doc = await PDFDocument.create();
  doc.setTitle(print.title);
  doc.setSubject(validityText(print));
  doc.setLanguage('it-IT');
  doc.setProducer('Spesa');
  doc.setCreationDate(new Date(`${print.fromDate}T00:00:00Z`));
  doc.setModificationDate(new Date(`${print.fromDate}T00:00:00Z`));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pw = 595.28;
  const ph = (pw * H) / W;
  const s = pw / W;
  for (let n = 0; n < print.pageCount; n++) {
    const page = doc.addPage([pw, ph]);
    // px (top-left origin) → points (bottom-left origin)
    const rect = (x: number, y: number, w: number, h: number, colour: string, border?: string) =>
      page.drawRectangle({
        x: x * s,
        y: ph - (y + h) * s,
        width: w * s,
        height: h * s,
        color: hex(colour),
        ...(border ? { borderColor: hex(border), borderWidth: 2 } : {}),
      });
    const text = (
      t: string,
      x: number,
      y: number,
      size: number,
      font: PDFFont,
      colour: string,
      align = 'start',
    ) => {
      const d = drawable(t);
      const width = font.widthOfTextAtSize(d, size * s);
      const left = align === 'end' ? x * s - width : align === 'middle' ? x * s - width / 2 : x * s;
      page.drawText(d, { x: left, y: ph - y * s, size: size * s, font, color: hex(colour) });
    };
    rect(0, 0, W, H, '#fff8e1');
    if (n === 0) {
      rect(0, 0, W, COVER_HEADER, '#c62828');
      text('Spesa', MARGIN, 150, 84, bold, '#ffeb3b');
      wrap(print.title, 26, 2).forEach((l, i) => text(l, MARGIN, 300 + i * 110, 96, bold, '#ffffff'));
      text(validityText(print), MARGIN, COVER_HEADER - 60, 40, regular, '#ffffff');
    } else {
      const colour = colourOf(print, print.products.find((p) => p.page === n)?.department ?? '');
      rect(0, 0, W, PAGE_HEADER, colour);
      text(wrap(headingOf(print, n), 28, 1)[0] ?? '', MARGIN, 140, 80, bold, '#ffffff');
    }
    for (const p of print.products.filter((x) => x.page === n))
      productPdf(print, p, rect, text, regular, bold);
    text(
      `${validityText(print)} · pagina ${n + 1} di ${print.pageCount}`,
      W / 2,
      H - 36,
      30,
      regular,
      '#5d4037',
      'middle',
    );
    void (page satisfies PDFPage);
  }
  return doc.save();
}

function productPdf(
  print: LeafletPrint,
  p: PlacedProduct,
  rect: (x: number, y: number, w: number, h: number, colour: string, border?: string) => void,
  text: (
    t: string,
    x: number,
    y: number,
    size: number,
    font: PDFFont,
    colour: string,
    align?: string,
  ) => void,
  regular: PDFFont,
  bold: PDFFont,
) {
  const x = p.x * W;
  const y = p.y * H;
  const w = p.w * W;
  const h = p.h * H;
  const colour = colourOf(print, p.department);
  rect(x, y, w, h, '#ffffff', colour);
  rect(x, y, w, 56, colour);
  text(p.department.toUpperCase().slice(0, 34), x + 28, y + 40, 28, regular, '#ffffff');
  wrap(p.caption, 24, 3).forEach((l, i) => text(l, x + 28, y + 120 + i * 50, 42, bold, '#212121'));
  text([p.brand, p.format].filter(Boolean).join(' · ').slice(0, 30), x + 28, y + 290, 32, regular, '#5d4037');
  if (p.listPriceCents !== null && p.listPriceCents > p.priceCents)
    text(`invece di ${euro(p.listPriceCents)}`, x + 28, y + h - 130, 36, regular, '#757575');
  rect(x + 20, y + h - 110, w - 40, 90, '#ffeb3b');
  text(euro(p.priceCents), x + w - 44, y + h - 44, 64, bold, '#c62828', 'end');
  const discount = discountOf(p);
  if (discount) {
    rect(x + w - 150, y + h - 240, 120, 90, '#c62828');
    text(discount, x + w - 90, y + h - 180, 40, bold, '#ffffff', 'middle');
  }
}

/** The store's key of a leaflet's file. */
export const leafletFileKey = (folder: string, name: string) => `leaflets/${folder}/${name}`;

/** Draws a leaflet's files when missing (one drawing at a time per leaflet in this process). */
export class LeafletFiles {
  readonly #inFlight = new Map<string, Promise<void>>();

  constructor(private readonly files: FileStore) {}

  /** One of a leaflet's files with its bytes as a stream, or null when it is not stored. */
  open(folder: string, name: string): Promise<(StoredFile & { stream: Readable }) | null> {
    return this.files.open(leafletFileKey(folder, name));
  }

  /** Whether every file of the leaflet is stored (its PDF, written last, is). */
  async isWhole(folder: string): Promise<boolean> {
    return (await this.files.head(leafletFileKey(folder, PDF_FILE))) !== null;
  }

  /** Makes sure every file of the leaflet exists (drawing them from `print` if not). */
  ensure(folder: string, print: () => Promise<LeafletPrint>): Promise<void> {
    const running = this.#inFlight.get(folder);
    if (running) return running;
    const work = this.#draw(folder, print).finally(() => this.#inFlight.delete(folder));
    this.#inFlight.set(folder, work);
    return work;
  }

  async #put(folder: string, name: string, content: Uint8Array, contentType: string): Promise<void> {
    await this.files.put(leafletFileKey(folder, name), Readable.from([Buffer.from(content)]), contentType);
  }

  async #draw(folder: string, read: () => Promise<LeafletPrint>): Promise<void> {
    if (await this.isWhole(folder)) return;
    const print = await read();
    const { default: sharp } = await import('sharp');
    for (let n = 0; n < print.pageCount; n++) {
      // drawn once (librsvg), then encoded at each size
      const raw = await sharp(Buffer.from(pageSvg(print, n)))
        .raw()
        .toBuffer({ resolveWithObject: true });
      await this.putPage(folder, n, raw);
    }
    await this.#put(folder, PDF_FILE, await leafletPdf(print), 'application/pdf');
  }

  /** One page's images (PNG, and WebP and AVIF at the viewer's widths) from its pixels. */
  async putPage(folder: string, n: number, raw: { data: Buffer; info: OutputInfo }): Promise<void> {
    const { default: sharp } = await import('sharp');
    const image = () => sharp(raw.data, { raw: raw.info });
    await this.#put(folder, `${PAGE_FILE_PREFIX}${n}.png`, await image().png().toBuffer(), 'image/png');
    for (const width of LEAFLET_IMAGE_WIDTHS) {
      await this.#put(
        folder,
        `${PAGE_FILE_PREFIX}${n}-${width}.webp`,
        await image().resize({ width }).webp({ quality: 78 }).toBuffer(),
        'image/webp',
      );
      if (LEAFLET_AVIF_WIDTHS.includes(width))
        await this.#put(
          folder,
          `${PAGE_FILE_PREFIX}${n}-${width}.avif`,
          await image().resize({ width }).avif({ quality: 55, effort: 1 }).toBuffer(),
          'image/avif',
        );
    }
  }

  /** The leaflet's PDF, written last: once it is stored the folder is whole. */
  async putPdf(folder: string, stream: Readable): Promise<void> {
    await this.files.put(leafletFileKey(folder, PDF_FILE), stream, 'application/pdf');
  }
}
