import { Link as RouterLink, Navigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPrice } from '@spesa/shared/format/price';
import { PageLoading } from '../../../components/page-loading';
import { errorTexts } from '../../../lib/http';
import { useSmartCart } from '../api/smart-cart';
import { TillCodeBarcode } from './till-code-barcode';
import '../i18n';

/** Self-scanning, end (spec section 2): the till code, large and as a barcode, and the total to pay. */
export function SmartCartEndPage({ storeId }: { storeId: number }) {
  const { t } = useTranslation();
  const cart = useSmartCart(storeId);
  if (cart.isPending) return <PageLoading />;
  if (cart.isError)
    return <Alert severity="error">{errorTexts(cart.error, t('smartcart.scan.error'))[0]}</Alert>;
  const data = cart.data;
  if (data.status === 'open') return <Navigate to={`/self-scanning/${storeId}`} replace />;
  const code = data.tillCode;
  return (
    <Box sx={{ display: 'grid', gap: 2, textAlign: 'center' }}>
      <Typography component="h2" variant="h5">
        {t('smartcart.end.title')}
      </Typography>
      {code ? (
        <>
          <Typography>{t('smartcart.end.intro')}</Typography>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography
              aria-label={t('smartcart.end.codeLabel', { code: code.split('').join(' ') })}
              data-testid="till-code"
              sx={{
                fontFamily: 'monospace',
                fontSize: { xs: '2.5rem', sm: '3.5rem' },
                fontWeight: 700,
                letterSpacing: '0.1em',
              }}
            >
              {code}
            </Typography>
            <TillCodeBarcode code={code} />
          </Paper>
          <Typography variant="h6" component="p">
            {t('smartcart.end.total')}: {formatPrice(data.totalPrice)}
          </Typography>
        </>
      ) : (
        <>
          <Typography>{t('smartcart.end.closed')}</Typography>
          <Box>
            <Button component={RouterLink} to="/profile/receipts" variant="outlined">
              {t('smartcart.end.receipts')}
            </Button>
          </Box>
        </>
      )}
      <Box>
        <Button component={RouterLink} to="/self-scanning">
          {t('smartcart.end.again')}
        </Button>
      </Box>
    </Box>
  );
}
