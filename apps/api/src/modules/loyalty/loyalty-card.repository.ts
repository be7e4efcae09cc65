import { sql } from 'drizzle-orm';
import type { PhysicalCardState, PremiumChannel } from '@spesa/shared/loyalty/premium';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { romeDay, wireTimestamp } from '../../db/wire-time';

/** A customer's linked card as stored (loyalty_cards, read; the account module writes it). */
export interface CardRow {
  cardNumber: string;
  cardType: string;
  holderLastName: string;
  /** YYYY-MM-DD or null */
  validTo: string | null;
  issuedAt: string;
}

/** A card by its number, with the account it is linked to (null: nobody's). */
export interface CardLookupRow extends CardRow {
  linkedUserId: number | null;
}

export interface RequestRow {
  userId: number;
  channel: PremiumChannel;
  cardNumber: string;
  state: PhysicalCardState | null;
  requestedAt: string;
  shippedAt: string | null;
  deliveredAt: string | null;
  /** the day a physical card is due by (requested day + PHYSICAL_CARD_DAYS), YYYY-MM-DD */
  dueBy: string;
}

export interface ExclusionRow {
  reason: string;
  since: string;
  staffName: string | null;
}

const CARD_COLUMNS = sql`lc.card_number AS "cardNumber", lc.card_type AS "cardType",
  lc.holder_last_name AS "holderLastName", to_char(lc.valid_to, 'YYYY-MM-DD') AS "validTo",
  ${wireTimestamp('lc.issued_at', 'seconds')} AS "issuedAt"`;
const REQUEST_COLUMNS = (days: number) =>
  sql`user_id AS "userId", channel, card_number AS "cardNumber", state,
  ${wireTimestamp('requested_at', 'seconds')} AS "requestedAt", ${wireTimestamp('shipped_at', 'seconds')} AS "shippedAt",
  ${wireTimestamp('delivered_at', 'seconds')} AS "deliveredAt",
  to_char(${romeDay('requested_at')} + ${sql.raw(String(Math.trunc(days)))}, 'YYYY-MM-DD') AS "dueBy"`;

/**
 * The loyalty module's SQL about cards (decision 038): it reads the cards and the accounts they are linked
 * to (owned by the account module, written only through its repository) and owns the premium requests, the
 * exclusions and the free deliveries used.
 */
export class LoyaltyCardRepository {
  constructor(
    readonly db: Db,
    /** PHYSICAL_CARD_DAYS */
    private readonly dueDays: number,
  ) {}

  async customerExists(userId: number, db: Db = this.db): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`SELECT user_id AS id FROM users WHERE user_id = ${userId} AND anonymized_at IS NULL`,
    );
    return rows.length > 0;
  }

  /** The customer's linked card, or null. */
  async cardOf(userId: number, db: Db = this.db): Promise<CardRow | null> {
    const [row] = await queryRows<CardRow>(
      db,
      sql`SELECT ${CARD_COLUMNS} FROM users u JOIN loyalty_cards lc ON lc.card_number = u.card_number
          WHERE u.user_id = ${userId}`,
    );
    return row ?? null;
  }

  async findCard(cardNumber: string, db: Db = this.db): Promise<CardLookupRow | null> {
    const [row] = await queryRows<CardLookupRow>(
      db,
      sql`SELECT ${CARD_COLUMNS}, u.user_id AS "linkedUserId"
          FROM loyalty_cards lc LEFT JOIN users u ON u.card_number = lc.card_number
          WHERE lc.card_number = ${cardNumber}`,
    );
    return row ?? null;
  }

  /** Serialises every change about one card number until the caller's transaction ends (all processes). */
  async lockCard(cardNumber: string, tx: Db): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loyalty-card'), hashtext(${cardNumber}))`);
  }

  /** Serialises the premium changes of one customer until the caller's transaction ends. */
  async lockCustomer(userId: number, tx: Db): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('premium'), ${userId})`);
  }

  async requestOf(userId: number, db: Db = this.db): Promise<RequestRow | null> {
    const [row] = await queryRows<RequestRow>(
      db,
      sql`SELECT ${REQUEST_COLUMNS(this.dueDays)} FROM premium_requests WHERE user_id = ${userId}`,
    );
    return row ?? null;
  }

  /** The customer's request; null when they have one already (one per customer: the primary key). */
  async insertRequest(
    userId: number,
    channel: PremiumChannel,
    cardNumber: string,
    tx: Db,
  ): Promise<RequestRow | null> {
    const [row] = await queryRows<RequestRow>(
      tx,
      sql`INSERT INTO premium_requests (user_id, channel, card_number, state)
          VALUES (${userId}, ${channel}, ${cardNumber}, ${channel === 'physical' ? 'requested' : null})
          ON CONFLICT (user_id) DO NOTHING
          RETURNING ${REQUEST_COLUMNS(this.dueDays)}`,
    );
    return row ?? null;
  }

  /** Moves a physical card from `from` to `to`, stamping the moment; null when it was not in `from`. */
  async advanceState(
    userId: number,
    from: PhysicalCardState,
    to: PhysicalCardState,
    tx: Db,
  ): Promise<RequestRow | null> {
    const [row] = await queryRows<RequestRow>(
      tx,
      sql`UPDATE premium_requests SET state = ${to},
            shipped_at = CASE WHEN ${to} = 'shipped' THEN now() ELSE shipped_at END,
            delivered_at = CASE WHEN ${to} = 'delivered' THEN now() ELSE delivered_at END
          WHERE user_id = ${userId} AND channel = 'physical' AND state = ${from}
          RETURNING ${REQUEST_COLUMNS(this.dueDays)}`,
    );
    return row ?? null;
  }

  async exclusionOf(userId: number, db: Db = this.db): Promise<ExclusionRow | null> {
    const [row] = await queryRows<ExclusionRow>(
      db,
      sql`SELECT e.reason, ${wireTimestamp('e.created_at', 'seconds')} AS since,
            NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS "staffName"
          FROM premium_exclusions e LEFT JOIN users u ON u.user_id = e.staff_user_id
          WHERE e.user_id = ${userId}`,
    );
    return row ?? null;
  }

  async setExclusion(userId: number, reason: string, staffUserId: number | null, tx: Db): Promise<void> {
    await tx.execute(
      sql`INSERT INTO premium_exclusions (user_id, reason, staff_user_id) VALUES (${userId}, ${reason}, ${staffUserId})
          ON CONFLICT (user_id) DO UPDATE SET reason = excluded.reason, staff_user_id = excluded.staff_user_id,
            created_at = now()`,
    );
  }

  /** True when there was an exclusion to clear. */
  async clearExclusion(userId: number, tx: Db): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM premium_exclusions WHERE user_id = ${userId} RETURNING user_id AS id`,
    );
    return rows.length > 0;
  }

  async freeDeliveriesUsed(userId: number, db: Db = this.db): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM premium_free_deliveries WHERE user_id = ${userId}`,
    );
    return row?.n ?? 0;
  }

  async freeDeliveryOfOrder(orderId: number, db: Db = this.db): Promise<{ userId: number } | null> {
    const [row] = await queryRows<{ userId: number }>(
      db,
      sql`SELECT user_id AS "userId" FROM premium_free_deliveries WHERE order_id = ${orderId}`,
    );
    return row ?? null;
  }

  async deleteFreeDelivery(orderId: number, tx: Db): Promise<boolean> {
    const rows = await queryRows<{ orderId: number }>(
      tx,
      sql`DELETE FROM premium_free_deliveries WHERE order_id = ${orderId} RETURNING order_id AS "orderId"`,
    );
    return rows.length > 0;
  }

  async insertFreeDelivery(userId: number, orderId: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`INSERT INTO premium_free_deliveries (order_id, user_id) VALUES (${orderId}, ${userId})`,
    );
  }
}
