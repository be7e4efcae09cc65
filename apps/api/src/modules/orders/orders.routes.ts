import { cartQuerySchema, cartSchema } from '@spesa/shared/contracts/cart';
import {
  cartAddAllFromOrderBodySchema,
  orderListDataSchema,
  orderListForAddressesQuerySchema,
  orderListQuerySchema,
  orderNoteBodySchema,
  orderNoteDataSchema,
  orderViewDataSchema,
  orderViewQuerySchema,
  tokenOrderViewQuerySchema,
} from '@spesa/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { answer, answerWithData, apiResponse } from '../../plugins/envelope';
import type { OrdersService } from './orders.service';

/**
 * The customer's orders (spec section 7 "Orders", decision 018): list, detail, read-only token view, rating,
 * reorder. Thin: the service holds the rules; every read is scoped by the signed-in customer.
 */
const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.get(
    '/order/list',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['orders'],
        summary: "The customer's orders, newest first, with the filters of spec section 3 (12 per page)",
        querystring: orderListQuerySchema,
        response: { 200: apiResponse(orderListDataSchema) },
      },
    },
    async (request) => answer(request, await orders.list(userIdOf(request), request.query)),
  );

  app.get(
    '/order/list-for-all-user-shipping-addresses',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['orders'],
        summary: 'Every order of the customer with the per-address filters of spec section 3',
        querystring: orderListForAddressesQuerySchema,
        response: { 200: apiResponse(orderListDataSchema) },
      },
    },
    async (request) => answer(request, await orders.listForAllAddresses(userIdOf(request), request.query)),
  );

  app.get(
    '/order/view',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['orders'],
        summary:
          'One order of the customer: lines ordered and delivered, totals, slot, status history, actions',
        querystring: orderViewQuerySchema,
        response: { 200: apiResponse(orderViewDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await orders.view(userIdOf(request), request.query.order_id, request.query.show_replaced ?? false),
      ),
  );

  app.get(
    '/token-order/view',
    {
      config: {
        ignoreStaleSession: true,
        access: ACCESS.signed("the confirmation e-mail's order access token, checked in the handler"),
      },
      schema: {
        tags: ['orders'],
        summary: 'One order read with the access token of its confirmation e-mail (read only, expires)',
        querystring: tokenOrderViewQuerySchema,
        response: { 200: apiResponse(orderViewDataSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return answer(
        request,
        await orders.viewByToken(
          request.query.order_id,
          request.query.access_token,
          request.query.show_replaced ?? false,
        ),
      );
    },
  );

  for (const mode of ['add', 'update'] as const)
    app.post(
      `/note/order/${mode}`,
      {
        config: { access: ACCESS.customer },
        schema: {
          tags: ['orders'],
          summary:
            mode === 'add'
              ? 'Rates a delivered order (1-5, title, comment)'
              : 'Changes the rating of an order (noteId)',
          body: orderNoteBodySchema,
          response: { 200: apiResponse(orderNoteDataSchema) },
        },
      },
      async (request) => answer(request, await orders.saveNote(userIdOf(request), request.body, mode)),
    );

  app.post(
    '/cart/add-all-from-order',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags: ['orders'],
        summary: "Adds every still available product of one of the customer's orders to the open cart",
        querystring: cartQuerySchema,
        body: cartAddAllFromOrderBodySchema,
        response: { 200: apiResponse(cartSchema) },
      },
    },
    async (request) => {
      const r = await orders.addAllFromOrder(
        userIdOf(request),
        request.body.order_id,
        request.query.show_sectors ?? false,
      );
      if (!r.ok) return answer(request, r);
      const envelope = answerWithData(request, r.data.cart, r.data.failures, r.data.infos);
      // a partial reorder tells both: what was added (infos) and each product refused (errors)
      if (r.data.failures.length > 0 && r.data.infos.length > 0) {
        envelope.response.infos = r.data.infos.map((info) => ({ info }));
        envelope.response.infosMessage = [...r.data.infos];
      }
      return envelope;
    },
  );
};

export default ordersRoutes;
