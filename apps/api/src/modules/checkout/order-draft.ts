import { isOnlinePaymentType, paysOnline } from '@spesa/shared/checkout/payment-types';
import { orderTotalCents, prebilledAmountCents } from '@spesa/shared/checkout/prebilled-amount';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { Abort, failWith } from '../../lib/result';
import type { CartRow } from '../cart/cart.repository';
import type { DeliveryTarget } from '../delivery/delivery.service';
import { shippingAddressOf } from '../delivery/delivery.mapper';
import type { SlotView } from '../delivery/timeslot.service';
import type { NewOrderParts } from '../orders/order-answer';
import type { NewOrder, NewOrderItem, OrderItemRow, OrderRow } from '../orders/order-placement.repository';
import type { StartedAttempt } from '../payment/payment-attempts';
import { CHECKOUT_TEXT } from './checkout.messages';
import type { PricedLine } from './checkout-pricing';
import type { CartCheckoutRow } from './checkout.repository';
import type { PurchaseFigures } from './prepared-purchase';

// The order a purchase writes, drawn from the checked cart (pure: no database). The steps of the purchase
// are in order-placement.service.ts (decision 074).

/** What a purchase knows once the cart has passed its checks, before its transaction. */
export interface PurchaseInput {
  userId: number;
  cart: CartRow;
  target: DeliveryTarget;
  slot: SlotView;
  /** the figures priced by this buy, or frozen by prepare (prepared-purchase.ts) */
  figures: PurchaseFigures;
  /** the order's lines as written (from the priced lines, or prepare's frozen ones) */
  items: NewOrderItem[];
  co: CartCheckoutRow;
  /** the order the cart edits, as read before the transaction */
  editing: OrderRow | null;
  paymentTypeId: number;
  walletCents: number;
  key: string | null;
}

/** The purchase inside its transaction: the input with the edited order as locked there. */
export type Purchase = PurchaseInput;

/** The order as it will be written, with the gift uses it takes and whether it is paid online. */
export interface DraftOrder {
  order: NewOrder;
  uses: Array<{ giftCertificateId: number; discountCents: number }>;
  online: boolean;
}

/**
 * The order's row as it will be written: delivery, slot, figures, the gift codes' discount, the total, the
 * wallet's part and what the payment type holds (an online hold or the total, less the wallet's part and
 * less what the meal vouchers pay, decision 047), the status it starts in and the checkout's choices.
 */
export function draftOrder(p: Purchase): DraftOrder {
  const { figures, paymentTypeId } = p;
  const uses = figures.gifts
    .filter((g) => g.discountCents > 0)
    .map((g) => ({ giftCertificateId: g.giftCertificateId, discountCents: g.discountCents }));
  const giftDiscountCents = uses.reduce((s, u) => s + u.discountCents, 0);
  const mealVoucherCents = figures.mealVouchers?.coveredCents ?? 0;
  const mealVoucherFeeCents = figures.mealVouchers?.serviceCostCents ?? 0;
  const base = { itemsCents: figures.itemsCents, giftDiscountCents, deliveryFeeCents: figures.feeCents };
  const totalCents = orderTotalCents(base) + figures.packagingCents + mealVoucherFeeCents;
  if (p.walletCents > totalCents) throw new Abort(failWith(CHECKOUT_TEXT.walletAboveTotal));
  if (p.walletCents + mealVoucherCents > totalCents)
    throw new Abort(failWith(CHECKOUT_TEXT.mealVouchersAboveTotal));
  const preauthCents =
    (isOnlinePaymentType(paymentTypeId)
      ? prebilledAmountCents({
          ...base,
          variableWeightCents: figures.variableWeightCents,
          packagingCents: figures.packagingCents,
        }) + mealVoucherFeeCents
      : totalCents) -
    p.walletCents -
    mealVoucherCents;
  const online = paysOnline(paymentTypeId, preauthCents);
  const order: NewOrder = {
    ...orderPlace(p),
    orderStatusId: online ? ORDER_STATUS.inPayment : ORDER_STATUS.ordered,
    paymentTypeId,
    itemsCents: figures.itemsCents,
    itemsStandardCents: figures.itemsStandardCents,
    variableWeightCents: figures.variableWeightCents,
    deliveryFeeCents: figures.feeCents,
    packagingCents: figures.packagingCents,
    giftDiscountCents,
    totalCents,
    preauthCents,
    walletCents: p.walletCents,
    mealVoucherCents,
    mealVoucherFeeCents,
    infos: orderInfos(p),
    idempotencyKey: p.editing ? p.editing.idempotencyKey : p.key,
  };
  return { order, uses, online };
}

/** Who buys, from which cart, where and when the order is delivered. */
function orderPlace(p: Purchase) {
  const { target, slot } = p;
  return {
    userId: p.userId,
    sourceCartId: p.cart.cartId,
    deliveryServiceId: target.deliveryServiceId,
    storeId: target.storeId,
    warehouseId: target.warehouseId,
    shippingAddressId: target.address.addressId,
    shippingAddress: shippingAddressOf(target, { autoAssigned: false, withClasses: false }),
    zoneId: target.zone?.zoneId ?? null,
    slotId: slot.slotId,
    slotDate: slot.date,
    timeslotId: slot.timeslotId,
    beginTime: slot.beginTime,
    endTime: slot.endTime,
    deliveryDayPeriodId: slot.deliveryDayPeriodId,
  };
}

/** The checkout's choices kept with the order: invoice, lottery code, extra e-mail, vouchers, notes, bags. */
function orderInfos(p: Purchase): NewOrder['infos'] {
  const { co, figures } = p;
  const infos = co.cartInfos;
  const packaging = figures.packaging;
  return {
    invoice: co.invoice ?? null,
    lotteryCode: co.lotteryCode,
    extraEmail: co.extraEmail,
    mealVouchers: figures.mealVouchers ? figures.mealVouchers.declaration : null,
    notes: infos.notes && infos.notes !== '' ? infos.notes : null,
    acceptAlternatives: infos.accept_alternatives === 'true',
    packaging: packaging
      ? {
          packagingTypeId: packaging.packagingTypeId,
          name: packaging.name,
          bags: figures.bags,
          priceCents: packaging.priceCents,
        }
      : null,
  };
}

export function orderItems(lines: readonly PricedLine[]): NewOrderItem[] {
  return lines.map((l, i) => {
    const p = l.facts.product;
    const promo = l.promo?.view ?? null;
    return {
      position: i + 1,
      productId: p.productId,
      codInt: p.codInt,
      name: p.name,
      shortDescr: p.shortDescr,
      description: p.description,
      sellingType: l.rules.sellingType,
      unitBase: p.unitMeasureBaseSelling?.um ?? '',
      mediaUrl: p.mediaURL,
      sectorId: p.breadCrumbs[0]?.categoryId ?? p.categoryId,
      options: l.row.options,
      optionsKey: l.row.optionsKey,
      promoId: l.promo?.promoId ?? null,
      promo: promo ? { header: promo.view?.header ?? '', body: promo.view?.body ?? '' } : null,
      quantity: l.row.quantity,
      unitPriceCents: l.unitCents,
      unitPriceStandardCents: l.facts.listPriceCents,
      lineTotalCents: l.lineCents,
      lineStandardCents: l.lineStandardCents,
      variableWeight: l.variableWeight,
      acceptAlternatives: l.row.infos.accept_alternatives === 'true',
      infos: l.row.infos,
    };
  });
}

/** What a new order's purchase wrote besides its row, for its answer (OrderAnswer.ofNew): nothing read again. */
export function newOrderParts(
  figures: PurchaseFigures,
  orderId: number,
  items: OrderItemRow[],
  attempt: StartedAttempt,
): NewOrderParts {
  return {
    items,
    actor: 'customer',
    authorization: attempt,
    gifts: figures.gifts
      .filter((g) => g.discountCents > 0)
      .map((g) => ({
        orderId,
        giftCertificateId: g.giftCertificateId,
        code: g.giftCertificate.code,
        name: g.giftCertificate.name,
        discountCents: g.discountCents,
      })),
  };
}
