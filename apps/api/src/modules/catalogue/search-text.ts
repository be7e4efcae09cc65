import { romeDayOf } from '@spesa/shared/time/rome';
/**
 * Turning what a customer typed into search input: words for full text, the word being typed for a
 * prefix match, the form of the suggestion dictionary. Pure functions (tested beside).
 */
const WORD = /[\p{L}\p{N}]+/gu;

export interface SearchText {
  /** the text as typed (trimmed, bounded by the contract), for websearch_to_tsquery */
  full: string;
  /** the words before the last one */
  head: string;
  /** tsquery prefix term of the last word ("mozz:*"), null when too short */
  lastPrefix: string | null;
  /** the words only, space separated: trigram fallback */
  words: string;
}

/** null when the text holds no searchable word (only punctuation, quotes, SQL-looking noise). */
export function parseSearchText(q: string): SearchText | null {
  const words = q.toLocaleLowerCase('it-IT').match(WORD) ?? [];
  if (words.length === 0) return null;
  const last = words[words.length - 1] ?? '';
  return {
    full: q.trim(),
    head: words.slice(0, -1).join(' '),
    lastPrefix: last.length >= 2 ? `${last}:*` : null,
    words: words.join(' '),
  };
}

/**
 * Lower case without accents, words separated by one space, an elision's apostrophe kept ("l'infanzia", the
 * typographic ’ as '): the form of the suggestion dictionary, whose terms are shown to the customer as they are.
 */
export function dictionaryForm(q: string): string {
  return (
    q
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .replace(/[’`´]/g, "'")
      .toLowerCase()
      .match(/[a-z0-9]+(?:'[a-z0-9]*)*/g) ?? []
  ).join(' ');
}

/** YYYY-MM-DD of a moment in Italy: the day promotions and "today" refer to. */
export function italianDate(moment: Date): string {
  return romeDayOf(moment);
}
