import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { formatPrice, formatPricePerUnit } from '@spesa/shared/format/price';
import { isSoldByWeight, listPriceIfPromo } from '../../features/catalogue/utils/product-display';
import { VisuallyHidden } from '../../components/visually-hidden';

/** Price, struck list price during a promotion, and price per unit (for pieces and packs). */
export function ProductPrice({ product, size = 'medium' }: { product: Product; size?: 'medium' | 'large' }) {
  const { t } = useTranslation();
  const listPrice = listPriceIfPromo(product);
  const byWeight = isSoldByWeight(product);
  const priceText = byWeight
    ? formatPricePerUnit(product.priceDisplay, product.priceUnitDisplay || 'kg')
    : formatPrice(product.priceDisplay);
  const perUnit =
    !byWeight && typeof product.priceUmDisplay === 'number' && product.priceUmDisplay > 0
      ? formatPricePerUnit(
          product.priceUmDisplay,
          product.weightUnitDisplay || product.unitMeasureBaseSelling?.um,
        )
      : null;
  return (
    <Box data-testid="product-price">
      {listPrice != null ? (
        <Typography
          component="span"
          sx={{ textDecoration: 'line-through', color: 'text.secondary', fontSize: 14, mr: 1 }}
        >
          <VisuallyHidden>{t('product.listPrice')}: </VisuallyHidden>
          {formatPrice(listPrice)}
        </Typography>
      ) : null}
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: size === 'large' ? 28 : 20,
          color: listPrice != null ? 'secondary.main' : 'text.primary',
        }}
      >
        <VisuallyHidden>{listPrice != null ? t('product.promoPrice') : t('product.price')}: </VisuallyHidden>
        {priceText}
      </Typography>
      {perUnit ? (
        <Typography variant="body2" color="text.secondary" data-testid="price-per-unit">
          {perUnit}
        </Typography>
      ) : null}
    </Box>
  );
}
