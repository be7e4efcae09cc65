import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';
import { carts } from './schema-cart';
import { deliverySlots } from './schema-delivery';

/**
 * Checkout, payments and orders (decision 017).
 * - Money is integer cents; quantities and weights numeric(12,3).
 * - An order is a snapshot: product names, options and prices, the shipping address or store and the slot
 *   are copied at buy time, so later catalogue or address changes never rewrite an order.
 * - One cart becomes at most one order (`orders_source_cart_uq`); a repeated buy with the same
 *   `Idempotency-Key` of one customer answers the same order (`orders_idempotency_uq`).
 * - Card numbers are never stored: an authorisation keeps the provider's reference, the amount, at most the
 *   card brand and its last four digits.
 * - Shopping bags are a table of their own (not catalogue products): they must never show in listings,
 *   search, sliders or the catalogue's counts; `packaging-type/list` answers them in product shape.
 */

/** Shopping bags the customer chooses at checkout (spec: packaging types, `data.products`). */
export const packagingTypes = pgTable('packaging_types', {
  packagingTypeId: integer('packaging_type_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  descr: text('descr').notNull(),
  /** price of one bag, cents (0: the customer's own bags / no bags) */
  priceCents: integer('price_cents').notNull(),
  /** how many order lines' pieces one bag holds: the estimate of the number of bags */
  itemsPerBag: integer('items_per_bag').notNull(),
  /** fluent-emoji-flat icon name for the generated illustration */
  mediaIcon: text('media_icon').notNull(),
  priority: smallint('priority').notNull(),
  /** the one chosen when the customer chooses none */
  isDefault: boolean('is_default').notNull().default(false),
  active: boolean('active').notNull().default(true),
});

/**
 * What checkout keeps about a cart besides its lines: chosen bags, invoice or lottery code, extra e-mail,
 * rules accepted, the prices seen at prepare (a price that changes before buy is refused), and the order
 * being modified when the cart is an order reopened for editing.
 */
export const cartCheckouts = pgTable('cart_checkouts', {
  cartId: integer('cart_id')
    .primaryKey()
    .references(() => carts.cartId, { onDelete: 'cascade' }),
  packagingTypeId: integer('packaging_type_id').references(() => packagingTypes.packagingTypeId),
  rulesAccepted: boolean('rules_accepted').notNull().default(false),
  /** invoice request: { personTypeId, companyName, vatCode, fiscalCode, pec, sdiCode, ipaCode, cig, ... } */
  invoice: jsonb('invoice'),
  lotteryCode: text('lottery_code'),
  extraEmail: text('extra_email'),
  /** set by checkout/prepare; { "<productId>|<optionsKey>": unitCents } seen by the customer */
  preparedPrices: jsonb('prepared_prices'),
  preparedAt: timestamp('prepared_at', { withTimezone: true }),
  /** the cart is this order reopened for editing (order/modify): buying updates that order */
  editingOrderId: integer('editing_order_id'),
  /** meal vouchers declared (decision 047): { count, kind: unlimited | multi_use, faceValueCents }; null: none */
  mealVouchers: jsonb('meal_vouchers'),
  /**
   * set by checkout/prepare (decision 059, session 45): what it priced and checked, frozen for buy with the
   * versions it was priced at (checkout/prepared-purchase.ts); null when the choices changed since
   */
  preparedPurchase: jsonb('prepared_purchase'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orders = pgTable(
  'orders',
  {
    orderId: serial('order_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    /** the cart bought; one cart becomes at most one order (a reopened order's new cart replaces it) */
    sourceCartId: integer('source_cart_id').notNull(),
    /** order statuses 1-18 (packages/shared orders/order-status.ts) */
    orderStatusId: smallint('order_status_id').notNull(),
    /** 1 = normal order */
    orderTypeId: smallint('order_type_id').notNull().default(1),
    deliveryServiceId: integer('delivery_service_id').notNull(),
    storeId: integer('store_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    shippingAddressId: integer('shipping_address_id').notNull(),
    /** snapshot of the address or pickup point: the cart's shippingAddress wire object */
    shippingAddress: jsonb('shipping_address').notNull(),
    zoneId: integer('zone_id'),
    /** the booked slot (capacity taken with the guarded UPDATE of delivery_slots) */
    slotId: integer('slot_id')
      .notNull()
      .references(() => deliverySlots.slotId),
    slotDate: date('slot_date').notNull(),
    timeslotId: integer('timeslot_id').notNull(),
    beginTime: text('begin_time').notNull(),
    endTime: text('end_time').notNull(),
    deliveryDayPeriodId: smallint('delivery_day_period_id').notNull(),
    /** 1, 2, 11, 12, 24, 100 (spec section 9) */
    paymentTypeId: smallint('payment_type_id').notNull(),
    // money, integer cents
    itemsCents: integer('items_cents').notNull(),
    itemsStandardCents: integer('items_standard_cents').notNull(),
    /** the part of itemsCents sold by weight (the 25 % margin of the pre-authorisation) */
    variableWeightCents: integer('variable_weight_cents').notNull().default(0),
    deliveryFeeCents: integer('delivery_fee_cents').notNull(),
    /** estimated bags (number x price); the real count is charged at capture */
    packagingCents: integer('packaging_cents').notNull().default(0),
    giftDiscountCents: integer('gift_discount_cents').notNull().default(0),
    /** items - gift discount + delivery fee + bags + meal vouchers' service cost */
    totalCents: integer('total_cents').notNull(),
    /**
     * what the payment type takes: an online payment's hold (total + 25 % of the variable-weight items, shared
     * prebilled-amount), or the total to pay on delivery; less the wallet's part in both cases
     */
    preauthCents: integer('preauth_cents').notNull(),
    /** the part paid with the wallet (the loyalty module's ledger holds the movements), never above the total */
    walletCents: integer('wallet_cents').notNull().default(0),
    /**
     * the part the declared meal vouchers cover (decision 047; the declaration itself is infos.mealVouchers):
     * collected at delivery or pickup, never taken by the payment type
     */
    mealVoucherCents: integer('meal_voucher_cents').notNull().default(0),
    /** the vouchers' service cost (4.2 % unlimited, 4 % multi-use of mealVoucherCents), inside totalCents */
    mealVoucherFeeCents: integer('meal_voucher_fee_cents').notNull().default(0),
    /** the real amount taken when prepared (never above the authorisation); null before */
    capturedCents: integer('captured_cents'),
    /** the delivered lines' total (picking), null before */
    deliveredTotalCents: integer('delivered_total_cents'),
    /**
     * { invoice?, lotteryCode?, extraEmail?, notes?, acceptAlternatives?, packaging?: { packagingTypeId,
     * bags, priceCents, name } }
     */
    infos: jsonb('infos').notNull().default({}),
    /** the client's Idempotency-Key of the buy (unique per customer) */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 (hex) of the read-only access token of token-order/view, and its expiry */
    accessTokenHash: text('access_token_hash'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    /** bumped by every change of the order (compare-and-set by writers) */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_source_cart_uq').on(t.sourceCartId),
    uniqueIndex('orders_idempotency_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    uniqueIndex('orders_access_token_uq')
      .on(t.accessTokenHash)
      .where(sql`${t.accessTokenHash} IS NOT NULL`),
    /** order/list: a customer's orders, newest first */
    index('orders_user_idx').on(t.userId, t.createdAt.desc(), t.orderId.desc()),
    /** staff: orders of a slot / a day */
    index('orders_slot_idx').on(t.slotId),
    index('orders_day_idx').on(t.warehouseId, t.slotDate, t.orderStatusId),
    check(
      'orders_money_ck',
      sql`${t.totalCents} >= 0 AND ${t.walletCents} >= 0 AND ${t.mealVoucherCents} >= 0
          AND ${t.mealVoucherFeeCents} >= 0 AND ${t.walletCents} + ${t.mealVoucherCents} <= ${t.totalCents}
          AND ${t.preauthCents} + ${t.walletCents} + ${t.mealVoucherCents} >= ${t.totalCents}`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderItemId: serial('order_item_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    productId: integer('product_id').notNull(),
    // snapshot of the product
    codInt: text('cod_int').notNull(),
    name: text('name').notNull(),
    /** shortDescr (brand) and description (pack format) */
    shortDescr: text('short_descr').notNull(),
    description: text('description').notNull(),
    sellingType: text('selling_type').notNull(),
    unitBase: text('unit_base').notNull(),
    mediaUrl: text('media_url').notNull(),
    /** department id (sectors) */
    sectorId: integer('sector_id').notNull(),
    options: jsonb('options').notNull().default({}),
    optionsKey: text('options_key').notNull().default(''),
    /** the promotion applied (warehousePromoId) and its texts at buy time */
    promoId: integer('promo_id'),
    promo: jsonb('promo'),
    // ordered side
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    unitPriceStandardCents: integer('unit_price_standard_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    lineStandardCents: integer('line_standard_cents').notNull(),
    /** sold by weight: the real weight may differ (25 % margin of the pre-authorisation) */
    variableWeight: boolean('variable_weight').notNull(),
    acceptAlternatives: boolean('accept_alternatives').notNull().default(false),
    /** line infos as in the cart (notes, accept_alternatives) */
    infos: jsonb('infos').notNull().default({}),
    // delivered side (staff picking); null until picked
    deliveredQuantity: numeric('delivered_quantity', { precision: 12, scale: 3 }),
    /** real weight in the base unit (kg / l) for variable-weight lines */
    realWeight: numeric('real_weight', { precision: 12, scale: 3 }),
    substituteProductId: integer('substitute_product_id'),
    substituteName: text('substitute_name'),
    deliveredUnitPriceCents: integer('delivered_unit_price_cents'),
    deliveredTotalCents: integer('delivered_total_cents'),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
    pickedBy: integer('picked_by'),
  },
  (t) => [
    uniqueIndex('order_items_line_uq').on(t.orderId, t.position),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Every status change of an order, with who made it (customer, provider, staff, system). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    historyId: serial('history_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    fromStatusId: smallint('from_status_id'),
    toStatusId: smallint('to_status_id').notNull(),
    /** customer | provider | staff | system */
    actor: text('actor').notNull(),
    actorUserId: integer('actor_user_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.historyId)],
);

/**
 * A payment authorisation (one per attempt: a retried payment adds one). Never a card number: the
 * provider's reference, at most brand and last four digits.
 */
export const paymentAuthorizations = pgTable(
  'payment_authorizations',
  {
    authorizationId: serial('authorization_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    attempt: smallint('attempt').notNull(),
    /** sandbox | none (pay on delivery, deferred) */
    provider: text('provider').notNull(),
    /** the provider's session / transaction id */
    providerRef: text('provider_ref').notNull(),
    paymentTypeId: smallint('payment_type_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    capturedCents: integer('captured_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** created | pending | authorized | declined | voided | captured | refunded | not_required */
    status: text('status').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_authorizations_attempt_uq').on(t.orderId, t.attempt),
    uniqueIndex('payment_authorizations_ref_uq').on(t.provider, t.providerRef),
    check(
      'payment_authorizations_amounts_ck',
      sql`${t.capturedCents} >= 0 AND ${t.capturedCents} <= ${t.amountCents} AND ${t.refundedCents} <= ${t.capturedCents}`,
    ),
    check('payment_authorizations_last4_ck', sql`${t.cardLast4} IS NULL OR ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/** Provider notifications already applied (feedback return and webhook may both arrive, in any order). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    authorizationId: integer('authorization_id').references(() => paymentAuthorizations.authorizationId),
    /** return | webhook */
    channel: text('channel').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Order ratings (note/order/add|update). */
export const orderNotes = pgTable(
  'order_notes',
  {
    noteId: serial('note_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    noteTypeId: smallint('note_type_id').notNull().default(1),
    rating: smallint('rating').notNull(),
    title: text('title').notNull().default(''),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_notes_uq').on(t.orderId, t.userId, t.noteTypeId),
    check('order_notes_rating_ck', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/**
 * Parking at pickup (decision 049; `POST /order/reserve`): the customer on the way to collect a Drive order
 * tells the store how far they are and their car's plate or bay. One row per order, updated by a repeat.
 */
export const parkingReservations = pgTable(
  'parking_reservations',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    /** km, one decimal */
    distance: numeric('distance', { precision: 6, scale: 1 }).notNull(),
    /** the car's plate or the bay, as written (trimmed) */
    reservationInfo: text('reservation_info').notNull(),
    /** the order's store and slot day, copied for the staff's list of today's arrivals */
    warehouseId: integer('warehouse_id').notNull(),
    slotDate: date('slot_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('parking_reservations_day_idx').on(t.warehouseId, t.slotDate)],
);
