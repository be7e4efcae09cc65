import { useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/i18n';
import { isRequestOverlayShown, subscribeRequestOverlay } from '../lib/pending-requests';
import './request-overlay.css';

/**
 * The request overlay (spec section 4): over the page while requests are pending, from a short delay after the
 * first (lib/pending-requests.ts). A component of its own: the count's changes re-render it alone.
 */
export function RequestOverlay() {
  const { t } = useTranslation();
  const shown = useSyncExternalStore(subscribeRequestOverlay, isRequestOverlayShown, isRequestOverlayShown);
  if (!shown) return null;
  return (
    <div className="request-overlay" data-testid="request-overlay">
      <div className="request-overlay-spinner" role="progressbar" aria-label={t('app.loading')} />
    </div>
  );
}
