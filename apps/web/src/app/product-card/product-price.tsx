import { useTranslation } from '../../lib/i18n';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { formatPricePerUnit, formatProductPrice } from '@spesa/shared/format/price';
import { isSoldByWeight, listPriceIfPromo } from '../../features/catalogue/utils/product-display';
import { VisuallyHidden } from '../../components/visually-hidden';
import './product-card.css';

/**
 * Price, struck list price during a promotion, the 30-day lowest price and price per unit (for pieces and
 * packs). Every price of a loose product says its unit (formatProductPrice).
 */
export function ProductPrice({ product, size = 'medium' }: { product: Product; size?: 'medium' | 'large' }) {
  const { t } = useTranslation();
  const listPrice = listPriceIfPromo(product);
  const byWeight = isSoldByWeight(product);
  const priceText = formatProductPrice(product.priceDisplay, product);
  const perUnit =
    !byWeight && typeof product.priceUmDisplay === 'number' && product.priceUmDisplay > 0
      ? formatPricePerUnit(
          product.priceUmDisplay,
          product.weightUnitDisplay || product.unitMeasureBaseSelling?.um,
        )
      : null;
  // the list price's unit price, struck beside the unit price of the reduced price
  const formerPerUnit =
    perUnit && listPrice != null && typeof product.priceStandardUmDisplay === 'number'
      ? formatPricePerUnit(
          product.priceStandardUmDisplay,
          product.weightUnitDisplay || product.unitMeasureBaseSelling?.um,
        )
      : null;
  // Omnibus: a reduction is announced with the lowest price of the 30 days before it
  const priorPrice = listPrice != null ? product.warehousePromo?.priorPrice : undefined;
  // a card price is an invitation: the list price is what a customer without the card pays (decision 032)
  const cardOnly = listPrice != null && product.warehousePromo?.audience === 'card';
  const sizeClass = size === 'large' ? ' pp-price--large' : '';
  return (
    <div className="pc-price" data-testid="product-price">
      {cardOnly ? (
        <>
          <span className={`pp-price${sizeClass}`}>
            <VisuallyHidden>{t('product.price')}: </VisuallyHidden>
            {formatProductPrice(listPrice, product)}
          </span>
          <p className="pp-card" data-testid="card-price">
            {t('product.cardPrice')} <strong>{priceText}</strong>
          </p>
        </>
      ) : (
        <>
          {listPrice != null ? (
            <span className="pp-list">
              <VisuallyHidden>{t('product.listPrice')}: </VisuallyHidden>
              {formatProductPrice(listPrice, product)}
            </span>
          ) : null}
          <span className={`pp-price${sizeClass}${listPrice != null ? ' pp-price--promo' : ''}`}>
            <VisuallyHidden>
              {listPrice != null ? t('product.promoPrice') : t('product.price')}:{' '}
            </VisuallyHidden>
            {priceText}
          </span>
        </>
      )}
      {priorPrice !== undefined ? (
        <p className="pp-unit" data-testid="prior-price">
          {t('product.priorPrice', { price: formatProductPrice(priorPrice, product) })}
        </p>
      ) : null}
      {perUnit ? (
        <p className="pp-unit" data-testid="price-per-unit">
          {formerPerUnit && !cardOnly ? (
            <>
              <s>
                <VisuallyHidden>{t('product.listPrice')}: </VisuallyHidden>
                {formerPerUnit}
              </s>{' '}
            </>
          ) : null}
          {perUnit}
        </p>
      ) : null}
    </div>
  );
}
