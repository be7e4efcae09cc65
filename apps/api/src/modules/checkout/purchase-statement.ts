import { fromMilli, toMilli } from '@spesa/shared/cart/quantity';
import type { OrderPaymentData } from '@spesa/shared/contracts/checkout';
import { CART_STATUS } from '@spesa/shared/contracts/delivery';
import type { OrderStatusId } from '@spesa/shared/orders/order-status';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation, queryRows } from '../../db/rows';
import { Abort, fail, failWith, ok, type Result } from '../../lib/result';
import type { ShopEvents } from '../../lib/shop-events';
import type { CartPurchase } from '../cart/cart-purchase';
import { takeStocksSql } from '../catalogue/catalogue.service';
import type { TimeslotService } from '../delivery/timeslot.service';
import type { OrderAnswer } from '../orders/order-answer';
import { newOrderSql } from '../orders/order-placement-sql';
import {
  type OrderItemRow,
  type OrderPlacementRepository,
  type OrderRow,
} from '../orders/order-placement.repository';
import type { OrderStatusService } from '../orders/order-status.service';
import { PaymentAttempts, slotStartOf } from '../payment/payment-attempts';
import { CHECKOUT_INFO_TEXT, CHECKOUT_TEXT } from './checkout.messages';
import { draftOrder, newOrderParts, type DraftOrder, type PurchaseInput } from './order-draft';

// A new order's purchase as one data-modifying statement (decision 059, session 46), composed from the parts
// each owning module exports (the cart's, the catalogue's stock, the delivery slot's place, the order's rows and
// its first status): one statement is atomic, so it needs no transaction. Its sub-statements all see the
// statement's snapshot; each write is conditional on the one before through the rows it answered, so a refusal
// writes nothing. The locks are taken in the order of decision 017 (the cart, the products in id order, the
// slot), each lock CTE answering the row as it stands once locked.

/** The parts of one purchase, each a function of the CTE names it depends on (see the owners' docs). */
export interface PurchaseStatementParts {
  cart: {
    lock: SQL;
    ready: (locked: SQL) => SQL;
    close: (when: SQL) => SQL;
    openNext: (closed: SQL) => SQL;
  };
  stock: {
    lock: (when: SQL) => SQL;
    enough: (locked: SQL) => SQL;
    short: (locked: SQL) => SQL;
    take: (locked: SQL, when: SQL) => SQL;
    soldOut: (taken: SQL, when: SQL) => SQL;
  };
  /** how many products the stock takes (each must answer) */
  products: number;
  slot: { lock: (when: SQL) => SQL; take: (locked: SQL) => SQL };
  order: {
    order: (when: SQL) => SQL;
    items: (order: SQL) => SQL;
    authorization: (order: SQL) => SQL;
  };
  /** the order's first status (its history row), once the order answered */
  initial: (order: SQL) => SQL;
}

/** What the statement answers: the new order with its lines and attempt, or why nothing was written. */
export interface PurchaseStatementRow {
  /** the cart, once locked, was still open, locked for payment and on the slot checked */
  cartReady: boolean;
  /** the products without the quantity wanted (meaningful when the cart was ready), in id order */
  short: number[];
  /** the slot had a place left (meaningful when every product had its quantity) */
  slotLocked: boolean;
  order: OrderRow | null;
  items: OrderItemRow[] | null;
  authorizationId: number | null;
}

const name = (n: string) => sql.raw(n);

/** The one statement of a purchase (see the file's head). */
export function purchaseStatement(p: PurchaseStatementParts): SQL {
  const cartLocked = name('cart_locked');
  const stockLocked = name('stock_locked');
  const slotLocked = name('slot_locked');
  const stockTaken = name('stock_taken');
  const slotTaken = name('slot_taken');
  const newOrder = name('new_order');
  const newItems = name('new_items');
  const newAuth = name('new_auth');
  const cartClosed = name('cart_closed');
  const placed = sql`EXISTS (SELECT 1 FROM ${newOrder})`;
  return sql`WITH ${cartLocked} AS MATERIALIZED (${p.cart.lock}),
    ${stockLocked} AS MATERIALIZED (${p.stock.lock(p.cart.ready(cartLocked))}),
    ${slotLocked} AS MATERIALIZED (${p.slot.lock(p.stock.enough(stockLocked))}),
    ${stockTaken} AS (${p.stock.take(stockLocked, sql`EXISTS (SELECT 1 FROM ${slotLocked})`)}),
    ${slotTaken} AS (${p.slot.take(slotLocked)}),
    ${newOrder} AS (${p.order.order(
      sql`EXISTS (SELECT 1 FROM ${slotTaken}) AND (SELECT count(*) FROM ${stockTaken}) = ${p.products}`,
    )}),
    ${newItems} AS (${p.order.items(newOrder)}),
    new_history AS (${p.initial(newOrder)}),
    ${newAuth} AS (${p.order.authorization(newOrder)}),
    ${cartClosed} AS (${p.cart.close(placed)}),
    cart_opened AS (${p.cart.openNext(cartClosed)}),
    sold_out AS (${p.stock.soldOut(stockTaken, placed)})
    SELECT ${p.cart.ready(cartLocked)} AS "cartReady",
      to_json(${p.stock.short(stockLocked)}) AS short,
      EXISTS (SELECT 1 FROM ${slotLocked}) AS "slotLocked",
      (SELECT row_to_json(o) FROM ${newOrder} o) AS "order",
      (SELECT json_agg(i ORDER BY i.position) FROM ${newItems} i) AS items,
      (SELECT authorization_id FROM ${newAuth}) AS "authorizationId"`;
}

export interface PurchaseStatementDeps {
  db: Db;
  carts: CartPurchase;
  timeslots: TimeslotService;
  orders: OrderPlacementRepository;
  status: OrderStatusService;
  answer: OrderAnswer;
  attempts: PaymentAttempts;
  events: ShopEvents;
}

/** What the purchase answers besides a new order (OrderPlacement's): a replay, a lost race. */
export interface PurchaseAnswers {
  replay: (order: OrderRow) => Promise<Result<OrderPaymentData>>;
  lostRace: (p: PurchaseInput, error: unknown) => Promise<Result<OrderPaymentData>>;
}

/**
 * A new order's purchase in one statement, composed from the owners' parts: the cart locked and closed and the
 * next one opened (cart), the stock taken (catalogue), the slot's place (delivery), the order, its lines and
 * first attempt (orders), its first status (the orders' status service). The payment's session is opened
 * first, for the order's id taken before (`NEXT_ORDER_ID_SQL`, with the checkout row). Only for what those
 * parts cover: a new order without gift codes, wallet or premium free delivery, whose first status no
 * listener wants; the others are bought by OrderPlacement's transaction. Every refusal writes nothing and
 * answers as the transaction's steps would.
 */
export class PurchaseStatement {
  constructor(
    private readonly d: PurchaseStatementDeps,
    private readonly answers: PurchaseAnswers,
  ) {}

  /** The purchase's answer; null: not one this statement buys (the caller's transaction does). */
  async place(p: PurchaseInput, orderId: number): Promise<Result<OrderPaymentData> | null> {
    let draft: DraftOrder;
    try {
      draft = draftOrder(p);
    } catch (error) {
      if (error instanceof Abort) return error.failure;
      throw error;
    }
    const { order } = draft;
    if (p.editing || draft.uses.length > 0 || order.walletCents > 0 || p.figures.premiumFreeDelivery)
      return null;
    if (p.items.length === 0) return null;
    const status = order.orderStatusId as OrderStatusId;
    const initial = (o: SQL) =>
      this.d.status.initialSql({ orderId, status, actor: 'customer', actorUserId: p.userId }, o);
    if (initial(sql`new_order`) === null) return null;
    // the net quantity per product (one product on several lines of options is taken once), in id order
    const wanted = new Map<number, number>();
    for (const i of p.items) wanted.set(i.productId, (wanted.get(i.productId) ?? 0) + toMilli(i.quantity));
    const moves = [...wanted]
      .sort(([a], [b]) => a - b)
      .map(([productId, milli]) => ({ productId, delta: fromMilli(milli) }));
    const { target, slot } = p;
    const amountCents = order.preauthCents;
    const opened = await this.d.attempts.openFirst({
      orderId,
      paymentTypeId: p.paymentTypeId,
      amountCents,
      slotStartsAt: slotStartOf(order),
    });
    const statement = purchaseStatement({
      cart: this.d.carts.buyCartSql(
        { cartId: p.cart.cartId, userId: p.userId, lockedStatus: CART_STATUS.locked, slotId: slot.slotId },
        {
          deliveryServiceId: target.deliveryServiceId,
          storeId: target.storeId,
          warehouseId: target.warehouseId,
          shippingAddressId: target.address.addressId,
        },
      ),
      stock: takeStocksSql(moves, target.warehouseId),
      products: moves.length,
      slot: this.d.timeslots.takePlaceSql(slot.slotId),
      order: newOrderSql(orderId, { ...order, idempotencyKey: p.key }, p.items, {
        ...opened.row,
        paymentTypeId: p.paymentTypeId,
        amountCents,
      }),
      initial: (o) => initial(o) ?? sql`SELECT 1`,
    });
    let row: PurchaseStatementRow | undefined;
    try {
      [row] = await queryRows<PurchaseStatementRow>(this.d.db, statement);
    } catch (error) {
      // the same cart or key bought by a simultaneous buy (its unique index): that order
      if (isUniqueViolation(error)) return this.answers.lostRace(p, error);
      throw error;
    }
    if (!row) throw new Error('buy: the purchase statement answered nothing');
    if (row.order && row.items && row.authorizationId !== null) {
      this.d.events.emit({ kind: 'order.placed' });
      const attempt = PaymentAttempts.written(
        { orderId, attempt: 1, paymentTypeId: p.paymentTypeId, amountCents },
        opened.row,
        row.authorizationId,
      );
      const parts = newOrderParts(p.figures, orderId, row.items, attempt);
      return ok(
        {
          order: this.d.answer.ofNew(row.order, parts),
          orderId,
          paymentUrl: opened.paymentUrl,
          replayed: false,
        },
        [CHECKOUT_INFO_TEXT.ordered(orderId)],
      );
    }
    // nothing written: why, as the transaction's steps refuse (the cart, then the stock, then the slot)
    if (!row.cartReady) {
      const bought = await this.d.orders.findBySourceCart(p.cart.cartId);
      return bought ? this.answers.replay(bought) : failWith(CHECKOUT_TEXT.cartClosed);
    }
    const short = row.short[0];
    if (short !== undefined) {
      const name = p.items.find((i) => i.productId === short)?.name ?? '';
      return fail(CHECKOUT_TEXT.notAvailable.code, `${name} ${CHECKOUT_TEXT.notAvailable.text}`);
    }
    return failWith(CHECKOUT_TEXT.slotFull);
  }
}
