import {
  IDEMPOTENCY_KEY_PATTERN,
  checkoutBuyBodySchema,
  checkoutCartSchema,
  checkoutPrepareBodySchema,
  giftCheckDataSchema,
  giftCodeBodySchema,
  giftCodeQuerySchema,
  orderDeleteBodySchema,
  orderModifyBodySchema,
  orderModifyPaymentTypeBodySchema,
  orderPaymentBodySchema,
  orderPaymentDataSchema,
  orderRetryListDataSchema,
  packagingTypeListDataSchema,
  paymentTypeListDataSchema,
  paymentTypeListQuerySchema,
  prebilledDataSchema,
  prebilledQuerySchema,
} from '@spesa/shared/contracts/checkout';
import { orderSchema } from '@spesa/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { answer, answerWithData, apiResponse } from '../../plugins/envelope';
import type { ThrottleLimits } from '../../plugins/rate-limit';
import type { CheckoutService } from './checkout.service';
import type { OrderActionsService } from './order-actions.service';

/**
 * Checkout and the customer's order actions (spec section 7 "Cart and checkout" and "Orders", decision 017).
 * Thin handlers: the services decide. Every call needs a signed-in customer.
 */
export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  actions: OrderActionsService;
  /** attempts on gift codes allowed per customer and per client address in the throttle's window */
  giftCodeLimits: ThrottleLimits;
}

const IDEMPOTENCY_INVALID = fail(
  'msg.checkout.idempotencyKey',
  'Il parametro Idempotency-Key non è valido.',
  'validation',
);

const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (
  app,
  { checkout, actions, giftCodeLimits },
) => {
  const cartAnswer = { 200: apiResponse(checkoutCartSchema), 400: apiResponse(checkoutCartSchema) };
  const guarded = { config: { access: ACCESS.customer } };
  // gift codes are secrets to guess: check, add and remove count together, per customer and per address
  const giftThrottle = app.authThrottle(
    'gift-code',
    (req) => (req.session ? { userId: req.session.userId } : null),
    giftCodeLimits,
  );

  app.get(
    '/packaging-type/list',
    {
      ...guarded,
      schema: {
        tags: ['checkout'],
        summary: 'Shopping bags (packaging types) in product shape, with the estimate for the open cart',
        response: { 200: apiResponse(packagingTypeListDataSchema) },
      },
    },
    async (request) => answer(request, await checkout.packagingList(userIdOf(request))),
  );

  app.get(
    '/payment-type/list-auth',
    {
      ...guarded,
      schema: {
        tags: ['checkout'],
        summary: 'Payment types (1, 2, 11, 12, 24, 100; default 12) and stored authorisations (none kept)',
        querystring: paymentTypeListQuerySchema,
        response: { 200: apiResponse(paymentTypeListDataSchema) },
      },
    },
    async (request) =>
      answer(request, await checkout.paymentTypes(userIdOf(request), request.query.payment_type_id)),
  );

  app.get(
    '/cart-giftcertificate/check',
    {
      ...guarded,
      preHandler: giftThrottle,
      schema: {
        tags: ['checkout'],
        summary: 'Whether a gift code is valid for this customer, and what it would take off the open cart',
        querystring: giftCodeQuerySchema,
        response: { 200: apiResponse(giftCheckDataSchema) },
      },
    },
    async (request) => answer(request, await checkout.giftCheck(userIdOf(request), request.query.code)),
  );

  app.post(
    '/cart-giftcertificate/add_code',
    {
      ...guarded,
      preHandler: giftThrottle,
      schema: {
        tags: ['checkout'],
        summary: 'Applies a gift code to the open cart (one per cart); answers the cart',
        body: giftCodeBodySchema,
        response: cartAnswer,
      },
    },
    async (request) => {
      const o = await checkout.giftAdd(userIdOf(request), request.body.code);
      return answerWithData(request, o.cart, o.failures, o.infos);
    },
  );

  app.post(
    '/cart-giftcertificate/remove_code',
    {
      ...guarded,
      preHandler: giftThrottle,
      schema: {
        tags: ['checkout'],
        summary: 'Removes a gift code from the open cart; answers the cart',
        body: giftCodeBodySchema,
        response: cartAnswer,
      },
    },
    async (request) => {
      const o = await checkout.giftRemove(userIdOf(request), request.body.code);
      return answerWithData(request, o.cart, o.failures, o.infos);
    },
  );

  app.post(
    '/checkout/prepare',
    {
      ...guarded,
      schema: {
        tags: ['checkout'],
        summary:
          'Saves the checkout choices and checks the cart; when nothing is missing locks it (cart status 7)',
        body: checkoutPrepareBodySchema.optional(),
        response: cartAnswer,
      },
    },
    async (request) => {
      const o = await checkout.prepare(userIdOf(request), request.body ?? {});
      return answerWithData(request, o.cart, o.failures, o.infos);
    },
  );

  app.post(
    '/checkout/unlock',
    {
      ...guarded,
      schema: {
        tags: ['checkout'],
        summary: 'Leaving checkout: the locked cart (status 7) opens again for changes',
        response: cartAnswer,
      },
    },
    async (request) => {
      const o = await checkout.unlock(userIdOf(request));
      return answerWithData(request, o.cart, o.failures, o.infos);
    },
  );

  app.get(
    '/checkout/prebilled-amount',
    {
      ...guarded,
      schema: {
        tags: ['checkout'],
        summary: 'The pre-authorised amount: total + 25 % of the variable-weight lines + bags',
        querystring: prebilledQuerySchema,
        response: { 200: apiResponse(prebilledDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await checkout.prebilled(userIdOf(request), request.query.payment_type_id, request.query.order_id),
      ),
  );

  app.post(
    '/checkout/buy',
    {
      ...guarded,
      schema: {
        tags: ['checkout'],
        summary:
          'Buys the prepared cart in one transaction; answers the order and the hosted payment page for online types. Idempotency-Key header: a repeated buy answers the same order',
        headers: z.object({ 'idempotency-key': z.string().max(200).optional() }).loose(),
        body: checkoutBuyBodySchema.optional(),
        response: { 200: apiResponse(orderPaymentDataSchema), 400: apiResponse(orderPaymentDataSchema) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'] ?? request.body?.idempotency_key ?? null;
      if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        reply.code(400);
        return answer(request, IDEMPOTENCY_INVALID);
      }
      return answer(
        request,
        await checkout.buy(userIdOf(request), {
          paymentTypeId: request.body?.payment_type_id,
          idempotencyKey: key,
          user: request.session?.user ?? null,
        }),
      );
    },
  );

  // ---------- order actions ----------
  app.post(
    '/order/delete',
    {
      ...guarded,
      schema: {
        tags: ['orders'],
        summary: "Cancels an order before 'in preparazione': info 'Ordine {orderId} annullato'",
        body: orderDeleteBodySchema,
        response: { 200: apiResponse(z.object({ order: orderSchema })) },
      },
    },
    async (request) => answer(request, await actions.cancel(userIdOf(request), request.body.order_id)),
  );

  app.post(
    '/order/modify',
    {
      ...guarded,
      schema: {
        tags: ['orders'],
        summary: 'Reopens an order as the open cart (slot kept); buying again updates the same order',
        body: orderModifyBodySchema,
        response: { 200: apiResponse(z.object({ cart: checkoutCartSchema })) },
      },
    },
    async (request) => answer(request, await actions.modify(userIdOf(request), request.body.order_id)),
  );

  app.post(
    '/order/payment',
    {
      ...guarded,
      schema: {
        tags: ['orders'],
        summary: 'A new hosted payment session for a failed (11) or abandoned (1) online payment',
        body: orderPaymentBodySchema,
        response: { 200: apiResponse(orderPaymentDataSchema) },
      },
    },
    async (request) => answer(request, await actions.retryPayment(userIdOf(request), request.body.order_id)),
  );

  app.post(
    '/order/modify-payment-type',
    {
      ...guarded,
      schema: {
        tags: ['orders'],
        summary: 'Changes the payment type before preparation (online types answer a new hosted page)',
        body: orderModifyPaymentTypeBodySchema,
        response: { 200: apiResponse(orderPaymentDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await actions.modifyPaymentType(
          userIdOf(request),
          request.body.order_id,
          request.body.payment_type_id,
        ),
      ),
  );

  app.get(
    '/order/list-retry-payment',
    {
      ...guarded,
      schema: {
        tags: ['orders'],
        summary: 'The orders whose online payment can be retried',
        response: { 200: apiResponse(orderRetryListDataSchema) },
      },
    },
    async (request) => answer(request, await actions.listRetryPayment(userIdOf(request))),
  );
};

export default checkoutRoutes;
