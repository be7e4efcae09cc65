import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { PremiumRequest } from '@spesa/shared/contracts/loyalty';
import { formatPrice } from '@spesa/shared/format/price';
import {
  italianDayText,
  PHYSICAL_CARD_STATES,
  PREMIUM_CHANNELS,
  PREMIUM_PERKS,
  type PremiumChannel,
} from '@spesa/shared/loyalty/premium';
import { FormAlert } from '../../../components/form-alert';
import { PageLoading } from '../../../components/page-loading';
import { ApiError } from '../../../lib/http';
import '../i18n';
import { useCard } from '../api/get-card';
import { usePremiumArea } from '../api/get-premium-area';
import { useRequestPremium } from '../api/request-premium';
import { PremiumPerks } from './premium-perks';
import { PremiumProductSection } from './premium-product';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const romeDay = (iso: string) => new Date(iso).toLocaleDateString('it-IT', { timeZone: TIME_ZONE });

/** "Carta Premium" (decision 038): the perks, becoming premium, the reserved area, or the excluded notice. */
export function PremiumPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useCard();
  if (isPending) return <PageLoading />;
  if (isError) return <Alert severity="error">{t('loyalty.premium.error')}</Alert>;
  const { card, premium } = data;
  if (premium.excluded)
    return (
      <Alert severity="warning" role="status" data-testid="premium-excluded">
        <Typography sx={{ fontWeight: 500 }}>{t('loyalty.premium.excluded')}</Typography>
        <Button component={RouterLink} to="/page/contatti" variant="text" sx={{ mt: 1, px: 0 }}>
          {t('loyalty.premium.contact')}
        </Button>
      </Alert>
    );
  return (
    <>
      {premium.active ? <ReservedArea /> : null}
      {premium.active ? <PremiumProductSection /> : null}
      {premium.request?.channel === 'physical' ? <PhysicalCardProgress request={premium.request} /> : null}
      <Typography component="h2" variant="h6" sx={{ mt: premium.active ? 4 : 0 }}>
        {t('loyalty.premium.benefits')}
      </Typography>
      <PremiumPerks />
      {premium.canRequest ? <BecomePremiumForm /> : null}
      {!premium.active && !premium.canRequest && !(card?.valid ?? false) ? (
        <Paper variant="outlined" sx={{ p: 2, mt: 2, maxWidth: 560 }}>
          <Typography sx={{ mb: 1 }}>{t('loyalty.premium.needCard')}</Typography>
          <Button component={RouterLink} to="/profile/card" variant="contained">
            {t('loyalty.premium.linkCard')}
          </Button>
        </Paper>
      ) : null}
    </>
  );
}

/** The choice of spec section 2: a digital card (active at once) or a physical card by post. */
function BecomePremiumForm() {
  const { t } = useTranslation();
  const request = useRequestPremium();
  const titleId = useId();
  const labelId = useId();
  const [channel, setChannel] = useState<PremiumChannel>('digital');
  const [errors, setErrors] = useState<string[]>([]);
  const fallback = t('loyalty.premium.become.error');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, mt: 3, maxWidth: 640 }}
    >
      <Typography component="h2" variant="h6" id={titleId}>
        {t('loyalty.premium.become.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('loyalty.premium.become.intro')}</Typography>
      <FormAlert messages={errors} focus />
      <Box
        component="form"
        noValidate
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          setErrors([]);
          request.mutate(channel, {
            onError: (err) =>
              setErrors(
                err instanceof ApiError && err.response.errors[0]?.error
                  ? [err.response.errors[0].error]
                  : [fallback],
              ),
          });
        }}
      >
        <FormControl>
          <FormLabel id={labelId}>{t('loyalty.premium.become.channel')}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={channel}
            onChange={(e) => setChannel(e.target.value as PremiumChannel)}
          >
            {PREMIUM_CHANNELS.map((c) => (
              <FormControlLabel
                key={c}
                value={c}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.5 } }}
                label={
                  <>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                      {t(`loyalty.premium.become.${c}`)}
                    </Typography>
                    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                      {t(`loyalty.premium.become.${c}Help`)}
                    </Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Box sx={{ mt: 1 }}>
          <Button type="submit" variant="contained" disabled={request.isPending}>
            {t('loyalty.premium.become.submit')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/** The premium customers' reserved area: what is left of the perks that count. */
function ReservedArea() {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePremiumArea(true);
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, borderColor: '#8a6d1d', borderWidth: 2, maxWidth: 640 }}
    >
      <Typography component="h2" variant="h6" id={titleId} sx={{ color: '#6d5410' }}>
        {t('loyalty.premium.area.title')}
      </Typography>
      {isPending ? (
        <PageLoading />
      ) : isError ? (
        <Alert severity="error">{t('loyalty.premium.error')}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('loyalty.premium.area.intro')}</Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
              columnGap: 3,
              rowGap: 1,
            }}
          >
            <Typography component="dt" sx={{ fontWeight: 500 }}>
              {t('loyalty.premium.area.freeDeliveries')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid="free-deliveries">
              {t('loyalty.premium.area.freeDeliveriesValue', {
                left: data.freeDeliveriesLeft,
                total: PREMIUM_PERKS.freeDeliveries,
              })}
            </Typography>
            <Typography component="dt" sx={{ fontWeight: 500 }}>
              {t('loyalty.premium.area.productDiscount', { percent: PREMIUM_PERKS.productDiscountPercent })}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {t(
                data.productDiscountOn
                  ? 'loyalty.premium.area.productDiscountOn'
                  : 'loyalty.premium.area.productDiscountOff',
                { day: italianDayText(data.productDiscountUntil) },
              )}
            </Typography>
            <Typography component="dt" sx={{ fontWeight: 500 }}>
              {t('loyalty.premium.area.birthdayCake')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {t('loyalty.premium.area.birthdayCakeValue', {
                min: formatPrice(data.birthdayCakeMin),
                max: formatPrice(data.birthdayCakeMax),
              })}
            </Typography>
          </Box>
          <Button component={RouterLink} to="/profile/card" variant="contained" sx={{ mt: 2 }}>
            {t('loyalty.premium.area.showCard')}
          </Button>
        </>
      )}
    </Paper>
  );
}

/** A physical card's way by post: richiesta → spedita → consegnata, the current step marked. */
function PhysicalCardProgress({ request }: { request: PremiumRequest }) {
  const { t } = useTranslation();
  const titleId = useId();
  const current = request.state ? PHYSICAL_CARD_STATES.indexOf(request.state) : 0;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, mt: 3, maxWidth: 640 }}
    >
      <Typography component="h2" variant="h6" id={titleId}>
        {t('loyalty.premium.physical.title')}
      </Typography>
      <Box
        component="ol"
        aria-label={t('loyalty.premium.physical.label')}
        sx={{ listStyle: 'none', p: 0, m: '8px 0', display: 'flex', gap: 1, flexWrap: 'wrap' }}
        data-testid="physical-card-state"
      >
        {PHYSICAL_CARD_STATES.map((state, i) => (
          <Box
            component="li"
            key={state}
            aria-current={i === current ? 'step' : undefined}
            sx={{
              px: 1.5,
              py: 0.5,
              borderRadius: 4,
              border: '1px solid',
              borderColor: i <= current ? 'primary.main' : 'divider',
              bgcolor: i === current ? 'primary.main' : 'transparent',
              color: i === current ? 'primary.contrastText' : i < current ? 'primary.dark' : 'text.secondary',
              fontWeight: i === current ? 700 : 400,
            }}
          >
            {i + 1}. {t(`loyalty.premium.physical.${state}`)}
          </Box>
        ))}
      </Box>
      <Typography variant="body2">
        {request.state === 'delivered' && request.deliveredAt
          ? t('loyalty.premium.physical.deliveredText', { day: romeDay(request.deliveredAt) })
          : t('loyalty.premium.physical.dueBy', { day: italianDayText(request.dueBy ?? '') })}
      </Typography>
    </Paper>
  );
}
