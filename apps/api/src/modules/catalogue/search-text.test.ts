import { describe, expect, it } from 'vitest';
import { dictionaryForm, italianDate, parseSearchText } from './search-text';

describe('parseSearchText', () => {
  it.each([
    [
      'mozzarella di bufala',
      { head: 'mozzarella di', lastPrefix: 'bufala:*', words: 'mozzarella di bufala' },
    ],
    ['  Caffè  ', { head: '', lastPrefix: 'caffè:*', words: 'caffè' }],
    ['pasta b', { head: 'pasta', lastPrefix: null, words: 'pasta b' }],
    [
      "'; drop table products;--",
      { head: 'drop table', lastPrefix: 'products:*', words: 'drop table products' },
    ],
  ])('%s', (q, expected) => {
    expect(parseSearchText(q)).toMatchObject(expected);
  });

  it('answers null when nothing is searchable', () => {
    for (const q of ['', '   ', '%_\\', "'--;", ':*&|!()']) expect(parseSearchText(q)).toBeNull();
  });
});

describe('dictionaryForm', () => {
  it('lower-cases and strips accents like the term dictionary', () => {
    expect(dictionaryForm('Caffè  PERÒ-tè')).toBe('caffe pero te');
    expect(dictionaryForm('%_')).toBe('');
  });

  it("keeps an elision's apostrophe, typographic or not", () => {
    expect(dictionaryForm("Latte per l'infanzia")).toBe("latte per l'infanzia");
    expect(dictionaryForm('LATTE PER L’INF')).toBe("latte per l'inf");
    expect(dictionaryForm("latte per l'")).toBe("latte per l'");
    expect(dictionaryForm("'quote' -- ")).toBe("quote'");
  });
});

describe('italianDate', () => {
  it('uses the Italian calendar day', () => {
    expect(italianDate(new Date('2025-06-30T22:30:00Z'))).toBe('2025-07-01');
    expect(italianDate(new Date('2025-01-15T10:00:00Z'))).toBe('2025-01-15');
  });
});
