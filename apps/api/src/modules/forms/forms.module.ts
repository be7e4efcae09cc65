import type { FastifyInstance } from 'fastify';
import type { VoucherMode } from '@spesa/shared/contracts/receipts';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { MailService } from '../mail/mail.service';
import { FormFiles } from './form-files';
import formsAdminRoutes from './forms-admin.routes';
import { FormsRepository } from './forms.repository';
import formsRoutes from './forms.routes';
import { FORMS_RETENTION_EVERY_MS, FORMS_RETENTION_JOB, FormsService } from './forms.service';
import { TIME_ZONE } from '@spesa/shared/time/rome';

/** A customer as a form prefills their data. */
interface FormCustomer {
  firstName: string;
  lastName: string;
  email: string;
  mobilePhone: string;
  homePhone: string;
  cardNumber: string | null;
  fiscalCode: string;
  address1: string;
  addressNumber: string;
  postalCode: string;
  city: string;
}

export interface FormsModuleDeps extends ModuleCore {
  mail: MailService;
  /** the customer's data (the account module's repository) */
  accounts: { findUserById(userId: number): Promise<FormCustomer | null> };
  /** the customer's last orders (the orders module's repository) */
  orders: {
    listOrders(
      filter: { userId: number; includePending: boolean },
      limit: number,
      offset: number,
    ): Promise<Array<{ orderId: number; slotDate: string }>>;
  };
  /** the voucher mode of the card data update (the receipts module owns the setting) */
  receipts: { changeSettings(userId: number, body: { voucherMode: VoucherMode }): Promise<unknown> };
}

/**
 * The content system's forms (decision 051): the customer's data, last orders and voucher mode through ports,
 * submissions mailed to the chain with their files, deleted after the retention period (daily job).
 */
export function formsModule(app: FastifyInstance, d: FormsModuleDeps) {
  const { db, env, now, jobs, mail, accounts } = d;
  const forms = new FormsService(db, new FormsRepository(db), new FormFiles(d.files), {
    customers: {
      profileOf: async (userId) => {
        const u = await accounts.findUserById(userId);
        return u
          ? {
              firstName: u.firstName,
              lastName: u.lastName,
              fullName: [u.firstName, u.lastName].filter(Boolean).join(' '),
              email: u.email,
              phone: u.mobilePhone || u.homePhone,
              cardNumber: u.cardNumber ?? '',
              fiscalCode: u.fiscalCode,
              address: [u.address1, u.addressNumber].filter(Boolean).join(' '),
              postalCode: u.postalCode,
              city: u.city,
            }
          : null;
      },
    },
    orders: {
      recentOrders: async (userId, count) =>
        (await d.orders.listOrders({ userId, includePending: false }, count, 0)).map((o) => ({
          value: String(o.orderId),
          label: `Ordine n. ${o.orderId} del ${new Date(`${o.slotDate}T12:00:00Z`).toLocaleDateString('it-IT', { timeZone: TIME_ZONE })}`,
        })),
    },
    voucherMode: {
      setVoucherMode: async (userId, voucherMode) => {
        await d.receipts.changeSettings(userId, { voucherMode });
      },
    },
    mail: {
      send: (to, m, attachments, tx) =>
        mail.send(to, { template: 'form-submission', firstName: '', ...m }, attachments, tx),
    },
    now,
  });
  app.decorate('forms', forms);
  jobs.every(FORMS_RETENTION_JOB, FORMS_RETENTION_EVERY_MS, async () => {
    await forms.deleteExpired((mailIds, tx) => mail.dropAttachments(mailIds, tx));
  });
  return {
    forms,
    adminRoutes: (async (api) => {
      await api.register(formsAdminRoutes, { forms });
    }) satisfies RouteRegistrar,
    /** the forms at the content system's paths, outside /ebsn/api (decision 051) */
    rootRoutes: (async (root) => {
      await root.register(formsRoutes, { forms, maxPerAddress: env.FORM_RATE_MAX_PER_ADDRESS });
    }) satisfies RouteRegistrar,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the content system's forms (tests run the retention job's work) */
    forms: FormsService;
  }
}
