import { describe, expect, it } from 'vitest';
import {
  addFastSearchWord,
  addSearchWord,
  parseStoredSearchWords,
  rememberedSearchWords,
  removeFastSearchWord,
  type SearchWord,
} from './search-words';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 1);
const w = (name: string, counter: number, daysAgo: number): SearchWord => ({
  name,
  counter,
  timestamp: NOW - daysAgo * DAY,
});

describe('addSearchWord', () => {
  it.each<[string, SearchWord[], string, SearchWord[]]>([
    ['a new word starts at 1', [], 'latte', [{ name: 'latte', counter: 1, timestamp: NOW }]],
    [
      'a repeated word counts +1 and refreshes its timestamp',
      [w('latte', 2, 5)],
      'latte',
      [{ name: 'latte', counter: 3, timestamp: NOW }],
    ],
    [
      'repetition is case- and space-insensitive',
      [w('Latte', 1, 3)],
      '  LATTE ',
      [{ name: 'Latte', counter: 2, timestamp: NOW }],
    ],
    ['blank words are ignored', [w('pane', 1, 1)], '   ', [w('pane', 1, 1)]],
    [
      'words older than the limit are dropped',
      [w('pane', 9, 31), w('uova', 1, 29)],
      'pasta',
      [{ name: 'pasta', counter: 1, timestamp: NOW }, w('uova', 1, 29)],
    ],
    [
      'sorted by counter descending',
      [w('pane', 1, 1), w('uova', 4, 2)],
      'pane',
      [w('uova', 4, 2), { name: 'pane', counter: 2, timestamp: NOW }],
    ],
  ])('%s', (_title, words, name, expected) => {
    expect(addSearchWord(words, name, NOW)).toEqual(expected);
  });

  it('takes the age limit as a parameter', () => {
    expect(addSearchWord([w('pane', 1, 8)], 'uova', NOW, 7).map((x) => x.name)).toEqual(['uova']);
  });
});

describe('rememberedSearchWords', () => {
  it('drops old words and sorts by counter, newest first on ties', () => {
    const list = [w('a', 1, 10), w('b', 3, 40), w('c', 3, 2), w('d', 3, 1), w('e', 5, 29)];
    expect(rememberedSearchWords(list, NOW).map((x) => x.name)).toEqual(['e', 'd', 'c', 'a']);
  });
});

describe('parseStoredSearchWords', () => {
  it('keeps only well-formed entries', () => {
    expect(parseStoredSearchWords([w('a', 1, 1), { name: 2 }, null, 'x'])).toEqual([w('a', 1, 1)]);
    expect(parseStoredSearchWords('nope')).toEqual([]);
  });
});

describe('fast-search list', () => {
  it.each<[string[], string, string[]]>([
    [[], 'Latte', ['Latte']],
    [['Latte'], 'latte', ['Latte']],
    [['Latte'], 'pane', ['Latte', 'pane']],
    [['Latte'], ' ', ['Latte']],
  ])('add %j + %s → %j', (list, word, expected) => {
    expect(addFastSearchWord(list, word)).toEqual(expected);
  });

  it.each<[string[], string, string[]]>([
    [['Latte', 'pane'], 'LATTE', ['pane']],
    [['Latte'], 'uova', ['Latte']],
  ])('remove %j − %s → %j', (list, word, expected) => {
    expect(removeFastSearchWord(list, word)).toEqual(expected);
  });
});
