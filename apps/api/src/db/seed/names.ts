/** Tidying of crowd-sourced product names (Open Food Facts, 2019) and slug making. */

/** Abbreviations that stay upper case inside a name. */
const KEEP_UPPER = new Set([
  'DOP',
  'IGP',
  'IGT',
  'DOC',
  'DOCG',
  'UHT',
  'STG',
  'XL',
  'XXL',
  'BBQ',
  'ACE',
  'DHA',
  'OGM',
  'EVO',
  'MG',
  'IV',
  'II',
  'III',
]);
/** Italian function words written in lower case inside a title-cased name. */
// (articles are left alone: they often belong to a brand, "La Molisana", "Il Fornaio")
const LOWER_WORDS = new Set([
  'di',
  'del',
  'della',
  'dello',
  'dei',
  'degli',
  'delle',
  'con',
  'al',
  'alla',
  'allo',
  'alle',
  'ai',
  'agli',
  'e',
  'ed',
  'in',
  'per',
  'da',
  'dal',
  'dalla',
  'su',
  'senza',
]);

/** Repairs UTF-8 read as Latin-1 ("CaffÃ¨" -> "Caffè") and HTML entity debris ("Barilla 039 Conchigliette"). */
export function fixMojibake(s: string): string {
  let out = s;
  if (/[ÃÂ][\u0080-\u00bf]/.test(out)) {
    try {
      const bytes = Uint8Array.from([...out].map((c) => c.charCodeAt(0) & 0xff));
      const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      if (!decoded.includes('\uFFFD')) out = decoded;
    } catch {
      /* not mojibake after all */
    }
  }
  return out
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/(\p{L}) 0?39 (\p{L})/gu, '$1 $2');
}

export function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * ALL-CAPS words become lower case, except abbreviations (DOP, UHT...) and known brands, which take
 * the brand's own casing. An all-caps name becomes sentence case. The first letter is capitalised.
 */
export function fixCapitals(name: string, brandCasing: ReadonlyMap<string, string>): string {
  // multi-word brands written in capitals ("CASA MODENA") first
  let s = name;
  for (const [upper, proper] of brandCasing) {
    if (upper.includes(' ') && s.includes(upper))
      s = s.replace(new RegExp(`\\b${escapeRe(upper)}\\b`, 'g'), proper);
  }
  const words = s.split(' ');
  const fixed = words.map((w) => {
    const letters = w.replace(/[^\p{L}]/gu, '');
    if (letters.length < 2 || letters !== letters.toUpperCase() || letters === letters.toLowerCase())
      return w;
    if (KEEP_UPPER.has(letters)) return w;
    const brand = brandCasing.get(letters);
    if (brand && !brand.includes(' ')) return w.replace(letters, brand);
    return w.toLowerCase();
  });
  // Title Case function words ("Gnocchetti Freschi Di Patate") go lower case inside the name
  const out = fixed.map((w, i) =>
    i > 0 && LOWER_WORDS.has(w.toLowerCase()) && /^\p{Lu}\p{Ll}*$/u.test(w) ? w.toLowerCase() : w,
  );
  const joined = out.join(' ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/** Drops the brand when the name merely repeats it at the end ("Bresaola Levoni" by Levoni). */
export function stripTrailingBrand(name: string, brand: string | null): string {
  if (!brand) return name;
  const re = new RegExp(`[\\s,\\-–]+${escapeRe(brand)}\\.?$`, 'i');
  const stripped = name.replace(re, '').trim();
  return stripped.length >= 3 ? stripped : name;
}

/** Drops a pack size repeated at the end of a name ("Spaghetti n.5 500 g", "Passata 700gr"). */
export function stripQuantityTail(name: string): string {
  const stripped = name
    .replace(/[\s,\-–]+\(?\d+(?:[.,]\d+)?\s*(?:x\s*\d+(?:[.,]\d+)?\s*)?(?:kg|gr|g|ml|cl|lt|l)\)?\.?$/i, '')
    // "GR 1.000", "KG 1", or a lone unit left at the end ("Pesto Genovese GR")
    .replace(/\s+(?:kg|gr|ml|cl|lt)\.?(?:\s*\d+(?:[.,]\d+)*)?$/i, '')
    .trim();
  return stripped.length >= 3 ? stripped : name;
}

export function tidyName(
  raw: string,
  brand: string | null,
  brandCasing: ReadonlyMap<string, string>,
): string {
  let s = collapseWhitespace(fixMojibake(raw));
  s = s.replace(/^[\s\-–.,]+|[\s\-–,]+$/g, '');
  s = stripQuantityTail(s);
  s = fixCapitals(s, brandCasing);
  s = stripTrailingBrand(s, brand);
  // brackets left empty by the source ("Tomatoe Paste ( )") or holding only a foreign pack word ("( Packung)")
  s = s.replace(/\s*[([]\s*(?:packung|beutel|flasche|dose|glas|bouteille|sachet)?\s*[)\]]/gi, '');
  return collapseWhitespace(s);
}

/** "Caffè Crema & Gusto" -> "caffe-crema-gusto" */
export function kebab(s: string, maxLength = 60): string {
  const k = s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return k.length > maxLength ? k.slice(0, maxLength).replace(/-[^-]*$/, '') || k.slice(0, maxLength) : k;
}

/** Map of upper-cased brand -> its proper casing, for fixCapitals. */
export function brandCasingMap(brands: Iterable<string>): Map<string, string> {
  const m = new Map<string, string>();
  for (const b of brands) if (b) m.set(b.toUpperCase(), b);
  return m;
}

/** Finds a known brand written at the start of a name ("Barilla Farfalle" -> "Barilla"). Longest first. */
export function detectLeadingBrand(name: string, brandsLongestFirst: readonly string[]): string | null {
  const lower = name.toLowerCase();
  for (const b of brandsLongestFirst) {
    const bl = b.toLowerCase();
    if (lower.startsWith(bl) && (lower.length === bl.length || !/\p{L}/u.test(lower.charAt(bl.length))))
      return b;
  }
  return null;
}
