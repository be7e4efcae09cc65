import type { Order } from '@spesa/shared/contracts/orders';
import type { OrderGiftsPort } from './order-gifts';
import { orderToWire } from './order.mapper';
import type {
  AuthorizationRow,
  OrderItemRow,
  OrderPlacementRepository,
  OrderRow,
} from './order-placement.repository';
import type { GiftUseRow, HistoryRow } from './order-rows';
import type { OrderMoneyPort } from './orders.service';

/**
 * An order read in full and put on the wire, in one round trip for its parts (and one each for its gift codes and
 * its money, the loyalty and payment modules'): the answer of buy and of the
 * order actions (the same mapping as the order pages, order.mapper.ts).
 */
export class OrderAnswer {
  constructor(
    private readonly orders: OrderPlacementRepository,
    private readonly gifts: OrderGiftsPort,
    /** what the customer reads of the order's money (the payment module) */
    private readonly money: OrderMoneyPort,
  ) {}

  async build(order: OrderRow): Promise<Order> {
    const [{ items, history, authorization, note }, gifts, money] = await Promise.all([
      this.orders.details(order.orderId),
      this.gifts.usesOf([order.orderId]),
      this.money.of([order.orderId]),
    ]);
    return orderToWire(
      order,
      { items, history, auth: authorization, gifts, note, money: money.get(order.orderId) ?? null },
      false,
    );
  }

  /**
   * A new order's answer from what its purchase wrote (its row, lines, first status and first attempt, the
   * gift uses), read nowhere: a new order has no rating, no refund and no movement of money yet.
   */
  ofNew(order: OrderRow, written: NewOrderParts): Order {
    const history: HistoryRow[] = [
      {
        orderId: order.orderId,
        orderStatusId: order.orderStatusId,
        actor: written.actor,
        createdAt: order.createdAt,
      },
    ];
    return orderToWire(
      order,
      {
        items: written.items,
        history,
        auth: written.authorization,
        gifts: [...written.gifts].sort((a, b) => a.giftCertificateId - b.giftCertificateId),
        note: null,
        money: this.money.ofNew(order.orderId, written.authorization, order.createdAt),
      },
      false,
    );
  }
}

/** What a new order's purchase wrote besides its row (OrderAnswer.ofNew). */
export interface NewOrderParts {
  items: OrderItemRow[];
  /** who placed it (its first status's actor) */
  actor: string;
  authorization: AuthorizationRow;
  gifts: GiftUseRow[];
}
