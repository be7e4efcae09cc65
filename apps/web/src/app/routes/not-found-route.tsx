import { useTranslation } from '../../lib/i18n';
import { useDocumentTitle } from '../../components/use-document-title';
import { NotFoundContent } from '../../components/not-found-content';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return <NotFoundContent />;
}
