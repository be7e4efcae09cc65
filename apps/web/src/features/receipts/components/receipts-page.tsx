import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatPrice } from '@spesa/shared/format/price';
import { PagePager } from '../../../components/page-pager';
import { errorTexts } from '../../../lib/http';
import '../i18n';
import { DateField } from '../../../components/date-field';
import { useReceipts } from '../api/get-receipts';
import { amountRowSx, plainListSx } from '../../../components/amount-rows';
import { TIME_ZONE } from '@spesa/shared/time/rome';

export const receiptDay = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** "Scontrini" (issue 22, decision 046): the customer's receipts, newest first, paged, filtered by day. */
export function ReceiptsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState({ from: '', to: '' });
  const [draft, setDraft] = useState(filter);
  const query = {
    page,
    ...(filter.from ? { from_date: filter.from } : {}),
    ...(filter.to ? { to_date: filter.to } : {}),
  };
  const { data, isPending, isError, error } = useReceipts(query);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setFilter(draft);
  };
  return (
    <>
      <Box
        component="nav"
        aria-label={t('receipts.list.more')}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3 }}
      >
        <Button component={RouterLink} to="/profile/receipts/digital" variant="outlined">
          {t('receipts.settings.title')}
        </Button>
        <Button component={RouterLink} to="/profile/receipts/tax-free" variant="outlined">
          {t('receipts.taxfree.title')}
        </Button>
      </Box>
      <Box
        component="form"
        onSubmit={submit}
        role="search"
        aria-label={t('receipts.list.filter')}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 3 }}
      >
        <DateField
          label={t('receipts.list.from')}
          value={draft.from}
          onChange={(v) => setDraft({ ...draft, from: v })}
          size="small"
        />
        <DateField
          label={t('receipts.list.to')}
          value={draft.to}
          onChange={(v) => setDraft({ ...draft, to: v })}
          size="small"
        />
        <Button type="submit" variant="contained">
          {t('receipts.list.apply')}
        </Button>
        {filter.from || filter.to ? (
          <Button
            onClick={() => {
              setDraft({ from: '', to: '' });
              setFilter({ from: '', to: '' });
              setPage(1);
            }}
          >
            {t('receipts.list.clear')}
          </Button>
        ) : null}
      </Box>
      {isPending ? (
        <CircularProgress aria-label={t('receipts.list.loading')} sx={{ display: 'block', mx: 'auto' }} />
      ) : isError || !data ? (
        <Alert severity="error" role="alert">
          {errorTexts(error, t('receipts.list.error')).join(' ')}
        </Alert>
      ) : data.receipts.length === 0 ? (
        <Typography>
          {t(filter.from || filter.to ? 'receipts.list.noneInPeriod' : 'receipts.list.empty')}
        </Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }} color="text.secondary">
            {t('receipts.list.count', { count: data.page.totItems })}
          </Typography>
          <Box component="ul" aria-label={t('receipts.list.label')} sx={plainListSx}>
            {data.receipts.map((r) => (
              <Box component="li" key={r.receiptId} sx={amountRowSx}>
                <Box sx={{ minWidth: 0 }}>
                  <Link
                    component={RouterLink}
                    to={`/profile/receipts/${r.receiptId}`}
                    sx={{ fontWeight: 600 }}
                  >
                    {receiptDay(r.issuedAt)} · {r.storeName}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {r.source === 'online'
                      ? t('receipts.list.online', { id: r.orderId })
                      : t('receipts.list.store')}
                    {' · '}
                    {t('receipts.list.items', { count: r.itemCount })}
                    {r.digital ? ` · ${t('receipts.list.digital')}` : ''}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', alignSelf: 'center' }}>
                  {formatPrice(r.total)}
                </Typography>
              </Box>
            ))}
          </Box>
          <PagePager
            page={data.page.selPage}
            totPages={data.page.totPages}
            onPage={setPage}
            previousLabel={t('receipts.list.previous')}
            nextLabel={t('receipts.list.next')}
          />
        </>
      )}
    </>
  );
}
