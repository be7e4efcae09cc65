import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { CatalogueService } from '../catalogue/catalogue.service';
import smartCartAdminRoutes from './smartcart-admin.routes';
import { SelfScanningAdminService, type SelfScanningAdminPorts } from './smartcart-admin.service';
import { SmartCartRepository } from './smartcart.repository';
import smartCartRoutes, { type SmartCartRoutesOptions } from './smartcart.routes';
import { SmartCartService, type SmartCartPorts } from './smartcart.service';

export interface SmartCartModuleDeps extends Pick<ModuleCore, 'db' | 'now'> {
  catalogue: CatalogueService;
  /** the store's name (the delivery module) */
  stores: { warehouseName: SmartCartPorts['storeName'] };
  /** the chain's stores by name, for the back office (the delivery module) */
  storesByName: SelfScanningAdminPorts['stores'];
  /** the account module's repository: the buyer's card and segments, the card printed on the receipt */
  accounts: {
    pricingFacts(userId: number, today: string): ReturnType<SmartCartPorts['buyer']>;
    findUserById(userId: number): Promise<{ cardNumber: string | null } | null>;
  };
  /** a shopping list's products as reminders (the lists module) */
  listProducts: SmartCartPorts['listProducts'];
  /** the receipts module: the tills' systems and their receipts */
  receipts: {
    ingest: SmartCartPorts['ingestReceipt'];
    authenticate: SmartCartRoutesOptions['authenticateTill'];
  };
  /** the back office's audit log of the stores' settings */
  audit: SelfScanningAdminPorts['audit'];
  /** share of self-scanning sessions flagged for a re-scan at the till */
  rescanShare: number;
}

/**
 * Self-scanning in the store (decision 057): the store's prices through the catalogue, a list as reminders,
 * the till's receipt written by the receipts module; its back office with the stores and the audit log.
 */
export function smartCartModule(d: SmartCartModuleDeps) {
  const { db, catalogue, accounts, receipts } = d;
  const repo = new SmartCartRepository(db);
  const smartCart = new SmartCartService(
    db,
    repo,
    {
      catalogue: {
        productsForCart: (ids, warehouseId) => catalogue.productsForCart(ids, warehouseId),
        productIdByBarcode: async (barcode) => {
          const found = await catalogue.product({ barcode });
          return found.ok ? found.data.productId : null;
        },
      },
      storeName: (warehouseId) => d.stores.warehouseName(warehouseId),
      buyer: (userId) => accounts.pricingFacts(userId, catalogue.today()),
      listProducts: (userId, listId) => d.listProducts(userId, listId),
      cardOf: async (userId) => (await accounts.findUserById(userId))?.cardNumber ?? null,
      ingestReceipt: (system, body) => receipts.ingest(system, body),
    },
    { rescanShare: d.rescanShare },
  );
  const admin = new SelfScanningAdminService(
    db,
    repo,
    { stores: (only) => d.storesByName(only), audit: (e, tx) => d.audit(e, tx), now: d.now },
    d.rescanShare,
  );
  return {
    smartCart,
    eraseCustomer: (userId: number) => repo.eraseCustomer(userId),
    routes: (async (api) => {
      await api.register(smartCartRoutes, {
        smartCart,
        authenticateTill: (systemId, secret) => receipts.authenticate(systemId, secret),
      });
      await api.register(smartCartAdminRoutes, { admin });
    }) satisfies RouteRegistrar,
  };
}
