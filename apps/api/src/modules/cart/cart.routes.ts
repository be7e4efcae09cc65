import { cartSchema } from '@spesa/shared/contracts/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, apiResponse } from '../../plugins/envelope';
import { requireUser } from '../../plugins/session';
import type { CartService } from './cart.service';

/**
 * The cart (spec section 7 "Cart and checkout"). Issue 4: GET /cart/view with the delivery part. Anonymous
 * carts are not allowed (spec section 6): an anonymous call answers the HTTP 401 envelope.
 */
const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.get(
    '/cart/view',
    {
      preValidation: requireUser,
      schema: {
        tags: ['cart'],
        summary: 'The open cart: store, warehouse, shipping address, time slot, fee (items: next issue)',
        response: { 200: apiResponse(cartSchema) },
      },
    },
    async (request) => {
      if (!request.session) throw new Error('requireUser must run before this handler');
      return answer(request, await cart.view(request.session.userId));
    },
  );
};

export default cartRoutes;
