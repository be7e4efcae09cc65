import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** 'Pagina non trovata': the fallback route, unknown categories and products. */
export function NotFoundContent() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: 6 }} data-testid="not-found">
      <Typography variant="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('notFound.text')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('notFound.home')}
      </Button>
    </Container>
  );
}
