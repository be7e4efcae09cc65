import { isActingRole } from '@spesa/shared/contracts/operators';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { storedSecret } from '../../lib/app-secrets';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { AdminAccessPort } from '../../plugins/access';
import type { AccountRepository } from '../account/account.repository';
import type { AccountService } from '../account/account.service';
import type { OperatorsPort } from '../account/session.service';
import type { CatalogueAdmin } from '../catalogue/catalogue-admin';
import type { CategoryAdmin } from '../catalogue/category-admin';
import type { PriceHistory } from '../catalogue/price-history';
import type { ProductImages } from '../catalogue/product-images';
import type { PromotionsAdmin } from '../catalogue/promotions-admin';
import type { BlockAdmin } from '../content/block-admin';
import type { SlotAdmin } from '../delivery/slot-admin';
import type { OrdersRepository } from '../orders/orders.repository';
import { AdminCategoriesService } from './admin-categories.service';
import { AdminCustomersRepository } from './admin-customers.repository';
import { AdminCustomersService } from './admin-customers.service';
import { AdminPhotos } from './admin-photos';
import adminPhotosRoutes from './admin-photos.routes';
import { AdminProductsService } from './admin-products.service';
import { AdminPromotionsService } from './admin-promotions.service';
import { AdminSlotsService } from './admin-slots.service';
import { AdminStaffService } from './admin-staff.service';
import { BACKOFFICE_TEXT } from './backoffice.messages';
import { BackofficeRepository, type AuditWrite } from './backoffice.repository';
import backofficeRoutes, { STAFF_COOKIE } from './backoffice.routes';
import { memberOf, StaffAuthService, type AdminMember } from './staff-auth.service';
import { Totp } from './totp';

export interface BackofficeModuleDeps extends ModuleCore {
  secureCookie: boolean;
  accounts: AccountRepository;
  account: AccountService;
  /** the catalogue module's editors */
  catalogue: {
    products: CatalogueAdmin;
    priceHistory: PriceHistory;
    images: ProductImages;
    promotions: PromotionsAdmin;
    categories: CategoryAdmin;
  };
  /** the content module's category blocks */
  blocks: BlockAdmin;
  /** the delivery module's stores and slot days */
  slotAdmin: SlotAdmin;
  /** the orders module's repository (a slot day's orders) */
  orders: OrdersRepository;
}

/** A staff member's change as the other modules report it to the audit log. */
interface StaffChange {
  staff: { userId: number; name: string };
  action: string;
  before: unknown;
  after: unknown;
}

const entryOf = (e: StaffChange, resource: string, resourceId: number, allowed = true): AuditWrite => ({
  staffUserId: e.staff.userId,
  staffName: e.staff.name,
  action: e.action,
  resource,
  resourceId: String(resourceId),
  allowed,
  before: e.before,
  after: e.after,
});

/**
 * The back office (decision 030): staff sign-in with a one-time code, its resources, the audit log which the
 * other modules write through the ports it offers, the staff who may act for customers (decision 053).
 */
export async function backofficeModule(d: BackofficeModuleDeps) {
  const { db, env, now, accounts, catalogue, slotAdmin } = d;
  const repo = new BackofficeRepository(db);
  const staffAuth = new StaffAuthService(
    db,
    repo,
    accounts,
    new Totp(env.STAFF_TOTP_KEY ?? (await storedSecret('staff-totp', db))),
    { absoluteHours: 10, idleMinutes: 30, enrolmentMinutes: 15, now },
  );
  const customers = new AdminCustomersRepository(db);
  const audit = (entry: AuditWrite, tx: Db) => repo.audit(entry, tx);
  const operators: OperatorsPort = {
    operatorOf: async (userId) => {
      const found = await repo.staff(userId);
      const member = found ? memberOf(found) : null;
      return member && isActingRole(member.role)
        ? { username: member.email, name: member.name, role: member.role }
        : null;
    },
  };
  const routeServices = {
    auth: staffAuth,
    products: new AdminProductsService(
      db,
      catalogue.products,
      repo,
      catalogue.priceHistory,
      catalogue.images,
      { stores: async (ids) => (await slotAdmin.stores(ids)).map((s) => s.id) },
      now,
    ),
    slots: new AdminSlotsService(db, slotAdmin, d.orders, repo, now),
    customers: new AdminCustomersService(db, customers, repo, {
      anonymize: (userId) => d.account.anonymizeOnRequest(userId),
    }),
    categories: new AdminCategoriesService(db, catalogue.categories, d.blocks, repo),
    promotions: new AdminPromotionsService(db, catalogue.promotions, repo, now),
    staff: new AdminStaffService(db, repo, accounts),
  };
  const photos = new AdminPhotos(catalogue.products, routeServices.products);
  return {
    repo,
    staffAuth,
    customers,
    operators,
    /** the access plugin's port: the member of a request's back-office session, its refusals audited */
    adminAccess: {
      adminOf: async (request: FastifyRequest) => {
        const token = request.cookies[STAFF_COOKIE];
        return token ? staffAuth.memberOfSession(token) : null;
      },
      onAdminRefused: (request: FastifyRequest, member: AdminMember) =>
        audit(
          {
            staffUserId: member.userId,
            staffName: member.name,
            action: `${request.method} ${request.routeOptions.url ?? request.url}`,
            resource: 'access',
            resourceId: null,
            allowed: false,
            before: null,
            after: null,
          },
          db,
        ),
      refusals: { signInRequired: BACKOFFICE_TEXT.signInRequired, notAllowed: BACKOFFICE_TEXT.notAllowed },
    } satisfies AdminAccessPort,
    /** the audit log as the other modules write it, in their transaction: one port per resource */
    audit: {
      pages: (e: StaffChange & { pageId: number }, tx: Db) => audit(entryOf(e, 'pages', e.pageId), tx),
      posts: (e: StaffChange & { resource: string; id: number }, tx: Db) =>
        audit(entryOf(e, e.resource, e.id), tx),
      /** the assortment: products and categories created and retired, imports started */
      catalogue: {
        record: (e: StaffChange & { resource: string; id: number }, tx: Db) =>
          audit(entryOf(e, e.resource, e.id), tx),
      },
      customers: {
        record: (e: StaffChange & { userId: number }, tx: Db) => audit(entryOf(e, 'customers', e.userId), tx),
      },
      orders: {
        record: (e: StaffChange & { orderId: number }, tx: Db) => audit(entryOf(e, 'orders', e.orderId), tx),
      },
      votes: {
        record: (e: StaffChange & { voteId: number }, tx: Db) => audit(entryOf(e, 'votes', e.voteId), tx),
      },
      giftCardOrders: {
        record: (e: StaffChange & { orderId: number }, tx: Db) =>
          audit(entryOf(e, 'gift-card-orders', e.orderId), tx),
      },
      selfScanning: (e: StaffChange & { storeId: number; allowed: boolean }, tx: Db) =>
        audit(entryOf(e, 'self-scanning', e.storeId, e.allowed), tx),
    },
    eraseCustomer: (userId: number) => customers.deleteNotes(userId, db),
    routes: (async (api) => {
      await api.register(backofficeRoutes, { ...routeServices, repo, secureCookie: d.secureCookie });
      await api.register(adminPhotosRoutes, { photos });
    }) satisfies RouteRegistrar,
  };
}
