import { LEAFLET_PAGE_RATIO } from '@spesa/shared/contracts/leaflets';

/**
 * The layout of a leaflet's pages (decision 052), the one source for its page images (SVG drawn by sharp) and
 * its PDF (pdf-lib): a cover with the title, the validity and four products, then a page per department (six
 * products each). Positions are fractions of the page, so the hot-spots stored with the products are the
 * regions the pictures show at any size.
 */
export interface PrintedProduct {
  productId: number;
  department: string;
  caption: string;
  brand: string;
  format: string;
  priceCents: number;
  listPriceCents: number | null;
}

export interface PlacedProduct extends PrintedProduct {
  page: number;
  position: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LeafletPrint {
  title: string;
  fromDate: string;
  toDate: string;
  storeName: string | null;
  pageCount: number;
  products: PlacedProduct[];
}

const W = LEAFLET_PAGE_RATIO.width;
const H = LEAFLET_PAGE_RATIO.height;
const MARGIN = 60;
const GAP = 40;
export const COVER_HEADER = 640;
export const PAGE_HEADER = 230;
const FOOTER = 90;
const COVER_SLOTS = 4;
const PAGE_SLOTS = 6;

/** Places products: four on the cover, then each department on pages of its own (six per page). */
export function layOut(products: readonly PrintedProduct[]): {
  pageCount: number;
  products: PlacedProduct[];
} {
  const placed: PlacedProduct[] = [];
  const cover = products.slice(0, COVER_SLOTS);
  cover.forEach((p, i) => placed.push(place(p, 0, i, COVER_HEADER, 2)));
  const byDepartment = new Map<string, PrintedProduct[]>();
  for (const p of products.slice(COVER_SLOTS)) {
    const list = byDepartment.get(p.department) ?? [];
    list.push(p);
    byDepartment.set(p.department, list);
  }
  let page = 1;
  for (const list of byDepartment.values()) {
    for (let start = 0; start < list.length; start += PAGE_SLOTS) {
      list.slice(start, start + PAGE_SLOTS).forEach((p, i) => placed.push(place(p, page, i, PAGE_HEADER, 3)));
      page += 1;
    }
  }
  return { pageCount: page, products: placed };
}

function place(p: PrintedProduct, page: number, position: number, top: number, rows: number): PlacedProduct {
  const cellW = (W - 2 * MARGIN - GAP) / 2;
  const cellH = (H - top - FOOTER - GAP * rows) / rows;
  const col = position % 2;
  const row = Math.floor(position / 2);
  const x = MARGIN + col * (cellW + GAP);
  const y = top + GAP / 2 + row * (cellH + GAP);
  const r = (n: number) => Math.round(n * 10_000) / 10_000;
  return { ...p, page, position, x: r(x / W), y: r(y / H), w: r(cellW / W), h: r(cellH / H) };
}

const PALETTE = ['#c62828', '#2e7d32', '#1565c0', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#4e342e'];

/** A department's colour (stable across pages of one leaflet). */
export function colourOf(print: LeafletPrint, department: string): string {
  const departments = [...new Set(print.products.map((p) => p.department))];
  return PALETTE[Math.max(0, departments.indexOf(department)) % PALETTE.length] ?? '#c62828';
}

export const euro = (cents: number) =>
  `${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} €`;
export const italianDay = (iso: string) => iso.split('-').reverse().join('/');

/** The discount printed on a product's badge, or null. */
export function discountOf(p: PrintedProduct): string | null {
  if (p.listPriceCents === null || p.listPriceCents <= p.priceCents) return null;
  return `-${Math.round((1 - p.priceCents / p.listPriceCents) * 100)}%`;
}

/** Text cut into lines of at most `max` characters (words kept whole when they fit), at most `lines`. */
export function wrap(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= max) line = next;
    else {
      if (line) out.push(line);
      line = word.length > max ? `${word.slice(0, max - 1)}…` : word;
    }
  }
  if (line) out.push(line);
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = `${(kept[lines - 1] ?? '').slice(0, max - 1)}…`;
    return kept;
  }
  return out;
}

/** The page's heading: the cover's title block or the department(s) of the page. */
export function headingOf(print: LeafletPrint, page: number): string {
  if (page === 0) return print.title;
  return [...new Set(print.products.filter((p) => p.page === page).map((p) => p.department))].join(' · ');
}

export const validityText = (print: LeafletPrint) =>
  `Offerte valide dal ${italianDay(print.fromDate)} al ${italianDay(print.toDate)}${print.storeName ? ` · ${print.storeName}` : ' · in tutti i punti vendita'}`;

export const PAGE_SIZE_PX = { W, H, MARGIN };
