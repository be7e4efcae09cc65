import { describe, expect, it } from 'vitest';
import { brandCasingMap, detectLeadingBrand, fixMojibake, kebab, tidyName } from './names';

const casing = brandCasingMap(['Barilla', 'Casa Modena', 'Negroni', 'La Molisana', 'Simmenthal']);

describe('tidyName', () => {
  it.each([
    [
      'BARILLA FARFALLE Pasta di semola di grano duro',
      'Barilla',
      'Barilla farfalle Pasta di semola di grano duro',
    ],
    ['Chiffonade bresaola NEGRONI', 'Negroni', 'Chiffonade bresaola'],
    ['Bresaola   Levoni', 'Levoni', 'Bresaola'],
    ['CASA MODENA Speck', 'Casa Modena', 'Casa Modena Speck'],
    ['Gnocchetti Freschi Di Patate', null, 'Gnocchetti Freschi di Patate'],
    ['Penne La Molisana Rigate', 'La Molisana', 'Penne La Molisana Rigate'],
    ['Gorgonzola D.O.P. INTENSO', null, 'Gorgonzola D.O.P. intenso'],
    ['Grana Padano DOP 500 g', null, 'Grana Padano DOP'],
    ['Rana Pesto Genovese GR', 'Giovanni Rana', 'Rana Pesto Genovese'],
    ['SFOGLIE per lasagne', null, 'Sfoglie per lasagne'],
    ['Pasta Zara Tomatoe Paste ( )', null, 'Pasta Zara Tomatoe Paste'],
    ['Passata [] di pomodoro', null, 'Passata di pomodoro'],
    ["Pasta 'fusilloni' ( Packung)", null, "Pasta 'fusilloni'"],
    ['Spaghetti ( Beutel)', null, 'Spaghetti'],
    ['Penne (Family Pack)', null, 'Penne (Family Pack)'],
  ])('%s -> %s', (raw, brand, expected) => {
    expect(tidyName(raw, brand, casing)).toBe(expected);
  });

  it('keeps a name that would become too short', () => {
    expect(tidyName('Levoni', 'Levoni', casing)).toBe('Levoni');
  });
});

describe('tidyName: English words mixed into Italian names', () => {
  it.each([
    ['Aglio garlic', null, 'Aglio'],
    ['Ceci chick peas', null, 'Ceci'],
    ['Torta al cacao cocoa cake', null, 'Torta al cacao'],
    ['Vita Vigor Grissini Garlic', null, "Vita Vigor Grissini all'aglio"],
    ['Sacla Wild Garlic Pesto', null, "Sacla pesto all'aglio orsino"],
    ['Teddi Yogurt Strawberry', null, 'Teddi Yogurt alla fragola'],
    ['Lemon Panettone', null, 'Panettone al limone'],
    ['Elledi Poker Lemon Wafer', null, 'Elledi Poker wafer al limone'],
    ['Torta Lemon', null, 'Torta al limone'],
    ['Tortelloni ricotta e spinach', null, 'Tortelloni ricotta e spinaci'],
    ['Giovanni Rana Spinach Ricotta Tortelloni', null, 'Giovanni Rana Tortelloni ricotta e spinaci'],
    ['Ravioli con Salmon', null, 'Ravioli con salmone'],
    ['Sgombro al natural', null, 'Sgombro al naturale'],
    ['Varvello Crema Balsamic Vinegar', null, "Varvello Crema all'aceto balsamico"],
    ['Gallo Risotto Pronto Porcini Mushroom', null, 'Gallo Risotto Pronto Porcini'],
    ['Ligurian Basil Pesto', null, 'Pesto al basilico ligure'],
    ['Sicilian Basil Pesto (jar) - Pesto di Basilico', null, 'Pesto di Basilico'],
    ['Bertagni Fresh Fettucine Pasta', null, 'Bertagni Fettucine fresche'],
    ['Pre-baked Pizza Base', null, 'Base per pizza precotta'],
    ['Frozen Buffalo Mozzarella', null, 'Mozzarella di bufala surgelata'],
    // words Italian shelves use as they are
    ['Plum Cake con Yogurt', null, 'Plum Cake con Yogurt'],
    ['Ice tea pesca', null, 'Ice tea pesca'],
  ])('%s -> %s', (raw, brand, expected) => {
    expect(tidyName(raw, brand, casing)).toBe(expected);
  });
});

describe('fixMojibake', () => {
  it('repairs UTF-8 read as Latin-1 and entity debris', () => {
    expect(fixMojibake('CaffÃ¨ macinato')).toBe('Caffè macinato');
    expect(fixMojibake('Barilla 039 Conchigliette')).toBe('Barilla Conchigliette');
    expect(fixMojibake('L&#039;originale')).toBe("L'originale");
  });
  it('leaves correct text alone', () => {
    expect(fixMojibake('Sanbittèr Crodino')).toBe('Sanbittèr Crodino');
  });
});

describe('kebab', () => {
  it('makes unaccented, lower-case slugs', () => {
    expect(kebab('Caffè Crema & Gusto')).toBe('caffe-crema-gusto');
    expect(kebab("Sant'Anna naturale 1,5 l")).toBe('sant-anna-naturale-1-5-l');
  });
  it('cuts long names on a word boundary', () => {
    const k = kebab('a'.repeat(30) + ' ' + 'b'.repeat(40), 60);
    expect(k).toBe('a'.repeat(30));
  });
});

describe('detectLeadingBrand', () => {
  it('finds the longest known brand at the start of a name', () => {
    const brands = ['Mulino Bianco', 'Mulino', 'Barilla'].sort((a, b) => b.length - a.length);
    expect(detectLeadingBrand('Mulino Bianco Macine', brands)).toBe('Mulino Bianco');
    expect(detectLeadingBrand('Barillaccio', brands)).toBeNull();
  });
});
