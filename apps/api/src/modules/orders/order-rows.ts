import { sql, type SQL } from 'drizzle-orm';
import { wireTimestamp } from '../../db/wire-time';
import type { StartedAttempt } from '../payment/payment-attempts';

/**
 * The orders module's rows (decision 017, 018), one declaration each, read by both of its repositories
 * (orders.repository: the customer's and staff's reads and picking; order-placement.repository: what
 * checkout, payments and the order actions write and read). Orders are snapshots: lines copy the product's
 * name, options and prices; the order copies the address and the slot. Numerics come back as float8 and
 * timestamps as ISO text so PGlite and node-postgres answer the same types.
 */
export interface OrderRow {
  orderId: number;
  userId: number;
  sourceCartId: number;
  orderStatusId: number;
  orderTypeId: number;
  deliveryServiceId: number;
  storeId: number;
  /** the store's and the warehouse's names (read with the order) */
  storeName: string;
  warehouseId: number;
  warehouseName: string;
  shippingAddressId: number;
  shippingAddress: Record<string, unknown>;
  zoneId: number | null;
  slotId: number;
  slotDate: string;
  timeslotId: number;
  beginTime: string;
  endTime: string;
  deliveryDayPeriodId: number;
  paymentTypeId: number;
  itemsCents: number;
  itemsStandardCents: number;
  variableWeightCents: number;
  deliveryFeeCents: number;
  packagingCents: number;
  giftDiscountCents: number;
  totalCents: number;
  preauthCents: number;
  /** the part paid with the wallet */
  walletCents: number;
  /** the part the declared meal vouchers pay (collected at delivery or pickup; decision 047) */
  mealVoucherCents: number;
  /** the meal vouchers' service cost, inside totalCents */
  mealVoucherFeeCents: number;
  capturedCents: number | null;
  deliveredTotalCents: number | null;
  infos: Record<string, unknown>;
  idempotencyKey: string | null;
  version: number;
  createdAt: string;
}

/** An order to write (checkout's buy, an edited order). */
export type NewOrder = Omit<
  OrderRow,
  | 'orderId'
  | 'capturedCents'
  | 'deliveredTotalCents'
  | 'version'
  | 'createdAt'
  | 'orderTypeId'
  | 'storeName'
  | 'warehouseName'
>;

export interface OrderItemRow {
  orderItemId: number;
  orderId: number;
  position: number;
  productId: number;
  codInt: string;
  name: string;
  shortDescr: string;
  description: string;
  sellingType: string;
  unitBase: string;
  mediaUrl: string;
  sectorId: number;
  options: Record<string, string>;
  optionsKey: string;
  promoId: number | null;
  promo: { header: string; body: string } | null;
  quantity: number;
  unitPriceCents: number;
  unitPriceStandardCents: number;
  lineTotalCents: number;
  lineStandardCents: number;
  variableWeight: boolean;
  acceptAlternatives: boolean;
  infos: Record<string, string>;
  deliveredQuantity: number | null;
  realWeight: number | null;
  substituteProductId: number | null;
  substituteName: string | null;
  deliveredUnitPriceCents: number | null;
  deliveredTotalCents: number | null;
}

export type NewOrderItem = Omit<
  OrderItemRow,
  | 'orderItemId'
  | 'orderId'
  | 'deliveredQuantity'
  | 'realWeight'
  | 'substituteProductId'
  | 'substituteName'
  | 'deliveredUnitPriceCents'
  | 'deliveredTotalCents'
>;

/** A payment attempt's row: the shape the payment module's attempts read (payment-attempts.ts). */
export type AuthorizationRow = StartedAttempt;

/** One status the order reached. */
export interface HistoryRow {
  orderId: number;
  orderStatusId: number;
  actor: string;
  createdAt: string;
}

export interface NoteRow {
  noteId: number;
  orderId: number;
  noteTypeId: number;
  rating: number;
  title: string;
  comment: string;
}

export interface GiftUseRow {
  orderId: number;
  giftCertificateId: number;
  code: string;
  name: string;
  discountCents: number;
}

/** An order's instants on the wire: milliseconds, as JavaScript's toISOString() (glossary, "Istante sul filo"). */
export const orderInstant = (column: string): SQL => wireTimestamp(column, 'milliseconds');

/** The columns of an OrderRow, from `orders` named `t` in the query. */
export function orderColumns(t: string): SQL {
  return sql`${sql.raw(`${t}.order_id AS "orderId", ${t}.user_id AS "userId", ${t}.source_cart_id AS "sourceCartId",
  ${t}.order_status_id::int AS "orderStatusId", ${t}.order_type_id::int AS "orderTypeId",
  ${t}.delivery_service_id AS "deliveryServiceId", ${t}.store_id AS "storeId",
  COALESCE((SELECT s.name FROM warehouses s WHERE s.warehouse_id = ${t}.store_id), '') AS "storeName",
  ${t}.warehouse_id AS "warehouseId",
  COALESCE((SELECT w.name FROM warehouses w WHERE w.warehouse_id = ${t}.warehouse_id), '') AS "warehouseName",
  ${t}.shipping_address_id AS "shippingAddressId", ${t}.shipping_address AS "shippingAddress",
  ${t}.zone_id AS "zoneId", ${t}.slot_id AS "slotId", to_char(${t}.slot_date, 'YYYY-MM-DD') AS "slotDate",
  ${t}.timeslot_id AS "timeslotId", ${t}.begin_time AS "beginTime", ${t}.end_time AS "endTime",
  ${t}.delivery_day_period_id::int AS "deliveryDayPeriodId", ${t}.payment_type_id::int AS "paymentTypeId",
  ${t}.items_cents AS "itemsCents", ${t}.items_standard_cents AS "itemsStandardCents",
  ${t}.variable_weight_cents AS "variableWeightCents", ${t}.delivery_fee_cents AS "deliveryFeeCents",
  ${t}.packaging_cents AS "packagingCents", ${t}.gift_discount_cents AS "giftDiscountCents",
  ${t}.total_cents AS "totalCents", ${t}.preauth_cents AS "preauthCents",
  ${t}.wallet_cents AS "walletCents", ${t}.captured_cents AS "capturedCents",
  ${t}.meal_voucher_cents AS "mealVoucherCents", ${t}.meal_voucher_fee_cents AS "mealVoucherFeeCents",
  ${t}.delivered_total_cents AS "deliveredTotalCents", ${t}.infos, ${t}.idempotency_key AS "idempotencyKey",
  ${t}.version`)}, ${orderInstant(`${t}.created_at`)} AS "createdAt"`;
}

/** The columns of an OrderItemRow, from `order_items` named `t`. */
export function itemColumns(t: string): SQL {
  return sql.raw(`${t}.order_item_id AS "orderItemId", ${t}.order_id AS "orderId", ${t}.position::int AS position,
  ${t}.product_id AS "productId", ${t}.cod_int AS "codInt", ${t}.name, ${t}.short_descr AS "shortDescr",
  ${t}.description, ${t}.selling_type AS "sellingType", ${t}.unit_base AS "unitBase", ${t}.media_url AS "mediaUrl",
  ${t}.sector_id AS "sectorId", ${t}.options, ${t}.options_key AS "optionsKey", ${t}.promo_id AS "promoId",
  ${t}.promo, ${t}.quantity::float8 AS quantity, ${t}.unit_price_cents AS "unitPriceCents",
  ${t}.unit_price_standard_cents AS "unitPriceStandardCents", ${t}.line_total_cents AS "lineTotalCents",
  ${t}.line_standard_cents AS "lineStandardCents", ${t}.variable_weight AS "variableWeight",
  ${t}.accept_alternatives AS "acceptAlternatives", ${t}.infos,
  ${t}.delivered_quantity::float8 AS "deliveredQuantity", ${t}.real_weight::float8 AS "realWeight",
  ${t}.substitute_product_id AS "substituteProductId", ${t}.substitute_name AS "substituteName",
  ${t}.delivered_unit_price_cents AS "deliveredUnitPriceCents", ${t}.delivered_total_cents AS "deliveredTotalCents"`);
}

/** The columns of an AuthorizationRow, from `payment_authorizations` named `t`. */
export function authColumns(t: string): SQL {
  return sql.raw(`${t}.authorization_id AS "authorizationId", ${t}.order_id AS "orderId",
  ${t}.attempt::int AS attempt, ${t}.provider, ${t}.provider_ref AS "providerRef",
  ${t}.payment_type_id::int AS "paymentTypeId", ${t}.amount_cents AS "amountCents",
  ${t}.captured_cents AS "capturedCents", ${t}.refunded_cents AS "refundedCents", ${t}.status,
  ${t}.card_brand AS "cardBrand", ${t}.card_last4 AS "cardLast4"`);
}
