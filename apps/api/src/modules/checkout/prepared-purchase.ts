import type { CartItemRow } from '../cart/cart.repository';
import type { Buyer } from '../catalogue/promo-audience';
import type { NewOrderItem } from '../orders/order-placement.repository';
import { failWith, type Failure } from '../../lib/result';
import { CHECKOUT_TEXT } from './checkout.messages';
import { FEE_KEY, PREMIUM_PRODUCT_KEY, priceKey, type CheckoutFigures } from './checkout-pricing';
import type { CartCheckoutRow, PackagingTypeRow } from './checkout.repository';
import { orderItems } from './order-draft';

// What checkout/prepare priced and checked, frozen for checkout/buy (decision 059, session 45): buy writes the
// order from it without pricing the cart again, as long as nothing it was priced with has changed. Pure: no
// database; the reads are prepare's and buy's own.

/** The figures a purchase writes (the order's row, its free delivery, its gift uses): no lines, no choices. */
export type PurchaseFigures = Omit<CheckoutFigures, 'lines' | 'buyer' | 'checkout'>;

/** A cart line as prepare priced it: what buy compares with the line it reads. */
interface FrozenLine {
  itemId: number;
  productId: number;
  optionsKey: string;
  quantity: number;
  promoId: number | null;
}

/** Kept in `cart_checkouts.prepared_purchase` by prepare, read by buy. */
export interface PreparedPurchase {
  /** the catalogue's version read before the lines were priced (every price, promotion or stock write bumps it) */
  catalogueVersion: number;
  /** Rome's day of the pricing: promotions and gift codes are valid for days */
  day: string;
  /** the buyer's card and segments the lines were priced for */
  buyer: Buyer;
  lines: FrozenLine[];
  /** the order's lines as the purchase writes them (their infos are taken from the cart when bought) */
  items: NewOrderItem[];
  figures: PurchaseFigures;
}

/** A prepared cart's figures frozen: `catalogueVersion` must have been read before the lines were priced. */
export function freezePurchase(
  figures: CheckoutFigures,
  at: { catalogueVersion: number; day: string; buyer: Buyer },
): PreparedPurchase {
  const { lines, buyer: _b, checkout: _c, ...rest } = figures;
  return {
    ...at,
    lines: lines.map(({ row }) => ({
      itemId: row.itemId,
      productId: row.productId,
      optionsKey: row.optionsKey,
      quantity: row.quantity,
      promoId: row.promoId,
    })),
    items: orderItems(lines),
    figures: rest,
  };
}

/** What buy read now, against which a frozen purchase is checked. */
export interface PurchaseNow {
  catalogueVersion: number;
  day: string;
  buyer: Buyer;
  /** the buyer has a premium product chosen (then the 20 % line is priced again) */
  premiumChoice: boolean;
  /** the cart's lines, in item order */
  lines: readonly CartItemRow[];
  /** the packaging the checkout's choice gives now */
  packaging: PackagingTypeRow | null;
}

const sameBuyer = (a: Buyer, b: Buyer) =>
  a.card === b.card &&
  a.segments.length === b.segments.length &&
  a.segments.every((s) => b.segments.includes(s));

/**
 * The order's lines of a frozen purchase for the cart's lines read now, or null when anything it was priced
 * with may have changed: the catalogue's version, the day, the buyer's card or segments, a premium product
 * chosen, a gift code (its validity is checked by pricing again), the bags' price, or the lines themselves.
 * Null sends buy to price the cart again, as before (every refusal of a changed price is made there).
 */
export function thawPurchase(frozen: PreparedPurchase | null, now: PurchaseNow): NewOrderItem[] | null {
  if (!frozen || frozen.catalogueVersion !== now.catalogueVersion || frozen.day !== now.day) return null;
  if (!sameBuyer(frozen.buyer, now.buyer)) return null;
  const f = frozen.figures;
  if (now.premiumChoice || f.premiumProduct !== null || f.gifts.length > 0) return null;
  if (
    (f.packaging?.packagingTypeId ?? null) !== (now.packaging?.packagingTypeId ?? null) ||
    (f.packaging?.priceCents ?? 0) !== (now.packaging?.priceCents ?? 0)
  )
    return null;
  if (frozen.lines.length !== now.lines.length || frozen.items.length !== now.lines.length) return null;
  const items: NewOrderItem[] = [];
  for (const [i, row] of now.lines.entries()) {
    const seen = frozen.lines[i];
    const item = frozen.items[i];
    if (
      !seen ||
      !item ||
      seen.itemId !== row.itemId ||
      seen.productId !== row.productId ||
      seen.optionsKey !== row.optionsKey ||
      seen.quantity !== row.quantity ||
      seen.promoId !== row.promoId
    )
      return null;
    items.push({ ...item, infos: row.infos, acceptAlternatives: row.infos.accept_alternatives === 'true' });
  }
  return items;
}

/** The prices now against those seen at prepare: the premium product, each line, the delivery fee. */
export function pricesChanged(co: CartCheckoutRow, figures: CheckoutFigures): Failure | null {
  const seenPremium = co.preparedPrices?.[PREMIUM_PRODUCT_KEY];
  if (seenPremium !== undefined && seenPremium !== (figures.premiumProduct?.productId ?? 0))
    return failWith(CHECKOUT_TEXT.premiumProductChanged);
  for (const l of figures.lines) {
    const seen = co.preparedPrices?.[priceKey(l.row.productId, l.row.optionsKey)];
    if (seen !== l.unitCents) return failWith(CHECKOUT_TEXT.priceChanged);
  }
  const seenFee = co.preparedPrices?.[FEE_KEY];
  if (seenFee !== undefined && seenFee !== figures.feeCents)
    return failWith(figures.feeCents > seenFee ? CHECKOUT_TEXT.freeDeliveryGone : CHECKOUT_TEXT.priceChanged);
  return null;
}
