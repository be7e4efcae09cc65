import { describe, expect, it } from 'vitest';
import { SuggestionIndex, trigrams } from './suggestion-index';

const index = new SuggestionIndex([
  { term: 'mozzarella', frequency: 128 },
  { term: 'mozzarelle', frequency: 1 },
  { term: 'mozarella', frequency: 9 },
  { term: 'mozzarella di bufala', frequency: 40 },
  { term: 'bufala', frequency: 45 },
  { term: 'pasta', frequency: 900 },
  { term: 'pasta secca', frequency: 1000 },
  { term: 'passata', frequency: 80 },
]);

describe('trigrams', () => {
  it('pads words like pg_trgm', () => {
    expect([...trigrams('Ab')].sort()).toEqual(['  a', ' ab', 'ab '].sort());
    expect(trigrams('%_').size).toBe(0);
  });
});

describe('SuggestionIndex', () => {
  it('completes word prefixes, terms starting with the prefix first, then by frequency', () => {
    expect(index.byPrefix('pas', 10).map((t) => t.term)).toEqual(['pasta secca', 'pasta', 'passata']);
    expect(index.byPrefix('buf', 10).map((t) => t.term)).toEqual(['bufala', 'mozzarella di bufala']);
    expect(index.byPrefix('zz', 10)).toEqual([]);
    expect(index.byPrefix('', 10)).toEqual([]);
  });

  it('forgives typos by trigram similarity', () => {
    const names = index.bySimilarity('mozarela', 10).map((t) => t.term);
    expect(names).toContain('mozzarella');
    expect(names).not.toContain('pasta');
  });

  it('finds a term with an elision by the whole word and by the word after the apostrophe', () => {
    const withElision = new SuggestionIndex([{ term: "latte per l'infanzia", frequency: 12 }]);
    for (const prefix of ['latte', "l'inf", 'infan'])
      expect(withElision.byPrefix(prefix, 10).map((t) => t.term)).toEqual(["latte per l'infanzia"]);
  });

  it('honours the limit', () => {
    expect(index.byPrefix('mo', 2)).toHaveLength(2);
  });
});
