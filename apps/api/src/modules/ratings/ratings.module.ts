import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import ratingsAdminRoutes from './ratings-admin.routes';
import { RatingsRepository } from './ratings.repository';
import ratingsRoutes from './ratings.routes';
import {
  RatingsModerationService,
  RatingsService,
  type CatalogueProductsPort,
  type RatingsAuditPort,
} from './ratings.service';

export interface RatingsModuleDeps extends Pick<ModuleCore, 'db' | 'now'> {
  /** the products still on sale (the catalogue module) */
  catalogue: CatalogueProductsPort;
  /** the back office's audit log of moderation */
  audit: RatingsAuditPort;
}

/** Product ratings (decision 036): votes of received products, their summaries, moderation of text. */
export function ratingsModule(d: RatingsModuleDeps) {
  const { db, now } = d;
  const repo = new RatingsRepository(db);
  const ratings = new RatingsService(db, repo, d.catalogue, now);
  const moderation = new RatingsModerationService(db, repo, d.audit, now);
  return {
    routes: (async (api) => {
      await api.register(ratingsRoutes, { ratings });
      await api.register(ratingsAdminRoutes, { moderation });
    }) satisfies RouteRegistrar,
  };
}
