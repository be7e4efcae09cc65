import Chip from '@mui/material/Chip';
import type { Order } from '@spesa/shared/contracts/orders';

type Tone = 'default' | 'success' | 'warning' | 'error' | 'info';
/** statuses the customer should act on or notice (spec section 4) */
const TONE: Record<number, Tone> = {
  1: 'warning',
  2: 'warning',
  3: 'info',
  4: 'info',
  5: 'info',
  18: 'info',
  6: 'info',
  7: 'info',
  8: 'success',
  9: 'success',
  10: 'default',
  11: 'error',
  12: 'error',
  13: 'error',
  14: 'error',
};

/** The order's status as the server names it (Italian), coloured by what it means for the customer. */
export function OrderStatusChip({ order }: { order: Pick<Order, 'orderStatusId' | 'orderStatusDescr'> }) {
  const tone = TONE[order.orderStatusId] ?? 'default';
  return (
    <Chip
      size="small"
      label={order.orderStatusDescr}
      color={tone}
      variant={tone === 'default' ? 'outlined' : 'filled'}
      sx={{
        fontWeight: 500,
        '&.MuiChip-colorInfo': { bgcolor: 'info.dark' },
        '&.MuiChip-colorSuccess': { bgcolor: 'success.dark' },
        '&.MuiChip-colorWarning': { bgcolor: 'warning.dark', color: '#fff' },
      }}
    />
  );
}
