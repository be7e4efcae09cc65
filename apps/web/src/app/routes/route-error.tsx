import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/use-document-title';
import { NotFoundContent } from '../../components/not-found-content';

/** Router-level failures (a lazy chunk that does not load after a deploy, a render bug). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? t('notFound.title') : t('error.title'));
  if (notFound) return <NotFoundContent />;
  return (
    <Container component="main" maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        {t('error.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('error.text')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('error.retry')}
      </Button>
    </Container>
  );
}
