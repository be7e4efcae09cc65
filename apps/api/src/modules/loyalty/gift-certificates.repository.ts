import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';

/**
 * Whether a cart holds a gift code, as a subquery another module's hot-path read may compose (decision 059,
 * session 46: checkout/prepare's read of the checkout row); `cartId` is that read's value.
 */
export const cartHasCodesSql = (cartId: SQL): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM cart_gift_certificates WHERE cart_id = ${cartId})`;

/** A gift certificate as its rules read it (amounts in cents, percent in basis points, dates YYYY-MM-DD). */
export interface GiftCertificateRow {
  giftCertificateId: number;
  code: string;
  name: string;
  descr: string;
  kind: 'percent' | 'amount';
  value: number;
  minSpendCents: number;
  validFrom: string;
  validTo: string;
  maxUses: number | null;
  uses: number;
  oncePerUser: boolean;
  active: boolean;
  /** a personal certificate's customer (null: not personal) */
  ownerUserId: number | null;
  source: 'manual' | 'invite' | 'crm' | null;
  reason: string | null;
  conditions: string;
  /** an advantage's CRM segment and minimum profile level (null: no such condition) */
  crmSegmentId: number | null;
  minProfileLevel: number | null;
  /** usable only on the customer's first order (the invited friend's discount) */
  firstOrderOnly: boolean;
}

/** A certificate as the customer's lists show it, with the use that spent it. */
export interface ListedGiftRow extends GiftCertificateRow {
  usedOrderId: number | null;
  usedAt: string | null;
}

/** A personal certificate granted by customer service. */
export interface NewPersonalGift {
  code: string;
  name: string;
  ownerUserId: number;
  valueCents: number;
  minSpendCents: number;
  validFrom: string;
  validTo: string;
  reason: string;
  conditions: string;
  grantedBy: number;
}

/** A percent certificate of the invite programme (decision 045): the friend's or the inviter's. */
export interface NewInviteGift {
  code: string;
  name: string;
  ownerUserId: number;
  basisPoints: number;
  validFrom: string;
  validTo: string;
  conditions: string;
  firstOrderOnly: boolean;
}

/** One use of a certificate by an order, as the order's answer shows it. */
export interface GiftUseRow {
  orderId: number;
  giftCertificateId: number;
  code: string;
  name: string;
  discountCents: number;
}

const GIFT_COLUMNS =
  sql.raw(`g.gift_certificate_id AS "giftCertificateId", g.code, g.name, g.descr, g.kind, g.value,
  g.min_spend_cents AS "minSpendCents", to_char(g.valid_from, 'YYYY-MM-DD') AS "validFrom",
  to_char(g.valid_to, 'YYYY-MM-DD') AS "validTo", g.max_uses AS "maxUses", g.uses, g.once_per_user AS "oncePerUser",
  g.active, g.owner_user_id AS "ownerUserId", g.source, g.reason, g.conditions, g.crm_segment_id AS "crmSegmentId",
  g.min_profile_level AS "minProfileLevel", g.first_order_only AS "firstOrderOnly"`);
const USE_COLUMNS = sql`(SELECT u.order_id FROM gift_certificate_uses u WHERE u.gift_certificate_id = g.gift_certificate_id
    ORDER BY u.created_at DESC LIMIT 1) AS "usedOrderId",
  (SELECT ${wireTimestamp('u.created_at', 'milliseconds')} FROM gift_certificate_uses u
    WHERE u.gift_certificate_id = g.gift_certificate_id ORDER BY u.created_at DESC LIMIT 1) AS "usedAt"`;

/**
 * SQL of gift certificates (decisions 017 and 040): the codes, the codes applied to a cart and their uses by
 * orders. A use is taken with one guarded UPDATE (uses < max_uses), so concurrent orders never take more
 * uses than a certificate has. Methods that take part in a purchase or an order action take its transaction.
 */
export class GiftCertificatesRepository {
  constructor(private readonly db: Db) {}

  async byCode(code: string, db: Db = this.db): Promise<GiftCertificateRow | null> {
    const [row] = await queryRows<GiftCertificateRow>(
      db,
      sql`SELECT ${GIFT_COLUMNS} FROM gift_certificates g WHERE upper(g.code) = upper(${code})`,
    );
    return row ?? null;
  }

  async ofCart(cartId: number, db: Db = this.db): Promise<GiftCertificateRow[]> {
    return queryRows<GiftCertificateRow>(
      db,
      sql`SELECT ${GIFT_COLUMNS}
          FROM cart_gift_certificates c JOIN gift_certificates g USING (gift_certificate_id)
          WHERE c.cart_id = ${cartId} ORDER BY c.added_at`,
    );
  }

  async addToCart(cartId: number, giftCertificateId: number): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO cart_gift_certificates (cart_id, gift_certificate_id) VALUES (${cartId}, ${giftCertificateId})
          ON CONFLICT DO NOTHING`,
    );
  }

  async removeFromCart(cartId: number, giftCertificateId: number): Promise<boolean> {
    const rows = await queryRows<{ cartId: number }>(
      this.db,
      sql`DELETE FROM cart_gift_certificates WHERE cart_id = ${cartId} AND gift_certificate_id = ${giftCertificateId}
          RETURNING cart_id AS "cartId"`,
    );
    return rows.length > 0;
  }

  /** The codes an order used, applied again to a cart (the order reopened for editing). */
  async orderIntoCart(orderId: number, cartId: number, db: Db): Promise<void> {
    await db.execute(
      sql`INSERT INTO cart_gift_certificates (cart_id, gift_certificate_id)
          SELECT ${cartId}, gift_certificate_id FROM gift_certificate_uses WHERE order_id = ${orderId}
          ON CONFLICT DO NOTHING`,
    );
  }

  /** Has the customer used this code in an order that is not cancelled (other than `exceptOrderId`)? */
  async usedBy(
    giftCertificateId: number,
    userId: number,
    exceptOrderId: number | null,
    db: Db = this.db,
  ): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      db,
      sql`SELECT 1 AS one FROM gift_certificate_uses u JOIN orders o USING (order_id)
          WHERE u.gift_certificate_id = ${giftCertificateId} AND u.user_id = ${userId}
            AND o.order_status_id <> 10 AND o.order_id <> ${exceptOrderId ?? 0} LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** One use taken, only while uses are left and the code is active: false when none is. */
  async consume(giftCertificateId: number, db: Db): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE gift_certificates SET uses = uses + 1
          WHERE gift_certificate_id = ${giftCertificateId} AND active AND (max_uses IS NULL OR uses < max_uses)
          RETURNING gift_certificate_id AS id`,
    );
    return rows.length > 0;
  }

  async recordUse(
    use: { giftCertificateId: number; orderId: number; userId: number; discountCents: number },
    db: Db,
  ): Promise<void> {
    await db.execute(
      sql`INSERT INTO gift_certificate_uses (gift_certificate_id, order_id, user_id, discount_cents)
          VALUES (${use.giftCertificateId}, ${use.orderId}, ${use.userId}, ${use.discountCents})`,
    );
  }

  /** Gives back the uses of an order's codes (cancel, or an edited order bought again). */
  async releaseUses(orderId: number, db: Db): Promise<void> {
    const released = await queryRows<{ giftCertificateId: number }>(
      db,
      sql`DELETE FROM gift_certificate_uses WHERE order_id = ${orderId}
          RETURNING gift_certificate_id AS "giftCertificateId"`,
    );
    for (const r of released)
      await db.execute(
        sql`UPDATE gift_certificates SET uses = uses - 1 WHERE gift_certificate_id = ${r.giftCertificateId} AND uses > 0`,
      );
  }

  /** The uses of these orders, by order then certificate. */
  async usesOf(orderIds: readonly number[]): Promise<GiftUseRow[]> {
    if (orderIds.length === 0) return [];
    return queryRows<GiftUseRow>(
      this.db,
      sql`SELECT u.order_id AS "orderId", g.gift_certificate_id AS "giftCertificateId", g.code, g.name,
            u.discount_cents AS "discountCents"
          FROM gift_certificate_uses u JOIN gift_certificates g ON g.gift_certificate_id = u.gift_certificate_id
          WHERE u.order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY u.order_id, g.gift_certificate_id`,
    );
  }

  // ---------- the customer's certificates (decision 040) ----------
  /**
   * A customer's personal certificates, newest first: those usable `today` (valid, active, not used), or with
   * `history` every one.
   */
  async personalOf(userId: number, today: string, history: boolean): Promise<ListedGiftRow[]> {
    return queryRows<ListedGiftRow>(
      this.db,
      sql`SELECT ${GIFT_COLUMNS}, ${USE_COLUMNS} FROM gift_certificates g
          WHERE g.owner_user_id = ${userId}
            ${history ? sql`` : sql`AND g.active AND g.valid_from <= ${today}::date AND g.valid_to >= ${today}::date AND g.uses < g.max_uses`}
          ORDER BY g.created_at DESC, g.gift_certificate_id DESC`,
    );
  }

  /** The advantages a customer qualifies for `today` (segment and level), not used up nor used by them. */
  async advantagesFor(
    userId: number,
    facts: { level: number; segments: number[] },
    today: string,
  ): Promise<ListedGiftRow[]> {
    const segments = facts.segments.length > 0 ? facts.segments : [-1];
    return queryRows<ListedGiftRow>(
      this.db,
      sql`SELECT ${GIFT_COLUMNS}, NULL::int AS "usedOrderId", NULL::text AS "usedAt" FROM gift_certificates g
          WHERE g.owner_user_id IS NULL AND (g.crm_segment_id IS NOT NULL OR g.min_profile_level IS NOT NULL)
            AND g.active AND g.valid_from <= ${today}::date AND g.valid_to >= ${today}::date
            AND (g.max_uses IS NULL OR g.uses < g.max_uses)
            AND (g.crm_segment_id IS NULL OR g.crm_segment_id IN (${sql.join(
              segments.map((id) => sql`${id}`),
              sql`, `,
            )}))
            AND (g.min_profile_level IS NULL OR g.min_profile_level <= ${facts.level})
            AND NOT (g.once_per_user AND EXISTS (
              SELECT 1 FROM gift_certificate_uses u WHERE u.gift_certificate_id = g.gift_certificate_id
                AND u.user_id = ${userId}))
          ORDER BY g.valid_to, g.gift_certificate_id`,
    );
  }

  /** How many personal certificates the customer can use `today`. */
  async usableCount(userId: number, today: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM gift_certificates g
          WHERE g.owner_user_id = ${userId} AND g.active AND g.valid_from <= ${today}::date
            AND g.valid_to >= ${today}::date AND g.uses < g.max_uses`,
    );
    return row?.n ?? 0;
  }

  async insertPersonal(g: NewPersonalGift, db: Db): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO gift_certificates (code, name, descr, kind, value, min_spend_cents, valid_from, valid_to,
            max_uses, once_per_user, owner_user_id, source, reason, granted_by, conditions)
          VALUES (${g.code}, ${g.name}, '', 'amount', ${g.valueCents}, ${g.minSpendCents}, ${g.validFrom}::date,
            ${g.validTo}::date, 1, true, ${g.ownerUserId}, 'manual', ${g.reason}, ${g.grantedBy}, ${g.conditions})
          RETURNING gift_certificate_id AS id`,
    );
    if (!row) throw new Error('gift certificate not inserted');
    return row.id;
  }

  async insertInvite(g: NewInviteGift, db: Db): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO gift_certificates (code, name, descr, kind, value, min_spend_cents, valid_from, valid_to,
            max_uses, once_per_user, owner_user_id, source, conditions, first_order_only)
          VALUES (${g.code}, ${g.name}, '', 'percent', ${g.basisPoints}, 0, ${g.validFrom}::date,
            ${g.validTo}::date, 1, true, ${g.ownerUserId}, 'invite', ${g.conditions}, ${g.firstOrderOnly})
          RETURNING gift_certificate_id AS id`,
    );
    if (!row) throw new Error('gift certificate not inserted');
    return row.id;
  }

  // ---------- promotion variables ----------
  /**
   * Claims a customer's refresh of promotion variables at `at`: written only when there is no refresh since
   * `at - coolDownMinutes` (one guarded upsert: concurrent claims from any process, one wins). Null: cooling.
   */
  async claimRefresh(
    userId: number,
    at: Date,
    coolDownMinutes: number,
    deliveredOrders: number,
  ): Promise<{ refreshedAt: string } | null> {
    const [row] = await queryRows<{ refreshedAt: string }>(
      this.db,
      sql`INSERT INTO promovar_refreshes (user_id, refreshed_at, delivered_orders)
          VALUES (${userId}, ${at.toISOString()}::timestamptz, ${deliveredOrders})
          ON CONFLICT (user_id) DO UPDATE SET refreshed_at = excluded.refreshed_at,
            delivered_orders = excluded.delivered_orders
          WHERE promovar_refreshes.refreshed_at <= excluded.refreshed_at - make_interval(mins => ${coolDownMinutes})
          RETURNING ${wireTimestamp('refreshed_at', 'milliseconds')} AS "refreshedAt"`,
    );
    return row ?? null;
  }

  async lastRefresh(userId: number): Promise<{ refreshedAt: string; deliveredOrders: number } | null> {
    const [row] = await queryRows<{ refreshedAt: string; deliveredOrders: number }>(
      this.db,
      sql`SELECT ${wireTimestamp('refreshed_at', 'milliseconds')} AS "refreshedAt",
            delivered_orders AS "deliveredOrders"
          FROM promovar_refreshes WHERE user_id = ${userId}`,
    );
    return row ?? null;
  }
}
