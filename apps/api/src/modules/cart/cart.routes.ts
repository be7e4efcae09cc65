import { cartEndpoints as api } from '@spesa/shared/contracts/cart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, answerWithData } from '../../plugins/envelope';
import type { CartOutcome, CartService } from './cart.service';

/**
 * The cart (spec section 7 "Cart and checkout", decision 015). Every change answers the whole new cart, with
 * refusals in errors (status != 0) and success texts in infos. Anonymous carts are a configuration switch
 * (ANONYMOUS_CART, default off): off, an anonymous call answers the HTTP 401 envelope; on, an anonymous
 * visitor sees an empty cart and changes still need a signed-in customer.
 */
export interface CartRoutesOptions {
  cart: CartService;
  allowAnonymous: boolean;
}

const tags = ['cart'];

const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { cart, allowAnonymous }) => {
  const viewAccess = allowAnonymous
    ? ACCESS.customerOrAnonymous('ANONYMOUS_CART is on: a visitor sees an empty cart')
    : ACCESS.customer;
  const customer = ACCESS.customer;
  const outcome = (request: FastifyRequest, o: CartOutcome) =>
    answerWithData(request, o.cart, o.failures, o.infos);

  app.route({
    ...contractRoute(api.view, {
      access: viewAccess,
      tags,
      summary: 'The open cart: delivery, lines priced by the server, sectors, promotions, fee and totals',
    }),
    handler: async (request) => {
      const showSectors = request.query.show_sectors ?? false;
      if (!request.session) return answer(request, { ok: true, data: cart.anonymousCart() });
      return answer(request, await cart.view(request.session.userId, showSectors));
    },
  });

  app.route({
    ...contractRoute(api.add, {
      access: customer,
      // the session's statement reads the cart and the products added too (one round trip less)
      config: { sessionAfterBody: true, sessionCompanion: (request) => cart.addCompanion(request.body) },
      tags,
      summary: 'Adds products (quantity in pieces, or kg for Sfuso), with options and a chosen promotion',
    }),
    handler: async (request) =>
      outcome(
        request,
        await cart.add(
          userIdOf(request),
          request.body.items,
          request.query.show_sectors ?? false,
          cart.buyerOf(request.session),
          cart.companionCart(request.session),
        ),
      ),
  });

  app.route({
    ...contractRoute(api.update, { access: customer, tags, summary: "A line's new quantity (0 removes it)" }),
    handler: async (request) =>
      outcome(
        request,
        await cart.update(userIdOf(request), request.body.items, request.query.show_sectors ?? false),
      ),
  });

  app.route({
    ...contractRoute(api.remove, {
      access: customer,
      tags,
      summary: 'Removes lines (by itemId) or every line of a product (by productId)',
    }),
    handler: async (request) =>
      outcome(
        request,
        await cart.remove(userIdOf(request), request.body.items, request.query.show_sectors ?? false),
      ),
  });

  app.route({
    ...contractRoute(api.updateCartInfo, {
      access: customer,
      tags,
      summary: "A cart info (need_invoice as the string 'true', accept_alternatives, notes)",
    }),
    handler: async (request) =>
      outcome(
        request,
        await cart.updateCartInfo(
          userIdOf(request),
          request.body.property,
          request.body.value,
          request.query.show_sectors ?? false,
        ),
      ),
  });

  app.route({
    ...contractRoute(api.updateInfos, {
      access: customer,
      tags,
      summary: 'Line infos (accept_alternatives, notes)',
    }),
    handler: async (request) =>
      outcome(
        request,
        await cart.updateInfos(userIdOf(request), request.body.items, request.query.show_sectors ?? false),
      ),
  });

  app.route({
    ...contractRoute(api.close, {
      access: customer,
      tags,
      summary: 'Closes the open cart (cart_id); the next call opens a new one',
    }),
    handler: async (request) =>
      outcome(
        request,
        await cart.close(userIdOf(request), request.body.cart_id, request.query.show_sectors ?? false),
      ),
  });

  app.route({
    ...contractRoute(api.purchaseRestriction, {
      access: customer,
      tags,
      summary: "The cart's products with a daily purchase limit: what the cart and today's orders hold",
    }),
    handler: async (request) => answer(request, await cart.purchaseRestriction(userIdOf(request))),
  });
};

export default cartRoutes;
