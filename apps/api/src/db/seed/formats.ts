/**
 * Reads pack formats such as "confezione 500 g", "6 x 1,5 l", "vaschetta ~400 g", "al kg", "4 rotoli"
 * into numbers: net content of one piece and of the whole pack in the base unit (kg or l), or a count.
 */
export type BaseUnit = 'kg' | 'l' | 'pz';

export interface ParsedFormat {
  /** "al kg": sold loose, priced per kg */
  perKg: boolean;
  /** "~" in the format: a variable-weight piece (weighed at picking) */
  approximate: boolean;
  /** number of pieces for "N x ..." multipacks, else 1 */
  pieces: number;
  /** content of one piece in kg or l */
  perPiece: number | null;
  /** content of the whole pack in kg or l (pieces x perPiece) */
  total: number | null;
  unit: BaseUnit | null;
  /** counted items without a weight: "4 rotoli", "16 capsule", "confezione 8 pezzi" */
  count: number | null;
}

const UNIT_FACTORS: Record<string, { unit: 'kg' | 'l'; factor: number }> = {
  g: { unit: 'kg', factor: 0.001 },
  gr: { unit: 'kg', factor: 0.001 },
  kg: { unit: 'kg', factor: 1 },
  hg: { unit: 'kg', factor: 0.1 },
  ml: { unit: 'l', factor: 0.001 },
  cl: { unit: 'l', factor: 0.01 },
  l: { unit: 'l', factor: 1 },
  lt: { unit: 'l', factor: 1 },
};

const num = (s: string): number => Number(s.replace(',', '.'));
const round3 = (n: number): number => Math.round(n * 1000) / 1000;

export function parseFormat(format: string | null | undefined): ParsedFormat {
  const out: ParsedFormat = {
    perKg: false,
    approximate: false,
    pieces: 1,
    perPiece: null,
    total: null,
    unit: null,
    count: null,
  };
  if (!format) return out;
  const f = format.toLowerCase().trim();
  if (/^al kg$/.test(f)) {
    out.perKg = true;
    out.unit = 'kg';
    out.perPiece = 1;
    out.total = 1;
    return out;
  }
  out.approximate = f.includes('~');
  // "6 x 1,5 l", "bustine 3 x 16 g", "confezione 10 x 100 ml", "3 x 64 pezzi"
  const multi = /(\d+)\s*x\s*(\d+(?:[.,]\d+)?)\s*(kg|hg|gr|g|ml|cl|lt|l)\b/.exec(f);
  if (multi) {
    const u = UNIT_FACTORS[multi[3] as string];
    if (u) {
      out.pieces = Number(multi[1]);
      out.perPiece = round3(num(multi[2] as string) * u.factor);
      out.total = round3(out.pieces * out.perPiece);
      out.unit = u.unit;
      return out;
    }
  }
  const single = /(\d+(?:[.,]\d+)?)\s*(kg|hg|gr|g|ml|cl|lt|l)\b/.exec(f);
  if (single) {
    const u = UNIT_FACTORS[single[2] as string];
    if (u) {
      out.perPiece = round3(num(single[1] as string) * u.factor);
      out.total = out.perPiece;
      out.unit = u.unit;
      return out;
    }
  }
  // the platform's own style, unit first: "g 500", "ml 750"
  const unitFirst = /\b(kg|hg|gr|g|ml|cl|lt|l)\s+(\d+(?:[.,]\d+)?)\b/.exec(f);
  if (unitFirst) {
    const u = UNIT_FACTORS[unitFirst[1] as string];
    if (u) {
      out.perPiece = round3(num(unitFirst[2] as string) * u.factor);
      out.total = out.perPiece;
      out.unit = u.unit;
      return out;
    }
  }
  const multiCount = /(\d+)\s*x\s*(\d+)\s*(pezzi|pz|rotoli)/.exec(f);
  if (multiCount) {
    out.pieces = Number(multiCount[1]);
    out.count = out.pieces * Number(multiCount[2]);
    out.unit = 'pz';
    return out;
  }
  const count =
    /(\d+)\s*(pezzi|pz|rotoli|capsule|cialde|filtri|dadi|uova|pacchetti|pastiglie|compresse|lamette|stick|veline|dischetti|salvaslip|tovaglioli|saponette|sacchi)\b/.exec(
      f,
    );
  if (count) {
    out.count = Number(count[1]);
    out.unit = 'pz';
    return out;
  }
  return out;
}

/** Pack weight in grams for productInfos (WEIGHT_SELLING_SINGLE_UNIT of a piece priced per kg). */
export function gramsOf(kg: number): string {
  return String(Math.round(kg * 1000));
}
