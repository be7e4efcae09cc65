import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPrice } from '@spesa/shared/format/price';
import { errorTexts } from '../../../lib/http';
import '../i18n';
import { receiptPdfUrl, useReceipt } from '../api/get-receipts';
import { receiptDay } from './receipts-page';

const quantity = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });
const dayText = (ymd: string) => ymd.split('-').reverse().join('/');

/** One receipt: the store, the items with their VAT rate, the total, the VAT, the payment, and its PDF. */
export function ReceiptDetailPage({ receiptId }: { receiptId: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError, error } = useReceipt(receiptId);
  if (isPending)
    return <CircularProgress aria-label={t('receipts.list.loading')} sx={{ display: 'block', mx: 'auto' }} />;
  if (isError || !data)
    return (
      <>
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {errorTexts(error, t('receipts.detail.error')).join(' ')}
        </Alert>
        <Button component={RouterLink} to="/profile/receipts">
          {t('receipts.detail.back')}
        </Button>
      </>
    );
  const r = data.receipt;
  return (
    <>
      <Button component={RouterLink} to="/profile/receipts" sx={{ mb: 2 }}>
        {t('receipts.detail.back')}
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 720 }}>
        <Typography component="h2" variant="h6">
          {r.storeName}
        </Typography>
        {r.storeAddress ? <Typography variant="body2">{r.storeAddress}</Typography> : null}
        <Typography variant="body2">
          {t('receipts.detail.vatNumber', { number: r.storeVatNumber })}
        </Typography>
        <Typography sx={{ mt: 2, fontWeight: 600 }}>{t('receipts.detail.kind')}</Typography>
        <Typography variant="body2" data-testid="receipt-number">
          {t('receipts.detail.number', { number: r.documentNumber, date: receiptDay(r.issuedAt) })}
        </Typography>
        <Typography variant="body2">
          {r.source === 'online'
            ? t('receipts.list.online', { id: r.orderId })
            : t('receipts.detail.till', { till: r.tillCode })}
          {r.cardNumber ? ` · ${t('receipts.detail.card', { card: r.cardNumber })}` : ''}
        </Typography>
        <Box sx={{ overflowX: 'auto', mt: 2 }}>
          <Table size="small" aria-label={t('receipts.detail.items')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('receipts.detail.description')}</TableCell>
                <TableCell align="right">{t('receipts.detail.quantity')}</TableCell>
                <TableCell align="right">{t('receipts.detail.vat')}</TableCell>
                <TableCell align="right">{t('receipts.detail.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {r.lines.map((l, i) => (
                <TableRow key={i}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{l.description}</TableCell>
                  <TableCell align="right">{quantity.format(l.quantity)}</TableCell>
                  <TableCell align="right">{l.vatRate}%</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatPrice(l.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('receipts.detail.total')}</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="receipt-total">
            {formatPrice(r.total)}
          </Typography>
        </Box>
        <Typography variant="body2">
          {t('receipts.detail.vatIncluded', { amount: formatPrice(r.vatTotal) })}
          {' ('}
          {r.vat
            .map((v) => t('receipts.detail.vatRate', { rate: v.rate, tax: formatPrice(v.tax) }))
            .join(', ')}
          {')'}
        </Typography>
        <Typography variant="body2">{t(`receipts.payment.${r.paymentMethod}`)}</Typography>
        {r.digital ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {r.keptUntil
              ? t('receipts.detail.digitalUntil', { day: dayText(r.keptUntil) })
              : t('receipts.detail.digital')}
          </Alert>
        ) : null}
        <Button variant="contained" href={receiptPdfUrl(r.receiptId)} download sx={{ mt: 2 }}>
          {t('receipts.detail.pdf')}
        </Button>
      </Paper>
    </>
  );
}
