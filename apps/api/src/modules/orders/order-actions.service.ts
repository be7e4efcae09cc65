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
import type { PaymentTypeOffer } from '../../lib/payment-type-offer';
import { Abort, failWith, ok, type Result } from '../../lib/result';
import type { AccountRepository } from '../account/account.repository';
import type { CartPurchase } from '../cart/cart-purchase';
import type { CartService } from '../cart/cart.service';
import { slotStartOf, type PaymentAttempts } from '../payment/payment-attempts';
import type { OrderAnswer } from './order-answer';
import type { OrderPlacementRepository, OrderRow } from './order-placement.repository';
import type { OrderStatusService } from './order-status.service';
import { ORDER_ACTIONS_INFO_TEXT, ORDER_ACTIONS_TEXT, ORDERS_TEXT } from './orders.messages';

/**
 * The cart's checkout as an order edit needs it (the checkout module's, wired in app.ts: orders does not
 * import checkout). Its writes join the action's transaction.
 */
export interface OrderEditingPort {
  /** the order the cart's checkout is editing (null: none) */
  editingOf(cartId: number, tx: Db): Promise<number | null>;
  /** the cart's checkout takes the order's choices (bags, invoice, lottery code, vouchers) and edits it */
  startEditing(cartId: number, order: OrderRow, tx: Db): Promise<void>;
  /** the checkout's cart as the customer sees it */
  checkoutCart(userId: number): Promise<{ cart: CheckoutCart }>;
}

export interface OrderActionsDeps {
  db: Db;
  cart: Pick<CartService, 'getOrCreateOpenCart'>;
  carts: CartPurchase;
  accounts: Pick<AccountRepository, 'findUserById'>;
  orders: OrderPlacementRepository;
  status: OrderStatusService;
  answer: OrderAnswer;
  /** the orders' payment attempts (the payment module) */
  attempts: PaymentAttempts;
  /** the payment types this shop offers now (the payment module, decision 084) */
  paymentTypes: Pick<PaymentTypeOffer, 'offers'>;
  /** the part of an order paid with the wallet (the loyalty module) */
  wallet: {
    payOrder(userId: number, orderId: number, cents: number, tx: Db): Promise<Result<{ cents: number }>>;
  };
  /** the gift codes an order used, applied again to the cart that edits it (the loyalty module) */
  gifts: { orderIntoCart(orderId: number, cartId: number, tx: Db): Promise<void> };
  /** the cart's checkout (the checkout module) */
  editing: OrderEditingPort;
}

/**
 * The customer's order actions (spec section 7 "Orders", decision 017): cancel (order/delete), edit
 * (order/modify), retry a failed payment (order/payment), change the payment type, and the list of orders
 * whose payment can be retried. Each runs in one transaction with the order row locked; another customer's
 * order id finds nothing. What a cancellation gives back is done by the listeners of the transition to
 * 'annullato' (decision 074), each in the module that owns it.
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

  private async lock(orderId: number, userId: number, tx: Db): Promise<OrderRow> {
    const order = await this.d.orders.lockOrder(orderId, userId, tx);
    if (!order) throw new Abort(failWith(ORDERS_TEXT.orderNotFound, 'notFound'));
    return order;
  }

  private async move(
    order: OrderRow,
    to: OrderStatusId,
    userId: number,
    note: string,
    tx: Db,
  ): Promise<void> {
    if (order.orderStatusId === to) return;
    const moved = await this.d.status.transition(
      { orderId: order.orderId, from: order.orderStatusId, to, actor: 'customer', actorUserId: userId, note },
      tx,
    );
    if (!moved.ok) throw new Abort(moved);
  }

  private async orderAnswer(orderId: number): Promise<Order> {
    const row = await this.d.orders.findOrderById(orderId);
    if (!row) throw new Error('order vanished');
    return this.d.answer.build(row);
  }

  /**
   * POST /order/delete: before 'in preparazione' only. The transition's listeners void the authorisation,
   * give back the stock, the slot's place, the gift codes' uses, the wallet's part and a premium free
   * delivery, and turn an edit in progress into a normal cart.
   */
  async cancel(userId: number, orderId: number): Promise<Result<{ order: Order }>> {
    const done = await this.run(async (tx) => {
      const order = await this.lock(orderId, userId, tx);
      if (!isCancellable(order.orderStatusId)) throw new Abort(failWith(ORDER_ACTIONS_TEXT.notCancellable));
      await this.move(order, ORDER_STATUS.cancelled, userId, 'annullato dal cliente', tx);
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
      const order = await this.lock(orderId, userId, tx);
      if (!isEditable(order.orderStatusId)) throw new Abort(failWith(ORDER_ACTIONS_TEXT.notEditable));
      const editing = await this.d.editing.editingOf(cart.cartId, tx);
      if (editing === orderId) return;
      if (editing) throw new Abort(failWith(ORDER_ACTIONS_TEXT.editingOther));
      await this.reopenAsCart(order, cart.cartId, tx);
    });
    if (!done.ok) return done;
    const { cart: answer } = await this.d.editing.checkoutCart(userId);
    return ok({ cart: answer }, [ORDER_ACTIONS_INFO_TEXT.editing(orderId)]);
  }

  /** The order into the open cart: its delivery and slot, its lines, its gift codes, its checkout choices. */
  private async reopenAsCart(order: OrderRow, cartId: number, tx: Db): Promise<void> {
    await this.d.carts.moveStatus(cartId, CART_STATUS.locked, CART_STATUS.open, tx);
    const updated = await this.d.carts.takeDelivery(
      cartId,
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
    if (!updated) throw new Abort(failWith(ORDER_ACTIONS_TEXT.cartClosed));
    const items = await this.d.orders.items(order.orderId, tx);
    await this.d.carts.mergeLines(
      cartId,
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
    await this.d.gifts.orderIntoCart(order.orderId, cartId, tx);
    await this.d.editing.startEditing(cartId, order, tx);
  }

  /** POST /order/payment: a new hosted session for a failed (11) or abandoned (1) online payment. */
  async retryPayment(userId: number, orderId: number): Promise<Result<OrderPaymentData>> {
    const done = await this.run(async (tx) => {
      const order = await this.lock(orderId, userId, tx);
      if (!isOnlinePaymentType(order.paymentTypeId) || !canRetryPayment(order.orderStatusId))
        throw new Abort(failWith(ORDER_ACTIONS_TEXT.cannotRetry));
      // the order's online type no provider takes now (online payment switched off since): another type is the way
      if (!this.d.paymentTypes.offers(order.paymentTypeId))
        throw new Abort(failWith(ORDER_ACTIONS_TEXT.retryNotOffered));
      await this.d.attempts.voidLive(orderId, tx);
      await this.move(order, ORDER_STATUS.inPayment, userId, 'nuovo tentativo di pagamento', tx);
      const { paymentTypeId, preauthCents: amountCents } = order;
      return this.d.attempts.start(
        { orderId, paymentTypeId, amountCents, slotStartsAt: slotStartOf(order) },
        tx,
      );
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
    if (!paymentTypeOf(paymentTypeId)) return failWith(ORDER_ACTIONS_TEXT.paymentType, 'validation');
    if (!this.d.paymentTypes.offers(paymentTypeId))
      return failWith(ORDER_ACTIONS_TEXT.paymentTypeNotOffered, 'validation');
    if (paymentTypeId === PAYMENT_TYPE.deferred) {
      const user = await this.d.accounts.findUserById(userId);
      if (user?.companyId === null || user?.companyId === undefined)
        return failWith(ORDER_ACTIONS_TEXT.deferredNotAllowed);
    }
    const done = await this.run(async (tx) => {
      const order = await this.lock(orderId, userId, tx);
      if (!canChangePaymentType(order.orderStatusId))
        throw new Abort(failWith(ORDER_ACTIONS_TEXT.cannotChangePayment));
      const wallet = walletCents ?? order.walletCents;
      const preauth = holdOf(order, paymentTypeId, wallet);
      const online = paysOnline(paymentTypeId, preauth);
      const paid = await this.d.wallet.payOrder(userId, orderId, wallet, tx);
      if (!paid.ok) throw new Abort(paid);
      await this.d.attempts.voidLive(orderId, tx);
      await this.d.orders.setPaymentType(
        orderId,
        { paymentTypeId, preauthCents: preauth, walletCents: wallet },
        tx,
      );
      const slotStartsAt = slotStartOf(order);
      const url = await this.d.attempts.start(
        { orderId, paymentTypeId, amountCents: preauth, slotStartsAt },
        tx,
      );
      const to = online ? ORDER_STATUS.inPayment : ORDER_STATUS.ordered;
      await this.move(order, to, userId, 'metodo di pagamento cambiato', tx);
      if (to === order.orderStatusId)
        await this.d.status.recordEdit({ orderId, status: to, actor: 'customer', what: 'paymentType' }, tx);
      return url;
    });
    if (!done.ok) return done;
    return ok({ order: await this.orderAnswer(orderId), orderId, paymentUrl: done.data, replayed: false }, [
      ORDER_ACTIONS_INFO_TEXT.paymentTypeChanged,
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

/**
 * What the new payment type holds of the order: an online hold or the total, less the wallet's part and
 * what the meal vouchers pay (their service cost is in the total and in the hold). Refuses a wallet's part,
 * alone or with the vouchers, above the total.
 */
function holdOf(order: OrderRow, paymentTypeId: number, wallet: number): number {
  if (wallet > order.totalCents) throw new Abort(failWith(ORDER_ACTIONS_TEXT.walletAboveTotal));
  if (wallet + order.mealVoucherCents > order.totalCents)
    throw new Abort(failWith(ORDER_ACTIONS_TEXT.mealVouchersAboveTotal));
  return (
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
    order.mealVoucherCents
  );
}
