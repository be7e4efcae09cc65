import { Suspense, useSyncExternalStore } from 'react';
import { lazyWithMuiTheme } from './lazy-with-mui-theme';
import { useTranslation } from '../lib/i18n';
import { getToasts, subscribeToasts } from '../lib/toast-store';
import { SNACKBAR_OFFSET } from '../lib/config';

// The Alert-based stack loads with the first toast: it stays out of the first JS chunk.
const ToastStack = lazyWithMuiTheme(() => import('./toast-stack').then((m) => ({ default: m.ToastStack })));

/** The snackbar region, always present (so announcements are heard); its content loads on demand. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div
      role="region"
      aria-label={t('toast.region')}
      style={{
        position: 'fixed',
        bottom: SNACKBAR_OFFSET,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 1400,
        width: 'min(560px, calc(100vw - 32px))',
        pointerEvents: 'none',
      }}
    >
      {toasts.length ? (
        <Suspense fallback={null}>
          <ToastStack toasts={toasts} />
        </Suspense>
      ) : null}
    </div>
  );
}
