import { toMilli } from '@spesa/shared/cart/quantity';
import type { Db } from '../../db/client';
import { fail, failWith, ok, type Failure, type Result } from '../../lib/result';
import type { AccountRepository } from '../account/account.repository';
import type { SessionUser } from '../../plugins/session';
import type { CartRow } from '../cart/cart.repository';
import type { DeliveryService, DeliveryTarget } from '../delivery/delivery.service';
import type { KindedSlotRow } from '../delivery/delivery-parts';
import type { SlotView, TimeslotService } from '../delivery/timeslot.service';
import type { MealVoucherRefusal } from '@spesa/shared/checkout/meal-vouchers';
import { CHECKOUT_TEXT } from './checkout.messages';

/** The refusal of each meal-voucher rule (decision 047). */
export const MEAL_VOUCHER_REFUSAL_TEXT = {
  tooMany: CHECKOUT_TEXT.mealVouchersTooMany,
  none: CHECKOUT_TEXT.mealVouchersNone,
  faceValue: CHECKOUT_TEXT.mealVouchersFaceValue,
  minSpend: CHECKOUT_TEXT.mealVouchersMinSpend,
  noFood: CHECKOUT_TEXT.mealVouchersNoFood,
  aboveFood: CHECKOUT_TEXT.mealVouchersAboveFood,
} as const satisfies Record<MealVoucherRefusal, { code: string; text: string }>;
import type { CheckoutFigures, PricedLine } from './checkout-pricing';
import type { OrderPlacementRepository, OrderRow } from '../orders/order-placement.repository';

export interface CheckoutReadinessDeps {
  db: Db;
  delivery: DeliveryService;
  timeslots: TimeslotService;
  accounts: AccountRepository;
  orders: OrderPlacementRepository;
}

/**
 * What a cart still lacks before it can be bought (spec section 5, checkout rules): lines, stock, an
 * address and a bookable slot, the personal data, the rules accepted, the meal vouchers' rules. Prepare and buy ask the same checks.
 */
export class CheckoutReadiness {
  constructor(private readonly d: CheckoutReadinessDeps) {}

  /** Where the cart delivers, resolved (null: no address chosen or no longer served). */
  async targetOf(userId: number, cart: CartRow): Promise<DeliveryTarget | null> {
    if (cart.shippingAddressId === null) return null;
    const t = await this.d.delivery.resolveTarget(userId, cart.shippingAddressId);
    return t.ok ? t.data : null;
  }

  async personalDataComplete(userId: number, known: SessionUser | null): Promise<boolean> {
    const u = known ?? (await this.d.accounts.findUserById(userId));
    if (!u) return false;
    const phone = u.mobilePhone.trim() !== '' || u.homePhone.trim() !== '';
    const fiscal = !u.italianCitizen || u.fiscalCode.trim() !== '';
    return u.firstName.trim() !== '' && u.lastName.trim() !== '' && phone && fiscal;
  }

  /** The cart's chosen slot, checked bookable (an edited order's own slot is kept as it is). */
  private async slotCheck(
    cart: CartRow,
    target: DeliveryTarget,
    editing: OrderRow | null,
    chosen: KindedSlotRow | null,
  ): Promise<Result<SlotView>> {
    if (cart.slotId === null || cart.timeslotDate === null || cart.timeslotId === null)
      return failWith(CHECKOUT_TEXT.noTimeslot);
    if (editing && editing.slotId === cart.slotId) {
      const kept = await this.d.timeslots.describe(target.calendar, cart.timeslotDate, cart.timeslotId);
      return kept && kept.slotId === cart.slotId ? ok(kept) : failWith(CHECKOUT_TEXT.noTimeslot);
    }
    // the chosen slot's row read with the cart (delivery-parts.ts) when there is one; else read here, so a
    // slot gone or replaced is refused with the same message as ever
    const slot = chosen
      ? await this.d.timeslots.selectableFrom(target.calendar, cart.timeslotDate, cart.timeslotId, chosen)
      : await this.d.timeslots.selectable(target.calendar, cart.timeslotDate, cart.timeslotId);
    if (!slot.ok) return slot;
    return slot.data.slotId === cart.slotId ? slot : failWith(CHECKOUT_TEXT.noTimeslot);
  }

  /** Everything still missing before buying, first the most useful. */
  async missing(
    userId: number,
    cart: CartRow,
    target: DeliveryTarget | null,
    figures: CheckoutFigures,
    editing: OrderRow | null,
    seen: { slot?: SlotView } = {},
    /** the user's row when the caller has it */
    user: SessionUser | null = null,
    /** the cart's chosen slot's row when the caller read it with the cart (`CartService.readForPurchase`) */
    chosen: KindedSlotRow | null = null,
  ): Promise<Failure[]> {
    const out: Failure[] = [];
    if (figures.lines.length === 0) out.push(failWith(CHECKOUT_TEXT.emptyCart));
    if (figures.lines.some((l) => !l.available)) out.push(failWith(CHECKOUT_TEXT.unavailableLines));
    const byProduct = new Map<number, { milli: number; line: PricedLine }>();
    for (const l of figures.lines) {
      const e = byProduct.get(l.row.productId);
      byProduct.set(l.row.productId, { milli: (e?.milli ?? 0) + toMilli(l.row.quantity), line: l });
    }
    // an edited order's own stock counts as available only at the store that holds it (decision 095)
    const alreadyHeld =
      editing && (!target || editing.warehouseId === target.warehouseId)
        ? await this.heldByOrder(editing.orderId)
        : new Map<number, number>();
    for (const [productId, { milli, line }] of byProduct)
      if (line.available && milli > toMilli(line.facts.stock) + (alreadyHeld.get(productId) ?? 0))
        out.push(
          fail(
            CHECKOUT_TEXT.notAvailable.code,
            `${line.facts.product.name} ${CHECKOUT_TEXT.notAvailable.text}`,
          ),
        );
    if (!target) out.push(failWith(CHECKOUT_TEXT.noAddress));
    else {
      const slot = await this.slotCheck(cart, target, editing, chosen);
      if (!slot.ok) out.push(slot);
      else seen.slot = slot.data;
    }
    if (!(await this.personalDataComplete(userId, user))) out.push(failWith(CHECKOUT_TEXT.personalData));
    const co = figures.checkout;
    if (co?.invoice && co.lotteryCode) out.push(failWith(CHECKOUT_TEXT.invoiceAndLottery));
    const vouchers = figures.mealVouchers;
    if (vouchers?.refusal) out.push(failWith(MEAL_VOUCHER_REFUSAL_TEXT[vouchers.refusal]));
    if (vouchers && co?.invoice) out.push(failWith(CHECKOUT_TEXT.mealVouchersWithInvoice));
    if (!co?.rulesAccepted) out.push(failWith(CHECKOUT_TEXT.rules));
    return out;
  }

  /** What an order holds of each product (thousandths): an edited order gives it back before taking anew. */
  async heldByOrder(orderId: number, db: Db = this.d.db): Promise<Map<number, number>> {
    const held = new Map<number, number>();
    for (const i of await this.d.orders.items(orderId, db))
      held.set(i.productId, (held.get(i.productId) ?? 0) + toMilli(i.quantity));
    return held;
  }
}
