import type { FastifyInstance } from 'fastify';
import type { AuditPort, ModuleCore, RouteRegistrar } from '../../lib/module';
import type { LeafletProductsPort, StoreOfRequest } from '../catalogue/catalogue.routes';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { LeafletFiles } from './leaflet-files';
import { leafletFirstViewRoute, leafletsFirstViewRoute } from './leaflet-first-view';
import { LeafletsAdmin } from './leaflets-admin';
import { LeafletsAdminRepository } from './leaflets-admin.repository';
import leafletsAdminRoutes from './leaflets-admin.routes';
import { LeafletsRepository } from './leaflets.repository';
import leafletsRoutes, { leafletFilesRoutes } from './leaflets.routes';
import { LeafletsService } from './leaflets.service';

export interface LeafletsModuleDeps extends Pick<ModuleCore, 'db' | 'files'> {
  catalogue: CatalogueService;
  /** the store whose assortment a request sees (the cart module) */
  storeOf: StoreOfRequest;
  /** the product with this EAN or code (the catalogue's editor), for the back office's leaflets */
  productIdOf: (key: string) => Promise<number | null>;
  /** the ids of the chain's stores (the delivery module) */
  storeIds: () => Promise<Set<number>>;
  /** the back office's audit log */
  audit: AuditPort;
}

/** Digital leaflets (decision 052): their products read through the catalogue's service; files drawn on demand. */
export function leafletsModule(app: FastifyInstance, d: LeafletsModuleDeps) {
  const { catalogue, storeOf } = d;
  const cataloguePort = {
    productsAt: (ids: readonly number[], warehouseId: number) => catalogue.productsAt(ids, warehouseId),
    today: () => catalogue.today(),
  };
  const files = new LeafletFiles(d.files);
  const leaflets = new LeafletsService(new LeafletsRepository(d.db), cataloguePort, files);
  const admin = new LeafletsAdmin(d.db, new LeafletsAdminRepository(d.db), files, {
    catalogue: cataloguePort,
    productIdOf: (key) => d.productIdOf(key),
    storeIds: () => d.storeIds(),
    audit: (e, tx) => d.audit(e, tx),
  });
  app.decorate('leaflets', leaflets);
  /** a leaflet's products in the catalogue's listing, as the request's store sells them */
  const leafletProducts: LeafletProductsPort = async (request, { leaflet, ...query }) =>
    leaflets.listing(leaflet, query, await storeOf(request));
  return {
    leaflets,
    leafletProducts,
    routes: (async (api) => {
      await api.register(leafletsRoutes, { leaflets, storeOf });
      await api.register(leafletsAdminRoutes, { admin });
    }) satisfies RouteRegistrar,
    /** the leaflets' page images and files, outside /ebsn/api */
    rootRoutes: (async (root) => {
      await root.register(leafletFilesRoutes, { leaflets });
    }) satisfies RouteRegistrar,
    firstViews: [leafletsFirstViewRoute(leaflets, storeOf), leafletFirstViewRoute(leaflets)],
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** digital leaflets (server.ts draws the current ones' files at start) */
    leaflets: LeafletsService;
  }
}
