import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { SmartCartItem } from '@spesa/shared/contracts/smartcart';
import { formatPrice } from '@spesa/shared/format/price';
import '../i18n';

const kg = (n: number) => n.toLocaleString('it-IT', { maximumFractionDigits: 3 });

/** The smart cart's lines: name, pieces or weight, amount; with controls while scanning. */
export function SmartCartLines({
  items,
  onQuantity,
}: {
  items: SmartCartItem[];
  /** absent: read only (recap) */
  onQuantity?: (item: SmartCartItem, quantity: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={t('smartcart.scan.linesLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => {
        const name = item.product.name;
        return (
          <Box
            component="li"
            key={item.itemId}
            data-testid="smartcart-line"
            sx={{
              display: 'grid',
              gridTemplateColumns: '1fr auto',
              gap: 1,
              alignItems: 'center',
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {item.weight !== null
                  ? t('smartcart.scan.weight', { weight: kg(item.weight) })
                  : t('smartcart.scan.pieces', { count: item.quantity })}
                {item.labelPrice !== null ? ` · ${t('smartcart.scan.labelPrice')}` : ''}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 600, textAlign: 'right' }}>
              {formatPrice(item.grossTotal)}
            </Typography>
            {onQuantity ? (
              <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, alignItems: 'center' }}>
                {item.weight === null ? (
                  <>
                    <IconButton
                      aria-label={t('smartcart.scan.less', { name })}
                      onClick={() => onQuantity(item, item.quantity - 1)}
                      size="large"
                    >
                      −
                    </IconButton>
                    <Typography aria-hidden>{item.quantity}</Typography>
                    <IconButton
                      aria-label={t('smartcart.scan.more', { name })}
                      onClick={() => onQuantity(item, item.quantity + 1)}
                      disabled={item.quantity >= 99}
                      size="large"
                    >
                      +
                    </IconButton>
                  </>
                ) : null}
                <IconButton
                  aria-label={t('smartcart.scan.remove', { name })}
                  onClick={() => onQuantity(item, 0)}
                  size="large"
                  sx={{ ml: 'auto' }}
                >
                  ✕
                </IconButton>
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
