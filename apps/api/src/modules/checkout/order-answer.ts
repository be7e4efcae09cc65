import { paymentTypeOf, isOnlinePaymentType } from '@spesa/shared/checkout/payment-types';
import type { Order, OrderInvoice } from '@spesa/shared/contracts/orders';
import {
  canChangePaymentType,
  canRetryPayment,
  isCancellable,
  isEditable,
  orderStatusLabel,
} from '@spesa/shared/orders/order-status';
import type { DeliveryService } from '../delivery/delivery.service';
import type { OrderPlacementRepository, OrderRow } from './order-placement.repository';

const euro = (cents: number) => cents / 100;
/** delivery service ids of home delivery (spec section 9: 2 and 3) */
const HOME_SERVICES = new Set([2, 3]);

/**
 * Reads an order in full and builds its wire shape (packages/shared contracts/orders.ts), the one answer of
 * buy and of the order actions. Allowed actions come from the shared status rules.
 */
export class OrderAnswer {
  constructor(
    private readonly orders: OrderPlacementRepository,
    private readonly delivery: DeliveryService,
  ) {}

  async build(order: OrderRow): Promise<Order> {
    const [details, storeName, warehouseName] = await Promise.all([
      this.orders.details(order.orderId),
      this.delivery.warehouseName(order.storeId),
      this.delivery.warehouseName(order.warehouseId),
    ]);
    const { items, history, authorization: auth, gifts, note } = details;
    const infos = order.infos as {
      invoice?: OrderInvoice | null;
      lotteryCode?: string | null;
      extraEmail?: string | null;
      notes?: string | null;
      packaging?: { packagingTypeId: number; name: string; bags: number; priceCents: number } | null;
    };
    const status = order.orderStatusId;
    const online = isOnlinePaymentType(order.paymentTypeId);
    return {
      orderId: order.orderId,
      orderStatusId: status,
      orderStatusDescr: orderStatusLabel(status),
      orderTypeId: order.orderTypeId,
      date: order.createdAt,
      cartId: order.sourceCartId,
      deliveryServiceId: order.deliveryServiceId,
      homeDelivery: HOME_SERVICES.has(order.deliveryServiceId),
      store: { storeId: order.storeId, name: storeName },
      warehouse: { warehouseId: order.warehouseId, name: warehouseName },
      shippingAddress: order.shippingAddress as Order['shippingAddress'],
      timeslot: {
        date: order.slotDate,
        timeslotId: order.timeslotId,
        beginTime: order.beginTime,
        endTime: order.endTime,
        deliveryDayPeriodId: order.deliveryDayPeriodId,
      },
      paymentTypeId: order.paymentTypeId,
      payment: {
        paymentTypeId: order.paymentTypeId,
        paymentTypeDescr: paymentTypeOf(order.paymentTypeId)?.name ?? '',
        online,
        status: auth?.status ?? null,
        amountAuthorized: euro(
          auth && ['authorized', 'captured', 'pending'].includes(auth.status) ? auth.amountCents : 0,
        ),
        amountCaptured: euro(auth?.capturedCents ?? 0),
        cardBrand: auth?.cardBrand ?? null,
        cardLast4: auth?.cardLast4 ?? null,
      },
      totalItems: items.length,
      totalPrice: euro(order.itemsCents),
      totalPriceStandard: euro(order.itemsStandardCents),
      totalDiscount: euro(order.itemsStandardCents - order.itemsCents),
      deliveryFee: euro(order.deliveryFeeCents),
      packagingTotal: euro(order.packagingCents),
      giftDiscount: euro(order.giftDiscountCents),
      grossTotal: euro(order.totalCents),
      prebilledAmount: euro(order.preauthCents),
      capturedAmount: order.capturedCents === null ? null : euro(order.capturedCents),
      deliveredTotal: order.deliveredTotalCents === null ? null : euro(order.deliveredTotalCents),
      orderAdjustmentSummary: {
        orderAdjustments: gifts.map((g) => ({
          giftCertificate: { giftCertificateId: g.giftCertificateId, code: g.code, name: g.name },
          discount: euro(g.discountCents),
        })),
      },
      packaging: infos.packaging
        ? {
            packagingTypeId: infos.packaging.packagingTypeId,
            name: infos.packaging.name,
            bags: infos.packaging.bags,
            price: euro(infos.packaging.priceCents),
          }
        : null,
      invoice: infos.invoice ?? null,
      lotteryCode: infos.lotteryCode ?? null,
      extraEmail: infos.extraEmail ?? null,
      notes: infos.notes ?? null,
      orderItems: items.map((i) => ({
        orderItemId: i.orderItemId,
        productId: i.productId,
        codInt: i.codInt,
        name: i.name,
        shortDescr: i.shortDescr,
        description: i.description,
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
          i.promoId !== null && i.promo
            ? { warehousePromoId: i.promoId, header: i.promo.header, body: i.promo.body }
            : null,
        variableWeight: i.variableWeight,
        acceptAlternatives: i.acceptAlternatives,
        cartItemInfo: i.infos,
        sectorId: i.sectorId,
        delivered:
          i.deliveredQuantity === null
            ? null
            : {
                quantity: i.deliveredQuantity,
                weight: i.realWeight,
                unitPrice: euro(i.deliveredUnitPriceCents ?? i.unitPriceCents),
                grossTotal: euro(i.deliveredTotalCents ?? 0),
                substitute:
                  i.substituteProductId === null
                    ? null
                    : { productId: i.substituteProductId, name: i.substituteName ?? '' },
              },
      })),
      statusHistory: history.map((h) => ({
        orderStatusId: h.orderStatusId,
        orderStatusDescr: orderStatusLabel(h.orderStatusId),
        date: h.createdAt,
        actor: h.actor,
      })),
      isEditable: isEditable(status),
      isCancellable: isCancellable(status),
      canRetryPayment: online && canRetryPayment(status),
      isPaymentTypeChangeable: canChangePaymentType(status),
      canReorder: true,
      note,
    };
  }
}
