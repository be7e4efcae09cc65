import { paymentTypeOf, paysOnline } from '@spesa/shared/checkout/payment-types';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { ORDER_FOR_LISTENERS, orderForListeners, type OrderForListeners } from './order-for-listeners';
import type { MailService } from '../mail/mail.service';
import type { MailTemplate, OrderStatusMailKind } from '../mail/mail.templates';
import type {
  SharedRead,
  StatusChangeComposer,
  StatusChangeEvent,
  StatusChangeListener,
} from './order-status.service';
import { mealVouchersToWire } from './order.mapper';
import { formatEuro } from './orders.messages';
import type { OrderRow, OrdersRepository } from './orders.repository';
import type { OrdersService } from './orders.service';
import { realAmountCents } from './staff.service';

const S = ORDER_STATUS;
/** The changes the customer hears about by e-mail (decision 018); the confirmation is apart. */
const STATUS_MAILS: Partial<Record<number, OrderStatusMailKind>> = {
  [S.cancelled]: 'cancelled',
  [S.prepared]: 'prepared',
  [S.outForDelivery]: 'outForDelivery',
  [S.delivered]: 'delivered',
  [S.partiallyDelivered]: 'partiallyDelivered',
  [S.notCollected]: 'notCollected',
  [S.invalidated]: 'paymentFailed',
};

/** "sabato 5 dicembre 2026": made once (a formatter costs far more to build than to use). */
const SLOT_DAY = new Intl.DateTimeFormat('it-IT', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A percentage with at most one decimal ("7,5"). */
const PERCENT = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

export function slotText(o: Pick<OrderRow, 'slotDate' | 'beginTime' | 'endTime'>): string {
  const day = SLOT_DAY.format(new Date(`${o.slotDate}T00:00:00Z`));
  return `${day}, ${o.beginTime}-${o.endTime}`;
}

/** The meal vouchers to hand over (decision 047): "6 buoni da 8,00 € (48,00 €), costo del servizio ..." */
export function vouchersText(o: OrderRow): string | null {
  const v = mealVouchersToWire(o);
  if (!v) return null;
  const euro = (n: number) => formatEuro(Math.round(n * 100));
  const percent = PERCENT.format(v.serviceCostPercent);
  return `${v.count} ${v.count === 1 ? 'buono' : 'buoni'} da ${euro(v.faceValue)} (${euro(v.amount)}), costo del servizio ${euro(v.serviceCost)} (${percent}%)`;
}

export function whereText(o: OrderRow): string {
  const a = (o.shippingAddress ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : '');
  if (o.deliveryServiceId === 2 || o.deliveryServiceId === 3)
    return `Consegna a domicilio: ${[`${s('address1')} ${s('addressNumber')}`.trim(), s('city')].filter(Boolean).join(', ')}`;
  return `Ritiro: ${s('addressName') || o.warehouseName}`;
}

/**
 * The order e-mails, sent from the one status-change entry point (OrderStatusService.onChange, registered
 * in app.ts): the confirmation when an order becomes 'ordinato' (with a new read-only token link; a copy
 * to the order's extra e-mail), and the changes of STATUS_MAILS. The mail goes to the outbox through the
 * same transaction as the change.
 */
/** The changes that send a mail: registered as the listener's filter, so the others open no savepoint. */
export const orderMailWanted = (e: StatusChangeEvent): boolean =>
  e.to === S.ordered || STATUS_MAILS[e.to] !== undefined;

export function orderMailListener(deps: {
  repo: OrdersRepository;
  orders: OrdersService;
  mail: MailService;
  publicUrl: string;
}): StatusChangeListener {
  const { repo, orders, mail, publicUrl } = deps;
  const orderLink = (orderId: number) => `${publicUrl}/profile/orders/${orderId}`;
  return async (e: StatusChangeEvent, once: SharedRead, db: Db) => {
    const confirmation = e.to === S.ordered;
    const kind = STATUS_MAILS[e.to];
    if (!orderMailWanted(e)) return;
    const read = await once(ORDER_FOR_LISTENERS, () => orderForListeners(e.orderId, db));
    if (!read?.customer) return;
    const { order, customer } = read;
    if (confirmation) {
      // the read-only link's token: issued with the change to 'ordinato' (its UPDATE wrote the hash), or here
      const token = e.accessToken ?? (await orders.issueAccessToken(order.orderId, db));
      for (const c of confirmationMails({ ...read, customer }, token, publicUrl))
        await mail.send(c.to, c.mail, [], db);
      return;
    }
    if (!kind) return;
    const captured = order.capturedCents !== null;
    // what the card held, as the order page's movements say it (decision 085)
    const [auth] =
      kind === 'prepared' && order.capturedCents !== null
        ? await repo.latestAuthorizations([order.orderId], db)
        : [];
    const heldCents = auth && order.capturedCents !== null ? auth.amountCents : null;
    const amountCents =
      order.capturedCents ??
      (order.deliveredTotalCents === null ? null : realAmountCents(order, order.deliveredTotalCents));
    await mail.send(
      customer.email,
      {
        template: 'order-status',
        kind,
        firstName: customer.firstName,
        orderId: order.orderId,
        amount: kind === 'prepared' && amountCents !== null ? formatEuro(amountCents) : null,
        captured,
        held: heldCents === null ? null : formatEuro(heldCents),
        released:
          heldCents !== null && order.capturedCents !== null && heldCents > order.capturedCents
            ? formatEuro(heldCents - order.capturedCents)
            : null,
        vouchers: kind === 'prepared' || kind === 'outForDelivery' ? vouchersText(order) : null,
        link: kind === 'cancelled' ? `${publicUrl}/profile/orders` : orderLink(order.orderId),
      },
      [],
      db,
    );
  };
}

/**
 * The confirmation's mails of an order that becomes 'ordinato': to the customer, and a copy to the order's extra
 * e-mail when it has one. `token`: the read-only link's (the change to 'ordinato' wrote its hash).
 */
function confirmationMails(
  read: OrderForListeners & { customer: { email: string; firstName: string } },
  token: string,
  publicUrl: string,
): Array<{ to: string; mail: MailTemplate }> {
  const { order, customer, lines } = read;
  const extra = (order.infos as { extraEmail?: unknown }).extraEmail;
  const to = [customer.email, ...(typeof extra === 'string' && extra.includes('@') ? [extra] : [])];
  const mail: MailTemplate = {
    template: 'order-confirmation',
    firstName: customer.firstName,
    orderId: order.orderId,
    slot: slotText(order),
    where: whereText(order),
    total: formatEuro(order.totalCents),
    held: paysOnline(order.paymentTypeId, order.preauthCents) ? formatEuro(order.preauthCents) : null,
    wallet: order.walletCents > 0 ? formatEuro(order.walletCents) : null,
    vouchers: vouchersText(order),
    paymentType: paymentTypeOf(order.paymentTypeId)?.name ?? '',
    lines,
    // the read-only page outside the customer area (no sign-in needed)
    link: `${publicUrl}/order/${order.orderId}?access_token=${encodeURIComponent(token)}`,
  };
  return to.map((address) => ({ to: address, mail }));
}

/**
 * The order mails' writes composed into the change's own statement (decision 059, session 52), from the order
 * as the composing writer read it with its lock: the confirmation only (with the token its change issued);
 * null for every other change, which `orderMailListener` sends.
 */
export function orderMailComposer(deps: { mail: MailService; publicUrl: string }): StatusChangeComposer {
  const { mail, publicUrl } = deps;
  return (e, read) => {
    if (e.to !== S.ordered || !e.accessToken) return null;
    const { customer } = read;
    if (!customer) return [];
    return confirmationMails({ ...read, customer }, e.accessToken, publicUrl).map((c) =>
      mail.sendSql(c.to, c.mail),
    );
  };
}
