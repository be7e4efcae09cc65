import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { createDetector, SCAN_FORMATS, type ScanFormat } from '../lib/barcode-detection';

/** How often a frame of the camera is read (a phone reads a barcode within a few frames). */
const FRAME_MS = 200;

type CameraState = 'starting' | 'reading' | 'denied' | 'unavailable';

/**
 * The camera reading a barcode (decision 057): the loyalty card at login and when linking it, the products of
 * self-scanning. Opens the rear camera, reads frames until a code of `formats` (and `accept`, when given) is
 * seen, hands it over and closes. The detector (native or the ZXing ponyfill) is loaded when the dialog
 * opens. Without a camera or permission it says so: the code can always be typed.
 */
export function BarcodeScanner({
  open,
  title,
  onDetected,
  onClose,
  formats = SCAN_FORMATS,
  accept,
}: {
  open: boolean;
  title: string;
  onDetected: (code: string) => void;
  onClose: () => void;
  formats?: readonly ScanFormat[];
  /** a code the caller can use (e.g. 13 digits for a card); others are ignored and reading goes on */
  accept?: (code: string) => boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="barcode-scanner-title">
      <DialogTitle id="barcode-scanner-title">{title}</DialogTitle>
      <DialogContent>
        {/* mounted while open only: each opening starts the camera afresh */}
        {open ? <CameraReader formats={formats} onDetected={onDetected} accept={accept} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('scanner.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function CameraReader({
  formats,
  onDetected,
  accept,
}: {
  formats: readonly ScanFormat[];
  onDetected: (code: string) => void;
  accept: ((code: string) => boolean) | undefined;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const detected = useRef(onDetected);
  const accepts = useRef(accept);
  useEffect(() => {
    detected.current = onDetected;
    accepts.current = accept;
  });

  // callers may pass a new array each render: the camera restarts only when the formats change
  const formatKey = formats.join(',');

  useEffect(() => {
    let live = true;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        const [media, detector] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
            audio: false,
          }),
          createDetector(formatKey.split(',') as ScanFormat[]),
        ]);
        stream = media;
        if (!live || !video.current) return;
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
        setState('reading');
        const read = async () => {
          if (!live || !video.current) return;
          try {
            if (video.current.readyState >= 2) {
              const codes = await detector.detect(video.current);
              const found = codes.find((c) => accepts.current?.(c.rawValue) ?? true);
              if (found && live) {
                live = false;
                detected.current(found.rawValue);
                return;
              }
            }
          } catch {
            /* a frame that cannot be read: the next one */
          }
          timer = setTimeout(() => void read(), FRAME_MS);
        };
        void read();
      } catch (error) {
        if (!live) return;
        const name = error instanceof DOMException ? error.name : '';
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
      }
    };
    void start();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [formatKey]);

  return (
    <>
      <Box
        sx={{
          position: 'relative',
          bgcolor: '#000',
          borderRadius: 1,
          overflow: 'hidden',
          aspectRatio: '4 / 3',
          display: state === 'reading' || state === 'starting' ? 'block' : 'none',
        }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('scanner.video')}
          data-testid="barcode-scanner-video"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Box>
      <Typography role="status" sx={{ mt: 2 }}>
        {t(`scanner.${state}`)}
      </Typography>
    </>
  );
}
