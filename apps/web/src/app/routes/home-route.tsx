import { useDeferredValue } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useCategory } from '../../features/catalogue/api/get-category';
import { CategoryBlocksView } from '../category-blocks/category-blocks-view';
import { PageLoading } from '../../components/page-loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { VisuallyHidden } from '../../components/visually-hidden';

/** Home: the blocks of the category with slug "home" (plain elements: no MUI before the first blocks). */
export function HomeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(null);
  const home = useCategory('home');
  // the blocks render in a deferred (interruptible) pass: the query's own update is synchronous
  const data = useDeferredValue(home.data);
  return (
    <>
      <h1 style={{ margin: 0 }}>
        <VisuallyHidden>{t('home.heading')}</VisuallyHidden>
      </h1>
      {home.isPending || (home.data && !data) ? (
        <PageLoading />
      ) : home.isError || !data?.categoryBlocks?.length ? (
        <div className="page-container" style={{ paddingBlock: 32 }}>
          <p>{t('home.empty')}</p>
        </div>
      ) : (
        <CategoryBlocksView category={data} />
      )}
    </>
  );
}
