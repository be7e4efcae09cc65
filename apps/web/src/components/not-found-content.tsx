import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../lib/i18n';
import './buttons.css';
import './error-page.css';

/** 'Pagina non trovata': the fallback route, unknown categories and products (plain: error-page.css). */
export function NotFoundContent() {
  const { t } = useTranslation();
  return (
    <div className="error-page" data-testid="not-found">
      <h1 className="error-page-title">{t('notFound.title')}</h1>
      <p className="error-page-text">{t('notFound.text')}</p>
      <RouterLink to="/" className="btn btn-contained">
        {t('notFound.home')}
      </RouterLink>
    </div>
  );
}
