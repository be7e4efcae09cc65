import type { Db } from '../../db/client';
import type { RouteRegistrar } from '../../lib/module';
import type { CartService } from '../cart/cart.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { ListsRepository } from './lists.repository';
import listsRoutes from './lists.routes';
import { ListsService } from './lists.service';

/** Shopping lists (decision 035): products read from the catalogue, the whole list into the cart through it. */
export function listsModule(d: { db: Db; catalogue: CatalogueService; cart: CartService }) {
  const { cart } = d;
  const lists = new ListsService(new ListsRepository(d.db), d.catalogue, {
    add: (...args: Parameters<CartService['add']>) => cart.add(...args),
    view: (...args: Parameters<CartService['view']>) => cart.view(...args),
    warehouseOf: (userId: number) => cart.warehouseOf(userId),
  });
  return {
    lists,
    /** a list the customer can see: its products and quantities; null when not theirs (self-scanning) */
    listProducts: async (userId: number, listId: number) => {
      const list = await lists.view(userId, listId);
      return list.ok
        ? list.data.wishlistItems.map((i) => ({ productId: i.product.productId, quantity: i.quantity }))
        : null;
    },
    routes: (async (api) => {
      await api.register(listsRoutes, { lists });
    }) satisfies RouteRegistrar,
  };
}
