import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { BarcodeScanner } from '../../../components/barcode-scanner';
import { PageLoading } from '../../../components/page-loading';
import { useSmartCartStores } from '../api/smart-cart';
import { storeIdOfCode } from '@spesa/shared/smartcart/store-code';
import '../i18n';

/** Self-scanning, start (spec section 2): choose the store, or scan the code at its entrance. */
export function SmartCartStartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stores = useSmartCartStores();
  const [scanning, setScanning] = useState(false);
  const [unknown, setUnknown] = useState(false);
  const enabled = stores.data?.stores ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('smartcart.start.intro')}</Typography>
      {stores.isPending ? <PageLoading /> : null}
      {stores.isError ? <Alert severity="error">{t('smartcart.start.error')}</Alert> : null}
      {stores.isSuccess && enabled.length === 0 ? <Typography>{t('smartcart.start.none')}</Typography> : null}
      {enabled.length > 0 ? (
        <Box component="nav" aria-labelledby="smartcart-choose">
          <Typography component="h2" variant="h6" id="smartcart-choose" sx={{ mb: 1 }}>
            {t('smartcart.start.choose')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {enabled.map((s) => (
              <li key={s.storeId}>
                <Button
                  component={RouterLink}
                  to={`/self-scanning/${s.storeId}`}
                  variant="outlined"
                  fullWidth
                  sx={{ justifyContent: 'flex-start', py: 1.5 }}
                >
                  {s.name}
                </Button>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      {unknown ? <Alert severity="warning">{t('smartcart.start.storeCodeUnknown')}</Alert> : null}
      <Box>
        <Button variant="contained" onClick={() => setScanning(true)}>
          {t('smartcart.start.scanStore')}
        </Button>
      </Box>
      <BarcodeScanner
        open={scanning}
        title={t('smartcart.start.scanStoreTitle')}
        formats={['code_128']}
        onDetected={(code) => {
          setScanning(false);
          const id = storeIdOfCode(code);
          const known = id !== null && enabled.some((s) => s.storeId === id);
          setUnknown(!known);
          if (known) void navigate(`/self-scanning/${id}`);
        }}
        onClose={() => setScanning(false)}
      />
    </Box>
  );
}
