import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { resolveShopLink } from '../utils/resolve-link';
import { VisuallyHidden } from '../../../components/visually-hidden';

const VideoDialog = lazy(() => import('./video-dialog').then((m) => ({ default: m.VideoDialog })));

interface SmartLinkProps {
  href: string | null | undefined;
  children: ReactNode;
  sx?: SxProps<Theme>;
  className?: string;
  'aria-label'?: string;
  /** rendered when the href resolves to nothing */
  fallback?: 'span' | 'none';
}

const linkSx: SxProps<Theme> = { color: 'inherit' };

/**
 * The one link for content (banners, proposals, static text), following the spec's link rules:
 * internal routes through the router, /p/ and /photo/ as plain anchors, other sites in a new window
 * (with a hidden hint), videos in a dialog.
 */
export function SmartLink({ href, children, sx, className, fallback = 'span', ...rest }: SmartLinkProps) {
  const { t } = useTranslation();
  const [videoOpen, setVideoOpen] = useState(false);
  const link = resolveShopLink(href);
  const style = [linkSx, ...(Array.isArray(sx) ? sx : [sx])] as SxProps<Theme>;

  switch (link.kind) {
    case 'internal':
      return (
        <Box
          component={RouterLink}
          to={link.to}
          sx={style}
          className={className}
          aria-label={rest['aria-label']}
        >
          {children}
        </Box>
      );
    case 'document':
      return (
        <Box component="a" href={link.href} sx={style} className={className} aria-label={rest['aria-label']}>
          {children}
        </Box>
      );
    case 'external':
      return (
        <Box
          component="a"
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          sx={style}
          className={className}
          aria-label={rest['aria-label'] ? `${rest['aria-label']} ${t('link.newWindow')}` : undefined}
        >
          {children}
          <VisuallyHidden> {t('link.newWindow')}</VisuallyHidden>
        </Box>
      );
    case 'video':
      return (
        <>
          <Box
            component="a"
            href={link.href}
            onClick={(e: React.MouseEvent) => {
              e.preventDefault();
              setVideoOpen(true);
            }}
            aria-haspopup="dialog"
            sx={style}
            className={className}
            aria-label={rest['aria-label'] ? `${rest['aria-label']} ${t('link.video')}` : undefined}
          >
            {children}
            <VisuallyHidden> {t('link.video')}</VisuallyHidden>
          </Box>
          {videoOpen ? (
            <Suspense fallback={null}>
              <VideoDialog embedUrl={link.embedUrl} open={videoOpen} onClose={() => setVideoOpen(false)} />
            </Suspense>
          ) : null}
        </>
      );
    default:
      return fallback === 'none' ? (
        <>{children}</>
      ) : (
        <Box component="span" sx={sx} className={className}>
          {children}
        </Box>
      );
  }
}
