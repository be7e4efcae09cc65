import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PagePager } from '../../../components/page-pager';
import '../i18n';
import { useOperations } from '../api/get-operations';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const when = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** "Operazioni del servizio clienti" (decision 053): what operators did in the account, newest first. */
export function OperationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useOperations(page);
  if (isPending)
    return (
      <CircularProgress
        aria-label={t('operators.operations.loading')}
        sx={{ display: 'block', mx: 'auto' }}
      />
    );
  if (isError || !data) return <Alert severity="error">{t('operators.operations.error')}</Alert>;
  return (
    <>
      {data.operations.length === 0 ? (
        <Typography>{t('operators.operations.empty')}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={t('operators.operations.list')}
        >
          {data.operations.map((o) => (
            <Box
              component="li"
              key={o.id}
              data-testid="operation"
              sx={{ py: 1.5, borderBottom: '1px solid', borderColor: 'divider' }}
            >
              <Typography sx={{ fontWeight: 600 }}>{o.label}</Typography>
              <Typography variant="body2" color="text.secondary">
                {when(o.at)}
                {' · '}
                {t('operators.operations.by', { name: o.operatorName })}
                {' · '}
                {t(`operators.operations.outcome.${o.outcome}`)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <PagePager
        page={page}
        totPages={data.page.totPages}
        onPage={setPage}
        previousLabel={t('operators.operations.previousPage')}
        nextLabel={t('operators.operations.nextPage')}
      />
    </>
  );
}
