import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';

/**
 * Video links open here, in YouTube's privacy-enhanced player (youtube-nocookie.com), loaded only when the
 * customer opens the dialog. The title is the link's text (or "Video").
 */
export function VideoDialog({
  embedUrl,
  title,
  open,
  onClose,
}: {
  embedUrl: string;
  title?: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const heading = title?.trim() || t('link.videoTitle');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', pr: 0.5 }}>
        <DialogTitle id={titleId} sx={{ fontSize: '1.125rem', py: 1.5 }}>
          {heading}
        </DialogTitle>
        <IconButton onClick={onClose} aria-label={t('link.closeVideo')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ position: 'relative', pt: '56.25%', bgcolor: '#000' }}>
        <iframe
          src={`${embedUrl}?autoplay=1&rel=0`}
          title={heading}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </Box>
    </Dialog>
  );
}
