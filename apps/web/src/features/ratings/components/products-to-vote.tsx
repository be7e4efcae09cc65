import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { paths } from '../../../lib/route-paths';
import { PagePager } from '../../../components/page-pager';
import '../i18n';
import { useToVote } from '../api/get-to-vote';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const day = (iso: string) => new Date(iso).toLocaleDateString('it-IT', { timeZone: TIME_ZONE });

/** "Valuta i prodotti": what the customer received and has not voted, each linking to its votes panel. */
export function ProductsToVote() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending } = useToVote(page);
  if (isPending)
    return <CircularProgress aria-label={t('ratings.toVoteTitle')} sx={{ display: 'block', mx: 'auto' }} />;
  if (!data || data.listType !== 'to-vote' || data.products.length === 0)
    return <Typography>{t('ratings.toVoteEmpty')}</Typography>;
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="to-vote">
        {data.products.map((p) => (
          <Box
            component="li"
            key={p.productId}
            sx={{
              display: 'grid',
              gridTemplateColumns: '56px 1fr auto',
              gap: 1.5,
              alignItems: 'center',
              py: 1,
              borderBottom: '1px solid',
              borderColor: 'divider',
            }}
          >
            <img src={p.mediaURL} alt="" width={56} height={56} loading="lazy" />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500 }}>{p.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('ratings.receivedOn', { date: day(p.receivedAt) })}
              </Typography>
            </Box>
            <Button
              component={RouterLink}
              to={`${paths.product(p.slug)}#voti`}
              variant="outlined"
              size="small"
              aria-label={t('ratings.toVoteAction', { name: p.name })}
            >
              {t('ratings.vote')}
            </Button>
          </Box>
        ))}
      </Box>
      <PagePager
        page={page}
        totPages={data.page.totPages}
        onPage={setPage}
        previousLabel={t('ratings.previousPage')}
        nextLabel={t('ratings.nextPage')}
      />
    </>
  );
}
