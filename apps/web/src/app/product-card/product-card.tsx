import { lazy, memo, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { ProductPrice } from './product-price';
import { PromoBubble, PromoText } from './product-promo';
import { isAvailable, maxPurchasePieces } from '../../features/catalogue/utils/product-display';
import type { ViewMode } from '../../features/catalogue/hooks/use-view-mode';
import { paths } from '../../lib/route-paths';
import { AddToListButton } from '../../features/lists/components/add-to-list-button';
import { useAuth } from '../../lib/use-auth';
import { RatingBadge } from '../../features/ratings/components/rating-badge';
import './product-card.css';

// the quantity control (steps, dialogs, cart calls) is one lazy chunk for every card: the card's first paint
// shows a look-alike button (decision 016)
const QuantityControl = lazy(() =>
  import('../../features/cart/components/quantity-control').then((m) => ({ default: m.QuantityControl })),
);

interface ProductCardProps {
  product: Product;
  mode?: ViewMode;
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/** The AddShoppingCart icon of @mui/icons-material, inline (no SvgIcon component per card). */
function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M11 9h2V6h3V4h-3V1h-2v3H8v2h3zm-4 9c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2m10 0c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2m-9.83-3.25.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.86-7.01L19.42 4h-.01l-1.1 2-2.76 5H8.53l-.13-.27L6.16 6l-.95-2-.94-2H1v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.13 0-.25-.11-.25-.25" />
    </svg>
  );
}

/** What the card shows until the quantity control's chunk has arrived (same size and look). */
export function AddButtonPlaceholder({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="pc-add"
      aria-label={t('product.addToCartLabel', { name })}
      aria-disabled="true"
    >
      <CartIcon />
      {t('product.addToCart')}
    </button>
  );
}

/**
 * Product card (spec section 2) in grid or list mode: badge, promo, max purchase, name, brand, format,
 * price per unit, price, the quantity control (a lazy chunk, decision 016) and the heart of the lists (its
 * selector is a lazy chunk).
 * Plain elements styled by product-card.css: listings and sliders mount many cards at once.
 */
/** The average and count of votes (spec: on desktop, for a signed-in customer, when rating is enabled). */
function CardRating({ product }: { product: Product }) {
  const { status } = useAuth();
  if (status !== 'authenticated' || !product.ratingSummary || product.productInfos.RATE_ENABLED === 'false')
    return null;
  return <RatingBadge summary={product.ratingSummary} />;
}

export const ProductCard = memo(function ProductCard({
  product,
  mode = 'grid',
  headingLevel = 'h3',
}: ProductCardProps) {
  const { t } = useTranslation();
  const href = paths.product(product.slug);
  const available = isAvailable(product);
  const maxPieces = maxPurchasePieces(product);
  const list = mode === 'list';
  const imgSize = list ? 96 : 160;
  const Heading = headingLevel;

  return (
    <article className={list ? 'pc pc--list' : 'pc'} data-testid="product-card" data-mode={mode}>
      <div className="pc-media">
        <img
          className="pc-img"
          src={product.mediaURLMedium || product.mediaURL}
          alt={product.name}
          width={imgSize}
          height={imgSize}
          loading="lazy"
          decoding="async"
          style={{ width: imgSize, height: imgSize }}
        />
        <div className="pc-flags">
          <PromoBubble product={product} />
        </div>
        <AddToListButton product={product} variant="card" />
      </div>

      <div className="pc-body">
        <div className="pc-badges">
          {product.badge?.label ? <span className="pc-badge">{product.badge.label}</span> : null}
          {product.isNew ? <span className="pc-badge pc-badge--new">{t('product.new')}</span> : null}
        </div>
        {product.shortDescr ? <span className="pc-brand">{product.shortDescr}</span> : null}
        <Heading className="pc-name">
          <RouterLink to={href}>{product.name}</RouterLink>
        </Heading>
        {product.description ? <p className="pc-small">{product.description}</p> : null}
        <CardRating product={product} />
        <PromoText product={product} />
        {maxPieces != null ? (
          <p className="pc-small pc-max" data-testid="max-acq">
            {t('product.maxAcq', { count: maxPieces })}
          </p>
        ) : null}
      </div>

      <div className="pc-actions">
        <ProductPrice product={product} />
        {available ? (
          <Suspense fallback={<AddButtonPlaceholder name={product.name} />}>
            <QuantityControl product={product} />
          </Suspense>
        ) : (
          <p className="pc-na" data-testid="not-available">
            {t('product.notAvailable')}
          </p>
        )}
      </div>
    </article>
  );
});
