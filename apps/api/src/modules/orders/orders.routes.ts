import { ordersEndpoints as api } from '@spesa/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, answerPartial } from '../../plugins/envelope';
import type { OrdersService } from './orders.service';
import type { ParkingService } from './parking.service';

const tags = ['orders'];

/**
 * The customer's orders (spec section 7 "Orders", decision 018): list, detail, read-only token view, rating,
 * reorder. Thin: the service holds the rules; every read is scoped by the signed-in customer.
 */
const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; parking: ParkingService }> = async (
  app,
  { orders, parking },
) => {
  const customer = ACCESS.customer;

  app.route({
    ...contractRoute(api.list, {
      access: customer,
      tags,
      summary: "The customer's orders, newest first, with the filters of spec section 3 (12 per page)",
    }),
    handler: async (request) => answer(request, await orders.list(userIdOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.listForAllAddresses, {
      access: customer,
      tags,
      summary: 'Every order of the customer with the per-address filters of spec section 3',
    }),
    handler: async (request) =>
      answer(request, await orders.listForAllAddresses(userIdOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.view, {
      access: customer,
      tags,
      summary:
        'One order of the customer: lines ordered and delivered, totals, slot, status history, actions',
    }),
    handler: async (request) =>
      answer(
        request,
        await orders.view(userIdOf(request), request.query.order_id, request.query.show_replaced ?? false),
      ),
  });

  app.route({
    ...contractRoute(api.tokenView, {
      access: ACCESS.signed("the confirmation e-mail's order access token, checked in the handler"),
      config: { ignoreStaleSession: true },
      tags,
      summary: 'One order read with the access token of its confirmation e-mail (read only, expires)',
    }),
    handler: async (request, reply) => {
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
  });

  app.route({
    ...contractRoute(api.addNote, {
      access: customer,
      tags,
      summary: 'Rates a delivered order (1-5, title, comment)',
    }),
    handler: async (request) =>
      answer(request, await orders.saveNote(userIdOf(request), request.body, 'add')),
  });

  app.route({
    ...contractRoute(api.updateNote, {
      access: customer,
      tags,
      summary: 'Changes the rating of an order (noteId)',
    }),
    handler: async (request) =>
      answer(request, await orders.saveNote(userIdOf(request), request.body, 'update')),
  });

  app.route({
    ...contractRoute(api.reserve, {
      access: customer,
      tags,
      summary:
        'Parking at pickup: the customer on the way tells the store the distance and the car plate or bay (Drive orders in preparation or ready, on their day); a repeat updates it',
    }),
    handler: async (request) => answer(request, await parking.reserve(userIdOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.addAllFromOrder, {
      access: customer,
      tags,
      summary: "Adds every still available product of one of the customer's orders to the open cart",
    }),
    handler: async (request) => {
      const r = await orders.addAllFromOrder(
        userIdOf(request),
        request.body.order_id,
        request.query.show_sectors ?? false,
      );
      if (!r.ok) return answer(request, r);
      // a partial addition tells both: what was added (infos) and each product refused (errors)
      return answerPartial(request, { ...r.data, data: r.data.cart });
    },
  });
};

export default ordersRoutes;
