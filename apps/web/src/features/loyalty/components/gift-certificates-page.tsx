import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UserGiftCertificate } from '@spesa/shared/contracts/gift-certificates';
import { formatPrice } from '@spesa/shared/format/price';
import { ApiError } from '../../../lib/http';
import '../i18n';
import { useApplyGiftCertificate } from '../api/apply-gift-certificate';
import { usePersonalGifts, useUsableGifts } from '../api/get-gift-certificates';
import { TIME_ZONE } from '@spesa/shared/time/rome';

/** YYYY-MM-DD or an ISO date-time, as an Italian day */
const day = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso).toLocaleDateString('it-IT', {
    timeZone: TIME_ZONE,
  });
const valueOf = (g: UserGiftCertificate) =>
  g.giftCertificate.kind === 'percent'
    ? `${g.giftCertificate.value.toLocaleString('it-IT')} %`
    : formatPrice(g.giftCertificate.value);

function GiftCard({
  gift,
  onUse,
  busy,
}: {
  gift: UserGiftCertificate;
  onUse: (code: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const g = gift.giftCertificate;
  const titleId = `gift-${gift.userGiftCertificateId}-title`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'grid', gap: 0.5, opacity: gift.state === 'available' ? 1 : 0.85 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1" id={titleId} sx={{ fontWeight: 700 }}>
          {g.name}
        </Typography>
        <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, color: 'primary.main' }}>
          {valueOf(gift)}
        </Typography>
      </Box>
      {gift.reason ? <Typography sx={{ overflowWrap: 'anywhere' }}>{gift.reason}</Typography> : null}
      {g.descr ? <Typography sx={{ overflowWrap: 'anywhere' }}>{g.descr}</Typography> : null}
      <Typography variant="body2">
        {gift.state === 'used' && gift.orderId
          ? t('loyalty.gifts.usedIn', { id: gift.orderId, date: gift.usedAt ? day(gift.usedAt) : '' })
          : gift.state === 'expired'
            ? t('loyalty.gifts.expiredOn', { date: day(g.validTo) })
            : t('loyalty.gifts.validTo', { date: day(g.validTo) })}
      </Typography>
      {g.minSpend > 0 ? (
        <Typography variant="body2">
          {t('loyalty.gifts.minSpend', { amount: formatPrice(g.minSpend) })}
        </Typography>
      ) : null}
      {gift.conditions ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {gift.conditions}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 1 }}>
        <Typography variant="body2">
          {t('loyalty.gifts.code')}:{' '}
          <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '1rem' }}>
            {g.code}
          </Box>
        </Typography>
        {gift.state === 'available' ? (
          <Button
            variant="contained"
            size="small"
            disabled={busy}
            onClick={() => onUse(g.code)}
            aria-describedby={titleId}
          >
            {t('loyalty.gifts.use')}
          </Button>
        ) : (
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {gift.state === 'used' ? t('loyalty.gifts.used') : t('loyalty.gifts.expired')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

function GiftList({ gifts, label, ...rest }: { gifts: UserGiftCertificate[]; label: string } & CardActions) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}
    >
      {gifts.map((g) => (
        <GiftCard key={g.userGiftCertificateId} gift={g} {...rest} />
      ))}
    </Box>
  );
}

interface CardActions {
  onUse: (code: string) => void;
  busy: boolean;
}

/**
 * "I miei buoni" (issue 21, decision 040): the customer's personal certificates (with the used and expired
 * ones on request) and the advantages offered to them; each usable one is applied to the cart in one click.
 */
export function GiftCertificatesPage() {
  const { t } = useTranslation();
  const [history, setHistory] = useState(false);
  const personal = usePersonalGifts(history);
  const usable = useUsableGifts();
  const apply = useApplyGiftCertificate();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const onUse = (code: string) => {
    setOutcome(null);
    apply.mutate(code, {
      onSuccess: () => setOutcome({ ok: true, text: t('loyalty.gifts.applied', { code }) }),
      onError: (e) =>
        setOutcome({
          ok: false,
          text:
            e instanceof ApiError && e.response.errors[0]?.error
              ? e.response.errors[0].error
              : t('loyalty.gifts.applyError'),
        }),
    });
  };
  const actions = { onUse, busy: apply.isPending };
  const advantages = (usable.data?.userGiftCertificates ?? []).filter((g) => g.type === 'advantage');
  return (
    <>
      <Box role="status" aria-live="polite" sx={{ mb: outcome ? 2 : 0 }}>
        {outcome ? (
          <Alert severity={outcome.ok ? 'success' : 'error'}>
            {outcome.text}{' '}
            {outcome.ok ? (
              <Link component={RouterLink} to="/checkout">
                {t('loyalty.gifts.toCheckout')}
              </Link>
            ) : null}
          </Alert>
        ) : null}
      </Box>
      <Box component="section" aria-labelledby="gifts-personal" sx={{ mb: 4 }}>
        <Typography component="h2" variant="h6" id="gifts-personal" sx={{ mb: 1 }}>
          {t('loyalty.gifts.personal')}
        </Typography>
        <FormControlLabel
          sx={{ mb: 1 }}
          control={<Checkbox checked={history} onChange={(e) => setHistory(e.target.checked)} />}
          label={t('loyalty.gifts.showHistory')}
        />
        {personal.isPending ? (
          <CircularProgress aria-label={t('loyalty.gifts.loading')} sx={{ display: 'block', mx: 'auto' }} />
        ) : personal.isError || !personal.data ? (
          <Alert severity="error">{t('loyalty.gifts.error')}</Alert>
        ) : personal.data.userGiftCertificates.length === 0 ? (
          <Typography>{history ? t('loyalty.gifts.noneEver') : t('loyalty.gifts.none')}</Typography>
        ) : (
          <GiftList
            gifts={personal.data.userGiftCertificates}
            label={t('loyalty.gifts.personal')}
            {...actions}
          />
        )}
      </Box>
      <Box component="section" aria-labelledby="gifts-advantages">
        <Typography component="h2" variant="h6" id="gifts-advantages" sx={{ mb: 1 }}>
          {t('loyalty.gifts.advantages')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('loyalty.gifts.advantagesHelp')}
        </Typography>
        {usable.isPending ? (
          <CircularProgress aria-label={t('loyalty.gifts.loading')} sx={{ display: 'block', mx: 'auto' }} />
        ) : usable.isError ? (
          <Alert severity="error">{t('loyalty.gifts.error')}</Alert>
        ) : advantages.length === 0 ? (
          <Typography>{t('loyalty.gifts.noAdvantages')}</Typography>
        ) : (
          <GiftList gifts={advantages} label={t('loyalty.gifts.advantages')} {...actions} />
        )}
      </Box>
    </>
  );
}
