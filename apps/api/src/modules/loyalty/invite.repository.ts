import { sql } from 'drizzle-orm';
import type { InviteFriendState } from '@spesa/shared/contracts/invite';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';

/** A friend who joined with an invite code. */
export interface ReferralRow {
  friendUserId: number;
  inviterUserId: number;
  /** the code the friend joined with */
  code: string;
  state: InviteFriendState;
  noRewardReason: 'same_person' | 'limit' | null;
  joinedAt: string;
}

/** How a waiting referral ends (decision 045). */
export type Settlement =
  | { state: 'rewarded'; voucherNo: number; voucherGiftCertificateId: number; friendOrderId: number }
  | { state: 'no_reward'; reason: 'same_person' | 'limit'; friendOrderId: number };

/**
 * SQL of invite a friend (decision 045): the customers' codes (invite_codes) and the friends who joined
 * (invite_referrals). A friend joins once (primary key); a referral is settled once (guarded UPDATE of a
 * waiting row); an inviter's vouchers are numbered under a lock of the inviter's code row, and the number is
 * unique per inviter, so no settlement can issue more than the programme's vouchers.
 */
export class InviteRepository {
  constructor(private readonly db: Db) {}

  async codeOf(userId: number): Promise<string | null> {
    const [row] = await queryRows<{ code: string }>(
      this.db,
      sql`SELECT code FROM invite_codes WHERE user_id = ${userId}`,
    );
    return row?.code ?? null;
  }

  /** Writes the customer's code unless they have one or the code is taken (false: nothing written). */
  async insertCode(userId: number, code: string): Promise<boolean> {
    const rows = await queryRows<{ userId: number }>(
      this.db,
      sql`INSERT INTO invite_codes (user_id, code) VALUES (${userId}, ${code})
          ON CONFLICT DO NOTHING RETURNING user_id AS "userId"`,
    );
    return rows.length > 0;
  }

  async ownerOfCode(code: string): Promise<number | null> {
    const [row] = await queryRows<{ userId: number }>(
      this.db,
      sql`SELECT user_id AS "userId" FROM invite_codes WHERE code = ${code}`,
    );
    return row?.userId ?? null;
  }

  /** The referral of a friend (null: they never joined with a code); `lock`: held to the transaction's end. */
  async referralOf(friendUserId: number, lock = false, db: Db = this.db): Promise<ReferralRow | null> {
    const [row] = await queryRows<ReferralRow>(
      db,
      sql`SELECT r.friend_user_id AS "friendUserId", r.inviter_user_id AS "inviterUserId", c.code, r.state,
            r.no_reward_reason AS "noRewardReason", ${wireTimestamp('r.joined_at', 'milliseconds')} AS "joinedAt"
          FROM invite_referrals r JOIN invite_codes c ON c.user_id = r.inviter_user_id
          WHERE r.friend_user_id = ${friendUserId}
          ${lock ? sql`FOR UPDATE OF r` : sql``}`,
    );
    return row ?? null;
  }

  /** The friends who joined with the customer's code, newest first. */
  async friendsOf(inviterUserId: number): Promise<ReferralRow[]> {
    return queryRows<ReferralRow>(
      this.db,
      sql`SELECT r.friend_user_id AS "friendUserId", r.inviter_user_id AS "inviterUserId", c.code, r.state,
            r.no_reward_reason AS "noRewardReason", ${wireTimestamp('r.joined_at', 'milliseconds')} AS "joinedAt"
          FROM invite_referrals r JOIN invite_codes c ON c.user_id = r.inviter_user_id
          WHERE r.inviter_user_id = ${inviterUserId}
          ORDER BY r.joined_at DESC, r.friend_user_id DESC`,
    );
  }

  /** Writes the referral of a new friend (false: the friend had joined already, nothing written). */
  async insertReferral(
    r: { friendUserId: number; inviterUserId: number; friendGiftCertificateId: number },
    tx: Db,
  ): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO invite_referrals (friend_user_id, inviter_user_id, friend_gift_certificate_id)
          VALUES (${r.friendUserId}, ${r.inviterUserId}, ${r.friendGiftCertificateId})
          ON CONFLICT (friend_user_id) DO NOTHING RETURNING friend_user_id AS id`,
    );
    return rows.length > 0;
  }

  /** Friends still waiting for their delivered order, by id after `afterFriendId` (the sweep's pages). */
  async waiting(afterFriendId: number, limit: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT friend_user_id AS id FROM invite_referrals
          WHERE state = 'waiting' AND friend_user_id > ${afterFriendId}
          ORDER BY friend_user_id LIMIT ${limit}`,
    );
    return rows.map((r) => r.id);
  }

  async isWaiting(friendUserId: number, db: Db = this.db): Promise<boolean> {
    const [row] = await queryRows<{ found: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM invite_referrals
            WHERE friend_user_id = ${friendUserId} AND state = 'waiting') AS found`,
    );
    return row?.found ?? false;
  }

  /**
   * The number the inviter's next voucher would take, with the inviter's code row locked to the end of the
   * transaction: settlements of two friends of one inviter are counted one after the other.
   */
  async nextVoucherNo(inviterUserId: number, tx: Db): Promise<number> {
    await tx.execute(sql`SELECT 1 FROM invite_codes WHERE user_id = ${inviterUserId} FOR UPDATE`);
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM invite_referrals
          WHERE inviter_user_id = ${inviterUserId} AND state = 'rewarded'`,
    );
    return (row?.n ?? 0) + 1;
  }

  async vouchersEarned(inviterUserId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM invite_referrals
          WHERE inviter_user_id = ${inviterUserId} AND state = 'rewarded'`,
    );
    return row?.n ?? 0;
  }

  /** Settles a waiting referral (false: it was settled already, nothing written). */
  async settle(friendUserId: number, s: Settlement, tx: Db): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      s.state === 'rewarded'
        ? sql`UPDATE invite_referrals SET state = 'rewarded', voucher_no = ${s.voucherNo},
                voucher_gift_certificate_id = ${s.voucherGiftCertificateId}, friend_order_id = ${s.friendOrderId},
                settled_at = now()
              WHERE friend_user_id = ${friendUserId} AND state = 'waiting' RETURNING friend_user_id AS id`
        : sql`UPDATE invite_referrals SET state = 'no_reward', no_reward_reason = ${s.reason},
                friend_order_id = ${s.friendOrderId}, settled_at = now()
              WHERE friend_user_id = ${friendUserId} AND state = 'waiting' RETURNING friend_user_id AS id`,
    );
    return rows.length > 0;
  }
}
