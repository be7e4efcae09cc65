import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPrice } from '@spesa/shared/format/price';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { PagePager } from '../../../components/page-pager';
import '../i18n';
import { useWallet } from '../api/get-wallet';
import { amountRowSx, plainListSx } from '../../../components/amount-rows';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const day = (iso: string) => new Date(iso).toLocaleDateString('it-IT', { timeZone: TIME_ZONE });
/** "+ 5,50 €" / "− 3,00 €" (screen readers hear "Accredito" or "Addebito" before it) */
const signed = (amount: number) => `${amount < 0 ? '−' : '+'} ${formatPrice(Math.abs(amount))}`;

/** "Il mio portafoglio" (issue 21, decision 037): the balance and the movements, newest first. */
export function WalletPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useWallet(page);
  if (isPending)
    return (
      <CircularProgress aria-label={t('loyalty.wallet.loading')} sx={{ display: 'block', mx: 'auto' }} />
    );
  if (isError || !data) return <Alert severity="error">{t('loyalty.wallet.error')}</Alert>;
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography component="h2" variant="subtitle1" id="wallet-balance">
          {t('loyalty.wallet.balance')}
        </Typography>
        <Typography
          sx={{ fontSize: '2rem', fontWeight: 700, color: 'primary.main' }}
          aria-labelledby="wallet-balance"
          data-testid="wallet-balance"
        >
          {formatPrice(data.balance)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('loyalty.wallet.balanceHelp')}
        </Typography>
      </Paper>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('loyalty.wallet.movements')}
      </Typography>
      {data.movements.length === 0 ? (
        <Typography>{t('loyalty.wallet.empty')}</Typography>
      ) : (
        <Box component="ul" sx={plainListSx} aria-label={t('loyalty.wallet.movements')}>
          {data.movements.map((m) => (
            <Box component="li" key={m.movementId} sx={amountRowSx}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{m.description}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {day(m.date)}
                  {m.orderId ? ` · ${t('loyalty.wallet.order', { id: m.orderId })}` : ''}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography
                  sx={{
                    fontWeight: 700,
                    color: m.amount < 0 ? 'text.primary' : 'success.dark',
                    whiteSpace: 'nowrap',
                  }}
                >
                  <VisuallyHidden>
                    {m.amount < 0 ? t('loyalty.wallet.debit') : t('loyalty.wallet.credit')}:{' '}
                  </VisuallyHidden>
                  {signed(m.amount)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {t('loyalty.wallet.balanceAfter')}: {formatPrice(m.balance)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      <PagePager
        page={page}
        totPages={data.page.totPages}
        onPage={setPage}
        previousLabel={t('loyalty.wallet.previousPage')}
        nextLabel={t('loyalty.wallet.nextPage')}
      />
    </>
  );
}
