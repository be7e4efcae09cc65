import {
  STAFF_ROLES,
  type AdminLoginData,
  type StaffMemberWire,
  type StaffRole,
} from '@spesa/shared/contracts/admin';
import type { Db } from '../../db/client';
import { Abort, failWith, ok, type Result } from '../../lib/result';
import type { AdminMember } from '../../plugins/access';
import type { AccountRepository } from '../account/account.repository';
import { randomToken, sha256, verifyPassword } from '../account/secrets';
import { BACKOFFICE_TEXT } from './backoffice.messages';
import type { BackofficeRepository, StaffRow } from './backoffice.repository';
import { newRecoveryCodes, type Totp } from './totp';

/** A signed-in staff member, as the access gate and the admin routes see them (declared by the gate). */
export type { AdminMember } from '../../plugins/access';

export interface StaffAuthOptions {
  /** a shift: an admin session ends after this, however active */
  absoluteHours: number;
  /** and after this long without a request */
  idleMinutes: number;
  /** how long a QR code shown for enrolment waits for its first code */
  enrolmentMinutes: number;
  now: () => Date;
}

/** The outcome of `StaffAuthService.verify`: only `verified` proved the password and the one-time code. */
export type StaffVerification =
  | { state: 'badCredentials' }
  | { state: 'notEnrolled' | 'codeRequired' | 'badCode' | 'verified'; member: AdminMember };

const isRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);
const RECOVERY_CODE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

export function memberOf(s: StaffRow): AdminMember | null {
  if (!s.active || !isRole(s.role)) return null;
  return { userId: s.userId, name: s.name, email: s.email, role: s.role, warehouseIds: s.warehouseIds };
}

export const toStaffWire = (m: AdminMember): StaffMemberWire => ({ ...m });

/**
 * Staff sign-in to the back office (decision 030): the shop account's password, then a one-time code of
 * the member's authenticator app (TOTP), or one of their recovery codes. A member without an authenticator
 * enrols at their first sign-in: a QR code to scan, confirmed by its first code, and ten recovery codes shown
 * once. Every step runs with the member's row locked, so a code is accepted once even by parallel requests.
 */
export class StaffAuthService {
  constructor(
    private readonly db: Db,
    private readonly repo: BackofficeRepository,
    private readonly accounts: AccountRepository,
    private readonly totp: Totp,
    private readonly opts: StaffAuthOptions,
  ) {}

  async login(input: {
    login: string;
    password: string;
    otp?: string | undefined;
  }): Promise<Result<{ data: AdminLoginData; token: string | null }>> {
    const user = await this.accounts.findUserByLogin(input.login);
    const staff = user ? await this.repo.staff(user.userId) : null;
    // the password is checked whoever asks, so an unknown login takes as long as a known one
    const passwordOk = await verifyPassword(staff ? staff.passwordHash : null, input.password);
    const member = staff ? memberOf(staff) : null;
    if (!staff || !member || !passwordOk) {
      await this.audit(staff, 'login', false, this.db);
      return failWith(BACKOFFICE_TEXT.badCredentials);
    }
    if (!staff.totpSecret) return ok({ data: await this.startEnrolment(staff), token: null });
    if (!input.otp) return ok({ data: { state: 'codeRequired' }, token: null });
    const otp = input.otp;
    try {
      const token = await this.db.transaction(async (tx) => {
        const locked = await this.repo.lockStaff(staff.userId, tx);
        if (!locked?.totpSecret || !(await this.codeAccepted(locked, otp, tx)))
          throw new Abort(failWith(BACKOFFICE_TEXT.badCode));
        await this.audit(locked, 'login', true, tx);
        return this.openSession(locked.userId, tx);
      });
      return ok({ data: { state: 'signedIn', staff: toStaffWire(member) }, token });
    } catch (error) {
      if (!(error instanceof Abort)) throw error;
      await this.audit(staff, 'login', false, this.db);
      return error.failure;
    }
  }

  /**
   * The same password and one-time code, checked for a sign-in outside the back office (an operator's shop
   * session, decision 053): no admin session is opened, and enrolment stays in the back office. Every
   * attempt is audited like a back-office sign-in (`action` names where it came from).
   */
  async verify(
    input: { login: string; password: string; otp?: string | undefined },
    action: string,
  ): Promise<StaffVerification> {
    const user = await this.accounts.findUserByLogin(input.login);
    const staff = user ? await this.repo.staff(user.userId) : null;
    const passwordOk = await verifyPassword(staff ? staff.passwordHash : null, input.password);
    const member = staff ? memberOf(staff) : null;
    if (!staff || !member || !passwordOk) {
      await this.audit(staff, action, false, this.db);
      return { state: 'badCredentials' };
    }
    if (!staff.totpSecret) return { state: 'notEnrolled', member };
    if (!input.otp) return { state: 'codeRequired', member };
    const otp = input.otp;
    const accepted = await this.db.transaction(async (tx) => {
      const locked = await this.repo.lockStaff(staff.userId, tx);
      const good = !!locked?.totpSecret && (await this.codeAccepted(locked, otp, tx));
      if (good) await this.audit(locked, action, true, tx);
      return good;
    });
    if (accepted) return { state: 'verified', member };
    await this.audit(staff, action, false, this.db);
    return { state: 'badCode', member };
  }

  /** The first code of the scanned QR code confirms the authenticator; ten recovery codes are shown once. */
  async enrol(input: {
    enrolmentToken: string;
    otp: string;
  }): Promise<Result<{ staff: StaffMemberWire; recoveryCodes: string[]; token: string }>> {
    try {
      const done = await this.db.transaction(async (tx) => {
        const staff = await this.repo.staffByEnrolmentToken(sha256(input.enrolmentToken), tx);
        const member = staff ? memberOf(staff) : null;
        if (!staff || !member || !staff.totpPendingSecret || !staff.enrolmentExpiresAt)
          throw new Abort(failWith(BACKOFFICE_TEXT.enrolmentExpired));
        if (new Date(staff.enrolmentExpiresAt) <= this.opts.now())
          throw new Abort(failWith(BACKOFFICE_TEXT.enrolmentExpired));
        const secret = this.totp.decrypt(staff.totpPendingSecret);
        const step = await this.totp.stepOf(secret, input.otp, this.opts.now());
        if (step === null) throw new Abort(failWith(BACKOFFICE_TEXT.badCode));
        const recoveryCodes = newRecoveryCodes();
        await this.repo.finishEnrolment(
          staff.userId,
          {
            secret: staff.totpPendingSecret,
            step,
            recoveryCodeHashes: recoveryCodes.map((c) => sha256(c.toUpperCase())),
          },
          tx,
        );
        await this.audit(staff, 'enrol', true, tx);
        const token = await this.openSession(staff.userId, tx);
        return { staff: toStaffWire(member), recoveryCodes, token };
      });
      return ok(done);
    } catch (error) {
      if (error instanceof Abort) return error.failure;
      throw error;
    }
  }

  /** The member behind an admin session token (null: none, expired, revoked, or no longer staff). */
  async memberOfSession(token: string): Promise<AdminMember | null> {
    const staff = await this.repo.touchSession(sha256(token), this.opts.now(), this.opts.idleMinutes);
    return staff ? memberOf(staff) : null;
  }

  async logout(token: string): Promise<void> {
    await this.repo.revokeSession(sha256(token));
  }

  /** Seconds the session cookie lives (the session's absolute end). */
  cookieMaxAge(): number {
    return this.opts.absoluteHours * 3600;
  }

  private async startEnrolment(staff: StaffRow): Promise<AdminLoginData> {
    const secret = await this.totp.newSecret();
    const enrolmentToken = randomToken();
    await this.repo.startEnrolment(
      staff.userId,
      {
        pendingSecret: this.totp.encrypt(secret),
        tokenHash: sha256(enrolmentToken),
        expiresAt: new Date(this.opts.now().getTime() + this.opts.enrolmentMinutes * 60_000),
      },
      this.db,
    );
    const { otpauthUri, qrSvg } = await this.totp.enrolment(secret, staff.email);
    return { state: 'enrol', enrolmentToken, secret, otpauthUri, qrSvg };
  }

  /** A code of the authenticator newer than the last one accepted, or an unspent recovery code. */
  private async codeAccepted(staff: StaffRow, code: string, tx: Db): Promise<boolean> {
    if (RECOVERY_CODE.test(code))
      return this.repo.spendRecoveryCode(staff.userId, sha256(code.toUpperCase()), tx);
    if (!staff.totpSecret) return false;
    const step = await this.totp.stepOf(this.totp.decrypt(staff.totpSecret), code, this.opts.now());
    if (step === null || (staff.totpLastStep !== null && step <= staff.totpLastStep)) return false;
    await this.repo.setLastStep(staff.userId, step, tx);
    return true;
  }

  private async openSession(userId: number, tx: Db): Promise<string> {
    const token = randomToken();
    const now = this.opts.now().getTime();
    const absolute = new Date(now + this.opts.absoluteHours * 3_600_000);
    const idle = new Date(Math.min(absolute.getTime(), now + this.opts.idleMinutes * 60_000));
    await this.repo.createSession(
      {
        tokenHash: sha256(token),
        userId,
        idleExpiresAt: idle,
        absoluteExpiresAt: absolute,
      },
      tx,
    );
    return token;
  }

  private audit(staff: StaffRow | null, action: string, allowed: boolean, db: Db): Promise<void> {
    return this.repo.audit(
      {
        staffUserId: staff?.userId ?? null,
        staffName: staff?.name ?? '',
        action,
        resource: 'session',
        resourceId: null,
        allowed,
        before: null,
        after: null,
      },
      db,
    );
  }
}
