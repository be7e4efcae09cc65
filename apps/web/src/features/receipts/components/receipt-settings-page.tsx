import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { VoucherMode } from '@spesa/shared/contracts/receipts';
import { errorTexts } from '../../../lib/http';
import '../i18n';
import { useChangeReceiptSettings, useReceiptSettings } from '../api/receipt-settings';
import { receiptDay } from './receipts-page';

/**
 * "Scontrino digitale e buoni" (issue 22, decision 046): the digital receipt service and the voucher mode,
 * switched on or off; a change takes effect within 24 hours (the page says when).
 */
export function ReceiptSettingsPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useReceiptSettings();
  const change = useChangeReceiptSettings();
  if (isPending)
    return <CircularProgress aria-label={t('receipts.list.loading')} sx={{ display: 'block', mx: 'auto' }} />;
  if (isError || !data) return <Alert severity="error">{t('receipts.settings.error')}</Alert>;
  // what the customer chose: the pending change, or what is in force
  const chosen = data.pending ?? data;
  const busy = change.isPending;
  return (
    <>
      <Button component={RouterLink} to="/profile/receipts" sx={{ mb: 2 }}>
        {t('receipts.detail.back')}
      </Button>
      {data.cardNumber ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('receipts.settings.noCard')}{' '}
          <RouterLink to="/profile/card">{t('receipts.settings.linkCard')}</RouterLink>
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 }, mb: 2, maxWidth: 720 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('receipts.settings.digitalTitle')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('receipts.settings.digitalHelp')}</Typography>
        <Typography data-testid="digital-in-force" sx={{ fontWeight: 600, mb: 1 }}>
          {t(data.digitalReceipt ? 'receipts.settings.digitalOn' : 'receipts.settings.digitalOff')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={chosen.digitalReceipt}
              disabled={busy || !data.cardNumber}
              onChange={(e) => change.mutate({ digitalReceipt: e.target.checked })}
            />
          }
          label={t('receipts.settings.digitalSwitch')}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 }, mb: 2, maxWidth: 720 }}>
        <FormLabel id="voucher-mode-label">
          <Typography component="h2" variant="h6" sx={{ mb: 1, color: 'text.primary' }}>
            {t('receipts.settings.voucherTitle')}
          </Typography>
        </FormLabel>
        <Typography sx={{ mb: 1 }}>{t('receipts.settings.voucherHelp')}</Typography>
        <Typography data-testid="voucher-in-force" sx={{ fontWeight: 600, mb: 1 }}>
          {t(`receipts.settings.voucherInForce.${data.voucherMode}`)}
        </Typography>
        <RadioGroup
          aria-labelledby="voucher-mode-label"
          value={chosen.voucherMode}
          onChange={(e) => change.mutate({ voucherMode: e.target.value as VoucherMode })}
        >
          <FormControlLabel
            value="paper"
            disabled={busy || !data.cardNumber}
            control={<Radio />}
            label={t('receipts.settings.voucherPaper')}
          />
          <FormControlLabel
            value="digital"
            disabled={busy || !data.cardNumber}
            control={<Radio />}
            label={t('receipts.settings.voucherDigital')}
          />
        </RadioGroup>
      </Paper>
      <div role="status" aria-live="polite">
        {data.pending ? (
          <Alert severity="info" data-testid="pending-change" sx={{ maxWidth: 720 }}>
            {t('receipts.settings.pending', {
              when: receiptDay(data.pending.effectiveAt),
              digital: t(data.pending.digitalReceipt ? 'receipts.settings.on' : 'receipts.settings.off'),
              voucher: t(`receipts.settings.voucherShort.${data.pending.voucherMode}`),
            })}
          </Alert>
        ) : null}
      </div>
      {change.isError ? (
        <Alert severity="error" role="alert" sx={{ mt: 2, maxWidth: 720 }}>
          {errorTexts(change.error, t('receipts.settings.error')).join(' ')}
        </Alert>
      ) : null}
    </>
  );
}
