import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { hasCookieChoice, subscribeCookieChoice } from '../../../lib/cookie-consent';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage';
import { htmlToText } from '../../../features/content/components/safe-html';

/**
 * First-run tutorial (app build only, spec sections 2 and 4): fullscreen on phones, persistent (no backdrop
 * or Escape close), a close button on every step and "Salta" until the last one; shown when proposals exist
 * and the first proposal id differs from the last tutorial seen; closing or skipping stores that id. It waits
 * for the cookie choice: a first visit's banner (painted by index.html, above the app) is answered first,
 * then the tutorial opens, never under it.
 */
export function TutorialBlock({ block }: { block: CategoryBlock }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((th: Theme) => th.breakpoints.down('sm'));
  const firstId = block.proposals[0]?.id;
  const [open, setOpen] = useState(
    () => firstId !== undefined && readJson<number | null>(STORAGE_KEYS.lastTutorialId, null) !== firstId,
  );
  const [step, setStep] = useState(0);
  const cookieChoiceMade = useSyncExternalStore(subscribeCookieChoice, hasCookieChoice, () => false);
  const proposal = block.proposals[step];
  if (!proposal || firstId === undefined) return null;
  const close = () => {
    writeJson(STORAGE_KEYS.lastTutorialId, firstId);
    setOpen(false);
  };
  const last = step >= block.proposals.length - 1;
  return (
    <Dialog
      open={open && cookieChoiceMade}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`tutorial-${block.categoryBlockId}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <DialogTitle id={`tutorial-${block.categoryBlockId}`} component="h2" sx={{ flex: 1 }}>
          {proposal.name || t('tutorial.title')}
        </DialogTitle>
        <IconButton onClick={close} aria-label={t('tutorial.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <DialogContent>
        {proposal.img ? (
          <Box
            component="img"
            src={proposal.img}
            alt={proposal.imgAlt ?? ''}
            sx={{ width: '100%', height: 'auto', borderRadius: 2 }}
          />
        ) : null}
        <Typography sx={{ mt: 2 }}>{htmlToText(proposal.descr ?? proposal.content)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('tutorial.step', { index: step + 1, count: block.proposals.length })}
        </Typography>
      </DialogContent>
      <DialogActions>
        {!last ? <Button onClick={close}>{t('tutorial.skip')}</Button> : null}
        {!last ? (
          <Button variant="contained" onClick={() => setStep((s) => s + 1)}>
            {t('tutorial.next')}
          </Button>
        ) : (
          <Button variant="contained" onClick={close}>
            {t('tutorial.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
