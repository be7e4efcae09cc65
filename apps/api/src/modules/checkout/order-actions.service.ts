import { mealVoucherDeclarationOf } from '@spesa/shared/checkout/meal-vouchers';
import { toMilli, fromMilli } from '@spesa/shared/cart/quantity';
import {
  PAYMENT_TYPE,
  isOnlinePaymentType,
  paymentTypeOf,
  paysOnline,
} from '@spesa/shared/checkout/payment-types';
import { prebilledAmountCents } from '@spesa/shared/checkout/prebilled-amount';
import {
  orderCancelledText,
  type CheckoutCart,
  type OrderPaymentData,
} from '@spesa/shared/contracts/checkout';
import { CART_STATUS } from '@spesa/shared/contracts/delivery';
import type { Order } from '@spesa/shared/contracts/orders';
import {
  ORDER_STATUS,
  canChangePaymentType,
  canRetryPayment,
  isCancellable,
  isEditable,
  type OrderStatusId,
} from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { Abort, failWith, ok, type Failure, type Result } from '../../lib/result';
import type { AccountRepository } from '../account/account.repository';
import type { CartPurchase } from '../cart/cart-purchase';
import type { CartService } from '../cart/cart.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { TimeslotService } from '../delivery/timeslot.service';
import type { OrderStatusService } from '../orders/order-status.service';
import { CHECKOUT_INFO_TEXT, CHECKOUT_TEXT } from './checkout.messages';
import type { CheckoutRepository } from './checkout.repository';
import type { CheckoutService } from './checkout.service';
import type { OrderAnswer } from '../orders/order-answer';
import type { OrderPlacementRepository, OrderRow } from '../orders/order-placement.repository';
import type { PaymentAttempts } from './payment-attempts';
import type { CheckoutGiftsPort } from './checkout-gifts';
import type { OrderWalletPort } from './order-wallet';
import type { OrderPremiumPort } from './order-premium';

export interface OrderActionsDeps {
  db: Db;
  cart: CartService;
  carts: CartPurchase;
  catalogue: CatalogueService;
  timeslots: TimeslotService;
  checkout: CheckoutService;
  attempts: PaymentAttempts;
  repo: CheckoutRepository;
  orders: OrderPlacementRepository;
  status: OrderStatusService;
  accounts: AccountRepository;
  answer: OrderAnswer;
  wallet: OrderWalletPort;
  premium: Pick<OrderPremiumPort, 'releaseFreeDelivery'>;
  gifts: CheckoutGiftsPort;
}

/**
 * The customer's order actions (spec section 7 "Orders", decision 017): cancel (order/delete), edit
 * (order/modify), retry a failed payment (order/payment), change the payment type, and the list of orders
 * whose payment can be retried. Each runs in one transaction with the order row locked; another customer's
 * order id finds nothing.
 */
export class OrderActionsService {
  constructor(private readonly d: OrderActionsDeps) {}

  private async run<T>(work: (tx: Db) => Promise<T>): Promise<Result<T>> {
    try {
      return ok(await this.d.db.transaction(work));
    } catch (error) {
      if (error instanceof Abort) return error.failure;
      throw error;
    }
  }

  private async lock(tx: Db, orderId: number, userId: number): Promise<OrderRow> {
    const order = await this.d.orders.lockOrder(tx, orderId, userId);
    if (!order) throw new Abort(failWith(CHECKOUT_TEXT.orderNotFound, 'notFound'));
    return order;
  }

  private async move(tx: Db, order: OrderRow, to: OrderStatusId, userId: number, note = ''): Promise<void> {
    if (order.orderStatusId === to) return;
    const moved = await this.d.status.transition(tx, {
      orderId: order.orderId,
      from: order.orderStatusId,
      to,
      actor: 'customer',
      actorUserId: userId,
      note,
    });
    if (!moved.ok) throw new Abort(moved);
  }

  private async orderAnswer(orderId: number): Promise<Order> {
    const row = await this.d.orders.findOrderById(orderId);
    if (!row) throw new Error('order vanished');
    return this.d.answer.build(row);
  }

  /**
   * POST /order/delete: before 'in preparazione' only. The authorisation is voided, the slot's place and
   * the stock given back, the gift code's use, the wallet's part and a premium free delivery returned; an
   * edit in progress becomes a normal cart.
   */
  async cancel(userId: number, orderId: number): Promise<Result<{ order: Order }>> {
    const done = await this.run(async (tx) => {
      const order = await this.lock(tx, orderId, userId);
      if (!isCancellable(order.orderStatusId)) throw new Abort(failWith(CHECKOUT_TEXT.notCancellable));
      await this.move(tx, order, ORDER_STATUS.cancelled, userId, 'annullato dal cliente');
      const byProduct = new Map<number, number>();
      for (const i of await this.d.orders.items(orderId, tx))
        byProduct.set(i.productId, (byProduct.get(i.productId) ?? 0) + toMilli(i.quantity));
      for (const productId of [...byProduct.keys()].sort((a, b) => a - b))
        await this.d.catalogue.returnStock(tx, productId, fromMilli(byProduct.get(productId) ?? 0));
      await this.d.timeslots.givePlaceBack(order.slotId, tx);
      await this.d.gifts.releaseUses(orderId, tx);
      const back = await this.d.wallet.payOrder(userId, orderId, 0, tx);
      if (!back.ok) throw new Abort(back);
      await this.d.premium.releaseFreeDelivery(orderId, tx);
      await this.d.attempts.voidLive(tx, orderId);
      await this.d.repo.clearEditing(tx, orderId);
      return orderId;
    });
    if (!done.ok) return done;
    return ok({ order: await this.orderAnswer(orderId) }, [orderCancelledText(orderId)]);
  }

  /**
   * POST /order/modify: the order reopens as the customer's open cart (its lines added to what the cart
   * holds, its address and slot chosen, its gift code, bags and invoice choices). Meanwhile the order keeps
   * its slot's place and its stock; buying the cart again updates the same order (net stock change, same
   * slot kept). Leaving the edit (cart/close, or cancelling the order) leaves the order as it was.
   */
  async modify(userId: number, orderId: number): Promise<Result<{ cart: CheckoutCart }>> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const done = await this.run(async (tx) => {
      const order = await this.lock(tx, orderId, userId);
      if (!isEditable(order.orderStatusId)) throw new Abort(failWith(CHECKOUT_TEXT.notEditable));
      const co = await this.d.repo.checkoutOf(cart.cartId, tx);
      if (co?.editingOrderId === orderId) return;
      if (co?.editingOrderId) throw new Abort(failWith(CHECKOUT_TEXT.editingOther));
      await this.d.carts.moveStatus(cart.cartId, CART_STATUS.locked, CART_STATUS.open, tx);
      const updated = await this.d.carts.takeDelivery(
        cart.cartId,
        CART_STATUS.locked,
        {
          deliveryServiceId: order.deliveryServiceId,
          storeId: order.storeId,
          warehouseId: order.warehouseId,
          shippingAddressId: order.shippingAddressId,
          timeslotDate: order.slotDate,
          timeslotId: order.timeslotId,
          slotId: order.slotId,
          addressAutoAssigned: false,
          storeAutoAssigned: false,
          timeslotAutoAssigned: false,
        },
        tx,
      );
      if (!updated) throw new Abort(failWith(CHECKOUT_TEXT.cartClosed));
      const items = await this.d.orders.items(orderId, tx);
      await this.d.carts.mergeLines(
        cart.cartId,
        items.map((i) => ({
          productId: i.productId,
          optionsKey: i.optionsKey,
          options: i.options,
          quantity: i.quantity,
          promoId: i.promoId,
          infos: i.infos,
        })),
        tx,
      );
      await this.d.gifts.orderIntoCart(orderId, cart.cartId, tx);
      const infos = order.infos as {
        invoice?: Record<string, unknown> | null;
        lotteryCode?: string | null;
        extraEmail?: string | null;
        packaging?: { packagingTypeId: number } | null;
      };
      await this.d.repo.saveCheckout(
        cart.cartId,
        {
          editingOrderId: orderId,
          packagingTypeId: infos.packaging?.packagingTypeId ?? null,
          invoice: infos.invoice ?? null,
          lotteryCode: infos.lotteryCode ?? null,
          extraEmail: infos.extraEmail ?? null,
          mealVouchers: mealVoucherDeclarationOf(order.infos.mealVouchers),
          rulesAccepted: false,
          preparedPrices: null,
          prepared: false,
        },
        tx,
      );
    });
    if (!done.ok) return done;
    const { cart: answer } = await this.d.checkout.checkoutCart(userId);
    return ok({ cart: answer }, [CHECKOUT_INFO_TEXT.editing(orderId)]);
  }

  /** POST /order/payment: a new hosted session for a failed (11) or abandoned (1) online payment. */
  async retryPayment(userId: number, orderId: number): Promise<Result<OrderPaymentData>> {
    const done = await this.run(async (tx) => {
      const order = await this.lock(tx, orderId, userId);
      if (!isOnlinePaymentType(order.paymentTypeId) || !canRetryPayment(order.orderStatusId))
        throw new Abort(failWith(CHECKOUT_TEXT.cannotRetry));
      await this.d.attempts.voidLive(tx, orderId);
      await this.move(tx, order, ORDER_STATUS.inPayment, userId, 'nuovo tentativo di pagamento');
      return this.d.attempts.start(tx, orderId, order.paymentTypeId, order.preauthCents);
    });
    if (!done.ok) return done;
    return ok({ order: await this.orderAnswer(orderId), orderId, paymentUrl: done.data, replayed: false });
  }

  /**
   * POST /order/modify-payment-type: before preparation. The live authorisation is voided; an online type
   * starts a new hosted session (the order goes back to 'in pagamento'), a type without provider, or an
   * order the wallet pays whole, confirms the order ('ordinato'). The wallet variant (`walletCents`, from
   * `payment_data.wallet_amount`) sets the part paid with the wallet; without it the part stays as it was.
   */
  async modifyPaymentType(
    userId: number,
    orderId: number,
    paymentTypeId: number,
    walletCents?: number,
  ): Promise<Result<OrderPaymentData>> {
    if (!paymentTypeOf(paymentTypeId)) return failWith(CHECKOUT_TEXT.paymentType, 'validation');
    if (paymentTypeId === PAYMENT_TYPE.deferred) {
      const user = await this.d.accounts.findUserById(userId);
      if (user?.companyId === null || user?.companyId === undefined)
        return failWith(CHECKOUT_TEXT.deferredNotAllowed);
    }
    const done = await this.run(async (tx) => {
      const order = await this.lock(tx, orderId, userId);
      if (!canChangePaymentType(order.orderStatusId))
        throw new Abort(failWith(CHECKOUT_TEXT.cannotChangePayment));
      const wallet = walletCents ?? order.walletCents;
      if (wallet > order.totalCents) throw new Abort(failWith(CHECKOUT_TEXT.walletAboveTotal));
      if (wallet + order.mealVoucherCents > order.totalCents)
        throw new Abort(failWith(CHECKOUT_TEXT.mealVouchersAboveTotal));
      // the meal vouchers' service cost is in the total and in the hold; what they pay is never held
      const preauth =
        (isOnlinePaymentType(paymentTypeId)
          ? prebilledAmountCents({
              itemsCents: order.itemsCents,
              variableWeightCents: order.variableWeightCents,
              giftDiscountCents: order.giftDiscountCents,
              deliveryFeeCents: order.deliveryFeeCents,
              packagingCents: order.packagingCents,
            }) + order.mealVoucherFeeCents
          : order.totalCents) -
        wallet -
        order.mealVoucherCents;
      const online = paysOnline(paymentTypeId, preauth);
      const paid = await this.d.wallet.payOrder(userId, orderId, wallet, tx);
      if (!paid.ok) throw new Abort(paid);
      await this.d.attempts.voidLive(tx, orderId);
      await this.d.orders.setPaymentType(tx, orderId, {
        paymentTypeId,
        preauthCents: preauth,
        walletCents: wallet,
      });
      const url = await this.d.attempts.start(tx, orderId, paymentTypeId, preauth);
      await this.move(
        tx,
        order,
        online ? ORDER_STATUS.inPayment : ORDER_STATUS.ordered,
        userId,
        'metodo di pagamento cambiato',
      );
      return url;
    });
    if (!done.ok) return done;
    return ok({ order: await this.orderAnswer(orderId), orderId, paymentUrl: done.data, replayed: false }, [
      CHECKOUT_INFO_TEXT.paymentTypeChanged,
    ]);
  }

  /** GET /order/list-retry-payment */
  async listRetryPayment(userId: number): Promise<Result<{ orders: Order[] }>> {
    const ids = await this.d.orders.retryableOrderIds(userId);
    const orders: Order[] = [];
    for (const id of ids) orders.push(await this.orderAnswer(id));
    return ok({ orders });
  }
}

export type { Failure };
