import { useTranslation } from '../../lib/i18n';
import Container from '@mui/material/Container';
import { useDocumentTitle } from '../../components/use-document-title';
import { GiftCardPartnersPage } from '../../features/loyalty/components/gift-card-partners-page';
import '../../features/loyalty/i18n';

/** /gift-card-aziende, "Gift card per le aziende" (decision 044): public, its own lazy chunk. */
export function GiftCardPartnersRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('loyalty.giftCards.title'));
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <GiftCardPartnersPage />
    </Container>
  );
}
