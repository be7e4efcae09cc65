import { cartEndpoints as api } from '@spesa/shared/contracts/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { DeliveryService } from '../delivery/delivery.service';
import type { CartService } from './cart.service';

export interface CartDeliveryRoutesOptions {
  cart: CartService;
  delivery: DeliveryService;
}

const tags = ['delivery'];

/**
 * The cart's delivery part (spec section 7 "Address, store, geography" and "Time slots"): the store, address
 * and time slot the cart is for, its fee and the slots it can book. Every select answers the whole new cart.
 * Paths and parameter names are the platform's; the delivery module answers what exists (stores, addresses,
 * slots), the cart what the customer chose.
 */
const cartDeliveryRoutes: FastifyPluginAsyncZod<CartDeliveryRoutesOptions> = async (
  app,
  { cart, delivery },
) => {
  const changing = { stateChanging: true } as const;

  app.route({
    ...contractRoute(api.favouriteStore, {
      access: ACCESS.customer,
      config: changing,
      tags,
      summary: 'Make a store the favourite (star); answers the cart',
    }),
    handler: async (request) => {
      const userId = userIdOf(request);
      const set = await delivery.setFavouriteStore(userId, request.query.store_id);
      if (!set.ok) return answer(request, set);
      const view = await cart.view(userId);
      return answer(request, view.ok ? { ...view, infos: set.infos ?? [] } : view);
    },
  });

  app.route({
    ...contractRoute(api.selectStore, {
      access: ACCESS.customer,
      tags,
      summary:
        'Drive at this store (store_id in the query or the body): the cart’s service, store and address',
    }),
    handler: async (request) => {
      const storeId = request.query.store_id ?? request.body?.store_id ?? 0;
      return answer(request, await cart.selectStore(userIdOf(request), storeId));
    },
  });

  app.route({
    ...contractRoute(api.previewAddress, {
      access: ACCESS.customer,
      tags,
      summary: 'The cart as it would be with this address (nothing saved)',
    }),
    handler: async (request) =>
      answer(
        request,
        await cart.preview(userIdOf(request), request.query.address_id, request.query.delivery_service_id),
      ),
  });

  app.route({
    ...contractRoute(api.selectAddress, {
      access: ACCESS.customer,
      tags,
      summary: 'The cart delivers to this address (refused when the cart is locked, status 7)',
    }),
    handler: async (request) =>
      answer(
        request,
        await cart.selectAddress(
          userIdOf(request),
          request.query.address_id,
          request.query.delivery_service_id,
        ),
      ),
  });

  app.route({
    ...contractRoute(api.deliveryFee, {
      access: ACCESS.customer,
      tags,
      summary: 'The delivery fee of the cart (elderly discount included)',
    }),
    handler: async (request) => answer(request, await cart.deliveryFee(userIdOf(request))),
  });

  app.route({
    ...contractRoute(api.timeslots, {
      access: ACCESS.customer,
      tags,
      summary: 'The 7 days of slots of the cart’s address or store (show-closed, check-locker)',
    }),
    handler: async (request) =>
      answer(request, await cart.timeslotList(userIdOf(request), request.query['show-closed'])),
  });

  app.route({
    ...contractRoute(api.selectTimeslot, {
      access: ACCESS.customer,
      // the session's statement reads the cart too (one round trip less)
      config: { ...changing, sessionCompanion: (request) => cart.timeslotCompanion(request.query) },
      tags,
      summary: 'Choose a slot (sel_date, timeslot_id); slots with active below 1 are refused',
    }),
    handler: async (request) =>
      answer(
        request,
        await cart.selectTimeslot(
          userIdOf(request),
          request.query.sel_date,
          request.query.timeslot_id,
          cart.buyerOf(request.session),
          cart.companionCart(request.session),
        ),
      ),
  });
};

export default cartDeliveryRoutes;
