import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useCategory } from '../../features/catalogue/api/get-category';
import { useCategoryTree } from '../../features/catalogue/api/get-category-tree';
import { findCategoryPath, slugFromCategoryPath } from '../../features/catalogue/utils/category-tree';
import { ApiError } from '../../lib/http';
import { paths } from '../../lib/route-paths';
import { CategoryBlocksView } from '../category-blocks/category-blocks-view';
import { ProductListing } from '../product-listing/product-listing';
import { NotFoundContent } from '../../components/not-found-content';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { PageLoading } from '../../components/page-loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { SafeHtml } from '../../components/safe-html';

/** /category/* — pathMatch is a slug or a path of slugs; the last segment is the category's slug. */
export function CategoryRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const slug = slugFromCategoryPath(params['*']);
  const category = useCategory(slug);
  const tree = useCategoryTree();
  const notFound = !slug || (category.error instanceof ApiError && category.error.isNotFound);
  useDocumentTitle(notFound ? t('notFound.title') : (category.data?.name ?? t('category.title')));

  if (notFound) return <NotFoundContent />;
  if (category.isPending) return <PageLoading />;
  if (category.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Typography variant="h1" gutterBottom>
          {t('error.title')}
        </Typography>
        <Typography>{t('error.categoryText')}</Typography>
      </Container>
    );
  }

  const c = category.data;
  const ancestors = tree.data ? findCategoryPath(tree.data, c.categoryId).slice(0, -1) : [];
  const description = c.metaData?.category_info?.DESCRIPTION;
  return (
    <>
      <Container maxWidth="xl">
        <PageBreadcrumbs
          items={[
            ...ancestors.map((a) => ({ label: a.name, to: paths.category(a.slug) })),
            { label: c.name },
          ]}
        />
        <Typography variant="h1" sx={{ mb: 1 }}>
          {c.name}
        </Typography>
        {description ? (
          <Typography component="div" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
            <SafeHtml html={description} />
          </Typography>
        ) : null}
      </Container>
      {c.categoryBlocks?.length ? <CategoryBlocksView category={c} /> : null}
      <Container maxWidth="xl" sx={{ mt: 2 }}>
        {/* key: a category change starts a fresh listing */}
        <ProductListing
          key={c.categoryId}
          scope={{ parentCategoryId: c.categoryId }}
          subcategories={c.categories}
          emptyText={t('listing.empty')}
        />
      </Container>
    </>
  );
}
