import { parseFormat } from './formats';

/**
 * The demo catalogue as an Italian shopper reads it (issue 19, decision 034): names in Italian, pack sizes
 * that can be true, brands that make what they are on, and an illustration of the product itself rather
 * than of its shelf. Each rule is a table, checked by catalogue-quality.test.ts over the whole data set.
 */

// ---------------------------------------------------------------------------------------------------------
// Names: Open Food Facts holds some Italian products under export names ("Barilla Pasta Uk - ...").

/** Whole phrases rewritten in Italian, tried in order on the raw name (case-insensitive). */
const NAME_REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  // an exporter's listing title before the product's own name: "Bonomelli uk - Bonomelli camomilla"
  [/^.*\b(?:uk|online|italian pasta barilla)\s*-\s*/i, ''],
  [/\bwithout garlic\b/i, 'senza aglio'],
  [/\b(?:no|senza) gluten\b/i, 'senza glutine'],
  [/\b(\d+) bags(?: camomile)?\b/i, '$1 filtri'],
  [/,\s*italian macaroni product\b/i, ''],
  [/\bitalian specialty cake\b/i, ''],
  [/\bsaucisss?on italien\b/i, ''],
  [/\b(?:italian|italien)\b/i, ''],
  [/\babricots\b/i, 'albicocche'],
  [/^buffalo mozzarella\b/i, 'Mozzarella di bufala'],
  [/\bsoluble\b/i, 'solubile'],
];

/** Words no Italian shop's name carries once the rewrites are done: a name still holding one is dropped. */
export const FOREIGN_WORDS =
  /\b(?:without|with|and|sauce|bags|tomatoe?s?|uk|supplier|online|italian|italien|specialty|product|bread|pans|saucisss?on|epicerie|huiles|avec|sans|aux|mit|ohne|und|haselnusscreme)\b/i;

/**
 * The name in Italian, or null when it cannot be had ("Pasta Zara Tomatoe Paste ( )"): the product is then
 * left out of the demo catalogue rather than shown under a foreign name.
 */
export function italianName(raw: string): string | null {
  let name = raw;
  for (const [pattern, replacement] of NAME_REWRITES) name = name.replace(pattern, replacement);
  name = name
    .replace(/\(\s*\)/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,-]+|[\s,-]+$/g, '');
  if (name.length < 3 || FOREIGN_WORDS.test(name)) return null;
  return name;
}

// ---------------------------------------------------------------------------------------------------------
// Pack sizes: a crowd-sourced quantity is sometimes a portion ("33 g" of pasta, "10 g" of butter).

/**
 * The crowd-sourced quantity when it can be the pack's, else null (the shelf's typical format is used):
 * a weight or volume under a quarter of the shelf's smallest typical pack is a portion, not a pack.
 */
export function plausibleFormat(quantity: string | null, typicalFormats: readonly string[]): string | null {
  if (!quantity) return null;
  const stated = parseFormat(quantity);
  if (stated.total === null) return quantity;
  const smallest = Math.min(
    ...typicalFormats
      .map((f) => parseFormat(f))
      .filter((f) => f.unit === stated.unit && f.total !== null)
      .map((f) => f.total as number),
  );
  return Number.isFinite(smallest) && stated.total < smallest / 4 ? null : quantity;
}

// ---------------------------------------------------------------------------------------------------------
// Brands: a shelf's brands do not all make every product on it (Zespri sells kiwis, not Renette apples).

/** Brands that make only some products of their shelf: what their product's name must name. */
const BRAND_MAKES: Readonly<Record<string, RegExp>> = {
  Melinda: /\bmel[ae]\b/i,
  Marlene: /\bmel[ae]\b/i,
  Chiquita: /\bbanan[ae]\b|\bananas\b/i,
  'Del Monte': /\bbanan[ae]\b|\bananas\b|\bmango\b|\bpapaya\b/i,
  Zespri: /\bkiwi\b/i,
  "Sant'Orsola": /\bfragol|\bmirtill|\blampon|\bmore\b|\bribes\b|\bfrutti di bosco\b/i,
  Bonduelle:
    /\binsalat|\bmisticanza|\bsongino|\brucola lavata|\bspinacini|\bverdure|\bminestrone|\bvellutata|\bzuppa/i,
  'La Linea Verde':
    /\binsalat|\bmisticanza|\bsongino|\brucola lavata|\bspinacini|\bverdure|\bminestrone|\bvellutata|\bzuppa/i,
  DimmidiSì:
    /\binsalat|\bmisticanza|\bsongino|\brucola lavata|\bspinacini|\bverdure|\bminestrone|\bvellutata|\bzuppa/i,
};

/** Whether `brand` can be on a product named `name`: a brand with no rule makes its whole shelf. */
export function brandMakes(brand: string, name: string): boolean {
  const makes = BRAND_MAKES[brand];
  return makes ? makes.test(name) : true;
}

/** Whether a loose product (sold by weight, no pack) may carry `brand`: only a brand known to grow it. */
export function looseBrandFits(brand: string, name: string): boolean {
  return BRAND_MAKES[brand]?.test(name) ?? false;
}

// ---------------------------------------------------------------------------------------------------------
// Illustrations: the product's own head noun drawn when the table knows it, else its shelf's icon.

/** Food head words (exact, lower case, accents kept) -> Fluent Emoji Flat icon. */
const FOOD_ICONS: ReadonlyArray<readonly [readonly string[], string]> = [
  [['avocado'], 'avocado'],
  [['banana', 'banane'], 'banana'],
  [['ananas'], 'pineapple'],
  [['kiwi'], 'kiwi-fruit'],
  [['mango', 'papaya'], 'mango'],
  [['cocco'], 'coconut'],
  [['mela', 'mele'], 'red-apple'],
  [['pera', 'pere'], 'pear'],
  [['arance', 'arancia', 'mandarini', 'clementine', 'pompelmi'], 'tangerine'],
  [['limoni', 'limone', 'lime'], 'lemon'],
  [['pesca', 'pesche', 'albicocche', 'prugne'], 'peach'],
  [['ciliegie'], 'cherries'],
  [['uva'], 'grapes'],
  [['meloni', 'melone'], 'melon'],
  [['anguria', 'cocomero'], 'watermelon'],
  [['fragole', 'fragoline'], 'strawberry'],
  [['mirtilli', 'lamponi', 'more', 'ribes'], 'blueberries'],
  [['castagne'], 'chestnut'],
  [['noci', 'nocciole', 'mandorle', 'pistacchi', 'anacardi', 'arachidi'], 'peanuts'],
  [
    ['lattuga', 'rucola', 'spinaci', 'valeriana', 'radicchio', 'indivia', 'scarola', 'cicoria', 'porri'],
    'leafy-green',
  ],
  [['insalata', 'misticanza', 'songino'], 'green-salad'],
  [['pomodori', 'pomodoro', 'pomodorini'], 'tomato'],
  [['patate', 'patata'], 'potato'],
  [['cipolle', 'cipolla', 'scalogno'], 'onion'],
  [['aglio'], 'garlic'],
  [['zucchine', 'cetrioli'], 'cucumber'],
  [['melanzane'], 'eggplant'],
  [['peperoni'], 'bell-pepper'],
  [['peperoncino', 'peperoncini'], 'hot-pepper'],
  [['carote'], 'carrot'],
  [['broccoli', 'cavolfiore', 'cavolo'], 'broccoli'],
  [['fagiolini', 'piselli'], 'pea-pod'],
  [['funghi', 'champignon', 'porcini'], 'brown-mushroom'],
  [['mais'], 'ear-of-corn'],
  [['zenzero'], 'ginger-root'],
  [['basilico', 'prezzemolo', 'rosmarino', 'salvia', 'menta', 'timo', 'origano'], 'herb'],
  [
    [
      'spaghetti',
      'spaghettini',
      'linguine',
      'trenette',
      'bucatini',
      'penne',
      'pennoni',
      'rigatoni',
      'fusilli',
      'granfusilli',
      'farfalle',
      'tagliatelle',
      'fettuccine',
      'pappardelle',
      'lasagne',
      'maccheroni',
      'manicotti',
      'ziti',
      'orecchiette',
      'paccheri',
      'conchiglie',
      'cellentani',
      'anellini',
    ],
    'spaghetti',
  ],
  [['pane', 'pagnotta', 'filone'], 'bread'],
  [['baguette'], 'baguette-bread'],
  [['croissant', 'cornetti', 'brioche'], 'croissant'],
  [['biscotti', 'frollini', 'cookies'], 'cookie'],
  [['cioccolato', 'cioccolata', 'cioccolatini'], 'chocolate-bar'],
  [['caffè', 'caffe', 'espresso'], 'hot-beverage'],
  [['tè', 'te', 'camomilla', 'tisana', 'infuso'], 'teacup-without-handle'],
  [['latte'], 'glass-of-milk'],
  [['uova', 'uovo'], 'egg'],
  [
    ['formaggio', 'parmigiano', 'grana', 'gorgonzola', 'pecorino', 'provolone', 'asiago', 'taleggio'],
    'cheese-wedge',
  ],
  [['burro'], 'butter'],
  [['miele'], 'honey-pot'],
  [['vino'], 'wine-glass'],
  [['spumante', 'prosecco', 'champagne'], 'bottle-with-popping-cork'],
  [['birra'], 'beer-mug'],
  [['acqua'], 'potable-water'],
  [['riso'], 'cooked-rice'],
  [['pizza'], 'pizza'],
  [['gelato'], 'ice-cream'],
  [['tonno', 'salmone', 'merluzzo', 'orata', 'branzino', 'sgombro', 'pesce', 'acciughe', 'alici'], 'fish'],
  [['gamberi', 'gamberetti', 'mazzancolle'], 'shrimp'],
  [['pollo', 'tacchino'], 'poultry-leg'],
  [['sale'], 'salt'],
  [['olive'], 'olive'],
];

/** Household and personal-care head words -> icon (food words do not apply there: "latte detergente"). */
const NON_FOOD_ICONS: ReadonlyArray<readonly [readonly string[], string]> = [
  [['sapone', 'saponetta', 'saponette'], 'soap'],
  [['shampoo', 'balsamo', 'bagnoschiuma', 'docciaschiuma'], 'lotion-bottle'],
  [['spazzolino', 'spazzolini', 'dentifricio'], 'toothbrush'],
  [['carta', 'rotoli', 'tovaglioli', 'fazzoletti'], 'roll-of-paper'],
  [['detersivo', 'ammorbidente', 'sgrassatore', 'candeggina'], 'bubbles'],
  [['spugna', 'spugne'], 'sponge'],
  [['scopa'], 'broom'],
  [['candela', 'candele'], 'candle'],
  [['pile', 'batterie'], 'battery'],
  [['lampadina', 'lampadine'], 'light-bulb'],
];

const indexOf = (table: ReadonlyArray<readonly [readonly string[], string]>) =>
  new Map(table.flatMap(([words, icon]) => words.map((w) => [w, icon] as const)));
const FOOD_INDEX = indexOf(FOOD_ICONS);
const NON_FOOD_INDEX = indexOf(NON_FOOD_ICONS);

/** Every icon the tables can choose (the test checks each exists in the icon set). */
export const ILLUSTRATION_ICONS: readonly string[] = [
  ...new Set([...FOOD_ICONS, ...NON_FOOD_ICONS].map(([, icon]) => icon)),
];

/** Words after which a name says what the product is made with or tastes of, not what it is. */
const CONNECTORS = new Set([
  'di',
  'del',
  'della',
  'dello',
  'dei',
  'delle',
  'al',
  'alla',
  'alle',
  'allo',
  'ai',
  'agli',
  'con',
  'gusto',
  'aroma',
  'ripieni',
  'ripiene',
  'per',
  'in',
  'e',
]);

/**
 * The icon of a product: the first known word of each phrase of its name (phrases split at commas and dashes;
 * a phrase's head ends at "di", "alla", "con"... so "Yogurt alla fragola" is not a strawberry), else the
 * shelf's icon.
 */
export function illustrationFor(name: string, nonFood: boolean, shelfIcon: string): string {
  const index = nonFood ? NON_FOOD_INDEX : FOOD_INDEX;
  for (const phrase of name.toLowerCase().split(/[,–-]/)) {
    for (const word of phrase.split(/[^\p{L}']+/u).filter(Boolean)) {
      if (CONNECTORS.has(word)) break;
      const icon = index.get(word);
      if (icon) return icon;
    }
  }
  return shelfIcon;
}
