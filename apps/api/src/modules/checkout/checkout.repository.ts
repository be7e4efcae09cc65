import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * SQL of checkout: the cart's checkout data, gift codes, shopping bags, and the writes of order placement
 * (decision 017). Every capacity move is a single guarded UPDATE (stock >= quantity, uses < max_uses), so
 * concurrent buyers can never oversell, on PGlite as on PostgreSQL. Methods that take part in the buy or
 * in an order action take the transaction handle (a Drizzle transaction is a `Db`).
 *
 * Stock lives in the catalogue's `products` table; decision 015 left "stock moves at order time" to this
 * issue. The one guarded decrement / increment is here because it must run inside the order's transaction;
 * the catalogue module still owns every other read and write of products.
 */
export interface CartCheckoutRow {
  cartId: number;
  packagingTypeId: number | null;
  rulesAccepted: boolean;
  invoice: Record<string, unknown> | null;
  lotteryCode: string | null;
  extraEmail: string | null;
  preparedPrices: Record<string, number> | null;
  preparedAt: string | null;
  editingOrderId: number | null;
  /** the cart's infos (name → value: notes, accept_alternatives), read with the checkout row */
  cartInfos: Record<string, string>;
  /** how many gift codes the cart holds */
  giftCount: number;
}

export interface PackagingTypeRow {
  packagingTypeId: number;
  code: string;
  name: string;
  descr: string;
  priceCents: number;
  itemsPerBag: number;
  mediaIcon: string;
  isDefault: boolean;
}

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
}

const GIFT_COLUMNS = sql.raw(`gift_certificate_id AS "giftCertificateId", code, name, descr, kind, value,
  min_spend_cents AS "minSpendCents", to_char(valid_from, 'YYYY-MM-DD') AS "validFrom",
  to_char(valid_to, 'YYYY-MM-DD') AS "validTo", max_uses AS "maxUses", uses, once_per_user AS "oncePerUser", active`);

export class CheckoutRepository {
  constructor(private readonly db: Db) {}

  // ---------- cart checkout data ----------
  async checkoutOf(cartId: number, db: Db = this.db): Promise<CartCheckoutRow | null> {
    const [row] = await queryRows<CartCheckoutRow>(
      db,
      sql`SELECT cart_id AS "cartId", packaging_type_id AS "packagingTypeId", rules_accepted AS "rulesAccepted",
            invoice, lottery_code AS "lotteryCode", extra_email AS "extraEmail",
            prepared_prices AS "preparedPrices", prepared_at::text AS "preparedAt",
            editing_order_id AS "editingOrderId",
            (SELECT COALESCE(json_object_agg(i.name, i.value), '{}'::json) FROM cart_infos i
              WHERE i.cart_id = cart_checkouts.cart_id) AS "cartInfos",
            (SELECT count(*)::int FROM cart_gift_certificates g
              WHERE g.cart_id = cart_checkouts.cart_id) AS "giftCount"
          FROM cart_checkouts WHERE cart_id = ${cartId}`,
    );
    return row ?? null;
  }

  /** Saves the checkout choices of a cart (only the keys given). */
  async saveCheckout(
    cartId: number,
    values: Partial<Omit<CartCheckoutRow, 'cartId' | 'preparedAt' | 'cartInfos' | 'giftCount'>> & {
      prepared?: boolean;
    },
    db: Db = this.db,
  ): Promise<void> {
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    const has = (k: string) => Object.prototype.hasOwnProperty.call(values, k);
    await db.execute(
      sql`INSERT INTO cart_checkouts (cart_id, packaging_type_id, rules_accepted, invoice, lottery_code, extra_email,
            prepared_prices, prepared_at, editing_order_id)
          VALUES (${cartId}, ${values.packagingTypeId ?? null}, ${values.rulesAccepted ?? false},
            ${json(values.invoice)}::jsonb, ${values.lotteryCode ?? null}, ${values.extraEmail ?? null},
            ${json(values.preparedPrices)}::jsonb, ${values.prepared ? sql`now()` : null},
            ${values.editingOrderId ?? null})
          ON CONFLICT (cart_id) DO UPDATE SET
            packaging_type_id = ${has('packagingTypeId') ? sql`excluded.packaging_type_id` : sql`cart_checkouts.packaging_type_id`},
            rules_accepted = ${has('rulesAccepted') ? sql`excluded.rules_accepted` : sql`cart_checkouts.rules_accepted`},
            invoice = ${has('invoice') ? sql`excluded.invoice` : sql`cart_checkouts.invoice`},
            lottery_code = ${has('lotteryCode') ? sql`excluded.lottery_code` : sql`cart_checkouts.lottery_code`},
            extra_email = ${has('extraEmail') ? sql`excluded.extra_email` : sql`cart_checkouts.extra_email`},
            prepared_prices = ${has('preparedPrices') ? sql`excluded.prepared_prices` : sql`cart_checkouts.prepared_prices`},
            prepared_at = ${has('prepared') ? sql`excluded.prepared_at` : sql`cart_checkouts.prepared_at`},
            editing_order_id = ${has('editingOrderId') ? sql`excluded.editing_order_id` : sql`cart_checkouts.editing_order_id`},
            updated_at = now()`,
    );
  }

  /** An order no longer being edited (cancelled, or bought again): its cart becomes a normal cart. */
  async clearEditing(db: Db, orderId: number): Promise<void> {
    await db.execute(
      sql`UPDATE cart_checkouts SET editing_order_id = NULL, updated_at = now() WHERE editing_order_id = ${orderId}`,
    );
  }

  async giftsOfOrderIntoCart(db: Db, orderId: number, cartId: number): Promise<void> {
    await db.execute(
      sql`INSERT INTO cart_gift_certificates (cart_id, gift_certificate_id)
          SELECT ${cartId}, gift_certificate_id FROM gift_certificate_uses WHERE order_id = ${orderId}
          ON CONFLICT DO NOTHING`,
    );
  }

  // ---------- packaging ----------
  /** Reference data: read once a minute at most. */
  async packagingTypes(): Promise<PackagingTypeRow[]> {
    const now = Date.now();
    if (this.packagingCache && this.packagingCache.until > now) return this.packagingCache.rows;
    const rows = await queryRows<PackagingTypeRow>(
      this.db,
      sql`SELECT packaging_type_id AS "packagingTypeId", code, name, descr, price_cents AS "priceCents",
            items_per_bag AS "itemsPerBag", media_icon AS "mediaIcon", is_default AS "isDefault"
          FROM packaging_types WHERE active ORDER BY priority, packaging_type_id`,
    );
    this.packagingCache = { rows, until: now + 60_000 };
    return rows;
  }

  private packagingCache: { rows: PackagingTypeRow[]; until: number } | null = null;

  // ---------- gift codes ----------
  async findGiftByCode(code: string): Promise<GiftCertificateRow | null> {
    const [row] = await queryRows<GiftCertificateRow>(
      this.db,
      sql`SELECT ${GIFT_COLUMNS} FROM gift_certificates WHERE upper(code) = upper(${code})`,
    );
    return row ?? null;
  }

  async cartGifts(cartId: number, db: Db = this.db): Promise<GiftCertificateRow[]> {
    return queryRows<GiftCertificateRow>(
      db,
      sql`SELECT ${sql.raw('g.')}gift_certificate_id AS "giftCertificateId", g.code, g.name, g.descr, g.kind, g.value,
            g.min_spend_cents AS "minSpendCents", to_char(g.valid_from, 'YYYY-MM-DD') AS "validFrom",
            to_char(g.valid_to, 'YYYY-MM-DD') AS "validTo", g.max_uses AS "maxUses", g.uses,
            g.once_per_user AS "oncePerUser", g.active
          FROM cart_gift_certificates c JOIN gift_certificates g USING (gift_certificate_id)
          WHERE c.cart_id = ${cartId} ORDER BY c.added_at`,
    );
  }

  async addCartGift(cartId: number, giftCertificateId: number): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO cart_gift_certificates (cart_id, gift_certificate_id) VALUES (${cartId}, ${giftCertificateId})
          ON CONFLICT DO NOTHING`,
    );
  }

  async removeCartGift(cartId: number, giftCertificateId: number): Promise<boolean> {
    const rows = await queryRows<{ cartId: number }>(
      this.db,
      sql`DELETE FROM cart_gift_certificates WHERE cart_id = ${cartId} AND gift_certificate_id = ${giftCertificateId}
          RETURNING cart_id AS "cartId"`,
    );
    return rows.length > 0;
  }

  async copyCartGifts(db: Db, fromCartId: number, toCartId: number): Promise<void> {
    await db.execute(
      sql`INSERT INTO cart_gift_certificates (cart_id, gift_certificate_id)
          SELECT ${toCartId}, gift_certificate_id FROM cart_gift_certificates WHERE cart_id = ${fromCartId}
          ON CONFLICT DO NOTHING`,
    );
  }

  /** Has the customer used this code in an order that is not cancelled (other than `exceptOrderId`)? */
  async giftUsedBy(
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
  async consumeGift(db: Db, giftCertificateId: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE gift_certificates SET uses = uses + 1
          WHERE gift_certificate_id = ${giftCertificateId} AND active AND (max_uses IS NULL OR uses < max_uses)
          RETURNING gift_certificate_id AS id`,
    );
    return rows.length > 0;
  }

  async recordGiftUse(
    db: Db,
    use: { giftCertificateId: number; orderId: number; userId: number; discountCents: number },
  ): Promise<void> {
    await db.execute(
      sql`INSERT INTO gift_certificate_uses (gift_certificate_id, order_id, user_id, discount_cents)
          VALUES (${use.giftCertificateId}, ${use.orderId}, ${use.userId}, ${use.discountCents})`,
    );
  }

  /** Gives back the uses of an order's codes (cancel, or an edited order bought again). */
  async releaseGiftUses(db: Db, orderId: number): Promise<void> {
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
}
