import { sql, type SQL } from 'drizzle-orm';
import {
  itemColumns,
  orderColumns,
  type AuthorizationRow,
  type NewOrder,
  type NewOrderItem,
} from './order-rows';

// The orders' SQL that another module composes into its own statement (decision 059, session 46: checkout's
// one-statement purchase and its read of the cart being bought); the orders module owns these tables
// (order-placement.repository.ts writes the same rows in a transaction).

const ORDER_COLUMNS = orderColumns('orders');
const ITEM_COLUMNS = itemColumns('order_items');

/** A quantity as the numeric column takes it (three decimals, as `insertItems` writes it). */
const qty = (n: number): string => n.toFixed(3);

/**
 * The next order's id, taken from the orders' sequence by a read that another module composes (checkout's read
 * of a cart being bought): the payment's hosted session names the order before the order is written.
 */
export const NEXT_ORDER_ID_SQL = sql<number>`nextval(pg_get_serial_sequence('orders', 'order_id'))::int`;

/**
 * The id of the order a customer's buy with this idempotency key placed (null: none), as a subquery; the user
 * and the key as values, or as the composing statement's SQL (a column, a placeholder).
 */
export const orderIdByKeySql = (userId: number | SQL, key: string | SQL | null): SQL<number | null> =>
  sql<number | null>`(SELECT order_id FROM orders WHERE user_id = ${userId} AND idempotency_key = ${key})`;

/**
 * A new order written inside one data-modifying statement that another module composes (decision 059,
 * session 46: checkout's one-statement purchase), as `insertOrder`, `insertItems` and `insertAuthorization`
 * write it in a transaction. `orderId` is the id `NEXT_ORDER_ID_SQL` took. Its parts, CTE bodies naming the
 * CTEs the composer gave them:
 * - `order(when)`: the order's row, when `when` holds (RETURNING what `insertOrder` answers);
 * - `items(order)`: its lines, once `order` answered (RETURNING what `insertItems` answers);
 * - `authorization(order)`: its first payment attempt, once `order` answered (RETURNING its id).
 */
export function newOrderSql(
  orderId: number,
  o: NewOrder,
  items: readonly NewOrderItem[],
  attempt: Pick<AuthorizationRow, 'provider' | 'providerRef' | 'paymentTypeId' | 'amountCents' | 'status'>,
) {
  const lines = items.map((i) => ({ ...i, quantity: qty(i.quantity) }));
  return {
    order: (when: SQL) =>
      sql`INSERT INTO orders (order_id, user_id, source_cart_id, order_status_id, delivery_service_id, store_id,
            warehouse_id, shipping_address_id, shipping_address, zone_id, slot_id, slot_date, timeslot_id,
            begin_time, end_time, delivery_day_period_id, payment_type_id, items_cents, items_standard_cents,
            variable_weight_cents, delivery_fee_cents, packaging_cents, gift_discount_cents, total_cents,
            preauth_cents, wallet_cents, meal_voucher_cents, meal_voucher_fee_cents, infos, idempotency_key)
          SELECT ${orderId}::int, ${o.userId}::int, ${o.sourceCartId}::int, ${o.orderStatusId}::smallint,
            ${o.deliveryServiceId}::int, ${o.storeId}::int, ${o.warehouseId}::int, ${o.shippingAddressId}::int,
            ${JSON.stringify(o.shippingAddress)}::jsonb, ${o.zoneId}::int, ${o.slotId}::int, ${o.slotDate}::date,
            ${o.timeslotId}::int, ${o.beginTime}::text, ${o.endTime}::text, ${o.deliveryDayPeriodId}::smallint,
            ${o.paymentTypeId}::smallint, ${o.itemsCents}::int, ${o.itemsStandardCents}::int,
            ${o.variableWeightCents}::int, ${o.deliveryFeeCents}::int, ${o.packagingCents}::int,
            ${o.giftDiscountCents}::int, ${o.totalCents}::int, ${o.preauthCents}::int, ${o.walletCents}::int,
            ${o.mealVoucherCents}::int, ${o.mealVoucherFeeCents}::int, ${JSON.stringify(o.infos)}::jsonb,
            ${o.idempotencyKey}::text
          WHERE ${when}
          RETURNING ${ORDER_COLUMNS}`,
    items: (order: SQL) =>
      sql`INSERT INTO order_items (order_id, position, product_id, cod_int, name, short_descr, description,
            selling_type, unit_base, media_url, sector_id, options, options_key, promo_id, promo, quantity,
            unit_price_cents, unit_price_standard_cents, line_total_cents, line_standard_cents, variable_weight,
            accept_alternatives, infos)
          SELECT ${orderId}::int, i."position", i."productId", i."codInt", i.name, i."shortDescr", i.description,
            i."sellingType", i."unitBase", i."mediaUrl", i."sectorId", i.options, i."optionsKey", i."promoId",
            i.promo, i.quantity, i."unitPriceCents", i."unitPriceStandardCents", i."lineTotalCents",
            i."lineStandardCents", i."variableWeight", i."acceptAlternatives", i.infos
          FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS i("position" smallint, "productId" int,
            "codInt" text, name text, "shortDescr" text, description text, "sellingType" text, "unitBase" text,
            "mediaUrl" text, "sectorId" int, options jsonb, "optionsKey" text, "promoId" int, promo jsonb,
            quantity numeric, "unitPriceCents" int, "unitPriceStandardCents" int, "lineTotalCents" int,
            "lineStandardCents" int, "variableWeight" boolean, "acceptAlternatives" boolean, infos jsonb)
          WHERE EXISTS (SELECT 1 FROM ${order})
          RETURNING ${ITEM_COLUMNS}`,
    authorization: (order: SQL) =>
      sql`INSERT INTO payment_authorizations (order_id, attempt, provider, provider_ref, payment_type_id,
            amount_cents, status)
          SELECT ${orderId}::int, 1, ${attempt.provider}::text, ${attempt.providerRef}::text,
            ${attempt.paymentTypeId}::smallint, ${attempt.amountCents}::int, ${attempt.status}::text
          WHERE EXISTS (SELECT 1 FROM ${order})
          RETURNING authorization_id`,
  };
}
