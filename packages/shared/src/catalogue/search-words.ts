/**
 * Remembered search words (spec sections 3 and 4): stored locally as { name, counter, timestamp }.
 * - a repeated word increases its counter and refreshes its timestamp;
 * - words older than a configured number of days are dropped;
 * - the list is sorted by counter, descending (newest first among equal counters);
 * - a fast-search list can be added to and removed from, case-insensitively.
 * Pure functions: the caller passes `now` (ms) and owns the storage.
 */
export interface SearchWord {
  name: string;
  counter: number;
  /** ms since the epoch of the last use */
  timestamp: number;
}

export const SEARCH_WORDS_MAX_AGE_DAYS_DEFAULT = 30;
const DAY_MS = 86_400_000;

const key = (s: string) => s.trim().toLocaleLowerCase('it-IT');

/** Words used within `maxAgeDays` of `now`, most used first. */
export function sortSearchWords(words: readonly SearchWord[]): SearchWord[] {
  return [...words].sort((a, b) => b.counter - a.counter || b.timestamp - a.timestamp);
}

export function pruneSearchWords(
  words: readonly SearchWord[],
  now: number,
  maxAgeDays: number = SEARCH_WORDS_MAX_AGE_DAYS_DEFAULT,
): SearchWord[] {
  const oldest = now - maxAgeDays * DAY_MS;
  return words.filter((w) => w.timestamp >= oldest);
}

/** Pruned and sorted: what the search box shows. */
export function rememberedSearchWords(
  words: readonly SearchWord[],
  now: number,
  maxAgeDays: number = SEARCH_WORDS_MAX_AGE_DAYS_DEFAULT,
): SearchWord[] {
  return sortSearchWords(pruneSearchWords(words, now, maxAgeDays));
}

/** Records one use of `name`; blank words are ignored. The result is pruned and sorted. */
export function addSearchWord(
  words: readonly SearchWord[],
  name: string,
  now: number,
  maxAgeDays: number = SEARCH_WORDS_MAX_AGE_DAYS_DEFAULT,
): SearchWord[] {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const live = pruneSearchWords(words, now, maxAgeDays);
  if (!trimmed) return sortSearchWords(live);
  const k = key(trimmed);
  const existing = live.find((w) => key(w.name) === k);
  const next = existing
    ? live.map((w) => (w === existing ? { ...w, counter: w.counter + 1, timestamp: now } : w))
    : [...live, { name: trimmed, counter: 1, timestamp: now }];
  return sortSearchWords(next);
}

/** Reads a stored value defensively: anything malformed is dropped. */
export function parseStoredSearchWords(raw: unknown): SearchWord[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (w): w is SearchWord =>
      typeof w === 'object' &&
      w !== null &&
      typeof (w as SearchWord).name === 'string' &&
      Number.isFinite((w as SearchWord).counter) &&
      Number.isFinite((w as SearchWord).timestamp),
  );
}

/** Fast-search list: adds `word` unless already present (case-insensitive). */
export function addFastSearchWord(list: readonly string[], word: string): string[] {
  const trimmed = word.trim();
  if (!trimmed || list.some((w) => key(w) === key(trimmed))) return [...list];
  return [...list, trimmed];
}

/** Fast-search list: removes `word` whatever its case. */
export function removeFastSearchWord(list: readonly string[], word: string): string[] {
  return list.filter((w) => key(w) !== key(word));
}
