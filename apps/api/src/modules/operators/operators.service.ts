import type { AdminOperatorAction } from '@spesa/shared/contracts/admin-operators';
import {
  isActingRole,
  operationLabel,
  type OperationOutcome,
  type OperationsData,
  type UserSearchData,
  type UserSearchRow,
} from '@spesa/shared/contracts/operators';
import { failWith, ok, type Result } from '../../lib/result';
import type { LiveSession, SessionService } from '../account/session.service';
import type { StaffVerification } from '../backoffice/staff-auth.service';
import { OPERATORS_TEXT } from './operators.messages';
import type { ActionFilter, OperatorActionRow, OperatorsRepository } from './operators.repository';

/** The back office's check of a staff member's password and one-time code (StaffAuthService.verify). */
export interface StaffVerifierPort {
  verify(
    input: { login: string; password: string; otp?: string | undefined },
    action: string,
  ): Promise<StaffVerification>;
}

export type CustomerSort = { by: 'lastName' | 'email' | 'id'; desc: boolean };

/** Customers as the back office finds them, and whether an account may be acted for. */
export interface CustomersPort {
  /** live customers (not staff, not erased) by name, e-mail, card, phone or fiscal code */
  search(
    q: string,
    sort: CustomerSort,
    limit: number,
    offset: number,
  ): Promise<{ rows: UserSearchRow[]; total: number }>;
  /** null: no live account; staff: the account is a staff member's */
  accountOf(userId: number): Promise<{ userId: number; staff: boolean } | null>;
}

const SORTS: Record<string, CustomerSort> = {
  lastName: { by: 'lastName', desc: false },
  '-lastName': { by: 'lastName', desc: true },
  email: { by: 'email', desc: false },
  '-email': { by: 'email', desc: true },
  userId: { by: 'id', desc: false },
  '-userId': { by: 'id', desc: true },
};

const pageOf = (page: number, size: number, total: number) => ({
  selPage: page,
  totPages: Math.ceil(total / size),
  totItems: total,
  itemsPerPage: size,
});

/**
 * Operators acting for a customer (decision 053): the operator's sign-in to the shop with the back office's
 * password and one-time code, the customer search, choosing whom to act for (the session row changes, so every
 * API process sees it), and the audit trail's reads. The session itself is the account module's.
 */
export class OperatorsService {
  constructor(
    private readonly repo: OperatorsRepository,
    private readonly sessions: SessionService,
    private readonly staff: StaffVerifierPort,
    private readonly customers: CustomersPort,
  ) {}

  async signIn(
    input: { login: string; password: string; otp?: string | undefined },
    meta: { userAgent: string; clientIp: string },
  ): Promise<Result<{ state: 'codeRequired' } | { state: 'signedIn'; token: string }>> {
    const checked = await this.staff.verify(input, 'shop-login');
    if (checked.state === 'badCredentials') return failWith(OPERATORS_TEXT.badCredentials);
    if (!isActingRole(checked.member.role)) return failWith(OPERATORS_TEXT.notAllowedRole);
    if (checked.state === 'notEnrolled') return failWith(OPERATORS_TEXT.notEnrolled);
    if (checked.state === 'codeRequired') return ok({ state: 'codeRequired' });
    if (checked.state === 'badCode') return failWith(OPERATORS_TEXT.badCode);
    return ok({ state: 'signedIn', token: await this.sessions.createOperator(checked.member.userId, meta) });
  }

  async search(query: {
    q?: string | undefined;
    cod_int?: string | undefined;
    page: number;
    page_size: number;
    sort: string;
  }): Promise<Result<UserSearchData>> {
    const q = query.cod_int ?? query.q;
    if (!q) return failWith(OPERATORS_TEXT.searchEmpty, 'validation');
    const sort = SORTS[query.sort] ?? { by: 'lastName', desc: false };
    const found = await this.customers.search(q, sort, query.page_size, (query.page - 1) * query.page_size);
    return ok({ users: found.rows, page: pageOf(query.page, query.page_size, found.total) });
  }

  /** The operator's session acts for this customer from now on (never for a staff member's account). */
  async select(session: LiveSession, customerUserId: number): Promise<Result<null>> {
    const account = await this.customers.accountOf(customerUserId);
    if (!account) return failWith(OPERATORS_TEXT.customerNotFound, 'notFound');
    if (account.staff) return failWith(OPERATORS_TEXT.staffAccount);
    if (!(await this.sessions.actFor(session.tokenHash, customerUserId)))
      return failWith(OPERATORS_TEXT.operatorsOnly);
    return ok(null);
  }

  async stopActing(session: LiveSession): Promise<void> {
    await this.sessions.stopActing(session.tokenHash);
  }

  record(row: OperatorActionRow): Promise<void> {
    return this.repo.record(row);
  }

  /** What customer service did in the customer's account, newest first (their profile page). */
  async operationsOf(customerUserId: number, page: number, size: number): Promise<Result<OperationsData>> {
    const { rows, total } = await this.repo.list(
      { customerUserId, operatorOnly: true },
      { by: 'id', desc: true },
      size,
      (page - 1) * size,
    );
    return ok({
      operations: rows.map((r) => ({
        id: r.id,
        at: r.at,
        operatorName: r.operatorName,
        label: operationLabel(r.action),
        outcome: r.outcome as OperationOutcome,
      })),
      page: pageOf(page, size, total),
    });
  }

  /** The trail for supervisors in the back office. */
  async adminList(
    filter: ActionFilter,
    order: { by: 'id' | 'at'; desc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ data: AdminOperatorAction[]; total: number }> {
    const { rows, total } = await this.repo.list(filter, order, limit, offset);
    return { data: rows.map((r) => ({ ...r, label: operationLabel(r.action) })), total };
  }
}
