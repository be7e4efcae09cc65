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

/** The brands of several words of a casing map, in the map's order, listed once per map. */
const MULTI_WORD = new WeakMap<ReadonlyMap<string, string>, Array<[string, string]>>();
function multiWordBrands(brandCasing: ReadonlyMap<string, string>): Array<[string, string]> {
  let list = MULTI_WORD.get(brandCasing);
  if (!list) {
    list = [...brandCasing].filter(([upper]) => upper.includes(' '));
    MULTI_WORD.set(brandCasing, list);
  }
  return list;
}

/**
 * ALL-CAPS words become lower case, except abbreviations (DOP, UHT...) and known brands, which take
 * the brand's own casing. An all-caps name becomes sentence case. The first letter is capitalised.
 */
export function fixCapitals(name: string, brandCasing: ReadonlyMap<string, string>): string {
  // multi-word brands written in capitals ("CASA MODENA") first
  let s = name;
  for (const [upper, proper] of multiWordBrands(brandCasing)) {
    if (s.includes(upper)) s = s.replace(new RegExp(`\\b${escapeRe(upper)}\\b`, 'g'), proper);
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

/**
 * English words the crowd-sourced names mix into Italian ones, in the Italian a shelf label would use, tried
 * in order (case-insensitive). An English gloss after its Italian word goes ("Aglio garlic"); a flavour
 * follows the product ("Lemon Panettone" -> "Panettone al limone"). Brands and words Italian shops use
 * as they are (plumcake, cracker, ice tea, frozen yogurt) are left alone.
 */
const ITALIAN_WORDING: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(aglio) garlic\b/i, '$1'],
  [/\b(ceci) chick ?peas\b/i, '$1'],
  [/\b(cacao) cocoa cake\b/i, '$1'],
  [/\b(porcini) mushrooms?\b/i, '$1'],
  [/^mushroom risotto\s+/i, ''],
  [/\s*\(squid ink\)/i, ''],
  [/\s+imported from italy\b/i, ''],
  [/^ready made pizza dough\s*-\s*/i, ''],
  [/^pre-baked pizza base$/i, 'Base per pizza precotta'],
  [/\bhomemade tart\s+/i, ''],
  [/\bsoft lemon \((morbido al limone)\)/i, '$1'],
  [/^sicilian basil pesto \(jar\)\s*-\s*/i, ''],
  [/\bbasil pesto \((pesto alla genovese)\)(?: by)?/i, '$1'],
  [/^ligurian basil pesto$/i, 'Pesto al basilico ligure'],
  [/\bbasil pesto\b/i, 'pesto al basilico'],
  [/\bwild garlic pesto\b/i, "pesto all'aglio orsino"],
  [/\bgarlic\b/i, "all'aglio"],
  [/\bbalsamic vinegar\b/i, "all'aceto balsamico"],
  [/\bspinach ricotta (tortelloni)\b/i, '$1 ricotta e spinaci'],
  [/\bspinach\b/i, 'spinaci'],
  [/\bsalmon\b/i, 'salmone'],
  [/\bal natural\b/i, 'al naturale'],
  [/\blemon wafer\b/i, 'wafer al limone'],
  [/\bstrawberry mix\b/i, 'mix alla fragola'],
  [/\bstrawberry\b/i, 'alla fragola'],
  [/^lemon (.+)$/i, '$1 al limone'],
  [/\blemon\b/i, 'al limone'],
  [/\bfresh (fettuc+ine) pasta\b/i, '$1 fresche'],
  [/\bfresh pasta\b/i, 'pasta fresca'],
  [/^frozen buffalo mozzarella$/i, 'Mozzarella di bufala surgelata'],
  [/\bsparking blood orange\b/i, ''],
  [/\bblood orange\b/i, 'arancia rossa'],
];

/** The name with the English words of ITALIAN_WORDING in Italian. */
export function italianWording(name: string): string {
  let s = name;
  for (const [pattern, replacement] of ITALIAN_WORDING) s = s.replace(pattern, replacement);
  return collapseWhitespace(s);
}

export function tidyName(
  raw: string,
  brand: string | null,
  brandCasing: ReadonlyMap<string, string>,
): string {
  let s = collapseWhitespace(fixMojibake(raw));
  s = s.replace(/^[\s\-–.,]+|[\s\-–,]+$/g, '');
  s = stripQuantityTail(s);
  s = italianWording(s);
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
