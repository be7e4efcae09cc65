import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { romeNow } from '../../lib/rome-time';
import type { OrderNotificationsPort } from './orders.notifications';
import { slotText, whereText } from './orders.mails';
import type { OrdersRepository } from './orders.repository';

/** The recurring job that sends the reminders (lib/jobs.ts: once per cluster, after restarts too). */
export const SLOT_REMINDER_JOB = 'orders.slot-reminders';
export const SLOT_REMINDER_EVERY_MS = 30 * 60_000;
/** Reminders go out from this Italian hour of the day before the slot. */
export const SLOT_REMINDER_FROM = '08:00';

const S = ORDER_STATUS;
/** orders still to be delivered or collected: confirmed, at the store, in preparation, prepared */
const REMINDED_STATUSES = [S.ordered, S.atWarehouse, S.inPreparation, S.preparing, S.prepared];

const nextDay = (date: string): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * "Slot reminder" (decision 048): the day before an order's slot (Italian time, from 08:00), one message per
 * order and slot day. A run reads tomorrow's open orders and records a reminder for each: the notifications
 * module's dedupe key makes a second run, or a second process, write nothing.
 */
export class SlotReminders {
  constructor(
    private readonly db: Db,
    private readonly repo: OrdersRepository,
    private readonly notify: OrderNotificationsPort,
    private readonly now: () => Date,
  ) {}

  /** Sends the reminders due now; answers how many were new. */
  async run(): Promise<number> {
    const rome = romeNow(this.now());
    if (rome.time < SLOT_REMINDER_FROM) return 0;
    const tomorrow = nextDay(rome.date);
    const orders = await this.repo.onSlotDay(tomorrow, REMINDED_STATUSES);
    let sent = 0;
    for (const order of orders) {
      const fresh = await this.db.transaction((tx) =>
        this.notify.slotReminder(
          {
            userId: order.userId,
            orderId: order.orderId,
            slotDate: order.slotDate,
            slot: slotText(order),
            where: whereText(order),
            pickup: order.deliveryServiceId !== 2 && order.deliveryServiceId !== 3,
          },
          tx,
        ),
      );
      if (fresh) sent += 1;
    }
    return sent;
  }
}
