import { icons } from '@iconify-json/fluent-emoji-flat';
import { getIconData } from '@iconify/utils';
import { describe, expect, it } from 'vitest';
import {
  brandMakes,
  ILLUSTRATION_ICONS,
  illustrationFor,
  italianName,
  looseBrandFits,
  plausibleFormat,
} from './catalogue-quality';

describe('italianName', () => {
  it.each([
    ['Barilla Pasta Uk - Barilla Pasta Anellini 500', 'Barilla Pasta Anellini 500'],
    ['Barilla Pesto Alla Genovese Without Garlic ( )', 'Barilla Pesto Alla Genovese senza aglio'],
    ['Bonomelli uk - Bonomelli camomilla 20 bags camomile', 'Bonomelli camomilla 20 filtri'],
    ['Saucissson Italien Salame Chiantigiano CIPRESSI IN CHIANTI', 'Salame Chiantigiano CIPRESSI IN CHIANTI'],
    ['Penne Rigate, Italian Macaroni Product', 'Penne Rigate'],
    ['Grissini no gluten', 'Grissini senza glutine'],
    ['Panettone Italian Specialty Cake', 'Panettone'],
    ['Minestrone Italien', 'Minestrone'],
    ['Buffalo Mozzarella', 'Mozzarella di bufala'],
    // Italian names stay as they are, Italian loan words included
    ['Plum Cake con Yogurt', 'Plum Cake con Yogurt'],
    ['Paste di Mandorla Fogliame Cioccolato', 'Paste di Mandorla Fogliame Cioccolato'],
    ['Ginseng & caffè', 'Ginseng & caffè'],
  ])('%s -> %s', (raw, italian) => {
    expect(italianName(raw)).toBe(italian);
  });

  it.each(['Pasta Zara Tomatoe Paste ( )', 'Bread/pans & pizza', "Huiles D'olive Bio"])(
    'leaves out %s (no Italian form)',
    (raw) => {
      expect(italianName(raw)).toBeNull();
    },
  );
});

describe('plausibleFormat', () => {
  it.each([
    ['33 g', ['confezione 500 g', 'confezione 1 kg'], null], // a portion of pasta, not a pack
    ['10 g', ['panetto 125 g', 'panetto 250 g'], null],
    ['25 ml', ['bottiglia 1,5 l', '6 x 330 ml'], null],
    ['500 g', ['confezione 500 g', 'confezione 1 kg'], '500 g'],
    ['25 g', ['vasetto 30 g', 'busta 20 g'], '25 g'], // spices come small
    ['20 g', ['20 filtri', '25 filtri'], '20 g'], // nothing to compare with
    ['6 uova', ['confezione 6 uova'], '6 uova'],
    [null, ['confezione 500 g'], null],
  ] as const)('%s on a shelf of %j -> %s', (quantity, shelf, expected) => {
    expect(plausibleFormat(quantity, shelf)).toBe(expected);
  });
});

describe('brands', () => {
  it('a fruit brand is on the fruit it grows only', () => {
    expect(brandMakes('Zespri', 'Kiwi gold')).toBe(true);
    expect(brandMakes('Zespri', 'Mele Renette')).toBe(false);
    expect(brandMakes('Melinda', 'Mele Golden')).toBe(true);
    expect(brandMakes('Chiquita', 'Banane')).toBe(true);
    expect(brandMakes("Sant'Orsola", 'Noci sgusciate')).toBe(false);
    expect(brandMakes('Barilla', 'Spaghetti n.5')).toBe(true); // no rule: the whole shelf
  });

  it('a loose product carries only a brand known to grow it', () => {
    expect(looseBrandFits('Melinda', 'Mele Fuji')).toBe(true);
    expect(looseBrandFits('Bonduelle', 'Zucchine')).toBe(false);
    expect(looseBrandFits('Barilla', 'Mele Fuji')).toBe(false);
  });
});

describe('illustrationFor', () => {
  it.each([
    ['Avocado Hass', false, 'banana', 'avocado'],
    ['Mele Renette', false, 'red-apple', 'red-apple'],
    ['Kiwi', false, 'banana', 'kiwi-fruit'],
    ["Pastificio Di Bari Tarall'Oro, Manicotti Al Farro Pasta", false, 'pretzel', 'spaghetti'],
    ['Yogurt alla fragola', false, 'custard', 'custard'], // what it tastes of is not what it is
    ['Succo di mela', false, 'beverage-box', 'beverage-box'],
    ['Pomodori ciliegini', false, 'tomato', 'tomato'],
    ['Latte detergente', true, 'lotion-bottle', 'lotion-bottle'], // not milk in personal care
    ['Sapone liquido', true, 'lotion-bottle', 'soap'],
  ])('%s (non-food %s, shelf %s) -> %s', (name, nonFood, shelf, icon) => {
    expect(illustrationFor(name, nonFood, shelf)).toBe(icon);
  });

  it('draws only icons the icon set has', () => {
    const missing = ILLUSTRATION_ICONS.filter((name) => !getIconData(icons, name));
    expect(missing).toEqual([]);
  });
});
