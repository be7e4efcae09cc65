import { createHash, randomBytes } from 'node:crypto';
import { paymentTypeOf } from '@spesa/shared/checkout/payment-types';
import type { Cart, CartAddItem } from '@spesa/shared/contracts/cart';
import {
  ORDERS_PAGE_SIZE,
  type Order,
  type OrderInvoice,
  type OrderItem,
  type OrderListData,
  type OrderListForAddressesQuery,
  type OrderListQuery,
  type OrderNoteBody,
} from '@spesa/shared/contracts/orders';
import {
  canRetryPayment,
  canChangePaymentType,
  isAwaitingPickup,
  isCancellable,
  isEditable,
  canRate,
  ORDER_STATUS_IDS,
  orderStatusLabel,
} from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { failWith, ok, type Result } from '../../lib/result';
import type { PickupOrdersPort } from '../account/account.service';
import { CART_TEXT } from '../cart/cart.messages';
import type { CartOutcome, DailyPurchasesPort } from '../cart/cart.service';
import { ORDERS_INFO_TEXT, ORDERS_TEXT } from './orders.messages';
import type {
  OrderListFilter,
  AuthorizationRow,
  HistoryRow,
  NoteRow,
  OrderItemRow,
  OrderRow,
  OrdersRepository,
} from './orders.repository';

/** How long the read-only link of the confirmation e-mail works. */
export const ORDER_TOKEN_DAYS = 60;
/** The cart service as the reorder needs it (cart/add-all-from-order goes through its rules). */
export interface CartPort {
  add(userId: number, items: CartAddItem[], showSectors?: boolean): Promise<CartOutcome>;
  view(userId: number, showSectors?: boolean): Promise<Result<Cart>>;
}

const euro = (cents: number) => Math.round(cents) / 100;
export const hashAccessToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function invoiceOf(v: unknown): OrderInvoice | null {
  if (!v || typeof v !== 'object') return null;
  const i = obj(v);
  const personTypeId = Number(i.personTypeId);
  return {
    personTypeId: Number.isInteger(personTypeId) ? personTypeId : 1,
    companyName: str(i.companyName),
    fiscalCode: str(i.fiscalCode),
    vatCode: str(i.vatCode),
    pec: str(i.pec),
    sdiCode: str(i.sdiCode),
    ipaCode: str(i.ipaCode),
    cig: str(i.cig),
    determinationNumber: str(i.determinationNumber),
    determinationDate: str(i.determinationDate),
    contactPerson: str(i.contactPerson),
    address1: str(i.address1),
    addressNumber: str(i.addressNumber),
    postalCode: str(i.postalCode),
    city: str(i.city),
    province: str(i.province),
  };
}

function shippingAddressOf(v: unknown, o: OrderRow): Order['shippingAddress'] {
  const a = obj(v);
  const num = (x: unknown, d: number) => (typeof x === 'number' && Number.isFinite(x) ? x : d);
  return {
    addressId: num(a.addressId, 0),
    deliveryServiceId: num(a.deliveryServiceId, o.deliveryServiceId),
    zoneId: typeof a.zoneId === 'number' ? a.zoneId : null,
    autoAssigned: a.autoAssigned === true,
    addressName: str(a.addressName),
    address1: str(a.address1),
    addressNumber: str(a.addressNumber),
    city: str(a.city),
    province: str(a.province),
    postalcode: str(a.postalcode ?? a.postalCode),
    addressTypeId: num(a.addressTypeId, 0),
    addressType: str(a.addressType),
    addressClass: Array.isArray(a.addressClass)
      ? (a.addressClass as Order['shippingAddress']['addressClass'])
      : [],
  };
}

/** One line on the wire: ordered side, and the delivered side once picked (decision 018 on show_replaced). */
export function itemToWire(i: OrderItemRow, showReplaced: boolean): OrderItem {
  const promo = obj(i.promo);
  const infos: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(i.infos))) infos[k] = str(v);
  const picked = i.deliveredQuantity !== null;
  const substitute =
    i.substituteProductId !== null
      ? { productId: i.substituteProductId, name: i.substituteName ?? '' }
      : null;
  // by default a replaced line shows what was delivered; show_replaced shows it as ordered
  const asDelivered = substitute !== null && !showReplaced;
  if (asDelivered) {
    infos.replaced_product_id = String(i.productId);
    infos.replaced_product_name = i.name;
  }
  return {
    orderItemId: i.orderItemId,
    productId: asDelivered && substitute ? substitute.productId : i.productId,
    codInt: i.codInt,
    name: asDelivered && substitute ? substitute.name : i.name,
    shortDescr: asDelivered ? '' : i.shortDescr,
    description: asDelivered ? '' : i.description,
    mediaURL: i.mediaUrl,
    sellingType: i.sellingType,
    unitBase: i.unitBase,
    params: i.options,
    quantity: i.quantity,
    unitPrice: euro(i.unitPriceCents),
    unitPriceStandard: euro(i.unitPriceStandardCents),
    grossTotal: euro(i.lineTotalCents),
    grossTotalStandard: euro(i.lineStandardCents),
    warehousePromo:
      i.promoId !== null
        ? { warehousePromoId: i.promoId, header: str(promo.header), body: str(promo.body) }
        : null,
    variableWeight: i.variableWeight,
    acceptAlternatives: i.acceptAlternatives,
    cartItemInfo: infos,
    sectorId: i.sectorId,
    delivered: picked
      ? {
          quantity: i.deliveredQuantity ?? 0,
          weight: i.realWeight,
          unitPrice: euro(i.deliveredUnitPriceCents ?? i.unitPriceCents),
          grossTotal: euro(i.deliveredTotalCents ?? 0),
          substitute,
        }
      : null,
  };
}

export interface OrderParts {
  items: OrderItemRow[];
  history: HistoryRow[];
  auth: AuthorizationRow | null;
  note: NoteRow | null;
  gifts: Array<{ giftCertificateId: number; code: string; name: string; discountCents: number }>;
}

/** The order on the wire (contracts/orders.ts). */
export function orderToWire(o: OrderRow, parts: OrderParts, showReplaced: boolean): Order {
  const infos = obj(o.infos);
  const packaging = infos.packaging ? obj(infos.packaging) : null;
  const payType = paymentTypeOf(o.paymentTypeId);
  const status = o.orderStatusId;
  return {
    orderId: o.orderId,
    orderStatusId: status,
    orderStatusDescr: orderStatusLabel(status),
    orderTypeId: o.orderTypeId,
    date: o.createdAt,
    cartId: o.sourceCartId,
    deliveryServiceId: o.deliveryServiceId,
    homeDelivery: o.deliveryServiceId === 2 || o.deliveryServiceId === 3,
    store: { storeId: o.storeId, name: o.warehouseName },
    warehouse: { warehouseId: o.warehouseId, name: o.warehouseName },
    shippingAddress: shippingAddressOf(o.shippingAddress, o),
    timeslot: {
      date: o.slotDate,
      timeslotId: o.timeslotId,
      beginTime: o.beginTime,
      endTime: o.endTime,
      deliveryDayPeriodId: o.deliveryDayPeriodId,
    },
    paymentTypeId: o.paymentTypeId,
    payment: {
      paymentTypeId: o.paymentTypeId,
      paymentTypeDescr: payType?.name ?? '',
      online: payType?.online ?? false,
      status: parts.auth?.status ?? null,
      amountAuthorized: euro(
        parts.auth && parts.auth.status !== 'not_required' && parts.auth.status !== 'declined'
          ? parts.auth.amountCents
          : 0,
      ),
      amountCaptured: euro(parts.auth?.capturedCents ?? 0),
      cardBrand: parts.auth?.cardBrand ?? null,
      cardLast4: parts.auth?.cardLast4 ?? null,
    },
    totalItems: parts.items.length,
    totalPrice: euro(o.itemsCents),
    totalPriceStandard: euro(o.itemsStandardCents),
    totalDiscount: euro(o.itemsStandardCents - o.itemsCents),
    deliveryFee: euro(o.deliveryFeeCents),
    packagingTotal: euro(o.packagingCents),
    giftDiscount: euro(o.giftDiscountCents),
    grossTotal: euro(o.totalCents),
    prebilledAmount: euro(o.preauthCents),
    capturedAmount: o.capturedCents === null ? null : euro(o.capturedCents),
    deliveredTotal: o.deliveredTotalCents === null ? null : euro(o.deliveredTotalCents),
    orderAdjustmentSummary: {
      orderAdjustments: parts.gifts.map((g) => ({
        giftCertificate: { giftCertificateId: g.giftCertificateId, code: g.code, name: g.name },
        discount: euro(g.discountCents),
      })),
    },
    packaging: packaging
      ? {
          packagingTypeId: Number(packaging.packagingTypeId) || 0,
          name: str(packaging.name),
          bags: Number(packaging.bags) || 0,
          price: euro(Number(packaging.priceCents) || 0),
        }
      : null,
    invoice: invoiceOf(infos.invoice),
    lotteryCode: strOrNull(infos.lotteryCode),
    extraEmail: strOrNull(infos.extraEmail),
    notes: strOrNull(infos.notes),
    orderItems: parts.items.map((i) => itemToWire(i, showReplaced)),
    statusHistory: parts.history.map((h) => ({
      orderStatusId: h.toStatusId,
      orderStatusDescr: orderStatusLabel(h.toStatusId),
      date: h.createdAt,
      actor: h.actor,
    })),
    isEditable: isEditable(status),
    isCancellable: isCancellable(status),
    canRetryPayment: canRetryPayment(status),
    isPaymentTypeChangeable: canChangePaymentType(status),
    canReorder: true,
    note: parts.note
      ? {
          noteId: parts.note.noteId,
          rating: parts.note.rating,
          title: parts.note.title,
          comment: parts.note.comment,
        }
      : null,
  };
}

const groupBy = <T extends { orderId: number }>(rows: T[]) => {
  const m = new Map<number, T[]>();
  for (const r of rows) m.set(r.orderId, [...(m.get(r.orderId) ?? []), r]);
  return m;
};

/** Orders awaiting pickup: every status that is not over (shared table). */
const OPEN_STATUSES = ORDER_STATUS_IDS.filter((s) => isAwaitingPickup(s));

/**
 * The customer's orders (decision 018): list with the filters of spec section 3, the detail, the read-only
 * token view, the rating and the reorder. Every read is scoped by the signed-in customer: another
 * customer's order id answers exactly like a missing one.
 */
export class OrdersService {
  constructor(
    private readonly repo: OrdersRepository,
    private readonly cart: CartPort,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Reads the parts of the orders and maps them (userId: only that customer's notes). */
  async toWire(rows: OrderRow[], opts: { withItems: boolean; showReplaced: boolean }): Promise<Order[]> {
    const ids = rows.map((r) => r.orderId);
    const [items, history, auths, gifts] = await Promise.all([
      opts.withItems ? this.repo.items(ids) : Promise.resolve([]),
      this.repo.history(ids),
      this.repo.latestAuthorizations(ids),
      this.repo.giftUses(ids),
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
    return order ? ok({ data: order }) : failWith(ORDERS_TEXT.orderNotFound, 'notFound');
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
  async issueAccessToken(db: Db, orderId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(this.now().getTime() + ORDER_TOKEN_DAYS * 24 * 3600 * 1000);
    await this.repo.setAccessToken(db, orderId, hashAccessToken(token), expires);
    return token;
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
      const accept = obj(i.infos).accept_alternatives;
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
