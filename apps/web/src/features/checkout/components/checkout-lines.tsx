import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CartItem } from '@spesa/shared/contracts/cart';
import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useTranslation } from '../../../lib/i18n';
import { formatEuro } from '../utils/money';

const AlternativesDialog = lazy(() => import('../../cart/components/alternatives-dialog'));

/** An unavailable line's alternatives (issue 20): the cart's dialog, one of them into the cart. */
function SeeAlternatives({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        sx={{ px: 0 }}
        onClick={() => setOpen(true)}
        aria-label={t('checkout.lines.alternativesLabel', { name: item.product.name })}
      >
        {t('checkout.lines.alternatives')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AlternativesDialog item={item} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

const quantityFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });
function formatQuantity(quantity: number, unit: string): string {
  return unit ? `${quantityFormat.format(quantity)} ${unit}` : quantityFormat.format(quantity);
}

type PremiumProduct = NonNullable<NonNullable<CheckoutCart['checkout']>['premiumProduct']> | null;

/** A line's price after the premium product's discount (decision 043), in euros. */
const premiumLineTotal = (grossTotal: number, discount: number) =>
  Math.max(0, Math.round(grossTotal * 100) - Math.round(discount * 100)) / 100;

/**
 * The cart's lines: image, name, quantity, price; an unavailable line offers its alternatives, and the
 * premium 20 % product (decision 043) shows the server's discount of its lines on the line (one line of the
 * product, as the cart keeps it).
 */
export function CheckoutLines({
  lines,
  premiumProduct,
}: {
  lines: readonly CartItem[];
  premiumProduct: PremiumProduct;
}) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {lines.map((line) => (
        <Box
          component="li"
          key={line.itemId}
          sx={{
            display: 'flex',
            gap: 2,
            py: 1,
            borderTop: 1,
            borderColor: 'divider',
            '&:first-of-type': { borderTop: 0 },
            alignItems: 'center',
          }}
        >
          {line.product.mediaURL ? (
            <Box
              component="img"
              src={line.product.mediaURL}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              sx={{ objectFit: 'contain', flex: '0 0 48px' }}
            />
          ) : null}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {line.product.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('checkout.lines.quantity', {
                quantity: formatQuantity(line.quantity, line.weight != null ? 'kg' : ''),
              })}
              {line.available ? '' : ` · ${t('checkout.lines.unavailable')}`}
            </Typography>
            {line.available ? null : <SeeAlternatives item={line} />}
          </Box>
          {premiumProduct?.productId === line.product.productId && line.available ? (
            <Typography
              variant="body2"
              sx={{ fontWeight: 500, whiteSpace: 'nowrap', textAlign: 'right' }}
              data-testid="premium-product-line"
            >
              <Box component="span" sx={{ display: 'block', color: 'success.dark' }}>
                {t('checkout.lines.premiumProduct', { percent: premiumProduct.percent })}
              </Box>
              <VisuallyHidden>
                {t('checkout.lines.premiumProductPrice', {
                  price: formatEuro(premiumLineTotal(line.grossTotal, premiumProduct.discount)),
                  standard: formatEuro(line.grossTotal),
                })}
              </VisuallyHidden>
              <Box component="s" aria-hidden sx={{ color: 'text.secondary', mr: 1 }}>
                {formatEuro(line.grossTotal)}
              </Box>
              <Box component="span" aria-hidden>
                {formatEuro(premiumLineTotal(line.grossTotal, premiumProduct.discount))}
              </Box>
            </Typography>
          ) : (
            <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
              {formatEuro(line.grossTotal)}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
