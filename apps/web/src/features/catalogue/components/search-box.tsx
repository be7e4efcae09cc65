import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import SearchIcon from '@mui/icons-material/Search';
import HistoryIcon from '@mui/icons-material/History';
import type { SuggestItem } from '@spesa/shared/contracts/catalogue';
import { useSuggestions } from '../api/get-suggestions';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { loadSearchWords, rememberSearchWord } from '../hooks/search-words-storage';
import { SUGGEST_DEBOUNCE_MS } from '../../../lib/config';
import { paths } from '../../../lib/route-paths';

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
    void navigate(paths.search(q));
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

  return (
    <Box sx={{ position: 'relative', flex: 1, minWidth: 0, maxWidth: 640 }}>
      <form role="search" onSubmit={onSubmit} aria-label={t('search.label')}>
        <Paper
          variant="outlined"
          sx={{
            display: 'flex',
            alignItems: 'center',
            pl: 1.5,
            borderRadius: 6,
            borderColor: 'grey.500',
            '&:focus-within': {
              borderColor: 'primary.main',
              boxShadow: (th) => `0 0 0 2px ${th.palette.primary.main}`,
            },
          }}
        >
          <label
            htmlFor={`${id}-input`}
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
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
          <IconButton type="submit" aria-label={t('search.submit')} sx={{ color: 'primary.dark' }}>
            <SearchIcon />
          </IconButton>
        </Paper>
      </form>
      <Paper
        component="ul"
        id={listboxId}
        role="listbox"
        aria-label={trimmed ? t('search.suggestions') : t('search.recent')}
        elevation={6}
        hidden={!expanded}
        sx={{
          position: 'absolute',
          top: 'calc(100% + 4px)',
          left: 0,
          right: 0,
          zIndex: (th) => th.zIndex.modal,
          listStyle: 'none',
          m: 0,
          py: 0.5,
          px: 0,
          maxHeight: '60vh',
          overflowY: 'auto',
          display: expanded ? 'block' : 'none',
        }}
      >
        {options.map((option, i) => (
          <Box
            component="li"
            key={option.key}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown keeps the focus in the input, so blur does not close the list before the click
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => setActive(i)}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              minHeight: 40,
              cursor: 'pointer',
              bgcolor: i === active ? 'primary.light' : undefined,
            }}
          >
            {option.recent ? (
              <HistoryIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
            ) : null}
            <Box
              component="span"
              sx={{
                flex: 1,
                minWidth: 0,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {option.label}
            </Box>
            {!option.recent ? (
              <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
                {t(TYPE_LABEL_KEY[option.type])}
              </Box>
            ) : null}
          </Box>
        ))}
      </Paper>
      <Box
        aria-live="polite"
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {open && trimmed && debounced === trimmed && suggestions.isSuccess
          ? t('search.resultsCount', { count: options.length })
          : ''}
      </Box>
    </Box>
  );
}
