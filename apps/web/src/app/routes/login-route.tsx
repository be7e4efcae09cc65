import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/use-document-title';

/** Honest login page: no fake form until the accounts feature exists. */
export function LoginRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom>
        {t('login.heading')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('login.text')}</Typography>
      <Typography sx={{ mb: 3 }}>{t('login.comingSoon')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('login.browse')}
      </Button>
    </Container>
  );
}
