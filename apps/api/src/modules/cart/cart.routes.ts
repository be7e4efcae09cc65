import {
  cartAddBodySchema,
  cartCloseBodySchema,
  cartDeleteBodySchema,
  cartInfoBodySchema,
  cartQuerySchema,
  cartSchema,
  cartUpdateBodySchema,
  cartUpdateInfosBodySchema,
  purchaseRestrictionSchema,
} from '@spesa/shared/contracts/cart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { answer, answerWithData, apiResponse } from '../../plugins/envelope';
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

const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { cart, allowAnonymous }) => {
  const viewAccess = allowAnonymous
    ? ACCESS.customerOrAnonymous('ANONYMOUS_CART is on: a visitor sees an empty cart')
    : ACCESS.customer;
  const outcome = (request: FastifyRequest, o: CartOutcome) =>
    answerWithData(request, o.cart, o.failures, o.infos);
  const changed = { 200: apiResponse(cartSchema) };

  app.get(
    '/cart/view',
    {
      config: { access: viewAccess },
      schema: {
        tags: ['cart'],
        summary: 'The open cart: delivery, lines priced by the server, sectors, promotions, fee and totals',
        querystring: cartQuerySchema,
        response: { 200: apiResponse(cartSchema) },
      },
    },
    async (request) => {
      const showSectors = request.query.show_sectors ?? false;
      if (!request.session) return answer(request, { ok: true, data: cart.anonymousCart() });
      return answer(request, await cart.view(request.session.userId, showSectors));
    },
  );

  app.post(
    '/cart/add',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['cart'],
        summary: 'Adds products (quantity in pieces, or kg for Sfuso), with options and a chosen promotion',
        querystring: cartQuerySchema,
        body: cartAddBodySchema,
        response: changed,
      },
    },
    async (request) =>
      outcome(
        request,
        await cart.add(userIdOf(request), request.body.items, request.query.show_sectors ?? false),
      ),
  );

  app.post(
    '/cart/update',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['cart'],
        summary: "A line's new quantity (0 removes it)",
        querystring: cartQuerySchema,
        body: cartUpdateBodySchema,
        response: changed,
      },
    },
    async (request) =>
      outcome(
        request,
        await cart.update(userIdOf(request), request.body.items, request.query.show_sectors ?? false),
      ),
  );

  app.post(
    '/cart/delete',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['cart'],
        summary: 'Removes lines (by itemId) or every line of a product (by productId)',
        querystring: cartQuerySchema,
        body: cartDeleteBodySchema,
        response: changed,
      },
    },
    async (request) =>
      outcome(
        request,
        await cart.remove(userIdOf(request), request.body.items, request.query.show_sectors ?? false),
      ),
  );

  app.post(
    '/cart/update-cart-info',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['cart'],
        summary: "A cart info (need_invoice as the string 'true', accept_alternatives, notes)",
        querystring: cartQuerySchema,
        body: cartInfoBodySchema,
        response: changed,
      },
    },
    async (request) =>
      outcome(
        request,
        await cart.updateCartInfo(
          userIdOf(request),
          request.body.property,
          request.body.value,
          request.query.show_sectors ?? false,
        ),
      ),
  );

  app.post(
    '/cart/update-infos',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['cart'],
        summary: 'Line infos (accept_alternatives, notes)',
        querystring: cartQuerySchema,
        body: cartUpdateInfosBodySchema,
        response: changed,
      },
    },
    async (request) =>
      outcome(
        request,
        await cart.updateInfos(userIdOf(request), request.body.items, request.query.show_sectors ?? false),
      ),
  );

  app.post(
    '/cart/close',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['cart'],
        summary: 'Closes the open cart (cart_id); the next call opens a new one',
        querystring: cartQuerySchema,
        body: cartCloseBodySchema,
        response: changed,
      },
    },
    async (request) =>
      outcome(
        request,
        await cart.close(userIdOf(request), request.body.cart_id, request.query.show_sectors ?? false),
      ),
  );

  app.get(
    '/cart/purchase-restriction',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['cart'],
        summary: "The cart's products with a daily purchase limit: what the cart and today's orders hold",
        response: { 200: apiResponse(purchaseRestrictionSchema) },
      },
    },
    async (request) => answer(request, await cart.purchaseRestriction(userIdOf(request))),
  );
};

export default cartRoutes;
