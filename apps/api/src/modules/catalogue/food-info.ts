import type { FreeFrom } from '@spesa/shared/contracts/catalogue';
import { htmlTemplate } from '../../lib/html';

/**
 * The mandatory food information as the wire carries it (Regulation EU 1169/2011 art. 9, 21 and 30; issue
 * 19): the ingredients with the allergens emphasised, and the nutrition declaration per 100 g as an HTML
 * table whose rows are the nutrient and its value (API clients parse the rows). Built from our stored text
 * with auto-escaping templates: nothing stored reaches the page as markup but the <strong> and the table
 * made here.
 */

/** The departments whose products are not food: no ingredients, allergens or nutrition to declare. */
export const NON_FOOD_DEPARTMENTS: ReadonlySet<string> = new Set([
  'cura-della-casa',
  'cura-della-persona',
  'animali',
]);

/**
 * The 14 allergens of Annex II and the words that name them in an Italian ingredient list (the label
 * emphasises each occurrence). Longest words first, so "frutta a guscio" wins over "frutta".
 */
export const ALLERGEN_WORDS: Readonly<Record<string, readonly string[]>> = {
  glutine: ['glutine', 'frumento', 'grano', 'orzo', 'segale', 'avena', 'farro', 'kamut', 'malto', 'semola'],
  crostacei: ['crostacei', 'gamberi', 'gamberetti', 'scampi', 'aragosta', 'granchio'],
  uova: ['uova', 'uovo', 'tuorlo'],
  pesce: ['pesce', 'acciughe', 'alici', 'tonno', 'merluzzo', 'salmone'],
  arachidi: ['arachidi', 'arachide'],
  soia: ['soia'],
  latte: [
    'latte',
    'lattosio',
    'burro',
    'panna',
    'siero di latte',
    'formaggio',
    'formaggi',
    'yogurt',
    'caseina',
  ],
  'frutta a guscio': [
    'frutta a guscio',
    'mandorle',
    'mandorla',
    'nocciole',
    'nocciola',
    'noci',
    'pistacchi',
    'anacardi',
  ],
  sedano: ['sedano'],
  senape: ['senape'],
  sesamo: ['sesamo'],
  solfiti: ['solfiti', 'anidride solforosa', 'metabisolfito'],
  lupini: ['lupini', 'lupino'],
  molluschi: ['molluschi', 'cozze', 'vongole', 'calamari', 'polpo', 'seppie'],
};

const escape = htmlTemplate<{ s: string }>('<%= it.s %>');
const allergenPattern = new RegExp(
  `\\b(${Object.values(ALLERGEN_WORDS)
    .flat()
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/\s+/g, '\\s+'))
    .join('|')})\\b`,
  'giu',
);

/** The ingredient list, escaped, each allergen word in <strong> (as the label must print it). */
export function ingredientsHtml(ingredients: string): string {
  // escaping keeps letters and spaces as they are: the words are found in the escaped text
  return escape({ s: ingredients }).replace(allergenPattern, '<strong>$1</strong>');
}

/** The allergens a product contains, from its allergen text (e.g. "glutine, latte"), by Annex II name. */
export function allergensIn(text: string | null): string[] {
  if (!text) return [];
  const lower = text.toLowerCase();
  return Object.entries(ALLERGEN_WORDS)
    .filter(([, words]) => words.some((w) => new RegExp(`\\b${w}\\b`, 'u').test(lower)))
    .map(([name]) => name);
}

/**
 * What a product is known to be free of, never guessed: its name says so ("senza glutine", "senza
 * lattosio", "gluten free"), or its declared allergens are known and, with its ingredients, name neither
 * the allergen nor (for lactose) milk. A product whose allergens are not known is free of nothing.
 */
export function freeFromOf(p: {
  name: string;
  allergens: string | null;
  ingredients: string | null;
}): FreeFrom[] {
  const name = p.name.toLowerCase();
  // an empty allergen text is not a declaration ("nessuno" is)
  const declared =
    p.allergens === null || p.allergens.trim() === ''
      ? null
      : [...allergensIn(p.allergens), ...allergensIn(p.ingredients)];
  const out: FreeFrom[] = [];
  if (/senza\s+glutine|gluten[\s-]?free/.test(name) || (declared !== null && !declared.includes('glutine')))
    out.push('glutine');
  if (
    /senza\s+lattosio|lactose[\s-]?free|delattosat/.test(name) ||
    (declared !== null && !declared.includes('latte'))
  )
    out.push('lattosio');
  return out;
}

const table = htmlTemplate<{ caption: string; rows: Array<[string, string]> }>(
  '<table><caption><%= it.caption %></caption><thead><tr><th scope="col">Nutriente</th><th scope="col">Per 100 g</th></tr></thead><tbody>' +
    '<% for (const [name, value] of it.rows) { %><tr><th scope="row"><%= name %></th><td><%= value %></td></tr><% } %>' +
    '</tbody></table>',
);

/**
 * The nutrition declaration as a table, from our stored text ("Valori medi per 100 g: Energia 350 kcal
 * (stima) · Grassi 1,5 g · ..."): one row per nutrient, its name and its value per 100 g. Null when the
 * text names no nutrient.
 */
export function nutritionTableHtml(text: string): string | null {
  const [head, body] = text.includes(':')
    ? [text.slice(0, text.indexOf(':')), text.slice(text.indexOf(':') + 1)]
    : ['', text];
  const rows: Array<[string, string]> = [];
  for (const part of body.split('·')) {
    const m = /^\s*(.*?\S)\s+(\d[\d.,]*\s*(?:kcal|kj|g|mg)\b.*?)\s*$/iu.exec(part);
    if (m?.[1] && m[2]) rows.push([m[1], m[2]]);
  }
  if (rows.length === 0) return null;
  return table({ caption: head.trim() || 'Valori medi per 100 g', rows });
}
