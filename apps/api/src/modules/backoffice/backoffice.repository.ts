import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';

/**
 * SQL of the back office (decision 030): staff members with their authenticator, their sessions, and the
 * audit log. Timestamps come back as ISO text so PGlite and node-postgres answer the same types.
 */
export interface StaffRow {
  userId: number;
  role: string;
  warehouseIds: number[];
  active: boolean;
  name: string;
  email: string;
  passwordHash: string | null;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  enrolmentTokenHash: string | null;
  enrolmentExpiresAt: string | null;
  totpLastStep: number | null;
  recoveryCodeHashes: string[];
}

export interface AuditWrite {
  staffUserId: number | null;
  staffName: string;
  action: string;
  resource: string;
  resourceId: string | null;
  allowed: boolean;
  before: unknown;
  after: unknown;
}

export interface AuditRow {
  id: number;
  at: string;
  staffUserId: number | null;
  staffName: string;
  action: string;
  resource: string;
  resourceId: string | null;
  allowed: boolean;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const STAFF_COLUMNS = sql`s.user_id AS "userId", s.role, s.warehouse_ids AS "warehouseIds", s.active,
  trim(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')) AS name, u.email,
  u.password_hash AS "passwordHash", s.totp_secret AS "totpSecret", s.totp_pending_secret AS "totpPendingSecret",
  s.enrolment_token_hash AS "enrolmentTokenHash", ${wireTimestamp('s.enrolment_expires_at', 'milliseconds')} AS "enrolmentExpiresAt",
  s.totp_last_step AS "totpLastStep", s.recovery_code_hashes AS "recoveryCodeHashes"`;

export interface StaffListRow {
  id: number;
  name: string;
  email: string;
  role: string;
  warehouseIds: number[];
  active: boolean;
  enrolled: boolean;
  updatedAt: string;
}

const STAFF_LIST = sql`SELECT s.user_id AS id,
    trim(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')) AS name,
    u.email, s.role, s.warehouse_ids AS "warehouseIds", s.active, s.totp_secret IS NOT NULL AS enrolled,
    ${wireTimestamp('s.updated_at', 'microseconds')} AS "updatedAt"
  FROM staff_members s JOIN users u ON u.user_id = s.user_id`;

export class BackofficeRepository {
  constructor(private readonly db: Db) {}

  // ---------- staff ----------
  /** The one staff row matching `where`; `lock`: locked until the caller's transaction ends. */
  private async oneStaff(where: SQL, lock = false, db: Db): Promise<StaffRow | null> {
    const [row] = await queryRows<StaffRow>(
      db,
      sql`SELECT ${STAFF_COLUMNS} FROM staff_members s JOIN users u ON u.user_id = s.user_id
          WHERE ${where} ${lock ? sql`FOR UPDATE OF s` : sql``}`,
    );
    return row ?? null;
  }

  staff(userId: number, db: Db = this.db): Promise<StaffRow | null> {
    return this.oneStaff(sql`s.user_id = ${userId}`, false, db);
  }

  /** Every staff member with their role, stores, and whether their authenticator is enrolled. */
  /** Every staff member, by role and name. */
  async staffList(): Promise<StaffListRow[]> {
    return queryRows<StaffListRow>(this.db, sql`${STAFF_LIST} ORDER BY s.role, name`);
  }

  /** One staff member as the staff list shows them (locked until the transaction ends when asked). */
  async staffListRow(userId: number, lock = false, db: Db): Promise<StaffListRow | null> {
    const [row] = await queryRows<StaffListRow>(
      db,
      sql`${STAFF_LIST} WHERE s.user_id = ${userId} ${lock ? sql`FOR UPDATE OF s` : sql``}`,
    );
    return row ?? null;
  }

  /** Makes a user a staff member; false when they already are. */
  async addStaff(userId: number, role: string, warehouseIds: readonly number[], tx: Db): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO staff_members (user_id, role, warehouse_ids)
          VALUES (${userId}, ${role}, string_to_array(${warehouseIds.join(',')}, ',')::int[])
          ON CONFLICT (user_id) DO NOTHING RETURNING user_id AS id`,
    );
    return rows.length > 0;
  }

  async updateStaff(
    userId: number,
    set: {
      role?: string | undefined;
      warehouseIds?: readonly number[] | undefined;
      active?: boolean | undefined;
    },
    tx: Db,
  ): Promise<void> {
    const parts: SQL[] = [sql`updated_at = clock_timestamp()`];
    if (set.role !== undefined) parts.push(sql`role = ${set.role}`);
    if (set.warehouseIds !== undefined)
      parts.push(sql`warehouse_ids = string_to_array(${set.warehouseIds.join(',')}, ',')::int[]`);
    if (set.active !== undefined) parts.push(sql`active = ${set.active}`);
    await tx.execute(sql`UPDATE staff_members SET ${sql.join(parts, sql`, `)} WHERE user_id = ${userId}`);
  }

  /** Forgets the member's authenticator and recovery codes: they enrol again at their next sign-in. */
  async resetAuthenticator(userId: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE staff_members SET totp_secret = NULL, totp_pending_secret = NULL, enrolment_token_hash = NULL,
            enrolment_expires_at = NULL, totp_last_step = NULL, recovery_code_hashes = '{}'::text[],
            updated_at = clock_timestamp()
          WHERE user_id = ${userId}`,
    );
  }

  /** Ends every back-office session of a member. */
  async revokeSessionsOf(userId: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE staff_sessions SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`,
    );
  }

  /** The staff row, locked until the transaction ends (one sign-in step at a time per member). */
  lockStaff(userId: number, tx: Db): Promise<StaffRow | null> {
    return this.oneStaff(sql`s.user_id = ${userId}`, true, tx);
  }

  async startEnrolment(
    userId: number,
    e: { pendingSecret: string; tokenHash: string; expiresAt: Date },
    db: Db,
  ): Promise<void> {
    await db.execute(
      sql`UPDATE staff_members SET totp_pending_secret = ${e.pendingSecret}, enrolment_token_hash = ${e.tokenHash},
            enrolment_expires_at = ${e.expiresAt.toISOString()}::timestamptz, updated_at = now()
          WHERE user_id = ${userId}`,
    );
  }

  /** The member an enrolment token was shown to, locked until the transaction ends. */
  staffByEnrolmentToken(tokenHash: string, tx: Db): Promise<StaffRow | null> {
    return this.oneStaff(sql`s.enrolment_token_hash = ${tokenHash}`, true, tx);
  }

  async finishEnrolment(
    userId: number,
    e: { secret: string; step: number; recoveryCodeHashes: string[] },
    tx: Db,
  ): Promise<void> {
    await tx.execute(
      sql`UPDATE staff_members SET totp_secret = ${e.secret}, totp_pending_secret = NULL,
            enrolment_token_hash = NULL, enrolment_expires_at = NULL, totp_last_step = ${e.step},
            recovery_code_hashes = string_to_array(${e.recoveryCodeHashes.join(',')}, ','),
            updated_at = now()
          WHERE user_id = ${userId}`,
    );
  }

  async setLastStep(userId: number, step: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE staff_members SET totp_last_step = ${step}, updated_at = now() WHERE user_id = ${userId}`,
    );
  }

  /** Spends a recovery code: false when it is not one of the member's unspent codes. */
  async spendRecoveryCode(userId: number, codeHash: string, tx: Db): Promise<boolean> {
    const rows = await queryRows<{ userId: number }>(
      tx,
      sql`UPDATE staff_members SET recovery_code_hashes = array_remove(recovery_code_hashes, ${codeHash}),
            updated_at = now()
          WHERE user_id = ${userId} AND ${codeHash} = ANY(recovery_code_hashes)
          RETURNING user_id AS "userId"`,
    );
    return rows.length > 0;
  }

  // ---------- sessions ----------
  async createSession(
    s: { tokenHash: string; userId: number; idleExpiresAt: Date; absoluteExpiresAt: Date },
    db: Db,
  ): Promise<void> {
    await db.execute(
      sql`INSERT INTO staff_sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
          VALUES (${s.tokenHash}, ${s.userId}, ${s.idleExpiresAt.toISOString()}::timestamptz,
            ${s.absoluteExpiresAt.toISOString()}::timestamptz)`,
    );
  }

  /** The live session's member, its idle time renewed (null: unknown, expired, revoked or inactive). */
  async touchSession(tokenHash: string, now: Date, idleMinutes: number): Promise<StaffRow | null> {
    const [live] = await queryRows<{ userId: number }>(
      this.db,
      sql`UPDATE staff_sessions SET last_seen_at = ${now.toISOString()}::timestamptz,
            idle_expires_at = LEAST(absolute_expires_at,
              ${now.toISOString()}::timestamptz + ${idleMinutes} * interval '1 minute')
          WHERE token_hash = ${tokenHash} AND revoked_at IS NULL
            AND idle_expires_at > ${now.toISOString()}::timestamptz
            AND absolute_expires_at > ${now.toISOString()}::timestamptz
          RETURNING user_id AS "userId"`,
    );
    if (!live) return null;
    const staff = await this.staff(live.userId);
    return staff?.active ? staff : null;
  }

  async revokeSession(tokenHash: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE staff_sessions SET revoked_at = now() WHERE token_hash = ${tokenHash} AND revoked_at IS NULL`,
    );
  }

  // ---------- audit ----------
  async audit(e: AuditWrite, db: Db): Promise<void> {
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    await db.execute(
      sql`INSERT INTO admin_audit (staff_user_id, staff_name, action, resource, resource_id, allowed, before, after)
          VALUES (${e.staffUserId}, ${e.staffName}, ${e.action}, ${e.resource}, ${e.resourceId}, ${e.allowed},
            ${json(e.before)}::jsonb, ${json(e.after)}::jsonb)`,
    );
  }

  /**
   * The audit writer of one action of a staff member on one record: `record(db, allowed, before, after)`
   * writes it in `db` (the change's own transaction, or the pool for a refusal).
   */
  auditOf(
    member: { userId: number; name: string },
    what: { action: string; resource: string; resourceId: string },
  ): (allowed: boolean, before: unknown, after: unknown, db: Db) => Promise<void> {
    return (allowed, before, after, db) =>
      this.audit({ staffUserId: member.userId, staffName: member.name, ...what, allowed, before, after }, db);
  }

  async auditList(
    f: { staffUserId?: number | undefined; resource?: string | undefined; action?: string | undefined },
    order: { desc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const parts: SQL[] = [sql`TRUE`];
    if (f.staffUserId !== undefined) parts.push(sql`staff_user_id = ${f.staffUserId}`);
    if (f.resource) parts.push(sql`resource = ${f.resource}`);
    if (f.action) parts.push(sql`action = ${f.action}`);
    const where = sql.join(parts, sql` AND `);
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE ${where}`,
    );
    const rows = await queryRows<AuditRow>(
      this.db,
      sql`SELECT audit_id::int AS id, ${wireTimestamp('at', 'milliseconds')} AS at, staff_user_id AS "staffUserId", staff_name AS "staffName",
            action, resource, resource_id AS "resourceId", allowed, before, after
          FROM admin_audit WHERE ${where}
          ORDER BY audit_id ${sql.raw(order.desc ? 'DESC' : 'ASC')} LIMIT ${limit} OFFSET ${offset}`,
    );
    return { rows, total: count?.n ?? 0 };
  }
}
