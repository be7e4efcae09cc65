import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { ProductPrice } from './product-price';
import { PromoBubble, PromoText } from './product-promo';
import { isAvailable, maxPurchasePieces } from '../../features/catalogue/utils/product-display';
import type { ViewMode } from '../../features/catalogue/hooks/use-view-mode';
import { paths } from '../../lib/route-paths';

interface ProductCardProps {
  product: Product;
  mode?: ViewMode;
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/**
 * Product card (spec section 2) in grid or list mode: badge, promo, max purchase, name, brand, format,
 * price per unit, price. The cart arrives with a later feature: "Aggiungi" leads to the cart page,
 * which explains that an account is needed. No fake quantity control.
 */
export function ProductCard({ product, mode = 'grid', headingLevel = 'h3' }: ProductCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const href = paths.product(product.slug);
  const available = isAvailable(product);
  const maxPieces = maxPurchasePieces(product);
  const list = mode === 'list';
  const imgSize = list ? 96 : 160;

  return (
    <Paper
      component="article"
      variant="outlined"
      data-testid="product-card"
      data-mode={mode}
      sx={{
        height: '100%',
        p: 1.5,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: list ? { xs: `${imgSize}px 1fr`, md: `${imgSize}px 1fr 220px` } : '1fr',
        gridTemplateRows: list ? undefined : 'auto 1fr auto',
        alignItems: list ? 'center' : 'stretch',
        position: 'relative',
      }}
    >
      <Box sx={{ position: 'relative', justifySelf: 'center' }}>
        <img
          src={product.mediaURLMedium || product.mediaURL}
          alt={product.name}
          width={imgSize}
          height={imgSize}
          loading="lazy"
          decoding="async"
          style={{ display: 'block', width: imgSize, height: imgSize, objectFit: 'contain', borderRadius: 8 }}
        />
        <Box
          sx={{
            position: 'absolute',
            top: 4,
            left: 4,
            display: 'flex',
            flexDirection: 'column',
            gap: 0.5,
            alignItems: 'flex-start',
          }}
        >
          <PromoBubble product={product} />
        </Box>
      </Box>

      <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minHeight: list ? 0 : 24 }}>
          {product.badge?.label ? (
            <Box
              component="span"
              sx={{
                bgcolor: 'primary.dark',
                color: '#fff',
                fontSize: 12,
                fontWeight: 700,
                px: 1,
                py: 0.25,
                borderRadius: 1,
              }}
            >
              {product.badge.label}
            </Box>
          ) : null}
          {product.isNew ? (
            <Box
              component="span"
              sx={{
                bgcolor: 'info.main',
                color: '#fff',
                fontSize: 12,
                fontWeight: 700,
                px: 1,
                py: 0.25,
                borderRadius: 1,
              }}
            >
              {t('product.new')}
            </Box>
          ) : null}
        </Box>
        {product.shortDescr ? (
          <Typography
            variant="caption"
            sx={{ textTransform: 'uppercase', color: 'text.secondary', fontWeight: 500, letterSpacing: 0.4 }}
          >
            {product.shortDescr}
          </Typography>
        ) : null}
        <Typography component={headingLevel} sx={{ fontSize: 16, fontWeight: 500, lineHeight: 1.3 }}>
          <Link component={RouterLink} to={href} color="text.primary">
            {product.name}
          </Link>
        </Typography>
        {product.description ? (
          <Typography variant="body2" color="text.secondary">
            {product.description}
          </Typography>
        ) : null}
        <PromoText product={product} />
        {maxPieces != null ? (
          <Typography variant="body2" sx={{ color: 'warning.main', fontWeight: 500 }} data-testid="max-acq">
            {t('product.maxAcq', { count: maxPieces })}
          </Typography>
        ) : null}
      </Box>

      <Box
        sx={{
          gridColumn: list ? { xs: '1 / -1', md: 'auto' } : undefined,
          display: 'flex',
          flexDirection: list ? { xs: 'row', md: 'column' } : 'column',
          alignItems: list ? { xs: 'center', md: 'flex-end' } : 'stretch',
          justifyContent: 'space-between',
          gap: 1,
          textAlign: list ? { md: 'right' } : 'left',
        }}
      >
        <ProductPrice product={product} />
        {available ? (
          <Button
            variant="contained"
            startIcon={<AddShoppingCart />}
            onClick={() => void navigate('/cart')}
            aria-label={t('product.addToCartLabel', { name: product.name })}
            sx={{ minHeight: 40, whiteSpace: 'nowrap' }}
          >
            {t('product.addToCart')}
          </Button>
        ) : (
          <Typography sx={{ color: 'error.main', fontWeight: 700, fontSize: 14 }} data-testid="not-available">
            {t('product.notAvailable')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
