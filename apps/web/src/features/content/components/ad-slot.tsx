import { useTranslation } from '../../../lib/i18n';
import { useLocation } from 'react-router';
import { formatProductPrice } from '@spesa/shared/format/price';
import { useAdSlot } from '../api/get-ad-slot';
import { SmartLink } from './smart-link';
import '../i18n';
import './ad-slot.css';

/** Routes without an ad slot: the checkout and the payment's outcome, where nothing should distract. */
const NO_SLOT = /^\/(checkout|payment)/;

/**
 * The layout's ad slot: what the content store configures for the current route path (a banner or a product),
 * or the chain's fallback banner. Nothing while it loads or if the call fails.
 */
export function AdSlot() {
  const { pathname } = useLocation();
  const hidden = NO_SLOT.test(pathname);
  return hidden ? null : <AdSlotOf path={pathname} />;
}

function AdSlotOf({ path }: { path: string }) {
  const { t } = useTranslation();
  const slot = useAdSlot(path);
  const adv = slot.data;
  if (!adv) return null;
  const product = adv.kind === 'product' ? adv.product : null;
  const href = product ? `/product/${encodeURIComponent(product.slug)}` : adv.link;
  return (
    <aside className="ad-slot page-container" aria-label={t('content.adv.label')} data-slot-kind={adv.kind}>
      <div className="ad-slot-card">
        <div className="ad-slot-text">
          <p className="ad-slot-title">{adv.title}</p>
          {adv.description ? <p className="ad-slot-description">{adv.description}</p> : null}
          {product ? (
            <p className="ad-slot-product">
              {product.name} · <strong>{formatProductPrice(product.priceDisplay, product)}</strong>
            </p>
          ) : null}
        </div>
        {href ? (
          <SmartLink href={href} className="ad-slot-link">
            {product ? t('content.adv.product') : t('content.adv.discover')}
          </SmartLink>
        ) : null}
      </div>
    </aside>
  );
}
