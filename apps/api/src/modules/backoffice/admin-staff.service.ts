import {
  STAFF_ROLES,
  type AdminStaff,
  type AdminStaffUpdate,
  type StaffRole,
} from '@spesa/shared/contracts/admin';
import type { Db } from '../../db/client';
import { failWith, ok, type Failure, type Result } from '../../lib/result';
import type { AccountRepository } from '../account/account.repository';
import { BACKOFFICE_TEXT } from './backoffice.messages';
import type { BackofficeRepository, StaffListRow } from './backoffice.repository';
import type { AdminMember } from './staff-auth.service';

const isRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);
const toWire = (r: StaffListRow): AdminStaff | null => (isRole(r.role) ? { ...r, role: r.role } : null);

type StaffAnswer = Result<{ data: AdminStaff }>;
export type StaffEditOutcome =
  { ok: true; staff: AdminStaff } | { ok: false; failure: Failure; current: AdminStaff | null };

/**
 * Staff members and their roles (administrators only, decision 030): a shop account becomes staff with a
 * role and (store manager, picker) its stores; a role, stores or activity changes with the stale-edit check;
 * an authenticator is reset (lost phone) so the member enrols again. Deactivating or resetting ends the
 * member's sessions at once; a role change applies at their next request (the session re-reads the role).
 * An administrator cannot demote or deactivate themselves (the chain never loses its last administrator by a
 * slip). Every change is audited in its transaction.
 */
export class AdminStaffService {
  constructor(
    private readonly db: Db,
    private readonly repo: BackofficeRepository,
    private readonly accounts: AccountRepository,
  ) {}

  async list(): Promise<Result<{ data: AdminStaff[]; total: number }>> {
    const rows = (await this.repo.staffList()).flatMap((r) => toWire(r) ?? []);
    return ok({ data: rows, total: rows.length });
  }

  async get(userId: number): Promise<StaffAnswer> {
    const row = await this.repo.staffListRow(userId, false, this.db);
    const staff = row ? toWire(row) : null;
    return staff ? ok({ data: staff }) : failWith(BACKOFFICE_TEXT.staffNotFound, 'notFound');
  }

  async add(
    member: AdminMember,
    input: { email: string; role: StaffRole; warehouseIds: number[] },
  ): Promise<StaffAnswer> {
    const user = await this.accounts.findUserByLogin(input.email);
    if (!user) return failWith(BACKOFFICE_TEXT.accountNotFound);
    return this.db.transaction(async (tx) => {
      const scoped = input.role === 'store_manager' || input.role === 'picker';
      const stores = scoped ? input.warehouseIds : [];
      if (!(await this.repo.addStaff(user.userId, input.role, stores, tx)))
        return failWith(BACKOFFICE_TEXT.alreadyStaff);
      const row = await this.repo.staffListRow(user.userId, false, tx);
      const after = row ? toWire(row) : null;
      if (!after) throw new Error('the staff member vanished inside its transaction');
      await this.record(member, 'create', user.userId, true, null, after, tx);
      return ok({ data: after });
    });
  }

  async update(member: AdminMember, userId: number, edit: AdminStaffUpdate): Promise<StaffEditOutcome> {
    return this.db.transaction(async (tx) => {
      const row = await this.repo.staffListRow(userId, true, tx);
      const before = row ? toWire(row) : null;
      if (!before)
        return { ok: false, failure: failWith(BACKOFFICE_TEXT.staffNotFound, 'notFound'), current: null };
      if (before.updatedAt !== edit.updatedAt) {
        await this.record(member, 'update', userId, false, before, edit, tx);
        return { ok: false, failure: failWith(BACKOFFICE_TEXT.staleEdit), current: before };
      }
      const demotesSelf =
        userId === member.userId &&
        ((edit.role !== undefined && edit.role !== 'administrator') || edit.active === false);
      if (demotesSelf) return { ok: false, failure: failWith(BACKOFFICE_TEXT.notYourself), current: before };
      await this.repo.updateStaff(userId, edit, tx);
      if (edit.active === false) await this.repo.revokeSessionsOf(userId, tx);
      const afterRow = await this.repo.staffListRow(userId, false, tx);
      const after = afterRow ? toWire(afterRow) : null;
      if (!after) throw new Error('the staff member vanished inside its transaction');
      await this.record(member, 'update', userId, true, before, after, tx);
      return { ok: true, staff: after };
    });
  }

  async resetAuthenticator(member: AdminMember, userId: number): Promise<StaffAnswer> {
    return this.db.transaction(async (tx) => {
      const row = await this.repo.staffListRow(userId, true, tx);
      if (!row) return failWith(BACKOFFICE_TEXT.staffNotFound, 'notFound');
      await this.repo.resetAuthenticator(userId, tx);
      await this.repo.revokeSessionsOf(userId, tx);
      const after = await this.repo.staffListRow(userId, false, tx);
      const staff = after ? toWire(after) : null;
      if (!staff) throw new Error('the staff member vanished inside its transaction');
      await this.record(
        member,
        'reset-authenticator',
        userId,
        true,
        { enrolled: row.enrolled },
        {
          enrolled: false,
        },
        tx,
      );
      return ok({ data: staff });
    });
  }

  private record(
    member: AdminMember,
    action: string,
    userId: number,
    allowed: boolean,
    before: unknown,
    after: unknown,
    db: Db,
  ): Promise<void> {
    return this.repo.audit(
      {
        staffUserId: member.userId,
        staffName: member.name,
        action,
        resource: 'staff',
        resourceId: String(userId),
        allowed,
        before,
        after,
      },
      db,
    );
  }
}
