import { createHash, randomBytes } from 'node:crypto';
import type { Cart, CartAddItem } from '@spesa/shared/contracts/cart';
import {
  ORDERS_PAGE_SIZE,
  type Order,
  type OrderListData,
  type OrderListForAddressesQuery,
  type OrderListQuery,
  type OrderNoteBody,
} from '@spesa/shared/contracts/orders';
import { isAwaitingPickup, canRate, ORDER_STATUS_IDS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { failWith, ok, type Result } from '../../lib/result';
import type { PickupOrdersPort } from '../account/account.service';
import { CART_TEXT } from '../cart/cart.messages';
import type { CartOutcome, DailyPurchasesPort } from '../cart/cart.service';
import type { OrderGiftsPort } from './order-gifts';
import { ORDERS_INFO_TEXT, ORDERS_TEXT } from './orders.messages';
import { orderToWire, type OrderParts } from './order.mapper';
import type { OrderListFilter, NoteRow, OrderRow, OrdersRepository } from './orders.repository';

/** A read-only link's token as issued: the token (for the mail), its hash (on the order) and its expiry. */
export interface OrderAccessToken {
  token: string;
  hash: string;
  expiresAt: Date;
}

/** How long the read-only link of the confirmation e-mail works. */
export const ORDER_TOKEN_DAYS = 60;
/** The cart service as the reorder needs it (cart/add-all-from-order goes through its rules). */
export interface CartPort {
  add(userId: number, items: CartAddItem[], showSectors?: boolean): Promise<CartOutcome>;
  view(userId: number, showSectors?: boolean): Promise<Result<Cart>>;
}

export const hashAccessToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const groupBy = <T extends { orderId: number }>(rows: T[]) => {
  const m = new Map<number, T[]>();
  for (const r of rows) m.set(r.orderId, [...(m.get(r.orderId) ?? []), r]);
  return m;
};

/** The arrival a customer announced for a Drive order (the parking repository). */
export interface ParkingReader {
  find(orderId: number): Promise<Order['parkingReservation']>;
}

/** Orders awaiting pickup: every status that is not over (shared table). */
const OPEN_STATUSES = ORDER_STATUS_IDS.filter((s) => isAwaitingPickup(s));

/** What the customer reads of orders' money, by order id (the payment module, decision 085). */
export interface OrderMoneyPort {
  of(orderIds: readonly number[]): Promise<Map<number, NonNullable<OrderParts['money']>>>;
  /** a new order's money from its first attempt as written (`at`: when), read nowhere */
  ofNew(
    orderId: number,
    attempt: {
      attempt: number;
      provider: string;
      providerRef: string;
      amountCents: number;
      status: string;
    } & {
      authorizationId: number;
      capturedCents: number;
    },
    at: string,
  ): NonNullable<OrderParts['money']>;
}

/**
 * The customer's orders (decision 018): list with the filters of spec section 3, the detail, the read-only
 * token view, the rating and the reorder. Every read is scoped by the signed-in customer: another
 * customer's order id answers exactly like a missing one.
 */
export class OrdersService {
  constructor(
    private readonly repo: OrdersRepository,
    private readonly cart: CartPort,
    /** the gift codes orders used (the loyalty module) */
    private readonly gifts: OrderGiftsPort,
    private readonly now: () => Date = () => new Date(),
    private readonly parking: ParkingReader = { find: () => Promise.resolve(null) },
    /** what the provider held, took and gave back (the payment module) */
    private readonly money: Pick<OrderMoneyPort, 'of'> = { of: () => Promise.resolve(new Map()) },
  ) {}

  /** Reads the parts of the orders and maps them (userId: only that customer's notes). */
  async toWire(rows: OrderRow[], opts: { withItems: boolean; showReplaced: boolean }): Promise<Order[]> {
    const ids = rows.map((r) => r.orderId);
    const [items, history, auths, gifts, money] = await Promise.all([
      opts.withItems ? this.repo.items(ids) : Promise.resolve([]),
      this.repo.history(ids),
      this.repo.latestAuthorizations(ids),
      this.gifts.usesOf(ids),
      this.money.of(ids),
    ]);
    const byUser = new Map<number, number[]>();
    for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.orderId]);
    const notes: NoteRow[] = [];
    for (const [userId, orderIds] of byUser) notes.push(...(await this.repo.notes(orderIds, userId)));
    const itemsBy = groupBy(items);
    const historyBy = groupBy(history);
    const giftsBy = groupBy(gifts);
    return rows.map((o) =>
      orderToWire(
        o,
        {
          items: itemsBy.get(o.orderId) ?? [],
          history: historyBy.get(o.orderId) ?? [],
          auth: auths.find((a) => a.orderId === o.orderId) ?? null,
          note: notes.find((n) => n.orderId === o.orderId) ?? null,
          gifts: giftsBy.get(o.orderId) ?? [],
          money: money.get(o.orderId) ?? null,
        },
        opts.showReplaced,
      ),
    );
  }

  /** GET /order/list-for-all-user-shipping-addresses: every address and store, in payment included. */
  async listForAllAddresses(userId: number, q: OrderListForAddressesQuery): Promise<Result<OrderListData>> {
    // a sub-order is the order itself: its id filter narrows like the order id
    if (
      q.order_id_filter !== undefined &&
      q.suborder_id_filter !== undefined &&
      q.order_id_filter !== q.suborder_id_filter
    )
      return this.page(
        { userId, includePending: true, orderId: -1 },
        { page: q.page, size: q.page_size, withItems: false, showReplaced: false },
      );
    return this.page(
      {
        userId,
        includePending: true,
        orderId: q.order_id_filter ?? q.suborder_id_filter,
        fromDate: q.order_from_date_filter,
        toDate: q.order_to_date_filter,
        warehouseId: q.suborder_warehouseid_filter,
        slotFrom: q.suborder_delivery_from_date_filter,
        slotTo: q.suborder_delivery_to_date_filter,
        shippingAddressId: q.shipping_address_id_filter,
      },
      { page: q.page, size: q.page_size, withItems: q.fetch_detail ?? false, showReplaced: false },
    );
  }

  /** One page of the customer's orders, newest first, and the page block. */
  private async page(
    filter: OrderListFilter,
    p: { page?: number | undefined; size?: number | undefined; withItems: boolean; showReplaced: boolean },
  ): Promise<Result<OrderListData>> {
    const pageSize = p.size ?? ORDERS_PAGE_SIZE;
    const totItems = await this.repo.countOrders(filter);
    const totPages = Math.max(1, Math.ceil(totItems / pageSize));
    const selPage = p.page ?? 1;
    const rows =
      selPage > totPages ? [] : await this.repo.listOrders(filter, pageSize, (selPage - 1) * pageSize);
    const orders = await this.toWire(rows, { withItems: p.withItems, showReplaced: p.showReplaced });
    return ok({ orders, page: { selPage, totPages, totItems, itemsPerPage: pageSize } });
  }

  /** GET /order/list */
  list(userId: number, q: OrderListQuery): Promise<Result<OrderListData>> {
    return this.page(
      {
        userId,
        includePending: q.show_pending ?? false,
        fromDate: q.from_date,
        toDate: q.to_date,
        fromCents: q.from_gross_total === undefined ? undefined : Math.round(q.from_gross_total * 100),
        toCents: q.to_gross_total === undefined ? undefined : Math.round(q.to_gross_total * 100),
        orderTypeId: q.order_type,
      },
      {
        page: q.page,
        size: q.page_size,
        withItems: q.fetch_detail ?? false,
        showReplaced: q.show_replaced ?? false,
      },
    );
  }

  /** GET /order/view */
  async view(userId: number, orderId: number, showReplaced: boolean): Promise<Result<{ data: Order }>> {
    const row = await this.repo.findOrder(orderId, userId);
    if (!row) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    const [order] = await this.toWire([row], { withItems: true, showReplaced });
    if (!order) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    // the arrival announced, when there is one (the other answers of an order never carry it)
    const parking = await this.parking.find(orderId);
    return ok({ data: parking ? { ...order, parkingReservation: parking } : order });
  }

  /** GET /token-order/view: a wrong, expired or other order's token answers the same refusal. */
  async viewByToken(orderId: number, token: string, showReplaced: boolean): Promise<Result<{ data: Order }>> {
    const row = await this.repo.findOrderByToken(orderId, hashAccessToken(token), this.now());
    if (!row) return failWith(ORDERS_TEXT.tokenInvalid, 'notFound');
    const [order] = await this.toWire([row], { withItems: true, showReplaced });
    // the token view never shows the customer's rating
    return order ? ok({ data: { ...order, note: null } }) : failWith(ORDERS_TEXT.orderNotFound, 'notFound');
  }

  /**
   * Issues a new read-only token for the order (the confirmation e-mail's link): 32 random bytes, only the
   * SHA-256 is stored; a new token replaces the previous one.
   */
  async issueAccessToken(orderId: number, tx: Db): Promise<string> {
    const { token, hash, expiresAt } = this.newAccessToken();
    await this.repo.setAccessToken(orderId, hash, expiresAt, tx);
    return token;
  }

  /** A new read-only link's token, its hash (what the order keeps) and its expiry; written by the caller. */
  newAccessToken(): OrderAccessToken {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + ORDER_TOKEN_DAYS * 24 * 3600 * 1000);
    return { token, hash: hashAccessToken(token), expiresAt };
  }

  /** POST /note/order/add | /note/order/update: only the owner, only a delivered order. */
  async saveNote(
    userId: number,
    body: OrderNoteBody,
    mode: 'add' | 'update',
  ): Promise<Result<{ note: NoteRow }>> {
    const row = await this.repo.findOrder(body.orderId, userId);
    if (!row) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    if (!canRate(row.orderStatusId)) return failWith(ORDERS_TEXT.noteNotDelivered);
    const fields = { rating: body.rating, title: body.title ?? '', comment: body.comment ?? '' };
    if (mode === 'update' || body.noteId !== undefined) {
      if (body.noteId === undefined) return failWith(ORDERS_TEXT.noteNotFound, 'validation');
      const note = await this.repo.updateNote(body.noteId, body.orderId, userId, fields);
      if (!note) return failWith(ORDERS_TEXT.noteNotFound, 'notFound');
      return ok({ note }, [ORDERS_INFO_TEXT.noteUpdated]);
    }
    const note = await this.repo.insertNote(body.orderId, userId, {
      ...fields,
      noteTypeId: body.noteTypeId ?? 1,
    });
    if (!note) return failWith(ORDERS_TEXT.noteExists);
    return ok({ note }, [ORDERS_INFO_TEXT.noteSaved]);
  }

  /**
   * POST /cart/add-all-from-order: every line of one of the customer's orders goes to the open cart through
   * the cart service (its quantity, options, availability and daily limits apply); refused products come
   * back as messages, the added ones as one cart.productsAddFromOrder text.
   */
  async addAllFromOrder(userId: number, orderId: number, showSectors: boolean): Promise<Result<CartOutcome>> {
    const row = await this.repo.findOrder(orderId, userId);
    if (!row) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    const items = await this.repo.items([orderId]);
    const lines: CartAddItem[] = items.map((i) => {
      const infos: CartAddItem['infos'] = {};
      const accept = i.infos.accept_alternatives;
      if (accept === 'true' || accept === 'false') infos.accept_alternatives = accept;
      return {
        productId: i.productId,
        quantity: i.quantity,
        ...(Object.keys(i.options).length > 0 ? { params: i.options } : {}),
        ...(Object.keys(infos).length > 0 ? { infos } : {}),
      };
    });
    if (lines.length === 0) {
      const view = await this.cart.view(userId, showSectors);
      if (!view.ok) return view;
      return ok({
        cart: view.data,
        failures: [failWith(ORDERS_TEXT.reorderEmpty)],
        infos: [],
      });
    }
    const outcome = await this.cart.add(userId, lines, showSectors);
    // the cart answers one success text or one refusal per line (its texts are dropped when any line is
    // refused), or a single refusal for the whole cart when it is locked for payment
    const cartRefused = outcome.failures.some((f) => f.code === CART_TEXT.locked.code);
    const added = cartRefused ? 0 : Math.max(0, lines.length - outcome.failures.length);
    const failures =
      added === 0 && outcome.failures.length > 0
        ? [...outcome.failures, failWith(ORDERS_TEXT.reorderEmpty)]
        : outcome.failures;
    return ok({
      cart: outcome.cart,
      failures,
      infos: added > 0 ? [ORDERS_INFO_TEXT.productsAddFromOrder(added, orderId)] : [],
    });
  }

  // ---------- ports of other modules (app.ts) ----------
  readonly pickupOrders: PickupOrdersPort = {
    hasOrdersAwaitingPickup: (userId: number) => this.repo.hasOrdersAwaitingPickup(userId, OPEN_STATUSES),
  };

  readonly dailyPurchases: DailyPurchasesPort = {
    orderedOn: (userId, productId, date) => this.repo.orderedOn(userId, productId, date),
  };
}
