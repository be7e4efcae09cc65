import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ProductListing } from '../product-listing/product-listing';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { useDocumentTitle } from '../../components/use-document-title';
import { FastSearchList } from '../../features/catalogue/components/fast-search-list';

/** /search?q= — the same listing as a category, scoped by the words. */
export function SearchRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  useDocumentTitle(q ? t('searchPage.titleWithQuery', { q }) : t('searchPage.title'));
  return (
    <Container maxWidth="xl">
      <PageBreadcrumbs items={[{ label: t('searchPage.title') }]} />
      <Typography variant="h1" sx={{ mb: 2 }}>
        {q ? t('searchPage.heading', { q }) : t('searchPage.headingEmpty')}
      </Typography>
      <FastSearchList key={q} current={q} />
      {q ? (
        <ProductListing key={q} scope={{ q }} emptyText={t('searchPage.empty', { q })} />
      ) : (
        <Typography>{t('searchPage.prompt')}</Typography>
      )}
    </Container>
  );
}
