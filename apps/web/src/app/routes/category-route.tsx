import { lazy, Suspense, useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useCategory } from '../../features/catalogue/api/get-category';
import { useCategoryTree } from '../../features/catalogue/api/get-category-tree';
import { findCategoryPath, slugFromCategoryPath } from '../../features/catalogue/utils/category-tree';
import { ApiError } from '../../lib/http';
import { paths } from '../../lib/route-paths';
import { ProductListing } from '../product-listing/product-listing';
import { NotFoundContent } from '../../components/not-found-content';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { PageLoading } from '../../components/page-loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { SafeHtml } from '../../features/content/components/safe-html';
import '../product-listing/product-listing.css';

// a department's content blocks (banners, sliders: MUI) load apart; a listing renders without them
// the content store's blocks placed on the category (decision 056), under the listing
const UxBlocksOfTerm = lazy(() =>
  import('../../features/content/components/ux-blocks').then((m) => ({ default: m.UxBlocksOfTerm })),
);
const CategoryBlocksView = lazy(() =>
  import('../category-blocks/category-blocks-view').then((m) => ({ default: m.CategoryBlocksView })),
);

/** /category/* — pathMatch is a slug or a path of slugs; the last segment is the category's slug. */
export function CategoryRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const slug = slugFromCategoryPath(params['*']);
  const category = useCategory(slug);
  // the page renders in a deferred (interruptible) pass: the query's own update is synchronous and built
  // the heading, filters and listing in one long task
  const deferred = useDeferredValue(category.data);
  const tree = useCategoryTree();
  const notFound = !slug || (category.error instanceof ApiError && category.error.isNotFound);
  useDocumentTitle(notFound ? t('notFound.title') : (category.data?.name ?? t('category.title')));

  if (notFound) return <NotFoundContent />;
  if (category.isPending || (category.data && !deferred)) return <PageLoading />;
  if (category.isError) {
    return (
      <div className="page-container" style={{ maxWidth: 960, paddingBlock: 48 }}>
        <h1 className="page-title">{t('error.title')}</h1>
        <p>{t('error.categoryText')}</p>
      </div>
    );
  }

  const c = deferred ?? category.data;
  const ancestors = tree.data ? findCategoryPath(tree.data, c.categoryId).slice(0, -1) : [];
  const description = c.metaData?.category_info?.DESCRIPTION;
  return (
    <>
      <div className="page-container">
        <PageBreadcrumbs
          items={[
            ...ancestors.map((a) => ({ label: a.name, to: paths.category(a.slug) })),
            { label: c.name },
          ]}
        />
        <h1 className="page-title">{c.name}</h1>
        {description ? (
          <div className="page-intro">
            <SafeHtml html={description} />
          </div>
        ) : null}
      </div>
      {c.categoryBlocks?.length ? (
        <Suspense fallback={null}>
          <CategoryBlocksView category={c} />
        </Suspense>
      ) : null}
      <div className="page-container" style={{ marginTop: 16 }}>
        {/* key: a category change starts a fresh listing */}
        <ProductListing
          key={c.categoryId}
          scope={{ parentCategoryId: c.categoryId }}
          subcategories={c.categories}
          emptyText={t('listing.empty')}
        />
      </div>
      <Suspense fallback={null}>
        <UxBlocksOfTerm term={c.slug} />
      </Suspense>
    </>
  );
}
