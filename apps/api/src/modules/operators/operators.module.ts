import type { Db } from '../../db/client';
import type { RouteRegistrar } from '../../lib/module';
import type { ActingAccessPort } from '../../plugins/access';
import type { AppPluginRegistrar } from '../../plugins/index';
import type { AccountRepository } from '../account/account.repository';
import type { SessionService } from '../account/session.service';
import type { AdminCustomersRepository } from '../backoffice/admin-customers.repository';
import type { BackofficeRepository } from '../backoffice/backoffice.repository';
import type { StaffAuthService } from '../backoffice/staff-auth.service';
import operatorsAuditPlugin from './operators-audit.plugin';
import { OPERATORS_TEXT } from './operators.messages';
import { OperatorsRepository } from './operators.repository';
import operatorsRoutes from './operators.routes';
import { OperatorsService } from './operators.service';

export interface OperatorsModuleDeps {
  db: Db;
  secureCookie: boolean;
  accounts: AccountRepository;
  sessions: SessionService;
  /** the back office's staff sign-in check, its customers and staff records */
  staffAuth: StaffAuthService;
  customers: AdminCustomersRepository;
  backoffice: BackofficeRepository;
}

/**
 * Operators acting for a customer (decision 053): the back office's sign-in check and customer search, the
 * operator's shop session, and the trail of what they do (written by the operators' audit plugin).
 */
export function operatorsModule(d: OperatorsModuleDeps) {
  const { accounts, sessions, customers, backoffice } = d;
  const repo = new OperatorsRepository(d.db);
  const operators = new OperatorsService(repo, sessions, d.staffAuth, {
    search: async (q, sort, limit, offset) => {
      const { rows, total } = await customers.list(q, sort, limit, offset, { liveOnly: true });
      return {
        rows: rows.map((c) => ({
          userId: c.id,
          firstName: c.firstName,
          lastName: c.lastName,
          email: c.email,
          cardNumber: c.cardNumber,
          mobilePhone: c.mobilePhone,
          fiscalCode: c.fiscalCode,
        })),
        total,
      };
    },
    accountOf: async (userId) => {
      const user = await accounts.findUserById(userId);
      return user ? { userId, staff: (await backoffice.staff(userId)) !== null } : null;
    },
  });
  return {
    /** the access plugin's port: its answers to an operator's session */
    actingAccess: {
      refusals: {
        operatorsOnly: OPERATORS_TEXT.operatorsOnly,
        chooseCustomer: OPERATORS_TEXT.chooseCustomer,
        customerOnly: OPERATORS_TEXT.customerOnly,
        supervisorOnly: OPERATORS_TEXT.supervisorOnly,
      },
    } satisfies ActingAccessPort,
    /** the operators' trail: its plugin, registered by plugins/index.ts right after the access gate */
    trail: (async (app) => {
      await app.register(operatorsAuditPlugin, { record: repo.record.bind(repo) });
    }) satisfies AppPluginRegistrar,
    routes: (async (api) => {
      await api.register(operatorsRoutes, { operators, sessions, secureCookie: d.secureCookie });
    }) satisfies RouteRegistrar,
  };
}
