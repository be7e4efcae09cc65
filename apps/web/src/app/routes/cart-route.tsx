import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/use-document-title';

/** Honest cart page: the cart needs an account, and accounts arrive with a later feature. */
export function CartRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('cart.title'));
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom>
        {t('cart.heading')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('cart.text')}
      </Alert>
      <Typography sx={{ mb: 3 }}>{t('cart.comingSoon')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('cart.login')}
        </Button>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('cart.browse')}
        </Button>
      </Box>
    </Container>
  );
}
