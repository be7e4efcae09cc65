import { paymentTypeOf, paysOnline } from '@spesa/shared/checkout/payment-types';
import {
  mealVoucherDeclarationOf,
  mealVoucherServiceCostPercent,
} from '@spesa/shared/checkout/meal-vouchers';
import type { MealVouchers } from '@spesa/shared/contracts/order-shape';
import type { Order, OrderInvoice, OrderItem } from '@spesa/shared/contracts/orders';
import {
  canChangePaymentType,
  canRetryPayment,
  isCancellable,
  isEditable,
  orderStatusLabel,
} from '@spesa/shared/orders/order-status';
import type { AuthorizationRow, GiftUseRow, HistoryRow, NoteRow, OrderItemRow, OrderRow } from './order-rows';

/**
 * An order on the wire (packages/shared contracts/orders.ts), the one mapping of every answer that carries
 * orders: the list and detail, the token view, buy and the order actions. Allowed actions come from the
 * shared status rules.
 */
const euro = (cents: number) => Math.round(cents) / 100;
/** authorisation statuses whose amount the provider holds (or took) */
const HELD_STATUSES = new Set(['authorized', 'captured', 'pending']);

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
  note: Pick<NoteRow, 'noteId' | 'rating' | 'title' | 'comment'> | null;
  gifts: Array<Omit<GiftUseRow, 'orderId'>>;
  /** what the provider held, took and gave back (decision 085); null: not read */
  money?: Pick<Order['payment'], 'amountRefunded' | 'movements'> | null;
}

/** The meal vouchers of an order (decision 047): the declaration in infos, the amounts in their columns. */
export function mealVouchersToWire(
  o: Pick<OrderRow, 'infos' | 'mealVoucherCents' | 'mealVoucherFeeCents'>,
): MealVouchers | null {
  const d = mealVoucherDeclarationOf(obj(o.infos).mealVouchers);
  if (!d) return null;
  return {
    count: d.count,
    kind: d.kind,
    faceValue: euro(d.faceValueCents),
    amount: euro(o.mealVoucherCents),
    serviceCost: euro(o.mealVoucherFeeCents),
    serviceCostPercent: mealVoucherServiceCostPercent(d.kind),
  };
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
    store: { storeId: o.storeId, name: o.storeName },
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
      online: paysOnline(o.paymentTypeId, o.preauthCents),
      status: parts.auth?.status ?? null,
      // what the provider holds for the order now: nothing before it authorised, after a void or a decline
      amountAuthorized: euro(parts.auth && HELD_STATUSES.has(parts.auth.status) ? parts.auth.amountCents : 0),
      amountCaptured: euro(parts.auth?.capturedCents ?? 0),
      cardBrand: parts.auth?.cardBrand ?? null,
      cardLast4: parts.auth?.cardLast4 ?? null,
      ...(parts.money ? parts.money : {}),
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
    walletTotal: euro(o.walletCents),
    mealVouchers: mealVouchersToWire(o),
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
      orderStatusId: h.orderStatusId,
      orderStatusDescr: orderStatusLabel(h.orderStatusId),
      date: h.createdAt,
      actor: h.actor,
    })),
    isEditable: isEditable(status),
    isCancellable: isCancellable(status),
    canRetryPayment: paysOnline(o.paymentTypeId, o.preauthCents) && canRetryPayment(status),
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
