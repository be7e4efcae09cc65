import type { AdminCustomer, AdminCustomerSummary } from '@spesa/shared/contracts/admin';
import type { Db } from '../../db/client';
import { failWith, ok, type Result } from '../../lib/result';
import type { AdminCustomersRepository, CustomerSort } from './admin-customers.repository';
import { BACKOFFICE_TEXT } from './backoffice.messages';
import type { BackofficeRepository } from './backoffice.repository';
import type { AdminMember } from './staff-auth.service';

/** The account module's erasure (AccountService.anonymizeOnRequest). */
export interface ErasurePort {
  anonymize(userId: number): Promise<Result<Record<string, never>>>;
}

type CustomerAnswer = Result<{ data: AdminCustomer }>;

/**
 * Customers in the back office (decision 030): found by name, e-mail, card, phone or fiscal code; read with
 * their latest orders and customer service's notes; erased on request. Personal data are read only by the
 * roles of ADMIN_GRANTS.customers, and each opening of a customer's record is in the audit log (who looked at
 * whose data). The audit log never holds the personal data themselves (it outlives an erasure).
 */
export class AdminCustomersService {
  constructor(
    private readonly db: Db,
    private readonly customers: AdminCustomersRepository,
    private readonly audit: BackofficeRepository,
    private readonly erasure: ErasurePort,
  ) {}

  async list(
    q: string | undefined,
    sort: { by: CustomerSort; desc: boolean },
    page: number,
    perPage: number,
  ): Promise<Result<{ data: AdminCustomerSummary[]; total: number }>> {
    const { rows, total } = await this.customers.list(q, sort, perPage, (page - 1) * perPage);
    return ok({ data: rows, total });
  }

  async get(member: AdminMember, userId: number): Promise<CustomerAnswer> {
    const customer = await this.customers.find(userId);
    if (!customer) return failWith(BACKOFFICE_TEXT.customerNotFound, 'notFound');
    await this.record(member, 'view', userId, null, null, this.db);
    return ok({ data: customer });
  }

  async addNote(member: AdminMember, userId: number, text: string): Promise<CustomerAnswer> {
    return this.db.transaction(async (tx) => {
      const customer = await this.customers.find(userId, tx);
      if (!customer) return failWith(BACKOFFICE_TEXT.customerNotFound, 'notFound');
      if (customer.anonymizedAt) return failWith(BACKOFFICE_TEXT.customerErased);
      await this.customers.addNote(
        {
          userId,
          staffUserId: member.userId,
          staffName: member.name,
          text,
        },
        tx,
      );
      await this.record(member, 'note', userId, null, { characters: text.length }, tx);
      const after = await this.customers.find(userId, tx);
      return after ? ok({ data: after }) : failWith(BACKOFFICE_TEXT.customerNotFound, 'notFound');
    });
  }

  /**
   * Erases the customer's personal data on their request (GDPR art. 17), through the account module: the same
   * rules as their own request (not while an order awaits pickup). The audit records who, when and the
   * request's reference.
   */
  async anonymize(member: AdminMember, userId: number, reason: string): Promise<CustomerAnswer> {
    const customer = await this.customers.find(userId);
    if (!customer) return failWith(BACKOFFICE_TEXT.customerNotFound, 'notFound');
    if (customer.anonymizedAt) return failWith(BACKOFFICE_TEXT.customerErased);
    const erased = await this.erasure.anonymize(userId);
    if (!erased.ok) return erased;
    await this.record(member, 'anonymize', userId, null, { reason }, this.db);
    const after = await this.customers.find(userId);
    return after ? ok({ data: after }) : failWith(BACKOFFICE_TEXT.customerNotFound, 'notFound');
  }

  private record(
    member: AdminMember,
    action: string,
    userId: number,
    before: unknown,
    after: unknown,
    db: Db,
  ): Promise<void> {
    return this.audit.audit(
      {
        staffUserId: member.userId,
        staffName: member.name,
        action,
        resource: 'customers',
        resourceId: String(userId),
        allowed: true,
        before,
        after,
      },
      db,
    );
  }
}
