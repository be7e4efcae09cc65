import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LoyaltyCard } from '@spesa/shared/contracts/loyalty';
import { cardTypeOfNumber } from '@spesa/shared/loyalty/card-number';
import { italianDayText } from '@spesa/shared/loyalty/premium';
import { PageLoading } from '../../../components/page-loading';
import '../i18n';
import { useCard } from '../api/get-card';
import { CardBarcode } from './card-barcode';
import { LinkCardForm } from './link-card-form';
import { PremiumPerks } from './premium-perks';

const FIDELITY_BENEFITS = ['prices', 'offers', 'login'] as const;

/** The card's type as its number's prefix tells it (spec section 5), the chain's record when it tells none. */
export const cardTypeShown = (card: LoyaltyCard) => cardTypeOfNumber(card.cardNumber) ?? card.cardType;

/** "La mia carta" (decision 038): the card with its barcode, validity and benefits; or linking one. */
export function CardPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useCard();
  if (isPending) return <PageLoading />;
  if (isError) return <Alert severity="error">{t('loyalty.card.error')}</Alert>;
  const { card, premium } = data;
  if (!card)
    return (
      <>
        <Typography sx={{ mb: 1, fontWeight: 500 }}>{t('loyalty.card.noCard')}</Typography>
        <Typography sx={{ mb: 3 }}>{t('loyalty.card.noCardHelp')}</Typography>
        <LinkCardForm />
      </>
    );
  const type = cardTypeShown(card);
  const isPremium = type === 'premium';
  return (
    <>
      <Paper
        component="section"
        aria-labelledby="card-type"
        variant="outlined"
        sx={{
          p: { xs: 2, sm: 3 },
          mb: 3,
          maxWidth: 480,
          borderWidth: 2,
          borderColor: isPremium ? '#8a6d1d' : 'primary.main',
          background: isPremium
            ? 'linear-gradient(135deg, #fff8e1 0%, #ffffff 60%)'
            : 'linear-gradient(135deg, #e8f5e9 0%, #ffffff 60%)',
        }}
      >
        <Typography
          component="h2"
          id="card-type"
          variant="h6"
          sx={{ color: isPremium ? '#6d5410' : 'primary.dark', mb: 2 }}
          data-testid="card-type"
        >
          {t(`loyalty.card.type.${type}`)}
        </Typography>
        <CardBarcode cardNumber={card.cardNumber} />
        <Typography variant="body2" sx={{ mt: 1, textAlign: 'center' }}>
          {t('loyalty.card.barcodeHelp')}
        </Typography>
        <Box component="dl" sx={{ m: 0, mt: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
          <Typography component="dt" sx={{ fontWeight: 500 }}>
            {t('loyalty.card.validity')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} data-testid="card-validity">
            {card.valid
              ? card.validTo
                ? t('loyalty.card.validUntil', { day: italianDayText(card.validTo) })
                : t('loyalty.card.validNoEnd')
              : t('loyalty.card.expired', { day: italianDayText(card.validTo ?? '') })}
          </Typography>
        </Box>
      </Paper>

      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('loyalty.card.benefits')}
      </Typography>
      <Box component="ul" sx={{ mt: 0, pl: 3 }}>
        {FIDELITY_BENEFITS.map((key) => (
          <li key={key}>
            <Typography>{t(`loyalty.card.fidelityBenefits.${key}`)}</Typography>
          </li>
        ))}
      </Box>
      {isPremium && !premium.excluded ? (
        <>
          <Typography sx={{ mt: 2 }}>{t('loyalty.card.premiumBenefitsIntro')}</Typography>
          <PremiumPerks />
          <Button component={RouterLink} to="/profile/premium" variant="outlined" sx={{ mt: 1 }}>
            {t('loyalty.card.premiumArea')}
          </Button>
        </>
      ) : null}
      {premium.canRequest ? (
        <Button component={RouterLink} to="/profile/premium" variant="contained" sx={{ mt: 2 }}>
          {t('loyalty.card.seePremium')}
        </Button>
      ) : null}
    </>
  );
}
