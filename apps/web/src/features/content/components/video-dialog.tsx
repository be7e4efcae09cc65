import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';

/** Video links open here, in a privacy-enhanced (youtube-nocookie) player. */
export function VideoDialog({
  embedUrl,
  open,
  onClose,
}: {
  embedUrl: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-label={t('link.videoTitle')}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 0.5 }}>
        <IconButton onClick={onClose} aria-label={t('link.closeVideo')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ position: 'relative', pt: '56.25%', bgcolor: '#000' }}>
        <iframe
          src={`${embedUrl}?autoplay=1&rel=0`}
          title={t('link.videoTitle')}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </Box>
    </Dialog>
  );
}
