import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { Icon } from '../../../components/icons';
import type { SuggestItem } from '@spesa/shared/contracts/catalogue';
import { useSuggestions } from '../api/get-suggestions';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { loadSearchWords, rememberSearchWord } from '../hooks/search-words-storage';
import { SUGGEST_DEBOUNCE_MS } from '../../../lib/config';
import { paths } from '../../../lib/route-paths';
import { FOCUS_ON_ARRIVAL } from '../../../components/use-focus-on-arrival';

interface Option {
  key: string;
  label: string;
  type: SuggestItem['type'];
  slug?: string | undefined;
  recent?: boolean;
}

const TYPE_LABEL_KEY = {
  Word: 'search.typeWord',
  Category: 'search.typeCategory',
  Product: 'search.typeProduct',
} as const;

/**
 * The search combobox (WAI-ARIA 1.2 combobox with a listbox popup): debounced suggestions from
 * /products/suggest; remembered search words when the box is focused and empty. Up/Down move, Enter
 * chooses (or searches the typed text), Escape closes then clears.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState(() => loadSearchWords());

  const trimmed = value.trim();
  const debounced = useDebouncedValue(trimmed, SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(open ? debounced : '');

  const options: Option[] = useMemo(() => {
    if (!trimmed) {
      return recent
        .slice(0, 8)
        .map((w) => ({ key: `recent-${w.name}`, label: w.name, type: 'Word' as const, recent: true }));
    }
    if (debounced !== trimmed || debounced.length < 2) return [];
    return (suggestions.data ?? []).map((s, i) => ({
      key: `${s.type}-${s.slug ?? s.name}-${i}`,
      label: s.name,
      type: s.type,
      slug: s.slug,
    }));
  }, [trimmed, debounced, recent, suggestions.data]);

  const expanded = open && options.length > 0;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function search(text: string) {
    const q = text.trim();
    if (!q) return;
    setRecent(rememberSearchWord(q));
    setValue(q);
    close();
    // the results' heading takes the focus (the listing, decision 069)
    void navigate(paths.search(q), { state: FOCUS_ON_ARRIVAL });
  }

  function choose(option: Option) {
    if (option.type === 'Category' && option.slug) {
      close();
      setValue('');
      void navigate(paths.category(option.slug));
    } else if (option.type === 'Product' && option.slug) {
      close();
      setValue('');
      void navigate(paths.product(option.slug));
    } else {
      search(option.label);
    }
    inputRef.current?.blur();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      if (options.length) setActive((i) => (i + 1) % options.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      if (options.length) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        close();
      } else if (value) {
        e.preventDefault();
        setValue('');
      }
    } else if (e.key === 'Enter') {
      const option = expanded && active >= 0 ? options[active] : undefined;
      if (option) {
        e.preventDefault();
        choose(option);
      }
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    search(value);
    inputRef.current?.blur();
  }

  const activeId = expanded && active >= 0 ? `${id}-option-${active}` : undefined;

  // plain elements styled by app/layout/layout.css (the box is in the header of every page)
  return (
    <div className="search-box">
      <form role="search" onSubmit={onSubmit} aria-label={t('search.label')}>
        <div className="search-field">
          <label htmlFor={`${id}-input`} className="visually-hidden">
            {t('search.label')}
          </label>
          <input
            ref={inputRef}
            id={`${id}-input`}
            className="search-input"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => {
              setRecent(loadSearchWords());
              setOpen(true);
            }}
            onBlur={() => close()}
            onKeyDown={onKeyDown}
            placeholder={t('search.placeholder')}
            role="combobox"
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            data-testid="search-input"
            maxLength={200}
          />
          <button type="submit" aria-label={t('search.submit')} className="icon-btn search-submit">
            <Icon name="search" />
          </button>
        </div>
      </form>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={trimmed ? t('search.suggestions') : t('search.recent')}
        hidden={!expanded}
        className="search-listbox"
      >
        {options.map((option, i) => (
          <li
            key={option.key}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown keeps the focus in the input, so blur does not close the list before the click
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => setActive(i)}
            className="search-option"
          >
            {option.recent ? <Icon name="history" size={20} className="search-option-icon" /> : null}
            <span className="search-option-label">{option.label}</span>
            {!option.recent ? (
              <span className="search-option-type">{t(TYPE_LABEL_KEY[option.type])}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <div aria-live="polite" className="visually-hidden">
        {open && trimmed && debounced === trimmed && suggestions.isSuccess
          ? t('search.resultsCount', { count: options.length })
          : ''}
      </div>
    </div>
  );
}
