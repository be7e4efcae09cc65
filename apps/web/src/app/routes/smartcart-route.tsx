import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/use-document-title';
import { RequireAuth } from '../../features/account/components/require-auth';
import '../../features/smartcart/i18n';
import { SmartCartEndPage } from '../../features/smartcart/components/smart-cart-end-page';
import { SmartCartRecapPage } from '../../features/smartcart/components/smart-cart-recap-page';
import { SmartCartScanPage } from '../../features/smartcart/components/smart-cart-scan-page';
import { SmartCartStartPage } from '../../features/smartcart/components/smart-cart-start-page';

/** The self-scanning screens (spec section 2, decision 057): signed-in customers only, a narrow column. */
function SelfScanning({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t('smartcart.title'));
  return (
    <RequireAuth>
      <Container maxWidth="sm" sx={{ py: { xs: 2, md: 4 } }}>
        <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
          {t('smartcart.title')}
        </Typography>
        {children}
      </Container>
    </RequireAuth>
  );
}

const useStoreId = () => {
  const { storeId } = useParams();
  const id = Number(storeId);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** /self-scanning: choose or scan the store. */
export function SmartCartStartRoute() {
  return (
    <SelfScanning>
      <SmartCartStartPage />
    </SelfScanning>
  );
}

/** /self-scanning/:storeId: scan products. */
export function SmartCartScanRoute() {
  const storeId = useStoreId();
  return (
    <SelfScanning>
      <SmartCartScanPage storeId={storeId} />
    </SelfScanning>
  );
}

/** /self-scanning/:storeId/recap */
export function SmartCartRecapRoute() {
  const storeId = useStoreId();
  return (
    <SelfScanning>
      <SmartCartRecapPage storeId={storeId} />
    </SelfScanning>
  );
}

/** /self-scanning/:storeId/end: the code to show at the till. */
export function SmartCartEndRoute() {
  const storeId = useStoreId();
  return (
    <SelfScanning>
      <SmartCartEndPage storeId={storeId} />
    </SelfScanning>
  );
}
