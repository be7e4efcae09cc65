import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import type { ComposedWrite } from '../../lib/composed-write';
import { ORDER_FOR_LISTENERS, orderForListeners } from './order-for-listeners';
import type {
  SharedRead,
  StatusChangeComposer,
  StatusChangeEvent,
  StatusChangeListener,
} from './order-status.service';
import { slotText, whereText } from './orders.mails';
import { realAmountCents } from './staff.service';

const S = ORDER_STATUS;

/** An order confirmed, as its message says it. */
type ConfirmedOrder = { userId: number; orderId: number; slot: string; where: string };

/**
 * The messages of an order's life the notifications module keeps for the customer (decision 048), reached
 * through this port (wired in app.ts): the orders module says what happened, the notifications module
 * writes the message, in the same transaction.
 */
export interface OrderNotificationsPort {
  orderConfirmed(o: ConfirmedOrder, db: Db): Promise<void>;
  /** `orderConfirmed` as CTEs of the change's own statement (null: it cannot be, `orderConfirmed` then) */
  orderConfirmedSql(o: ConfirmedOrder): ComposedWrite | null;
  orderPrepared(
    o: { userId: number; orderId: number; amountCents: number | null; captured: boolean },
    db: Db,
  ): Promise<void>;
  outForDelivery(o: { userId: number; orderId: number; slot: string }, db: Db): Promise<void>;
  slotReminder(
    o: { userId: number; orderId: number; slotDate: string; slot: string; where: string; pickup: boolean },
    db: Db,
  ): Promise<boolean>;
}

/** The changes the customer gets a message about: registered as the listener's filter. */
export const orderNotificationWanted = (e: StatusChangeEvent): boolean =>
  e.to === S.ordered || e.to === S.prepared || e.to === S.outForDelivery;

/**
 * The status listener (OrderStatusService.onChange) that records "order confirmed" (the order becomes
 * ordinato, whether paid online or not), "order prepared" with the amount charged and "out for delivery".
 */
export function orderNotificationListener(deps: { notify: OrderNotificationsPort }): StatusChangeListener {
  const { notify } = deps;
  return async (e: StatusChangeEvent, once: SharedRead, db: Db) => {
    if (!orderNotificationWanted(e)) return;
    const order = (await once(ORDER_FOR_LISTENERS, () => orderForListeners(e.orderId, db)))?.order;
    if (!order) return;
    const base = { userId: order.userId, orderId: order.orderId };
    if (e.to === S.ordered)
      await notify.orderConfirmed({ ...base, slot: slotText(order), where: whereText(order) }, db);
    else if (e.to === S.prepared)
      await notify.orderPrepared(
        {
          ...base,
          amountCents:
            order.capturedCents ??
            (order.deliveredTotalCents === null ? null : realAmountCents(order, order.deliveredTotalCents)),
          captured: order.capturedCents !== null,
        },
        db,
      );
    else await notify.outForDelivery({ ...base, slot: slotText(order) }, db);
  };
}

/**
 * The message's write composed into the change's own statement (decision 059, session 52), from the order as
 * the composing writer read it with its lock: "order confirmed" only; null for the other changes (and when the
 * notifications module cannot compose it), which `orderNotificationListener` writes.
 */
export function orderNotificationComposer(deps: { notify: OrderNotificationsPort }): StatusChangeComposer {
  return (e, { order }) => {
    if (e.to !== S.ordered) return null;
    const write = deps.notify.orderConfirmedSql({
      userId: order.userId,
      orderId: order.orderId,
      slot: slotText(order),
      where: whereText(order),
    });
    return write && [write];
  };
}
