import { isOnlinePaymentType } from '@spesa/shared/checkout/payment-types';
import { CART_STATUS } from '@spesa/shared/contracts/delivery';
import { sql } from 'drizzle-orm';
import type { LiveSession, SessionCompanion, SessionUser } from '../../plugins/session';
import type { PaymentTypeOffer } from '../../lib/payment-type-offer';
import type { Result } from '../../lib/result';
import type { OpenCartParts } from '../cart/cart.repository';
import type { CartService } from '../cart/cart.service';
import type { TimeslotService } from '../delivery/timeslot.service';
import type { OrderPaymentData } from '@spesa/shared/contracts/checkout';
import type { CheckoutPricing } from './checkout-pricing';
import type { CheckoutReadiness } from './checkout-readiness';
import { preparedOfJson, type PreparedCheckoutRead } from './checkout.repository';
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
  /** the payment types this shop offers: a buy without a type pays with the default one */
  paymentTypes: Pick<PaymentTypeOffer, 'defaultTypeId'>;
}

/** The buy a request asks, as its handler reads it: the idempotency key, the payment type, the wallet's part. */
export interface BuyAsk {
  key: string | null;
  paymentTypeId: number | undefined;
  walletCents: number | undefined;
}

/** The placeholders of buy's companion read (`PreparedCartCheck.companion`). */
const BUY_KEYS = { key: 'buyKey', oneStatement: 'buyOneStatement' } as const;

/** A prepared cart checked for its purchase without pricing it again (buy's first try). */
export class PreparedCartCheck {
  constructor(private readonly d: PreparedCartCheckDeps) {}

  /** Whether a purchase may be one statement (purchase-statement.ts): an online payment without the wallet. */
  oneStatement(paymentTypeId: number | undefined, walletCents: number | undefined): boolean {
    return isOnlinePaymentType(paymentTypeId ?? this.d.paymentTypes.defaultTypeId()) && !walletCents;
  }

  /**
   * `check`'s two reads made by the session's statement (decision 059, session 49), for the buy the request
   * asks: the open cart with its lines, infos, address and chosen slot (no products: a frozen purchase is not
   * priced again), and with it the checkout row, the order the buy's key placed and, when the purchase may be
   * one statement and the cart is locked with a slot and a frozen purchase, the new order's id. The key and the
   * one-statement choice are sent back in the value, so that `check` uses it only for the same buy.
   */
  companion(buy: BuyAsk): SessionCompanion {
    const ask = { key: buy.key, oneStatement: this.oneStatement(buy.paymentTypeId, buy.walletCents) };
    const p = (name: string) => sql`${sql.placeholder(name)}`;
    return this.d.cart.purchaseCompanion(
      'cart_for_buy',
      {
        products: false,
        alongside: (c) =>
          sql`json_build_object('key', ${p(BUY_KEYS.key)}::text,
            'oneStatement', ${p(BUY_KEYS.oneStatement)}::boolean,
            'read', ${this.d.pricing.preparedCheckoutSql(c, {
              keyOrder: orderIdByKeySql(c.userId, sql`${p(BUY_KEYS.key)}::text`),
              nextOrderId: NEXT_ORDER_ID_SQL,
              wantNext: sql<boolean>`${p(BUY_KEYS.oneStatement)}::boolean`,
            })})`,
      },
      { [BUY_KEYS.key]: ask.key, [BUY_KEYS.oneStatement]: ask.oneStatement },
    );
  }

  /** What the session's statement read for this buy (`companion`), or null: not read, or for another buy. */
  private companionRead(
    session: Pick<LiveSession, 'companion'>,
    opts: { key: string | null; oneStatement: boolean },
  ): { parts: OpenCartParts; checkout: PreparedCheckoutRead } | null {
    const parts = this.d.cart.companionCart(session);
    if (parts?.alongside === undefined) return null;
    const value = parts.alongside as { key: string | null; oneStatement: boolean; read: unknown };
    if (value.key !== opts.key || value.oneStatement !== opts.oneStatement) return null;
    return { parts, checkout: preparedOfJson(value.read) };
  }

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
    session: Pick<LiveSession, 'pricingOn' | 'companion'> | null,
    opts: { key: string | null; oneStatement: boolean },
  ): Promise<PreparedRead | null> {
    const { key } = opts;
    if (!session || !user) return null;
    const day = this.d.pricing.today();
    const companion = this.companionRead(session, opts);
    const read = await this.d.cart.readForPurchase(userId, companion?.parts ?? null);
    const { cart, target } = read;
    const candidate =
      cart.cartStatusId === CART_STATUS.locked && cart.timeslotDate !== null && cart.timeslotId !== null;
    const none: PreparedRead = { keyOrderId: null, nextOrderId: null, checked: null };
    if (!key && (!candidate || !target)) return none;
    // the checkout row, the key's order and the new order's id in one statement (the session's, or here)
    const found =
      companion?.checkout ??
      (await this.d.pricing.preparedCheckout(cart.cartId, userId, {
        keyOrder: key ? orderIdByKeySql(userId, key) : null,
        nextOrderId: opts.oneStatement ? NEXT_ORDER_ID_SQL : null,
      }));
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
