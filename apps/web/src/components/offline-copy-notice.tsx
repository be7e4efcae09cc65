import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import i18n, { useTranslation } from '../lib/i18n';
import { API_BASE } from '../lib/config';
import { storedCopyAt, subscribeStoredCopies } from '../lib/offline-copy';
import texts from '../locales/it.offline.json';

if (!i18n.exists('offline.storedCopy')) i18n.addResourceBundle('it', 'translation', texts, true, false);

/** "5 minuti fa", "2 ore fa", "ieri": the age of a stored copy in Italian. */
export function ageText(storedAt: number, now: number): string {
  const minutes = Math.round((now - storedAt) / 60_000);
  if (minutes < 1) return i18n.t('offline.justNow');
  const rtf = new Intl.RelativeTimeFormat('it', { numeric: 'auto' });
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.round(hours / 24), 'day');
}

/**
 * Shown above the cart or a list when the page's data came from the service worker's stored copy
 * (offline, decision 055): how old the data is, and that changes wait for the connection.
 */
export function OfflineCopyNotice({ path }: { path: `/${string}` }) {
  const { t } = useTranslation();
  const copy = useSyncExternalStore(subscribeStoredCopies, () => storedCopyAt(`${API_BASE}${path}`));
  if (copy === null) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      <strong>{t('offline.storedCopy', { age: ageText(copy.storedAt, copy.receivedAt) })}</strong>
      <br />
      {t('offline.storedCopyHint')}
    </Alert>
  );
}
