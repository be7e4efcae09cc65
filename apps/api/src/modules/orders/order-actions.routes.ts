import { ordersEndpoints as api } from '@spesa/shared/contracts/orders';
import { walletCentsOf } from '@spesa/shared/contracts/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { OrderActionsService } from './order-actions.service';

const tags = ['orders'];

/**
 * The customer's order actions (spec section 7 "Orders", decision 017): cancel, edit, retry a payment,
 * change the payment type, and the orders whose payment can be retried. Thin: the service decides. Every
 * call needs a signed-in customer.
 */
const orderActionsRoutes: FastifyPluginAsyncZod<{ actions: OrderActionsService }> = async (
  app,
  { actions },
) => {
  const access = ACCESS.customer;

  app.route({
    ...contractRoute(api.cancel, {
      access,
      tags,
      summary: "Cancels an order before 'in preparazione': info 'Ordine {orderId} annullato'",
    }),
    handler: async (request) =>
      answer(request, await actions.cancel(userIdOf(request), request.body.order_id)),
  });

  app.route({
    ...contractRoute(api.modify, {
      access,
      tags,
      summary: 'Reopens an order as the open cart (slot kept); buying again updates the same order',
    }),
    handler: async (request) =>
      answer(request, await actions.modify(userIdOf(request), request.body.order_id)),
  });

  app.route({
    ...contractRoute(api.retryPayment, {
      // a card payment is the customer's own: an operator acting for them cannot start one (decision 053)
      access: ACCESS.customerNotActing,
      tags,
      summary: 'A new hosted payment session for a failed (11) or abandoned (1) online payment',
    }),
    handler: async (request) =>
      answer(request, await actions.retryPayment(userIdOf(request), request.body.order_id)),
  });

  app.route({
    ...contractRoute(api.modifyPaymentType, {
      // a card payment is the customer's own: an operator acting for them cannot start one (decision 053)
      access: ACCESS.customerNotActing,
      tags,
      summary: 'Changes the payment type before preparation (online types answer a new hosted page)',
    }),
    handler: async (request) =>
      answer(
        request,
        await actions.modifyPaymentType(
          userIdOf(request),
          request.body.order_id,
          request.body.payment_type_id,
          walletCentsOf(request.body.payment_data),
        ),
      ),
  });

  app.route({
    ...contractRoute(api.listRetryPayment, {
      access,
      tags,
      summary: 'The orders whose online payment can be retried',
    }),
    handler: async (request) => answer(request, await actions.listRetryPayment(userIdOf(request))),
  });
};

export default orderActionsRoutes;
