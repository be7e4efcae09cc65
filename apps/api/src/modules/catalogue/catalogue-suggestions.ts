import type { SuggestItem } from '@spesa/shared/contracts/catalogue';
import { ok, type Result } from '../../lib/result';
import { loadSearchTerms, type CategoryRow } from './catalogue.repository';
import type { CatalogueReads } from './catalogue-reads';
import type { CategoryIndex } from './category-index';
import { dictionaryForm } from './search-text';
import { SuggestionIndex } from './suggestion-index';

export const SUGGEST_MAX_ITEMS = 10;
export const SUGGEST_MAX_CATEGORIES = 3;
const SUGGEST_TYPO_BELOW = 5;

/** The search box's suggestions: categories by name, then dictionary words by prefix and, few, by similarity. */
export class CatalogueSuggestions {
  readonly #r: CatalogueReads;
  #suggestions: { version: number; index: Promise<SuggestionIndex> } | null = null;

  constructor(reads: CatalogueReads) {
    this.#r = reads;
  }

  async suggest(q: string): Promise<Result<{ items: SuggestItem[] }>> {
    const form = dictionaryForm(q);
    if (form.length < 2) return ok({ items: [] });
    return this.#r.cache.getOrLoad(['suggest', form], async () => {
      const words = form.split(' ');
      const last = words[words.length - 1] ?? '';
      const head = words.slice(0, -1).join(' ');
      // the words typed before the last one, then the term; a term of several words that already starts
      // with them (a category's name) stands alone
      const phrase = (term: string) => (!head || term.startsWith(`${head} `) ? term : `${head} ${term}`);
      const index = await this.#r.categories();

      const categories: SuggestItem[] = [];
      for (const row of [...index.roots, ...index.roots.flatMap((r) => this.#descendants(index, r))]) {
        if (categories.length >= SUGGEST_MAX_CATEGORIES) break;
        if (` ${dictionaryForm(row.name)}`.includes(` ${form}`))
          categories.push({ name: row.name, type: 'Category', slug: row.slug, id: row.categoryId });
      }
      const maxWords = SUGGEST_MAX_ITEMS - categories.length;
      const seen = new Set<string>();
      const items: SuggestItem[] = [];
      const add = (term: string) => {
        const name = phrase(term);
        if (items.length >= maxWords || seen.has(name)) return;
        seen.add(name);
        items.push({ name, type: 'Word' });
      };
      const dictionary = await this.#suggestionIndex();
      if (last.length >= 2) for (const t of dictionary.byPrefix(last, maxWords)) add(t.term);
      // typo tolerance only when the prefix finds little: otherwise it adds noise to good completions
      if (items.length < SUGGEST_TYPO_BELOW && last.length >= 3)
        for (const t of dictionary.bySimilarity(last, maxWords)) add(t.term);
      return ok({ items: [...items, ...categories] });
    });
  }

  #descendants(index: CategoryIndex, row: CategoryRow): CategoryRow[] {
    return index.menuChildren(row.categoryId).flatMap((c) => [c, ...this.#descendants(index, c)]);
  }

  async #suggestionIndex(): Promise<SuggestionIndex> {
    const version = await this.#r.cache.version();
    if (this.#suggestions?.version !== version) {
      const index = loadSearchTerms(this.#r.db).then((rows) => new SuggestionIndex(rows));
      this.#suggestions = { version, index };
      index.catch(() => {
        if (this.#suggestions?.index === index) this.#suggestions = null;
      });
    }
    return this.#suggestions.index;
  }
}
