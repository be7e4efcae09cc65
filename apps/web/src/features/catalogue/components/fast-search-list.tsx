import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { addToFastSearch, loadFastSearchWords, removeFromFastSearch } from '../hooks/search-words-storage';

/**
 * The fast-search list (spec section 4): words the customer keeps for one-click searches, stored in the
 * browser; added and removed case-insensitively. Shown on the search page: each word is a link to its
 * results with a remove button, and the current search can be added. Plain elements styled by
 * product-listing.css (the search page's own stylesheet): MUI here made the search page wait for the MUI
 * chunk before its first render.
 */
export function FastSearchList({ current }: { current: string }) {
  const { t } = useTranslation();
  const [words, setWords] = useState<string[]>(loadFastSearchWords);
  const hasCurrent = words.some((w) => w.toLowerCase() === current.toLowerCase());
  return (
    <section aria-labelledby="fast-search-title" className="fast-search">
      <h2 id="fast-search-title" className="fast-search-title">
        {t('fastSearch.title')}
      </h2>
      <ul className="subcategory-chips">
        {words.map((word) => (
          <li key={word} className="fast-search-word">
            <RouterLink className="subcategory-chip" to={`/search?q=${encodeURIComponent(word)}`}>
              {word}
            </RouterLink>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('fastSearch.remove', { word })}
              onClick={() => setWords(removeFromFastSearch(word))}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
        {words.length === 0 && <li className="fast-search-empty">{t('fastSearch.empty')}</li>}
      </ul>
      {current && !hasCurrent && (
        <button
          type="button"
          className="btn fast-search-add"
          onClick={() => setWords(addToFastSearch(current))}
        >
          {t('fastSearch.add', { word: current })}
        </button>
      )}
    </section>
  );
}
