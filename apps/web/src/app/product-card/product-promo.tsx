import type { Product } from '@spesa/shared/contracts/catalogue';
import { htmlToText } from '../../features/content/components/safe-html';
import './product-card.css';

/** warehousePromo.view: the bubble (e.g. "-20%") and header/body texts. */
export function PromoBubble({ product }: { product: Product }) {
  const bubble = htmlToText(product.warehousePromo?.view.bubble);
  if (!bubble) return null;
  return <span className="promo-bubble">{bubble}</span>;
}

export function PromoText({ product }: { product: Product }) {
  const view = product.warehousePromo?.view;
  const header = htmlToText(view?.header);
  const body = htmlToText(view?.body);
  if (!header && !body) return null;
  return (
    <div className="promo-text" data-testid="promo-text">
      {header ? <span>{header}</span> : null}
      {header && body ? ' ' : null}
      {body ? <span>{body}</span> : null}
    </div>
  );
}
