import { CART_STATUS } from '@spesa/shared/contracts/delivery';
import type { LiveSession, SessionUser } from '../../plugins/session';
import type { Result } from '../../lib/result';
import type { CartService } from '../cart/cart.service';
import type { TimeslotService } from '../delivery/timeslot.service';
import type { OrderPaymentData } from '@spesa/shared/contracts/checkout';
import type { CheckoutPricing } from './checkout-pricing';
import type { CheckoutReadiness } from './checkout-readiness';
import type { PurchaseInput } from './order-draft';
import { thawPurchase } from './prepared-purchase';
import { NEXT_ORDER_ID_SQL, orderIdByKeySql } from '../orders/order-placement-sql';

/** The cart's checks before the transaction answered: a refusal, or the order a simultaneous buy placed. */
export type Checked =
  | { ready: Omit<PurchaseInput, 'paymentTypeId' | 'walletCents' | 'key'> }
  | { answer: Result<OrderPaymentData> };

/** What buy's first read found: the key's order, the new order's id, the prepared cart's checks. */
export interface PreparedRead {
  /** the order this buy's idempotency key placed already (null: none, or no key) */
  keyOrderId: number | null;
  /** the new order's id, taken for a purchase prepare froze (null: none taken) */
  nextOrderId: number | null;
  /** the frozen purchase checked (null: the cart is not as prepare left it; price it again) */
  checked: Checked | null;
}

export interface PreparedCartCheckDeps {
  cart: CartService;
  pricing: CheckoutPricing;
  readiness: CheckoutReadiness;
  timeslots: TimeslotService;
}

/** A prepared cart checked for its purchase without pricing it again (buy's first try). */
export class PreparedCartCheck {
  constructor(private readonly d: PreparedCartCheckDeps) {}

  /**
   * The checks of a cart whose purchase prepare froze (prepared-purchase.ts, decision 059 session 45): one read
   * of the cart with its lines and delivery parts, one of its checkout row with the catalogue's version now;
   * the address, the slot (bookable now), the fee, the bags and the personal data checked from them, and the
   * order written from the frozen figures without pricing the lines again. The stock, the slot's place, the
   * free delivery and the wallet are guarded by the purchase's own writes. `checked` null: the cart is not as
   * prepare left it, or something it was priced with may have changed: `checkCart` prices it again and refuses
   * there. The checkout row's read also answers the order the buy's idempotency key placed already (a replay)
   * and, when the purchase may be one statement (`oneStatement`), the new order's id (purchase-statement.ts).
   * Null: not tried (no session), the key not looked up.
   */
  async check(
    userId: number,
    user: SessionUser | null,
    session: Pick<LiveSession, 'pricingOn'> | null,
    opts: { key: string | null; oneStatement: boolean },
  ): Promise<PreparedRead | null> {
    const { key } = opts;
    if (!session || !user) return null;
    const day = this.d.pricing.today();
    const read = await this.d.cart.readForPurchase(userId);
    const { cart, target } = read;
    const candidate =
      cart.cartStatusId === CART_STATUS.locked && cart.timeslotDate !== null && cart.timeslotId !== null;
    const none: PreparedRead = { keyOrderId: null, nextOrderId: null, checked: null };
    if (!key && (!candidate || !target)) return none;
    // the checkout row, the key's order and the new order's id in one statement
    const found = await this.d.pricing.preparedCheckout(cart.cartId, userId, {
      keyOrder: key ? orderIdByKeySql(userId, key) : null,
      nextOrderId: opts.oneStatement ? NEXT_ORDER_ID_SQL : null,
    });
    const { keyOrderId, nextOrderId } = found;
    const unchecked: PreparedRead = { keyOrderId, nextOrderId, checked: null };
    if (keyOrderId !== null || !candidate || !target) return unchecked;
    if (cart.timeslotDate === null || cart.timeslotId === null) return unchecked;
    const co = found.checkout;
    if (!co?.preparedPurchase || co.editingOrderId !== null || !co.rulesAccepted) return unchecked;
    const frozen = co.preparedPurchase;
    const items = thawPurchase(frozen, {
      catalogueVersion: co.catalogueVersion,
      day,
      buyer: session.pricingOn(day),
      premiumChoice: co.premiumChoice,
      lines: read.lines,
      packaging: await this.d.pricing.packagingChoice(co.packagingTypeId),
    });
    if (!items || !(await this.d.readiness.personalDataComplete(userId, user))) return unchecked;
    if (!(await this.d.pricing.feeHolds(userId, target, frozen.figures))) return unchecked;
    const chosen = read.delivery?.chosen ?? null;
    const slot = await this.d.timeslots.selectableFrom(
      target.calendar,
      cart.timeslotDate,
      cart.timeslotId,
      chosen,
    );
    if (!slot.ok || slot.data.slotId !== cart.slotId) return unchecked;
    return {
      keyOrderId,
      nextOrderId,
      checked: {
        ready: { userId, cart, target, slot: slot.data, figures: frozen.figures, items, co, editing: null },
      },
    };
  }
}
