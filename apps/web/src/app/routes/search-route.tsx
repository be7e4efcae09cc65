import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { ProductListing } from '../product-listing/product-listing';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { useDocumentTitle } from '../../components/use-document-title';
import { FastSearchList } from '../../features/catalogue/components/fast-search-list';
import { PageMatches } from '../../features/content/components/page-matches';
import '../product-listing/product-listing.css';

/**
 * /search?q= — the same listing as a category, scoped by the words. Plain elements (layout.css,
 * product-listing.css) as the category page: no MUI on the way to the first render.
 */
export function SearchRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  useDocumentTitle(q ? t('searchPage.titleWithQuery', { q }) : t('searchPage.title'));
  return (
    <div className="page-container">
      <PageBreadcrumbs items={[{ label: t('searchPage.title') }]} />
      <h1 className="page-title search-title">
        {q ? t('searchPage.heading', { q }) : t('searchPage.headingEmpty')}
      </h1>
      <FastSearchList key={`words:${q}`} current={q} />
      {q ? <PageMatches q={q} /> : null}
      {q ? (
        <ProductListing key={`results:${q}`} scope={{ q }} emptyText={t('searchPage.empty', { q })} />
      ) : (
        <p className="page-intro">{t('searchPage.prompt')}</p>
      )}
    </div>
  );
}
