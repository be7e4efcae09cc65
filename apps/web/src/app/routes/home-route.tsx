import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useCategory } from '../../features/catalogue/api/get-category';
import { CategoryBlocksView } from '../category-blocks/category-blocks-view';
import { PageLoading } from '../../components/page-loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { VisuallyHidden } from '../../components/visually-hidden';

/** Home: the blocks of the category with slug "home". */
export function HomeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(null);
  const home = useCategory('home');
  // the blocks render in a deferred (interruptible) pass: the query's own update is synchronous
  const data = useDeferredValue(home.data);
  return (
    <>
      <Typography variant="h1">
        <VisuallyHidden>{t('home.heading')}</VisuallyHidden>
      </Typography>
      {home.isPending || (home.data && !data) ? (
        <PageLoading />
      ) : home.isError || !data?.categoryBlocks?.length ? (
        <Container maxWidth="xl" sx={{ py: 4 }}>
          <Typography>{t('home.empty')}</Typography>
        </Container>
      ) : (
        <CategoryBlocksView category={data} />
      )}
    </>
  );
}
