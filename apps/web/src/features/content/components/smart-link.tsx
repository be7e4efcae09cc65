import { Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import { lazyWithMuiTheme } from '../../../components/lazy-with-mui-theme';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { resolveShopLink } from '../utils/resolve-link';
import { VisuallyHidden } from '../../../components/visually-hidden';
import './smart-link.css';

const VideoDialog = lazyWithMuiTheme(() =>
  import('./video-dialog').then((m) => ({ default: m.VideoDialog })),
);

interface SmartLinkProps {
  href: string | null | undefined;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  /** rendered when the href resolves to nothing */
  fallback?: 'span' | 'none';
}

/**
 * The one link for content (banners, proposals, static text), following the spec's link rules:
 * internal routes through the router, /p/ and /photo/ as plain anchors, other sites in a new window
 * (with a hidden hint), videos in a dialog. Plain elements (class "smart-link": colour inherited unless the
 * caller's class says otherwise); callers that style with sx wrap it with MUI's styled().
 */
export function SmartLink({ href, children, className, style, fallback = 'span', ...rest }: SmartLinkProps) {
  const { t } = useTranslation();
  const [videoOpen, setVideoOpen] = useState(false);
  const [videoTitle, setVideoTitle] = useState('');
  const link = resolveShopLink(href);
  const linkClass = className ? `smart-link ${className}` : 'smart-link';

  switch (link.kind) {
    case 'internal':
      return (
        <RouterLink to={link.to} style={style} className={linkClass} aria-label={rest['aria-label']}>
          {children}
        </RouterLink>
      );
    case 'document':
      return (
        <a href={link.href} style={style} className={linkClass} aria-label={rest['aria-label']}>
          {children}
        </a>
      );
    case 'external':
      return (
        <a
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          style={style}
          className={linkClass}
          aria-label={rest['aria-label'] ? `${rest['aria-label']} ${t('link.newWindow')}` : undefined}
        >
          {children}
          <VisuallyHidden> {t('link.newWindow')}</VisuallyHidden>
        </a>
      );
    case 'video':
      return (
        <>
          <a
            href={link.href}
            onClick={(e) => {
              e.preventDefault();
              // the dialog's title: the link's own words, without the hidden hint
              const text = (e.currentTarget.textContent ?? '').replace(t('link.video'), '').trim();
              setVideoTitle(rest['aria-label'] ?? text);
              setVideoOpen(true);
            }}
            aria-haspopup="dialog"
            style={style}
            className={linkClass}
            aria-label={rest['aria-label'] ? `${rest['aria-label']} ${t('link.video')}` : undefined}
          >
            {children}
            <VisuallyHidden> {t('link.video')}</VisuallyHidden>
          </a>
          {videoOpen ? (
            <Suspense fallback={null}>
              <VideoDialog
                embedUrl={link.embedUrl}
                title={videoTitle}
                open={videoOpen}
                onClose={() => setVideoOpen(false)}
              />
            </Suspense>
          ) : null}
        </>
      );
    default:
      return fallback === 'none' ? (
        <>{children}</>
      ) : (
        <span style={style} className={className}>
          {children}
        </span>
      );
  }
}
