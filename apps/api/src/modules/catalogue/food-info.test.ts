import { describe, expect, it } from 'vitest';
import { allergensIn, freeFromOf, ingredientsHtml, nutritionTableHtml } from './food-info';

describe('the food information on the wire (Regulation EU 1169/2011)', () => {
  it.each([
    ['Farina di grano tenero, acqua, sale', 'Farina di <strong>grano</strong> tenero, acqua, sale'],
    [
      'Zucchero, LATTE scremato in polvere, burro',
      'Zucchero, <strong>LATTE</strong> scremato in polvere, <strong>burro</strong>',
    ],
    [
      'Cioccolato, frutta a guscio (nocciole 13%)',
      'Cioccolato, <strong>frutta a guscio</strong> (<strong>nocciole</strong> 13%)',
    ],
    ['Pomodoro, olio extravergine, basilico', 'Pomodoro, olio extravergine, basilico'],
    ['Lattuga, cavolo', 'Lattuga, cavolo'],
    [
      '<script>alert(1)</script> uova & sesamo',
      '&lt;script&gt;alert(1)&lt;/script&gt; <strong>uova</strong> &amp; <strong>sesamo</strong>',
    ],
  ])('ingredients %j emphasise the allergens', (text, html) => {
    expect(ingredientsHtml(text)).toBe(html);
  });

  it('names the Annex II allergens of an allergen text', () => {
    expect(allergensIn('Glutine, Latte e derivati, può contenere frutta a guscio')).toEqual([
      'glutine',
      'latte',
      'frutta a guscio',
    ]);
    expect(allergensIn(null)).toEqual([]);
    expect(allergensIn('nessuno')).toEqual([]);
  });

  it('turns the stored nutrition text into a table of nutrient and value per 100 g', () => {
    const html = nutritionTableHtml(
      'Valori medi per 100 g: Energia 350 kcal (stima) · Grassi 1,5 g · di cui acidi grassi saturi 0,3 g · Sale 0,02 g',
    );
    expect(html).toBe(
      '<table><caption>Valori medi per 100 g</caption><thead><tr><th scope="col">Nutriente</th><th scope="col">Per 100 g</th></tr></thead><tbody>' +
        '<tr><th scope="row">Energia</th><td>350 kcal (stima)</td></tr>' +
        '<tr><th scope="row">Grassi</th><td>1,5 g</td></tr>' +
        '<tr><th scope="row">di cui acidi grassi saturi</th><td>0,3 g</td></tr>' +
        '<tr><th scope="row">Sale</th><td>0,02 g</td></tr>' +
        '</tbody></table>',
    );
    expect(nutritionTableHtml('Valori medi per 100 g: <b>x</b> 3 g')).toContain(
      '<th scope="row">&lt;b&gt;x&lt;/b&gt;</th>',
    );
    expect(nutritionTableHtml('dati non disponibili')).toBeNull();
  });
});

describe('freeFromOf: what a product is known to be free of, never guessed', () => {
  it.each([
    ['Pasta di mais senza glutine', null, null, ['glutine']],
    ['Latte UHT senza lattosio', null, null, ['lattosio']],
    ['Latte parzialmente scremato delattosato', 'latte', 'latte', ['glutine', 'lattosio']],
    ['Biscotti', null, 'farina di frumento, burro', []],
    ['Biscotti', 'glutine, latte', 'farina di frumento, burro', []],
    ['Passata di pomodoro', 'nessuno', 'pomodoro, sale', ['glutine', 'lattosio']],
    ['Crackers', 'sesamo', 'farina di grano, sesamo', ['lattosio']],
    ['Yogurt bianco', '', 'latte', []],
  ] as Array<[string, string | null, string | null, string[]]>)(
    '%s (allergens %j, ingredients %j) → %j',
    (name, allergens, ingredients, expected) => {
      expect(freeFromOf({ name, allergens, ingredients })).toEqual(expected);
    },
  );
});
