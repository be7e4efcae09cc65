import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPrice } from '@spesa/shared/format/price';
import {
  isProductDiscountOn,
  italianDayText,
  PREMIUM_PERK_KEYS,
  PREMIUM_PERKS as P,
  productDiscountEnd,
} from '@spesa/shared/loyalty/premium';
import '../i18n';
import { romeToday } from '@spesa/shared/time/rome';

/** The premium card's perks (spec sections 2 and 9), with the chain's configured numbers and date. */
export function PremiumPerks({ today }: { today?: string }) {
  const { t } = useTranslation();
  const day = today ?? romeToday();
  const values = {
    birthdayCake: {
      min: formatPrice(P.birthdayCakeMinCents / 100),
      max: formatPrice(P.birthdayCakeMaxCents / 100),
    },
    holidayGifts: {},
    giftProducts: { count: P.giftProducts },
    stickers: { percent: P.stickerDiscountPercent },
    freeDeliveries: { count: P.freeDeliveries },
    // the current period's end: renewed for each calendar year (decision 043)
    productDiscount: {
      percent: P.productDiscountPercent,
      day: italianDayText(productDiscountEnd(day) ?? P.productDiscountUntil),
    },
  } as const;
  return (
    <Box component="ul" sx={{ mt: 1, pl: 3 }} data-testid="premium-perks">
      {PREMIUM_PERK_KEYS.map((key) => (
        <li key={key}>
          <Typography>
            {t(`loyalty.premium.perk.${key}`, values[key])}
            {key === 'productDiscount'
              ? `${isProductDiscountOn(day) ? '' : ` ${t('loyalty.premium.productDiscountEnded')}`}.`
              : ''}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
