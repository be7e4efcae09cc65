import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/http';
import { useDocumentTitle } from '../../components/use-document-title';
import { NotFoundContent } from '../../components/not-found-content';
import { PageLoading } from '../../components/page-loading';
import { usePage } from '../../features/content/api/get-page';
import { ContentPage } from '../../features/content/components/content-page';
import { htmlToText } from '../../features/content/components/safe-html';
import { useMetaDescription } from '../../features/content/hooks/use-meta-description';
import '../../features/content/i18n';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** /page/:slug: a page of the content store; an unknown slug shows the not-found page. */
export function ContentPageRoute() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const valid = SLUG.test(slug);
  const page = usePage(slug, valid);
  const notFound = !valid || (page.error instanceof ApiError && page.error.isNotFound);
  useDocumentTitle(notFound ? t('notFound.title') : page.data ? htmlToText(page.data.title.rendered) : null);
  useMetaDescription(page.data?.yoast_head_json.description);
  if (notFound) return <NotFoundContent />;
  if (page.isPending) return <PageLoading />;
  if (page.isError || !page.data)
    return (
      <div className="page-container" style={{ maxWidth: 760, paddingBlock: 48 }}>
        <h1>{t('error.title')}</h1>
        <p>{t('content.errorText')}</p>
      </div>
    );
  return <ContentPage page={page.data} />;
}
