import type { Order } from '@spesa/shared/contracts/orders';
import type { OrderGiftsPort } from './order-gifts';
import { orderToWire } from './order.mapper';
import type { OrderPlacementRepository, OrderRow } from './order-placement.repository';

/**
 * An order read in full and put on the wire, in one round trip for its parts (and one for its gift codes, the loyalty module's): the answer of buy and of the
 * order actions (the same mapping as the order pages, order.mapper.ts).
 */
export class OrderAnswer {
  constructor(
    private readonly orders: OrderPlacementRepository,
    private readonly gifts: OrderGiftsPort,
  ) {}

  async build(order: OrderRow): Promise<Order> {
    const [{ items, history, authorization, note }, gifts] = await Promise.all([
      this.orders.details(order.orderId),
      this.gifts.usesOf([order.orderId]),
    ]);
    return orderToWire(order, { items, history, auth: authorization, gifts, note }, false);
  }
}
