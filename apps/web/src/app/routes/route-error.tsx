import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useDocumentTitle } from '../../components/use-document-title';
import { NotFoundContent } from '../../components/not-found-content';
import '../../components/buttons.css';
import '../../components/error-page.css';

/**
 * Router-level failures (a lazy chunk that does not load after a deploy, a render bug). Part of the entry
 * chunk, so plain elements (error-page.css): no MUI in the first download.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? t('notFound.title') : t('error.title'));
  if (notFound) return <NotFoundContent />;
  // offline, a page never opened on this device has no stored copy (decision 055): say so
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <main className="error-page">
      <h1 className="error-page-title">{offline ? t('error.offlineTitle') : t('error.title')}</h1>
      <p className="error-page-text">{offline ? t('error.offlineText') : t('error.text')}</p>
      <button type="button" className="btn btn-contained" onClick={() => window.location.reload()}>
        {t('error.retry')}
      </button>
    </main>
  );
}
