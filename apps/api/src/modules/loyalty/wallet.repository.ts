import { sql } from 'drizzle-orm';
import type { WalletCause } from '@spesa/shared/contracts/loyalty';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';

/** A movement as stored (cents). */
export interface MovementRow {
  movementId: number;
  userId: number;
  seq: number;
  amountCents: number;
  balanceCents: number;
  cause: WalletCause;
  orderId: number | null;
  reason: string | null;
  createdAt: string;
}

/** A movement to append: its amount and cause, and what names it. */
export interface MovementWrite {
  amountCents: number;
  cause: WalletCause;
  orderId?: number | null;
  staffUserId?: number | null;
  reason?: string | null;
  /** one movement per key: a repeated request finds the first one */
  idempotencyKey?: string | null;
}

const COLUMNS = sql`movement_id AS "movementId", user_id AS "userId", seq, amount_cents AS "amountCents",
  balance_cents AS "balanceCents", cause, order_id AS "orderId", reason,
  ${wireTimestamp('created_at', 'seconds')} AS "createdAt"`;

/** The wallet ledger (table wallet_movements, owned by the loyalty module). */
export class WalletRepository {
  constructor(readonly db: Db) {}

  /** The customer's balance in cents: the balance of their last movement (0 without one). */
  async balance(userId: number, db: Db = this.db): Promise<number> {
    const [row] = await queryRows<{ b: number }>(
      db,
      sql`SELECT balance_cents AS b FROM wallet_movements WHERE user_id = ${userId} ORDER BY seq DESC LIMIT 1`,
    );
    return row?.b ?? 0;
  }

  /** A page of the customer's movements, newest first, and how many there are. */
  async page(
    userId: number,
    page: number,
    pageSize: number,
  ): Promise<{ rows: MovementRow[]; total: number }> {
    const rows = await queryRows<MovementRow>(
      this.db,
      sql`SELECT ${COLUMNS} FROM wallet_movements WHERE user_id = ${userId}
          ORDER BY seq DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM wallet_movements WHERE user_id = ${userId}`,
    );
    return { rows, total: count?.n ?? 0 };
  }

  async byKey(key: string, db: Db = this.db): Promise<MovementRow | null> {
    const [row] = await queryRows<MovementRow>(
      db,
      sql`SELECT ${COLUMNS} FROM wallet_movements WHERE idempotency_key = ${key}`,
    );
    return row ?? null;
  }

  /**
   * Locks the customer's ledger until the caller's transaction ends (a transaction advisory lock: every
   * process on the database waits for it; taken again by the same transaction, it is already held).
   */
  async lock(userId: number, tx: Db): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('wallet'), ${userId})`);
  }

  /**
   * What an order has taken from the wallet and not yet given back (cents, never below 0), and whose wallet
   * it is; null when the order never touched the wallet. Read from the ledger: the ledger is the truth.
   */
  async heldByOrder(orderId: number, db: Db = this.db): Promise<{ userId: number; cents: number } | null> {
    const [row] = await queryRows<{ userId: number; cents: number }>(
      db,
      sql`SELECT min(user_id) AS "userId", (-sum(amount_cents))::int AS cents
          FROM wallet_movements
          WHERE order_id = ${orderId} AND cause IN ('order_payment', 'order_refund')
          HAVING count(*) > 0`,
    );
    return row ? { userId: row.userId, cents: Math.max(0, row.cents) } : null;
  }

  /**
   * Appends a movement inside the caller's transaction: the customer's ledger is locked for it, the new row is
   * numbered and balanced from the last one, and written only if the balance stays at or above zero. Null
   * when it would not (nothing written). The unique number and the balance check guard the same in SQL,
   * whatever the caller.
   */
  async append(userId: number, move: MovementWrite, tx: Db): Promise<MovementRow | null> {
    await this.lock(userId, tx);
    const [row] = await queryRows<MovementRow>(
      tx,
      sql`INSERT INTO wallet_movements
            (user_id, seq, amount_cents, balance_cents, cause, order_id, staff_user_id, reason, idempotency_key)
          SELECT ${userId}, COALESCE(last.seq, 0) + 1, ${move.amountCents},
                 COALESCE(last.balance_cents, 0) + ${move.amountCents}, ${move.cause}, ${move.orderId ?? null},
                 ${move.staffUserId ?? null}, ${move.reason ?? null}, ${move.idempotencyKey ?? null}
          FROM (SELECT 1) AS one
          LEFT JOIN LATERAL (SELECT seq, balance_cents FROM wallet_movements WHERE user_id = ${userId}
                             ORDER BY seq DESC LIMIT 1) AS last ON true
          WHERE COALESCE(last.balance_cents, 0) + ${move.amountCents} >= 0
          RETURNING ${COLUMNS}`,
    );
    return row ?? null;
  }
}
