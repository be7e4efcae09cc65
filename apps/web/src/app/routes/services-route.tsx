import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import '../../features/delivery/i18n';
import { useDocumentTitle } from '../../components/use-document-title';

/**
 * /page/servizi: the chain's services (spec section 2: the elderly service and the address selector's
 * "i nostri servizi" button link to a page about them). Static text until a content system serves pages.
 */
export function ServicesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('delivery.servicesPage.title'));
  const sections = ['drive', 'home', 'locker', 'elderly'] as const;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom>
        {t('delivery.servicesPage.title')}
      </Typography>
      <Typography>{t('delivery.servicesPage.intro')}</Typography>
      {sections.map((s) => (
        <section key={s}>
          <Typography variant="h2" sx={{ mt: 4, mb: 1 }}>
            {t(`delivery.servicesPage.${s}Title`)}
          </Typography>
          <Typography>{t(`delivery.servicesPage.${s}Text`)}</Typography>
          {s === 'elderly' && <Typography sx={{ mt: 1 }}>{t('delivery.servicesPage.elderlyHow')}</Typography>}
        </section>
      ))}
      <section>
        <Typography variant="h2" sx={{ mt: 4, mb: 1 }}>
          {t('delivery.servicesPage.giftCardsTitle')}
        </Typography>
        <Typography>{t('delivery.servicesPage.giftCardsText')}</Typography>
        <Button variant="text" component={RouterLink} to="/gift-card-aziende" sx={{ mt: 1, px: 0 }}>
          {t('delivery.servicesPage.giftCardsLink')}
        </Button>
      </section>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
        <Button variant="contained" component={RouterLink} to="/">
          {t('delivery.servicesPage.start')}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/profile/addresses">
          {t('delivery.servicesPage.addresses')}
        </Button>
      </Stack>
    </Container>
  );
}
