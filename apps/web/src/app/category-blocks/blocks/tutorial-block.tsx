import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage';
import { htmlToText } from '../../../features/content/components/safe-html';

/**
 * First-run tutorial (app build only, spec section 4): shown when proposals exist and the first
 * proposal id differs from the last tutorial seen; closing or skipping stores that id.
 */
export function TutorialBlock({ block }: { block: CategoryBlock }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((th: Theme) => th.breakpoints.down('sm'));
  const firstId = block.proposals[0]?.id;
  const [open, setOpen] = useState(
    () => firstId !== undefined && readJson<number | null>(STORAGE_KEYS.lastTutorialId, null) !== firstId,
  );
  const [step, setStep] = useState(0);
  const proposal = block.proposals[step];
  if (!proposal || firstId === undefined) return null;
  const close = () => {
    writeJson(STORAGE_KEYS.lastTutorialId, firstId);
    setOpen(false);
  };
  const last = step >= block.proposals.length - 1;
  return (
    <Dialog
      open={open}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`tutorial-${block.categoryBlockId}`}
    >
      <DialogTitle id={`tutorial-${block.categoryBlockId}`}>
        {proposal.name || t('tutorial.title')}
      </DialogTitle>
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
        <Button onClick={close}>{last ? t('tutorial.close') : t('tutorial.skip')}</Button>
        {!last ? (
          <Button variant="contained" onClick={() => setStep((s) => s + 1)}>
            {t('tutorial.next')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
