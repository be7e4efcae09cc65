import type { Env } from '../../env';
import type { RouteRegistrar } from '../../lib/module';
import mediaRoutes, { type ProductImageReader } from './media.routes';

/** The media module: generated illustrations under /media, and product photos read through the catalogue. */
export function mediaModule(d: { env: Env; productImage: ProductImageReader }) {
  return {
    rootRoutes: (async (root) => {
      await root.register(mediaRoutes, { mediaDir: d.env.MEDIA_DIR, productImage: d.productImage });
    }) satisfies RouteRegistrar,
  };
}
