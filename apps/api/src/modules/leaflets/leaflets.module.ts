import type { FastifyInstance } from 'fastify';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { LeafletProductsPort, StoreOfRequest } from '../catalogue/catalogue.routes';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { LeafletFiles } from './leaflet-files';
import { leafletFirstViewRoute, leafletsFirstViewRoute } from './leaflet-first-view';
import { LeafletsRepository } from './leaflets.repository';
import leafletsRoutes, { leafletFilesRoutes } from './leaflets.routes';
import { LeafletsService } from './leaflets.service';

export interface LeafletsModuleDeps extends Pick<ModuleCore, 'db' | 'files'> {
  catalogue: CatalogueService;
  /** the store whose assortment a request sees (the cart module) */
  storeOf: StoreOfRequest;
}

/** Digital leaflets (decision 052): their products read through the catalogue's service; files drawn on demand. */
export function leafletsModule(app: FastifyInstance, d: LeafletsModuleDeps) {
  const { catalogue, storeOf } = d;
  const leaflets = new LeafletsService(
    new LeafletsRepository(d.db),
    {
      productsAt: (ids, warehouseId) => catalogue.productsAt(ids, warehouseId),
      today: () => catalogue.today(),
    },
    new LeafletFiles(d.files),
  );
  app.decorate('leaflets', leaflets);
  /** a leaflet's products in the catalogue's listing, as the request's store sells them */
  const leafletProducts: LeafletProductsPort = async (request, { leaflet, ...query }) =>
    leaflets.listing(leaflet, query, await storeOf(request));
  return {
    leaflets,
    leafletProducts,
    routes: (async (api) => {
      await api.register(leafletsRoutes, { leaflets, storeOf });
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
