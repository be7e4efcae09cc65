import { describe, expect, it } from 'vitest';
import {
  eanIssue,
  masterIssues,
  masterProductInfos,
  netContentOf,
  readMasterRow,
  type ProductMaster,
} from './product-master';

const pasta: ProductMaster = {
  code: 'P-100',
  ean: '8076809513753',
  name: 'Spaghetti n. 5',
  brand: 'Barilla',
  format: '500 g',
  categoryId: 12,
  vatPct: 4,
  sellingType: 'Pezzo',
  qtyMult: 1,
  qtyLocked: false,
  weightSelling: null,
  stepSelling: null,
  lineMax: null,
  priceCents: 129,
  ingredients: 'Semola di grano duro, acqua.',
  allergens: 'glutine',
  storage: null,
  active: true,
};

describe('EAN check digit', () => {
  it.each([
    ['8076809513753', null],
    ['4006381333931', null],
    ['96385074', null],
    ['40170725', null],
    ['8076809513754', 'EAN non valido: la cifra di controllo non corrisponde.'],
    ['96385075', 'EAN non valido: la cifra di controllo non corrisponde.'],
    ['807680951375', 'EAN non valido: servono 13 cifre (EAN-13) o 8 (EAN-8).'],
    ['80768095137A3', 'EAN non valido: servono 13 cifre (EAN-13) o 8 (EAN-8).'],
  ])('%s -> %s', (ean, issue) => expect(eanIssue(ean)).toBe(issue));
});

describe('the product master rules (form and import alike)', () => {
  it('a complete product passes', () => expect(masterIssues(pasta)).toEqual([]));

  it.each<[string, Partial<ProductMaster>, string, string]>([
    ['empty code', { code: '' }, 'code', 'Il codice è obbligatorio.'],
    [
      'code with spaces',
      { code: 'P 1' },
      'code',
      'Codice non valido: lettere, cifre, punto, trattino (al massimo 40).',
    ],
    ['VAT 21', { vatPct: 21 }, 'vatPct', 'Aliquota IVA non valida: 4, 5, 10, 22%.'],
    [
      'price 0',
      { priceCents: 0 },
      'priceCents',
      'Il prezzo deve essere un importo positivo (fino a 100.000 €).',
    ],
    ['no category', { categoryId: 0 }, 'categoryId', 'Categoria sconosciuta.'],
    ['a one-letter name', { name: 'A' }, 'name', 'Il nome va da 2 a 200 caratteri.'],
    [
      'loose by pieces',
      { sellingType: 'Sfuso', qtyMult: 2, weightSelling: 500 },
      'qtyMult',
      'Un prodotto sfuso si vende a peso, non a multipli di pezzi.',
    ],
    [
      'loose without weights',
      { sellingType: 'Sfuso' },
      'weightSelling',
      'Un prodotto sfuso ha il peso minimo o il passo in grammi.',
    ],
    [
      'a piece with a weight step',
      { stepSelling: 100 },
      'weightSelling',
      'Peso minimo e passo valgono solo per i prodotti sfusi.',
    ],
    [
      'a step of 5 g',
      { sellingType: 'Sfuso', stepSelling: 5 },
      'stepSelling',
      'Il passo va da 10 a 5000 grammi.',
    ],
    [
      'line max off the grid',
      { qtyMult: 6, qtyLocked: true, lineMax: 10 },
      'lineMax',
      'La quantità massima per riga è un multiplo del multiplo di vendita.',
    ],
    ['QTY_MULT 49', { qtyMult: 49 }, 'qtyMult', 'Il multiplo va da 1 a 48 pezzi.'],
  ])('%s is refused', (_what, change, field, message) => {
    expect(masterIssues({ ...pasta, ...change })).toContainEqual({ field, message });
  });

  it('writes the productInfos the cart reads', () => {
    expect(masterProductInfos({ ...pasta, sellingType: 'Confezione', qtyMult: 6, qtyLocked: true })).toEqual({
      TIPOLOGIA: 'Confezione',
      MINACQ: '1',
      UNIT_SELLING: 'PZ',
      QTY_MULT: '6',
      QTY_LOCKED: 'true',
      MULTI_PACK: '6',
    });
    expect(
      masterProductInfos({ ...pasta, sellingType: 'Sfuso', weightSelling: 500, stepSelling: 100 }),
    ).toEqual({
      TIPOLOGIA: 'Sfuso',
      MINACQ: '1',
      WEIGHT_UNIT_SELLING: 'GR',
      WEIGHT_UNIT_BASE: 'KG',
      WEIGHT_SELLING: '500',
      STEP_SELLING: '100',
    });
  });

  it.each<[string, ProductMaster['sellingType'], number, string, number | null]>([
    ['500 g', 'Pezzo', 1, 'kg', 0.5],
    ['6 x 1,5 l', 'Confezione', 6, 'l', 1.5],
    ['6 x 1,5 l', 'Pezzo', 1, 'l', 9],
    ['al kg', 'Sfuso', 1, 'kg', 1],
    ['4 rotoli', 'Confezione', 1, 'pz', null],
  ])('net content of %s (%s, x%i)', (format, sellingType, qtyMult, unitBase, netQuantity) => {
    expect(netContentOf({ format, sellingType, qtyMult })).toEqual({ unitBase, netQuantity });
  });
});

describe('an import row, text per column', () => {
  const categories: Record<string, number> = { '12': 12, pasta: 12 };
  const categoryOf = (t: string) => categories[t.toLowerCase()] ?? null;
  const row = {
    codice: 'P-100',
    ean: '8076809513753',
    nome: 'Spaghetti n. 5',
    marca: 'Barilla',
    formato: '500 g',
    categoria: 'pasta',
    iva: '4',
    tipologia: 'pezzo',
    prezzo: '1,29',
    attivo: 'sì',
  };

  it('reads a good row', () => {
    const read = readMasterRow(row, categoryOf);
    expect(read).toMatchObject({
      ok: true,
      product: { categoryId: 12, priceCents: 129, sellingType: 'Pezzo' },
    });
  });

  it.each<[string, Record<string, string>, string, string]>([
    [
      'EAN check digit',
      { ean: '8076809513754' },
      'ean',
      'EAN non valido: la cifra di controllo non corrisponde.',
    ],
    ['unknown category', { categoria: 'gelati' }, 'categoria', 'Categoria sconosciuta: "gelati".'],
    [
      'price not a number',
      { prezzo: 'uno e venti' },
      'prezzo',
      'Prezzo non valido: "uno e venti" non è un importo (es. 1,99).',
    ],
    ['price missing', { prezzo: '' }, 'prezzo', 'Il prezzo è obbligatorio.'],
    ['VAT 22%', { iva: '21%' }, 'iva', 'Aliquota IVA non valida: 4, 5, 10, 22%.'],
    ['selling type', { tipologia: 'Cassa' }, 'tipologia', 'Tipologia non valida: Pezzo, Confezione o Sfuso.'],
    ['multiple as text', { multiplo: 'sei' }, 'multiplo', '"sei" non è un numero intero.'],
    ['active as text', { attivo: 'forse' }, 'attivo', '"forse" non è sì o no.'],
  ])('%s: refused with its column', (_what, change, column, message) => {
    const read = readMasterRow({ ...row, ...change }, categoryOf);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.issues).toContainEqual({ column, message });
  });

  it('a formula written as text is only text', () => {
    const read = readMasterRow({ ...row, nome: '=HYPERLINK("http://x")' }, categoryOf);
    expect(read).toMatchObject({ ok: true, product: { name: '=HYPERLINK("http://x")' } });
  });
});
