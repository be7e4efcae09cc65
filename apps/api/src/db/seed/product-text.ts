/** Italian texts of the product sheet: nutrition line, storage, features, extended description. */
import type { RawNutrition } from './taxonomy';

/** Italian number formats by their digits, made once: `toLocaleString` builds a formatter at every call. */
const IT_NUMBER = new Map<number, Intl.NumberFormat>();
const it = (n: number, digits: number): string => {
  let format = IT_NUMBER.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('it-IT', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
    IT_NUMBER.set(digits, format);
  }
  return format.format(n);
};

/** "Energia 428 kcal (stima) · Grassi 9,5 g · di cui acidi grassi saturi 1,4 g · ..." per 100 g. */
export function nutritionText(n: RawNutrition | null | undefined): string | null {
  if (!n) return null;
  const parts: string[] = [];
  const add = (label: string, v: number | null | undefined, digits = 1) => {
    if (typeof v === 'number' && Number.isFinite(v)) parts.push(`${label} ${it(v, digits)} g`);
  };
  if (typeof n.energyKcalEstimate === 'number')
    parts.push(`Energia ${Math.round(n.energyKcalEstimate)} kcal (stima)`);
  add('Grassi', n.fat);
  add('di cui acidi grassi saturi', n.saturatedFat);
  add('Carboidrati', n.carbohydrates);
  add('di cui zuccheri', n.sugars);
  add('Fibre', n.fiber);
  add('Proteine', n.proteins);
  add('Sale', n.salt, 2);
  if (parts.length === 0) return null;
  return `Valori medi per 100 g: ${parts.join(' · ')}`;
}

/** Ingredient lists from OCR sometimes are not Italian or are garbled: keep only plausible ones. */
export function cleanIngredients(s: string | null | undefined): string | null {
  if (!s) return null;
  const t = s.replace(/\s+/g, ' ').trim();
  if (t.length < 3 || /[ÃÂ€�]/.test(t)) return null;
  return t;
}

const CHILLED = new Set(['latticini', 'macelleria', 'pescheria', 'salumi-e-formaggi', 'gastronomia']);
const NON_FOOD = new Set(['cura-della-casa', 'cura-della-persona', 'animali']);

export function storageText(departmentSlug: string, categorySlug: string, sellingType: string): string {
  if (departmentSlug === 'surgelati')
    return 'Conservare in congelatore a -18 °C. Una volta scongelato non ricongelare.';
  if (
    CHILLED.has(departmentSlug) ||
    categorySlug === 'pronti-da-consumare' ||
    categorySlug === 'pasta-fresca-e-gnocchi'
  )
    return 'Conservare in frigorifero tra 0 e 4 °C. Dopo l’apertura consumare entro 2 giorni.';
  if (departmentSlug === 'frutta-e-verdura')
    return sellingType === 'Sfuso'
      ? 'Conservare in luogo fresco; alcune varietà in frigorifero.'
      : 'Conservare in frigorifero.';
  if (NON_FOOD.has(departmentSlug))
    return 'Conservare in luogo fresco e asciutto, lontano dalla portata dei bambini.';
  return 'Conservare in luogo fresco e asciutto, lontano da fonti di calore.';
}

export function isNonFood(departmentSlug: string): boolean {
  return NON_FOOD.has(departmentSlug);
}

const EXTENDED: Record<string, string> = {
  'frutta-e-verdura':
    'Selezionato ogni mattina dai nostri fornitori, arriva sugli scaffali nel giro di poche ore.',
  macelleria: 'Carne di filiera controllata, preparata nel reparto macelleria del punto vendita.',
  pescheria: 'Pesce fresco in arrivo tutti i giorni, pulito su richiesta dal nostro banco pescheria.',
  'salumi-e-formaggi': 'Affettato o porzionato al banco il giorno stesso della consegna.',
  latticini: 'Latte e latticini da allevamenti selezionati, anche lombardi.',
  'pane-e-pasticceria': 'Prodotto da forno, ideale a colazione, a pranzo o per la merenda.',
  'pasta-riso-e-farine': 'Un classico della dispensa italiana, da cucinare in tanti modi.',
  'cura-della-casa': 'Formula efficace sullo sporco, con flacone riciclabile.',
  'cura-della-persona': 'Dermatologicamente testato.',
  animali: 'Alimentazione completa e bilanciata per il tuo amico a quattro zampe.',
};

export function extendedDescription(name: string, brand: string, departmentSlug: string): string {
  const tail = EXTENDED[departmentSlug] ?? 'Scelto per la qualità e il buon rapporto tra qualità e prezzo.';
  return `${brand ? `${name} ${brand}` : name}. ${tail}`;
}

const LOMBARD =
  /valtellin|lombard|franciacorta|bergam|bresc|lodigian|gorgonzola|taleggio|bitto|casera|quartirolo|salva cremasco|formai de mut|pizzoccher|casoncell|bresaola|lugana|oltrep|sforzato|panettone milanese|missoltin|mostarda di cremona|torrone di cremona|brianz|lariano|agrì|strachitunt|valcalepio|branzi|slinzega|milanese|salame di varzi|franciacorta/i;
export const LOMBARD_CATEGORY_SLUGS = new Set(['formaggi-tipici-lombardi']);

export function isLombard(name: string, leafSlug: string): boolean {
  return LOMBARD.test(name) || LOMBARD_CATEGORY_SLUGS.has(leafSlug);
}

export function isOrganic(name: string, brand: string): boolean {
  return /\bbio(logic[oaie])?\b/i.test(name) || /\bbio\b/i.test(brand);
}

export function isGlutenFree(name: string): boolean {
  return /senza glutine|gluten free/i.test(name);
}
