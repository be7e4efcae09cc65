import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { VoteStatus } from '@spesa/shared/contracts/ratings';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';

/**
 * The SQL of product ratings (decision 036). The ratings module owns `product_votes` and
 * `product_rating_summaries`; orders, their lines, products and customers are only read.
 */

/** A customer received a product in an order that reached them, in full or in part. */
const RECEIVED_STATUSES = [ORDER_STATUS.delivered, ORDER_STATUS.partiallyDelivered];
const receivedStatuses = sql.join(
  RECEIVED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
/**
 * The product a line brought: the substitute when staff picked one, else the product ordered; a line
 * delivered with quantity 0 brought nothing (the quantity ordered counts when the line was never picked).
 */
const LINE_PRODUCT = sql`COALESCE(oi.substitute_product_id, oi.product_id)`;
const LINE_RECEIVED = sql`COALESCE(oi.delivered_quantity, oi.quantity) > 0`;

export interface VoteRow {
  voteId: number;
  productId: number;
  userId: number;
  rating: number;
  title: string;
  comment: string;
  status: VoteStatus;
  rejectionReason: string | null;
  approvalDate: string | null;
  createdAt: string;
}

const VOTE_COLUMNS = sql`v.vote_id AS "voteId", v.product_id AS "productId", v.user_id AS "userId",
  v.rating::float8 AS rating, v.title, v.comment, v.status, v.rejection_reason AS "rejectionReason",
  ${wireTimestamp('v.approval_date', 'milliseconds')} AS "approvalDate", ${wireTimestamp('v.created_at', 'milliseconds')} AS "createdAt"`;

export interface SummaryRow {
  total: number;
  ratingSum: number;
  stars: [number, number, number, number, number];
}

export interface ProductRef {
  productId: number;
  name: string;
  slug: string;
}

export interface ToVoteRow extends ProductRef {
  receivedAt: string;
  mediaUrl: string;
}

export interface VotedRow extends VoteRow, ProductRef {
  mediaUrl: string;
}

export interface AdminVoteRow extends VoteRow {
  productName: string;
  customerFirstName: string;
}

/** The star a rating counts in: a half step counts in its upper star (3.5 is a 4). */
export const starOf = (rating: number): 1 | 2 | 3 | 4 | 5 =>
  Math.min(5, Math.max(1, Math.ceil(rating))) as 1 | 2 | 3 | 4 | 5;

/** the latest picture a customer saw of the product on an order line */
const LAST_LINE_MEDIA = (productColumn: string) =>
  sql.raw(`COALESCE((SELECT oi2.media_url FROM order_items oi2 WHERE oi2.product_id = ${productColumn}
    ORDER BY oi2.order_item_id DESC LIMIT 1), '')`);

export class RatingsRepository {
  constructor(private readonly db: Db) {}

  async product(productId: number, db: Db = this.db): Promise<ProductRef | null> {
    const [row] = await queryRows<ProductRef>(
      db,
      sql`SELECT product_id AS "productId", name, slug FROM products WHERE product_id = ${productId}`,
    );
    return row ?? null;
  }

  async hasReceived(userId: number, productId: number, db: Db = this.db): Promise<boolean> {
    const [row] = await queryRows<{ yes: boolean }>(
      db,
      sql`SELECT EXISTS (
            SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.order_id
            WHERE o.user_id = ${userId} AND o.order_status_id IN (${receivedStatuses})
              AND ${LINE_PRODUCT} = ${productId} AND ${LINE_RECEIVED}
          ) AS yes`,
    );
    return row?.yes ?? false;
  }

  async summary(productId: number): Promise<SummaryRow | null> {
    const [row] = await queryRows<{
      total: number;
      ratingSum: number;
      s1: number;
      s2: number;
      s3: number;
      s4: number;
      s5: number;
    }>(
      this.db,
      sql`SELECT total, rating_sum::float8 AS "ratingSum", stars_1 AS s1, stars_2 AS s2, stars_3 AS s3,
            stars_4 AS s4, stars_5 AS s5
          FROM product_rating_summaries WHERE product_id = ${productId}`,
    );
    return row
      ? { total: row.total, ratingSum: row.ratingSum, stars: [row.s1, row.s2, row.s3, row.s4, row.s5] }
      : null;
  }

  async voteOf(userId: number, productId: number): Promise<VoteRow | null> {
    const [row] = await queryRows<VoteRow>(
      this.db,
      sql`SELECT ${VOTE_COLUMNS} FROM product_votes v WHERE v.user_id = ${userId} AND v.product_id = ${productId}`,
    );
    return row ?? null;
  }

  /** The new vote, or null when the customer already voted the product (the unique index holds). */
  async insertVote(
    v: {
      productId: number;
      userId: number;
      rating: number;
      title: string;
      comment: string;
      status: VoteStatus;
      at: Date;
    },
    tx: Db,
  ): Promise<VoteRow | null> {
    const at = v.at.toISOString();
    const [row] = await queryRows<VoteRow>(
      tx,
      sql`INSERT INTO product_votes AS v (product_id, user_id, rating, title, comment, status, approval_date,
            created_at, updated_at)
          VALUES (${v.productId}, ${v.userId}, ${v.rating}, ${v.title}, ${v.comment}, ${v.status},
            ${v.status === 'approved' ? at : null}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
          ON CONFLICT (product_id, user_id) DO NOTHING
          RETURNING ${VOTE_COLUMNS}`,
    );
    return row ?? null;
  }

  /**
   * Counts one vote in its product's summary: one atomic upsert (concurrent votes on a product each add
   * their own, the row lock of the conflict serialises them). Called in the transaction that makes the
   * vote counted.
   */
  async count(productId: number, rating: number, tx: Db): Promise<void> {
    const star = starOf(rating);
    const n = (s: number) => (s === star ? 1 : 0);
    await tx.execute(
      sql`INSERT INTO product_rating_summaries AS s (product_id, total, rating_sum, stars_1, stars_2, stars_3,
            stars_4, stars_5, updated_at)
          VALUES (${productId}, 1, ${rating}, ${n(1)}, ${n(2)}, ${n(3)}, ${n(4)}, ${n(5)}, now())
          ON CONFLICT (product_id) DO UPDATE SET
            total = s.total + 1,
            rating_sum = s.rating_sum + EXCLUDED.rating_sum,
            stars_1 = s.stars_1 + EXCLUDED.stars_1,
            stars_2 = s.stars_2 + EXCLUDED.stars_2,
            stars_3 = s.stars_3 + EXCLUDED.stars_3,
            stars_4 = s.stars_4 + EXCLUDED.stars_4,
            stars_5 = s.stars_5 + EXCLUDED.stars_5,
            updated_at = now()`,
    );
  }

  /** Products the customer received and has not voted, newest delivery first (one row per product). */
  async toVote(userId: number, limit: number, offset: number): Promise<{ rows: ToVoteRow[]; total: number }> {
    const rows = await queryRows<ToVoteRow & { total: number }>(
      this.db,
      sql`WITH received AS (
            SELECT ${LINE_PRODUCT} AS product_id, max(o.updated_at) AS received_at
            FROM orders o JOIN order_items oi ON oi.order_id = o.order_id
            WHERE o.user_id = ${userId} AND o.order_status_id IN (${receivedStatuses}) AND ${LINE_RECEIVED}
            GROUP BY 1
          )
          SELECT p.product_id AS "productId", p.name, p.slug, ${wireTimestamp('r.received_at', 'milliseconds')} AS "receivedAt",
            ${LAST_LINE_MEDIA('p.product_id')} AS "mediaUrl", count(*) OVER ()::int AS total
          FROM received r JOIN products p ON p.product_id = r.product_id
          WHERE NOT EXISTS (
            SELECT 1 FROM product_votes v WHERE v.user_id = ${userId} AND v.product_id = r.product_id
          )
          ORDER BY r.received_at DESC, p.product_id DESC
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return { rows, total: rows[0]?.total ?? (offset > 0 ? await this.#toVoteTotal(userId) : 0) };
  }

  async #toVoteTotal(userId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(DISTINCT ${LINE_PRODUCT})::int AS n
          FROM orders o JOIN order_items oi ON oi.order_id = o.order_id
          WHERE o.user_id = ${userId} AND o.order_status_id IN (${receivedStatuses}) AND ${LINE_RECEIVED}
            AND NOT EXISTS (SELECT 1 FROM product_votes v
                            WHERE v.user_id = ${userId} AND v.product_id = ${LINE_PRODUCT})`,
    );
    return row?.n ?? 0;
  }

  /** The customer's votes, newest first, with their state. */
  async voted(userId: number, limit: number, offset: number): Promise<{ rows: VotedRow[]; total: number }> {
    const rows = await queryRows<VotedRow>(
      this.db,
      sql`SELECT ${VOTE_COLUMNS}, COALESCE(p.name, '') AS name, COALESCE(p.slug, '') AS slug,
            ${LAST_LINE_MEDIA('v.product_id')} AS "mediaUrl"
          FROM product_votes v LEFT JOIN products p ON p.product_id = v.product_id
          WHERE v.user_id = ${userId}
          ORDER BY v.created_at DESC, v.vote_id DESC
          LIMIT ${limit} OFFSET ${offset}`,
    );
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM product_votes WHERE user_id = ${userId}`,
    );
    return { rows, total: count?.n ?? 0 };
  }

  // ---------- moderation ----------
  async adminFind(voteId: number, db: Db = this.db): Promise<AdminVoteRow | null> {
    const { rows } = await this.adminList({ voteId }, 1, 0, db);
    return rows[0] ?? null;
  }

  async adminList(
    f: { status?: VoteStatus; productId?: number | undefined; voteId?: number },
    limit: number,
    offset: number,
    db: Db = this.db,
  ): Promise<{ rows: AdminVoteRow[]; total: number }> {
    const where: SQL[] = [sql`TRUE`];
    if (f.status) where.push(sql`v.status = ${f.status}`);
    if (f.productId !== undefined) where.push(sql`v.product_id = ${f.productId}`);
    if (f.voteId !== undefined) where.push(sql`v.vote_id = ${f.voteId}`);
    // the queue is served oldest first; decided votes newest first
    const order =
      f.status === 'pending' ? sql`v.created_at ASC, v.vote_id ASC` : sql`v.created_at DESC, v.vote_id DESC`;
    const rows = await queryRows<AdminVoteRow & { total: number }>(
      db,
      sql`SELECT ${VOTE_COLUMNS}, COALESCE(p.name, '') AS "productName",
            COALESCE(u.first_name, '') AS "customerFirstName", count(*) OVER ()::int AS total
          FROM product_votes v
            LEFT JOIN products p ON p.product_id = v.product_id
            LEFT JOIN users u ON u.user_id = v.user_id
          WHERE ${sql.join(where, sql` AND `)}
          ORDER BY ${order}
          LIMIT ${limit} OFFSET ${offset}`,
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && offset > 0) {
      const [count] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM product_votes v WHERE ${sql.join(where, sql` AND `)}`,
      );
      total = count?.n ?? 0;
    }
    return { rows, total };
  }

  /**
   * Decides a pending vote: the vote as it is now, or null when it is not pending any more (another member
   * decided it first: the guarded UPDATE lets only one through).
   */
  async decide(
    voteId: number,
    d: { status: 'approved' | 'rejected'; reason: string | null; staffUserId: number; at: Date },
    tx: Db,
  ): Promise<VoteRow | null> {
    const at = d.at.toISOString();
    const [row] = await queryRows<VoteRow>(
      tx,
      sql`UPDATE product_votes AS v SET status = ${d.status}, rejection_reason = ${d.reason},
            approval_date = ${d.status === 'approved' ? at : null}::timestamptz,
            moderated_by = ${d.staffUserId}, updated_at = ${at}::timestamptz
          WHERE v.vote_id = ${voteId} AND v.status = 'pending'
          RETURNING ${VOTE_COLUMNS}`,
    );
    return row ?? null;
  }
}
