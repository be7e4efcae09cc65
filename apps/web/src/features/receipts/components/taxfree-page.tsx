import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPrice } from '@spesa/shared/format/price';
import { errorTexts } from '../../../lib/http';
import '../i18n';
import { DateField } from '../../../components/date-field';
import { useTaxfree } from '../api/get-taxfree';

const dayText = (ymd: string) => ymd.split('-').reverse().join('/');

/** "Rimborsi tax free" (spec section 3): status, invoice number, date, amount, point of sale; by period. */
export function TaxfreePage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState({ start: '', end: '' });
  const [draft, setDraft] = useState(period);
  const { data, isPending, isError, error } = useTaxfree(period.start, period.end);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPeriod(draft);
  };
  return (
    <>
      <Button component={RouterLink} to="/profile/receipts" sx={{ mb: 2 }}>
        {t('receipts.detail.back')}
      </Button>
      <Box
        component="form"
        onSubmit={submit}
        role="search"
        aria-label={t('receipts.taxfree.filter')}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 3 }}
      >
        <DateField
          label={t('receipts.list.from')}
          value={draft.start}
          onChange={(v) => setDraft({ ...draft, start: v })}
          size="small"
        />
        <DateField
          label={t('receipts.list.to')}
          value={draft.end}
          onChange={(v) => setDraft({ ...draft, end: v })}
          size="small"
        />
        <Button type="submit" variant="contained">
          {t('receipts.list.apply')}
        </Button>
      </Box>
      {isPending ? (
        <CircularProgress aria-label={t('receipts.list.loading')} sx={{ display: 'block', mx: 'auto' }} />
      ) : isError || !data ? (
        <Alert severity="error" role="alert">
          {errorTexts(error, t('receipts.taxfree.error')).join(' ')}
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 1 }} color="text.secondary">
            {t('receipts.taxfree.period', { start: dayText(data.startDate), end: dayText(data.endDate) })}
          </Typography>
          {data.refunds.length === 0 ? (
            <Typography>{t('receipts.taxfree.empty')}</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('receipts.taxfree.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('receipts.taxfree.status')}</TableCell>
                    <TableCell>{t('receipts.taxfree.invoice')}</TableCell>
                    <TableCell>{t('receipts.taxfree.date')}</TableCell>
                    <TableCell align="right">{t('receipts.taxfree.amount')}</TableCell>
                    <TableCell>{t('receipts.taxfree.pointOfSale')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.refunds.map((r) => (
                    <TableRow key={r.invoiceNumber}>
                      <TableCell>
                        <Chip
                          size="small"
                          color={r.status === 'approved' ? 'success' : 'default'}
                          label={t(`receipts.taxfree.${r.status}`)}
                        />
                      </TableCell>
                      <TableCell>{r.invoiceNumber}</TableCell>
                      <TableCell>{dayText(r.date)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatPrice(r.amount)}
                      </TableCell>
                      <TableCell>{r.pointOfSale}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </>
      )}
    </>
  );
}
