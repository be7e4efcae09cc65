/** Shelf prices that look like a supermarket's: 0.79, 1.99, 2.49, 14.90, 24.99. Integer cents. */
export function shelfPriceCents(euro: number): number {
  if (!(euro > 0)) return 19;
  if (euro < 1) return Math.max(19, Math.round(euro * 10) * 10 - 1); // 0.19 .. 0.99
  if (euro < 10) {
    // x.19 x.29 x.49 x.69 x.79 x.99: round to 10 cents, end in 9
    const tenths = Math.round(euro * 10);
    return tenths * 10 - 1;
  }
  if (euro < 30) return Math.round(euro * 2) * 50 - (Math.round(euro) % 2 === 0 ? 10 : 1); // 14.90, 15.49...
  return Math.round(euro) * 100 - 10; // 39.90
}

/** Price per base unit (kg, l, piece) in cents, when the content is known. */
export function unitPriceCents(priceCents: number, netQuantity: number | null): number | null {
  if (netQuantity === null || !(netQuantity > 0)) return null;
  return Math.round(priceCents / netQuantity);
}

/** A discounted shelf price strictly below the list price. */
export function discountedCents(priceCents: number, percent: number): number {
  const raw = (priceCents * (100 - percent)) / 100;
  let p = raw >= 100 ? Math.floor(raw / 10) * 10 + 9 : Math.floor(raw);
  if (p >= priceCents) p = priceCents - 10;
  return Math.max(1, p);
}

/** A plausible shelf range of the price per kg or per litre (euro), for one shelf (leaf category). */
export interface UnitPriceRange {
  per: 'kg' | 'l';
  min: number;
  max: number;
}

const r = (per: 'kg' | 'l', min: number, max: number): UnitPriceRange => ({ per, min, max });

/**
 * What an Italian supermarket asks per kg or per litre on each shelf whose packs have a known content (the
 * demo's prices are drawn inside these, the bigger packs cheaper per unit). A product of a shelf not listed,
 * or whose content is counted in pieces, keeps its shelf's price per item (categories-it.json). Foods are
 * compared per kg or per litre alike (a sauce in ml, a yoghurt in g).
 */
export const UNIT_PRICE_RANGES: Readonly<Record<string, UnitPriceRange>> = {
  // fruit and vegetables in packs
  'frutti-di-bosco': r('kg', 10, 24),
  'frutta-secca-e-disidratata': r('kg', 8, 30),
  funghi: r('kg', 4, 16),
  'insalate-in-busta': r('kg', 5, 14),
  'verdure-pronte-da-cuocere': r('kg', 3.5, 9),
  'zuppe-e-vellutate-fresche': r('kg', 5, 11),
  'frutta-pronta': r('kg', 6, 16),
  // meat and fish in trays
  'macinato-e-hamburger': r('kg', 7, 16),
  'petto-e-fesa': r('kg', 8, 16),
  'cosce-e-sovracosce': r('kg', 3.5, 8),
  'preparati-di-carne': r('kg', 9, 18),
  'cozze-e-vongole': r('kg', 3, 12),
  'salmone-affumicato': r('kg', 25, 50),
  'alici-marinate-e-baccala': r('kg', 15, 35),
  'preparati-di-pesce': r('kg', 12, 25),
  // cured meats and cheese
  'prosciutto-crudo': r('kg', 25, 50),
  'prosciutto-cotto': r('kg', 15, 35),
  'salame-e-insaccati-stagionati': r('kg', 15, 35),
  'bresaola-e-speck': r('kg', 22, 55),
  'mortadella-e-altri-cotti': r('kg', 9, 22),
  wurstel: r('kg', 5, 12),
  'grana-padano-e-parmigiano-reggiano': r('kg', 13, 28),
  'formaggi-grattugiati': r('kg', 13, 28),
  'formaggi-stagionati-e-semistagionati': r('kg', 10, 25),
  'formaggi-erborinati': r('kg', 9, 22),
  'formaggi-tipici-lombardi': r('kg', 10, 25),
  // milk, dairy, eggs
  'latte-fresco': r('l', 1.2, 2.6),
  'latte-a-lunga-conservazione': r('l', 0.85, 1.6),
  'latte-senza-lattosio': r('l', 1.3, 2.3),
  'bevande-vegetali': r('l', 1.3, 3.5),
  'yogurt-bianco-e-greco': r('kg', 2.5, 8),
  'yogurt-alla-frutta': r('kg', 2.5, 6.5),
  'dessert-e-budini': r('kg', 4, 10),
  burro: r('kg', 8, 16),
  panna: r('l', 3, 8),
  margarina: r('kg', 4, 9),
  mozzarella: r('kg', 6, 18),
  'ricotta-e-mascarpone': r('kg', 4, 12),
  'stracchino-crescenza-e-robiola': r('kg', 8, 18),
  'formaggi-spalmabili-e-a-fette': r('kg', 8, 18),
  'uova-pronte-e-albumi': r('kg', 3, 8),
  // bread, biscuits, pasta, rice, flour
  'pancarre-e-pane-in-cassetta': r('kg', 2.5, 7),
  grissini: r('kg', 4, 12),
  crackers: r('kg', 3, 9),
  'taralli-friselle-e-gallette': r('kg', 5, 15),
  'torte-e-crostate': r('kg', 6, 16),
  'dolci-da-ricorrenza': r('kg', 6, 20),
  'pasta-di-semola': r('kg', 1, 4),
  'pasta-all-uovo-secca': r('kg', 3.5, 8),
  'pasta-integrale-e-speciale': r('kg', 2, 8),
  'pasta-fresca-ripiena': r('kg', 6, 16),
  gnocchi: r('kg', 2, 5),
  'pasta-fresca-all-uovo': r('kg', 5, 11),
  'riso-per-risotti': r('kg', 1.8, 5),
  'riso-basmati-e-speciali': r('kg', 2.5, 8),
  'cereali-e-legumi-secchi': r('kg', 2.5, 8),
  polenta: r('kg', 1.5, 6),
  farine: r('kg', 0.8, 3.5),
  'lieviti-e-preparati-per-dolci': r('kg', 5, 20),
  'pangrattato-e-preparati-salati': r('kg', 1.8, 6),
  // tomatoes, tins and jars, oil, condiments
  'passata-di-pomodoro': r('kg', 1, 3),
  'polpa-e-pelati': r('kg', 1, 3),
  'concentrato-di-pomodoro': r('kg', 4, 9),
  'sughi-pronti': r('kg', 4, 11),
  'pesti-e-salse-per-pasta': r('kg', 10, 22),
  tonno: r('kg', 10, 25),
  'sgombro-salmone-e-altri': r('kg', 10, 25),
  acciughe: r('kg', 20, 45),
  'legumi-in-scatola': r('kg', 1.5, 4),
  'mais-e-verdure-al-naturale': r('kg', 2.5, 6),
  'sott-oli-e-sottaceti': r('kg', 6, 16),
  'olive-e-capperi': r('kg', 6, 16),
  'zuppe-pronte': r('kg', 3, 7),
  'olio-extravergine-di-oliva': r('l', 7, 16),
  'oli-di-semi': r('l', 1.6, 4.5),
  'aceto-di-vino': r('l', 0.8, 3),
  'aceto-balsamico': r('l', 3, 20),
  sale: r('kg', 0.4, 3),
  'spezie-ed-erbe-secche': r('kg', 25, 90),
  'maionese-e-ketchup': r('kg', 3, 9),
  'senape-e-altre-salse': r('kg', 4, 12),
  // breakfast, sweets, snacks, ready meals
  'caffe-macinato-e-in-grani': r('kg', 9, 25),
  'caffe-solubile-e-orzo': r('kg', 15, 55),
  biscotti: r('kg', 2.5, 9),
  'fette-biscottate': r('kg', 3, 8),
  cereali: r('kg', 4, 12),
  'muesli-e-granola': r('kg', 5, 14),
  'torte-confezionate': r('kg', 5, 12),
  confetture: r('kg', 6, 14),
  miele: r('kg', 9, 25),
  'creme-spalmabili': r('kg', 7, 16),
  'tavolette-di-cioccolato': r('kg', 10, 30),
  'cioccolatini-e-praline': r('kg', 16, 45),
  'caramelle-e-gomme': r('kg', 8, 25),
  zucchero: r('kg', 0.9, 4),
  patatine: r('kg', 6, 16),
  'salatini-e-pop-corn': r('kg', 6, 18),
  'frutta-secca-salata': r('kg', 8, 25),
  'primi-piatti-pronti': r('kg', 8, 18),
  'secondi-piatti-pronti': r('kg', 10, 25),
  // drinks
  'acqua-naturale': r('l', 0.17, 1),
  'acqua-frizzante': r('l', 0.17, 1),
  'cola-e-bibite-gassate': r('l', 0.8, 4.5),
  'te-freddo': r('l', 0.8, 3.5),
  'energy-drink-e-bevande-sportive': r('l', 1.5, 6),
  'succhi-di-frutta': r('l', 1, 4),
  'spremute-e-centrifugati': r('l', 3, 8),
  'aperitivi-analcolici': r('l', 4, 9),
  sciroppi: r('l', 3, 9),
  'vini-rossi': r('l', 4, 35),
  'vini-bianchi': r('l', 4, 25),
  'vini-rosati': r('l', 4.5, 18),
  prosecco: r('l', 7, 20),
  'franciacorta-e-metodo-classico': r('l', 17, 60),
  'spumanti-dolci': r('l', 5, 17),
  'birre-lager': r('l', 1.3, 5),
  'birre-speciali-e-artigianali': r('l', 4, 14),
  'birre-analcoliche': r('l', 1.5, 5),
  'aperitivi-alcolici': r('l', 12, 25),
  amari: r('l', 14, 28),
  'grappe-e-distillati': r('l', 14, 55),
  'liquori-dolci': r('l', 12, 25),
  // frozen
  verdure: r('kg', 2.5, 7),
  'minestroni-e-zuppe': r('kg', 2, 5),
  'patate-surgelate': r('kg', 1.8, 4.5),
  'filetti-e-tranci-surgelati': r('kg', 8, 22),
  'frutti-di-mare-surgelati': r('kg', 8, 22),
  'pollo-panato': r('kg', 6, 14),
  'pizze-surgelate': r('kg', 5, 14),
  'primi-piatti-surgelati': r('kg', 5, 11),
  'secondi-e-contorni-surgelati': r('kg', 6, 15),
  'gelati-in-vaschetta': r('kg', 5, 14),
  'dessert-surgelati': r('kg', 8, 18),
  // babies and pets
  omogeneizzati: r('kg', 8, 20),
  'pappe-creme-e-pastine': r('kg', 6, 18),
  'biscotti-e-merende-per-bambini': r('kg', 6, 14),
  'cibo-umido-per-cani': r('kg', 2, 9),
  'crocchette-per-cani': r('kg', 2, 7),
  'cibo-umido-per-gatti': r('kg', 4, 14),
  'crocchette-per-gatti': r('kg', 3, 12),
};

/**
 * The shelf price of a selling unit holding `content` kg or litres, its price per unit at `position` (0: the
 * range's bottom, 1: its top). Never below 19 cents.
 */
export function priceFromUnitRange(range: UnitPriceRange, content: number, position: number): number {
  const t = Math.min(1, Math.max(0, position));
  return Math.max(19, shelfPriceCents((range.min + (range.max - range.min) * t) * content));
}
