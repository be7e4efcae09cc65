import { useTranslation } from '../../../lib/i18n';
import type { Product } from '@spesa/shared/contracts/catalogue';

const decimal = (n: number) =>
  n.toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A product's average and number of votes on its card ("★ 4,5 (12)"), read as "Valutazione 4,5 su 5, 12
 * voti". Plain markup and the shop's first bundle's text only (the card is on every listing).
 */
export function RatingBadge({ summary }: { summary: NonNullable<Product['ratingSummary']> }) {
  const { t } = useTranslation();
  const avg = decimal(summary.avg);
  return (
    <span
      className="pc-rating"
      role="img"
      aria-label={t('product.ratingLabel', { avg, count: summary.total })}
    >
      <span aria-hidden="true">
        ★ {avg} ({summary.total})
      </span>
    </span>
  );
}
