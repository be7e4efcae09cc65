import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';
import { staffMembers } from './schema-backoffice';
import { carts } from './schema-cart';
import { orders } from './schema-orders';

/**
 * The wallet (issue 21, decision 037), owned by the loyalty module: an append-only ledger of each customer's
 * movements in integer cents. Every row carries the balance after it and its number in the customer's ledger
 * (1, 2, 3...): a movement is written from the row before it, so two writers of the same number cannot both
 * land (unique index), and no balance is ever below zero (check). Movements are never updated or deleted.
 */
export const walletMovements = pgTable(
  'wallet_movements',
  {
    movementId: serial('movement_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    /** the movement's number in the customer's ledger, from 1 */
    seq: integer('seq').notNull(),
    /** positive: a credit; negative: a spend */
    amountCents: integer('amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    /** goodwill | refund | invite | order_payment | order_refund */
    cause: varchar('cause', { length: 20 }).notNull(),
    orderId: integer('order_id'),
    /** the staff member who granted a goodwill credit */
    staffUserId: integer('staff_user_id').references(() => staffMembers.userId),
    /** what the customer reads of a goodwill credit */
    reason: text('reason'),
    /** one movement per key (e.g. an order's payment): a repeated request does not move money twice */
    idempotencyKey: varchar('idempotency_key', { length: 80 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_movements_user_seq_idx').on(t.userId, t.seq),
    uniqueIndex('wallet_movements_key_idx').on(t.idempotencyKey),
    index('wallet_movements_order_idx').on(t.orderId),
    check('wallet_movements_balance', sql`${t.balanceCents} >= 0`),
    check('wallet_movements_amount', sql`${t.amountCents} <> 0`),
    check('wallet_movements_seq', sql`${t.seq} >= 1`),
    check(
      'wallet_movements_cause',
      sql`${t.cause} IN ('goodwill', 'refund', 'invite', 'order_payment', 'order_refund')`,
    ),
  ],
);

/**
 * The premium card (issue 21, decision 038), owned by the loyalty module. One request per customer: how
 * they became premium (digital or physical), the premium card number issued to them, and for a physical card
 * its way by post (requested -> shipped -> delivered, PHYSICAL_CARD_TRANSITIONS in packages/shared). The
 * card itself is a row of `loyalty_cards` (account module), issued through the account repository.
 */
export const premiumRequests = pgTable(
  'premium_requests',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.userId),
    /** digital | physical */
    channel: varchar('channel', { length: 10 }).notNull(),
    /** the premium card issued for the request */
    cardNumber: text('card_number').notNull(),
    /** physical only: requested | shipped | delivered */
    state: varchar('state', { length: 12 }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('premium_requests_channel', sql`${t.channel} IN ('digital', 'physical')`),
    check(
      'premium_requests_state',
      sql`(${t.channel} = 'digital' AND ${t.state} IS NULL) OR (${t.channel} = 'physical' AND ${t.state} IN ('requested', 'shipped', 'delivered'))`,
    ),
  ],
);

/**
 * Customers the chain has excluded from the premium programme (spec section 6: "access is unavailable,
 * contact customer service"), set and cleared by customer service with a reason (audited).
 */
export const premiumExclusions = pgTable('premium_exclusions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId),
  /** why, for the staff (the customer reads only that access is unavailable) */
  reason: text('reason').notNull(),
  staffUserId: integer('staff_user_id').references(() => staffMembers.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The premium free deliveries used (PREMIUM_PERKS.freeDeliveries of them): one row per order that used one,
 * so a retried order uses it once. Checkout takes them through PremiumService.takeFreeDelivery.
 */
export const premiumFreeDeliveries = pgTable(
  'premium_free_deliveries',
  {
    orderId: integer('order_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('premium_free_deliveries_user_idx').on(t.userId)],
);

/**
 * The premium card's 20 % product (decision 043): the product each premium customer chose, and the Italian
 * day they chose it. Changed at most once per calendar month by a guarded upsert (two processes agree);
 * checkout reads it through the loyalty module's PremiumProductService.
 */
export const premiumProducts = pgTable('premium_products', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId),
  productId: integer('product_id').notNull(),
  /** YYYY-MM-DD, the Italian day of the choice */
  chosenOn: date('chosen_on', { mode: 'string' }).notNull(),
  chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Gift certificates (decisions 017 and 040), owned by the loyalty module: the codes, the codes applied to a
 * cart, and their uses by orders. Checkout and orders reach them through the loyalty module's service.
 */
/**
 * Gift / discount codes (spec: cart-giftcertificate, orderAdjustments). A code with an owner is a personal
 * certificate ("buono": one customer, one use, its own code); a code with a CRM segment or a minimum profile
 * level is an advantage ("vantaggio") for the customers who qualify; neither: a code anyone may type.
 */
export const giftCertificates = pgTable(
  'gift_certificates',
  {
    giftCertificateId: serial('gift_certificate_id').primaryKey(),
    /** upper case, compared upper case */
    code: text('code').notNull(),
    name: text('name').notNull(),
    descr: text('descr').notNull().default(''),
    /** percent | amount */
    kind: text('kind').notNull(),
    /** percent: basis points of the goods (1000 = 10 %); amount: cents off */
    value: integer('value').notNull(),
    /** goods total needed before the discount applies, cents */
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    /** total uses allowed (null: unlimited); `uses` only moves through a guarded UPDATE */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    /** one use per customer */
    oncePerUser: boolean('once_per_user').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the customer a personal certificate belongs to (null: not personal) */
    ownerUserId: integer('owner_user_id').references(() => users.userId),
    /** a personal certificate's origin: manual (customer service) | invite | crm */
    source: varchar('source', { length: 10 }),
    /** customer service's reason, read by the customer */
    reason: text('reason'),
    /** the staff member who granted it by hand */
    grantedBy: integer('granted_by').references(() => staffMembers.userId),
    /** what the customer reads of its conditions */
    conditions: text('conditions').notNull().default(''),
    /** an advantage: only the customers of this CRM segment (users.crm_segment_ids) */
    crmSegmentId: integer('crm_segment_id'),
    /** an advantage: only customers from this profile level (users.profile_level) */
    minProfileLevel: smallint('min_profile_level'),
    /** usable only on the customer's first order (the invited friend's discount, decision 045) */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
  },
  (t) => [
    uniqueIndex('gift_certificates_code_uq').on(sql`upper(${t.code})`),
    index('gift_certificates_owner_idx')
      .on(t.ownerUserId)
      .where(sql`${t.ownerUserId} IS NOT NULL`),
    check('gift_certificates_kind_ck', sql`${t.kind} IN ('percent', 'amount')`),
    check('gift_certificates_uses_ck', sql`${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses}`),
    check(
      'gift_certificates_personal_ck',
      sql`${t.ownerUserId} IS NULL OR (${t.maxUses} = 1 AND ${t.source} IN ('manual', 'invite', 'crm'))`,
    ),
  ],
);

/** Codes applied to a cart (orderAdjustments before the order exists). */
export const cartGiftCertificates = pgTable(
  'cart_gift_certificates',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.cartId, { onDelete: 'cascade' }),
    giftCertificateId: integer('gift_certificate_id')
      .notNull()
      .references(() => giftCertificates.giftCertificateId),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.giftCertificateId] })],
);

/** Gift codes consumed by orders (one use per order; once per customer when the code says so). */
export const giftCertificateUses = pgTable(
  'gift_certificate_uses',
  {
    giftCertificateId: integer('gift_certificate_id')
      .notNull()
      .references(() => giftCertificates.giftCertificateId),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    discountCents: integer('discount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.giftCertificateId, t.orderId] }),
    index('gift_certificate_uses_user_idx').on(t.giftCertificateId, t.userId),
    // an order's uses: every order answer (usesOf), a cancel (releaseUses), an order deleted (cascade)
    index('gift_certificate_uses_order_idx').on(t.orderId),
  ],
);

/**
 * When a customer's promotion variables (profile level, usable certificates) were last recomputed: one row per
 * customer, claimed by one guarded upsert, so a refresh within the cool-down is refused across every process.
 */
export const promovarRefreshes = pgTable('promovar_refreshes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  /** delivered orders of the 12 months before the refresh */
  deliveredOrders: integer('delivered_orders').notNull(),
});

/**
 * Invite a friend (issue 21, decision 045): each customer's own invite code, made the first time they open
 * the invite page.
 */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.userId),
    /** AMICO- and 6 characters (INVITE_CODE_PATTERN) */
    code: varchar('code', { length: 12 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invite_codes_code_uq').on(t.code)],
);

/**
 * The friends who joined with an invite code: one row per friend (a customer joins once), with the friend's
 * own first-order certificate and, once their order is delivered, the inviter's voucher. The inviter's
 * vouchers are numbered 1..maxVouchers (unique per inviter): two settlements can never issue an eleventh.
 */
export const inviteReferrals = pgTable(
  'invite_referrals',
  {
    friendUserId: integer('friend_user_id')
      .primaryKey()
      .references(() => users.userId),
    inviterUserId: integer('inviter_user_id')
      .notNull()
      .references(() => users.userId),
    /** the friend's first-order certificate */
    friendGiftCertificateId: integer('friend_gift_certificate_id')
      .notNull()
      .references(() => giftCertificates.giftCertificateId),
    /** waiting (no delivered order yet) | rewarded | no_reward */
    state: varchar('state', { length: 10 }).notNull().default('waiting'),
    /** no_reward: same_person | limit */
    noRewardReason: varchar('no_reward_reason', { length: 12 }),
    /** the inviter's voucher number (1..10) and certificate */
    voucherNo: smallint('voucher_no'),
    voucherGiftCertificateId: integer('voucher_gift_certificate_id').references(
      () => giftCertificates.giftCertificateId,
    ),
    /** the friend's delivered order that settled the referral */
    friendOrderId: integer('friend_order_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('invite_referrals_inviter_idx').on(t.inviterUserId),
    index('invite_referrals_waiting_idx')
      .on(t.friendUserId)
      .where(sql`${t.state} = 'waiting'`),
    uniqueIndex('invite_referrals_voucher_uq')
      .on(t.inviterUserId, t.voucherNo)
      .where(sql`${t.voucherNo} IS NOT NULL`),
    check('invite_referrals_state', sql`${t.state} IN ('waiting', 'rewarded', 'no_reward')`),
    check(
      'invite_referrals_settled',
      sql`(${t.state} = 'waiting' AND ${t.voucherNo} IS NULL AND ${t.noRewardReason} IS NULL)
        OR (${t.state} = 'rewarded' AND ${t.voucherNo} BETWEEN 1 AND 10 AND ${t.voucherGiftCertificateId} IS NOT NULL)
        OR (${t.state} = 'no_reward' AND ${t.noRewardReason} IN ('same_person', 'limit'))`,
    ),
    check('invite_referrals_not_self', sql`${t.friendUserId} <> ${t.inviterUserId}`),
  ],
);

/**
 * Companies' gift-card requests (the gift-card partner programme, decision 044), owned by the loyalty module.
 * Anyone may send one (no customer account); the lines are a jsonb array of { value (euros), quantity }, the
 * totals are stored in cents as computed when it was received. One request per client key: a repeated send
 * answers the stored one. States: received -> confirmed -> delivered, or cancelled (GIFT_CARD_ORDER_TRANSITIONS).
 */
export const giftCardOrders = pgTable(
  'gift_card_orders',
  {
    giftCardOrderId: serial('gift_card_order_id').primaryKey(),
    /** the browser's key of the request: the same key twice makes one request */
    requestKey: varchar('request_key', { length: 64 }).notNull(),
    /** sha-256 of the request as received: the same key with other data is refused */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('received'),
    companyName: text('company_name').notNull(),
    vatNumber: varchar('vat_number', { length: 11 }).notNull(),
    fiscalCode: varchar('fiscal_code', { length: 16 }).notNull().default(''),
    sdiCode: varchar('sdi_code', { length: 7 }).notNull().default(''),
    pec: text('pec').notNull().default(''),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    address1: text('address1').notNull(),
    addressNumber: varchar('address_number', { length: 10 }).notNull(),
    postalCode: varchar('postal_code', { length: 5 }).notNull(),
    city: text('city').notNull(),
    province: varchar('province', { length: 2 }).notNull(),
    /** [{ value: euros, quantity }] */
    lines: jsonb('lines').notNull(),
    cards: integer('cards').notNull(),
    goodsCents: integer('goods_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    invoiceCents: integer('invoice_cents').notNull(),
    notes: text('notes').notNull().default(''),
    /** when the privacy notice was accepted (GDPR art. 13): with the request */
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** the Italian day of the expected delivery, 7 working days after the request */
    expectedDeliveryDate: date('expected_delivery_date').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** customer service's last note: the delivery information sent, or why it was cancelled */
    staffNote: text('staff_note'),
    staffUserId: integer('staff_user_id').references(() => staffMembers.userId),
  },
  (t) => [
    uniqueIndex('gift_card_orders_key_uq').on(t.requestKey),
    index('gift_card_orders_state_idx').on(t.state, t.receivedAt),
    check(
      'gift_card_orders_state_ck',
      sql`${t.state} IN ('received', 'confirmed', 'delivered', 'cancelled')`,
    ),
    check(
      'gift_card_orders_money_ck',
      sql`${t.goodsCents} > 0 AND ${t.discountCents} >= 0 AND ${t.invoiceCents} = ${t.goodsCents} - ${t.discountCents}`,
    ),
  ],
);
