/**
 * The brand a real product's name writes after its first word ("Brodo Bauer Carne" → Bauer, "Prosecco
 * Zonin" → Zonin), for the products whose data gives no brand and whose name does not start with one
 * (decision 025). Only known brands (the data's and the taxonomy's), written as the brand writes itself
 * (its own capitals, or all capitals), as whole words. Brands that are also ordinary words of product
 * names are left out: those written in lower case in some name of the data ("panna", "cuore", "fini"),
 * and the few below that product names use capitalised for something else.
 */
const ORDINARY_WORDS = new Set([
  'Ace', // ACE: a drink of vitamins A, C and E, not the brand
  'Chicco', // "Gran Chicco", grain
  'Regina', // "Pizza Regina", "Ape Regina", "Penne Regina"
  'Sasso', // "Gran Sasso", a mountain and its wines
  'Sole', // "Delizie del Sole", "Spicchi di Sole"
]);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordRe = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(word)}(?![\\p{L}\\p{N}])`, 'u');

export interface BrandsInNames {
  /** the brand the name writes after its first word, or null */
  find(name: string): string | null;
}

/**
 * `brands`: every known brand; `names`: every product name of the data (to tell the brands that are
 * ordinary words apart). Longer brands are tried first ("Rio Mare" before "Mare").
 */
export function brandsInNames(brands: Iterable<string>, names: readonly string[]): BrandsInNames {
  const candidates = [...new Set(brands)]
    .filter((b) => b.length >= 3 && !ORDINARY_WORDS.has(b))
    .filter((b) => {
      const text = b.toLowerCase();
      const lower = wordRe(text);
      // the plain substring first: the word test only where the text occurs at all (the same answer, faster)
      return !names.some((n) => n.includes(text) && lower.test(n));
    })
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((brand) => {
      const upper = brand.toUpperCase();
      return { brand, upper, own: wordRe(brand), capitals: wordRe(upper) };
    });
  return {
    find(name) {
      const firstSpace = name.indexOf(' ');
      if (firstSpace < 0) return null;
      const rest = name.slice(firstSpace + 1);
      return (
        candidates.find(
          (c) =>
            (rest.includes(c.brand) && c.own.test(rest)) || (rest.includes(c.upper) && c.capitals.test(rest)),
        )?.brand ?? null
      );
    },
  };
}
