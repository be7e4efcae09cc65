import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  COOKIE_DEFAULTS,
  readCookiePreferences,
  saveCookiePreferences,
  type CookiePreferences,
} from '../../../lib/cookie-consent';

/**
 * Cookie consent on the first visit (spec sections 3 and 9): technical cookies on and locked, analytics
 * and profilation off by default. Accept all, reject (technical only) or customise. A non-modal region at
 * the bottom of the page: the shop stays usable, and the banner is reachable by keyboard (it takes the
 * focus once, when it opens from the footer link).
 */
export function CookieBanner({
  onDone,
  focusOnOpen = false,
}: {
  onDone: (prefs: CookiePreferences) => void;
  focusOnOpen?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const stored = readCookiePreferences();
  const [customising, setCustomising] = useState(false);
  const [analytics, setAnalytics] = useState(stored?.analytics ?? COOKIE_DEFAULTS.analytics);
  const [profilation, setProfilation] = useState(stored?.profilation ?? COOKIE_DEFAULTS.profilation);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus();
  }, [focusOnOpen]);

  const save = (choice: { analytics: boolean; profilation: boolean }) =>
    onDone(saveCookiePreferences(choice));

  return (
    <Paper
      component="section"
      role="region"
      aria-labelledby={titleId}
      aria-describedby={textId}
      elevation={8}
      sx={{
        position: 'fixed',
        insetInline: { xs: 8, sm: 16 },
        bottom: { xs: 8, sm: 16 },
        zIndex: (th) => th.zIndex.snackbar - 1,
        maxWidth: 760,
        mx: 'auto',
        p: { xs: 2, sm: 3 },
        maxHeight: 'calc(100vh - 16px)',
        overflowY: 'auto',
      }}
    >
      <Typography
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        component="h2"
        variant="h6"
        sx={{ outline: 'none' }}
      >
        {t('cookies.title')}
      </Typography>
      <Typography id={textId} variant="body2" sx={{ mt: 1 }}>
        {t('cookies.text')}
      </Typography>
      {customising ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, display: 'grid', gap: 1 }}>
          <Typography component="legend" variant="subtitle2">
            {t('cookies.customiseLegend')}
          </Typography>
          <CookieSwitch label={t('cookies.technical')} help={t('cookies.technicalHelp')} checked disabled />
          <CookieSwitch
            label={t('cookies.analytics')}
            help={t('cookies.analyticsHelp')}
            checked={analytics}
            onChange={setAnalytics}
          />
          <CookieSwitch
            label={t('cookies.profilation')}
            help={t('cookies.profilationHelp')}
            checked={profilation}
            onChange={setProfilation}
          />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, justifyContent: 'flex-end' }}>
        {customising ? (
          <Button variant="outlined" onClick={() => save({ analytics, profilation })}>
            {t('cookies.saveChoice')}
          </Button>
        ) : (
          <Button variant="text" onClick={() => setCustomising(true)}>
            {t('cookies.customise')}
          </Button>
        )}
        <Button variant="outlined" onClick={() => save({ analytics: false, profilation: false })}>
          {t('cookies.reject')}
        </Button>
        <Button variant="contained" onClick={() => save({ analytics: true, profilation: true })}>
          {t('cookies.acceptAll')}
        </Button>
      </Box>
    </Paper>
  );
}

function CookieSwitch({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (value: boolean) => void;
}) {
  const helpId = useId();
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={disabled}
            onChange={(_, v) => onChange?.(v)}
            slotProps={{
              input: { 'aria-describedby': helpId } as React.InputHTMLAttributes<HTMLInputElement>,
            }}
          />
        }
        label={label}
      />
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ ml: 6 }}>
        {help}
      </Typography>
    </Box>
  );
}
