import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { addToFastSearch, loadFastSearchWords, removeFromFastSearch } from '../hooks/search-words-storage';

/**
 * The fast-search list (spec section 4): words the customer keeps for one-click searches, stored in the
 * browser; added and removed case-insensitively. Shown on the search page: each word is a link to its
 * results with a remove button, and the current search can be added.
 */
export function FastSearchList({ current }: { current: string }) {
  const { t } = useTranslation();
  const [words, setWords] = useState<string[]>(loadFastSearchWords);
  const hasCurrent = words.some((w) => w.toLowerCase() === current.toLowerCase());
  return (
    <Box component="section" aria-labelledby="fast-search-title" sx={{ mb: 2 }}>
      <Typography id="fast-search-title" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {t('fastSearch.title')}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
        {words.map((word) => (
          <Box component="li" key={word} sx={{ display: 'flex', alignItems: 'center' }}>
            <Chip
              label={word}
              component={RouterLink}
              to={`/search?q=${encodeURIComponent(word)}`}
              clickable
            />
            <IconButton
              size="small"
              aria-label={t('fastSearch.remove', { word })}
              onClick={() => setWords(removeFromFastSearch(word))}
            >
              <span aria-hidden="true">✕</span>
            </IconButton>
          </Box>
        ))}
        {words.length === 0 && (
          <li>
            <Typography variant="body2" color="text.secondary">
              {t('fastSearch.empty')}
            </Typography>
          </li>
        )}
      </Box>
      {current && !hasCurrent && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setWords(addToFastSearch(current))}>
          {t('fastSearch.add', { word: current })}
        </Button>
      )}
    </Box>
  );
}
