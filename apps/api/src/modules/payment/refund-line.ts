import { formatPrice } from '@spesa/shared/format/price';
import type { RefundableLine } from './payment-money.repository';

/**
 * How much of one order line may be refunded (decision 094): never more pieces (or kg) than were delivered
 * less the line's refunds, and never more money than the line's charged price for the quantities refunded so
 * far with this one (in proportion: the price of 2 of 3 pieces is two thirds of the line) less what its
 * refunds gave back. A smaller amount is allowed: a damaged piece may be refunded in part.
 * Answers the reason in Italian formats, or null when the refund fits.
 */
export function lineRefundProblem(
  line: RefundableLine,
  quantity: number,
  cents: number,
): { quantity: string } | { amount: string } | null {
  const left = Math.round((line.quantity - line.refundedQuantity) * 1000) / 1000;
  if (Math.round(quantity * 1000) > Math.round(left * 1000))
    return { quantity: Math.max(0, left).toLocaleString('it-IT', { maximumFractionDigits: 3 }) };
  const priceSoFar = Math.round(
    line.grossCents * Math.min(1, (line.refundedQuantity + quantity) / line.quantity),
  );
  const most = Math.max(0, priceSoFar - line.refundedCents);
  if (cents > most) return { amount: formatPrice(most / 100) };
  return null;
}
