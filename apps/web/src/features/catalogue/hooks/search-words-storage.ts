import {
  addFastSearchWord,
  addSearchWord,
  parseStoredSearchWords,
  rememberedSearchWords,
  removeFastSearchWord,
  type SearchWord,
} from '@spesa/shared/catalogue/search-words';
import { SEARCH_WORDS_MAX_AGE_DAYS } from '../../../lib/config';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage';

/** Remembered search words in localStorage ({ name, counter, timestamp }); the rules live in @spesa/shared. */
export function loadSearchWords(now = Date.now()): SearchWord[] {
  return rememberedSearchWords(
    parseStoredSearchWords(readJson(STORAGE_KEYS.searchWords, [])),
    now,
    SEARCH_WORDS_MAX_AGE_DAYS,
  );
}

export function rememberSearchWord(name: string, now = Date.now()): SearchWord[] {
  const next = addSearchWord(loadSearchWords(now), name, now, SEARCH_WORDS_MAX_AGE_DAYS);
  writeJson(STORAGE_KEYS.searchWords, next);
  return next;
}

export function loadFastSearchWords(): string[] {
  const raw = readJson<unknown>(STORAGE_KEYS.fastSearchWords, []);
  return Array.isArray(raw) ? raw.filter((w): w is string => typeof w === 'string') : [];
}

export function addToFastSearch(word: string): string[] {
  const next = addFastSearchWord(loadFastSearchWords(), word);
  writeJson(STORAGE_KEYS.fastSearchWords, next);
  return next;
}

export function removeFromFastSearch(word: string): string[] {
  const next = removeFastSearchWord(loadFastSearchWords(), word);
  writeJson(STORAGE_KEYS.fastSearchWords, next);
  return next;
}
