import {
  IDEMPOTENCY_KEY_PATTERN,
  checkoutBuyBodySchema,
  checkoutEndpoints as api,
  walletCentsOf,
} from '@spesa/shared/contracts/checkout';
import { DEFAULT_PAYMENT_TYPE_ID } from '@spesa/shared/checkout/payment-types';
import { OPERATOR_PAYMENT_TYPE_IDS } from '@spesa/shared/contracts/operators';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail, failWith, ok } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, answerWithData } from '../../plugins/envelope';
import type { ThrottleLimits } from '../../plugins/rate-limit';
import { CHECKOUT_TEXT } from './checkout.messages';
import type { CheckoutService } from './checkout.service';

/** An operator acting for the customer pays only at delivery: never a card typed by them (decision 053). */
const operatorActing = (request: FastifyRequest): boolean => request.session?.operator?.acting === true;
const operatorMayChoose = (paymentTypeId: number): boolean =>
  OPERATOR_PAYMENT_TYPE_IDS.includes(paymentTypeId);

/**
 * Checkout (spec section 7 "Cart and checkout", decision 017): bags, payment types, gift codes, prepare,
 * unlock, the pre-authorised amount and buy. Thin handlers: the service decides. Every call needs a
 * signed-in customer. The customer's order actions are registered by orders/order-actions.routes.ts.
 */
export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  /** attempts on gift codes allowed per customer and per client address in the throttle's window */
  giftCodeLimits: ThrottleLimits;
}

const IDEMPOTENCY_INVALID = fail(
  'msg.checkout.idempotencyKey',
  'Il parametro Idempotency-Key non è valido.',
  'validation',
);

const tags = ['checkout'];

/**
 * The buy a request asks, as its handler will read it once validated: the idempotency key (the header's, else
 * the body's; null when absent or malformed), the payment type and the wallet's part. Null: a body the
 * contract refuses (the handler is not reached).
 */
function buyAskOf(request: FastifyRequest) {
  const body = checkoutBuyBodySchema.optional().safeParse(request.body);
  if (!body.success) return null;
  const header = request.headers['idempotency-key'];
  const key = (typeof header === 'string' ? header : undefined) ?? body.data?.idempotency_key ?? null;
  return {
    key: key !== null && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : null,
    paymentTypeId: body.data?.payment_type_id,
    walletCents: walletCentsOf(body.data?.payment_data),
  };
}

const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (
  app,
  { checkout, giftCodeLimits },
) => {
  const access = ACCESS.customer;
  // the calls answering the checkout cart answer it with HTTP 400 too (a refused change still carries the cart)
  const cartAnswer = { alsoAnswers: [400] } as const;
  // gift codes are secrets to guess: check, add and remove count together, per customer and per address
  const giftThrottle = app.authThrottle(
    'gift-code',
    (req) => (req.session ? { userId: req.session.userId } : null),
    giftCodeLimits,
  );

  app.route({
    ...contractRoute(api.packagingTypes, {
      access,
      tags,
      summary: 'Shopping bags (packaging types) in product shape, with the estimate for the open cart',
    }),
    handler: async (request) => answer(request, await checkout.packagingList(userIdOf(request))),
  });

  app.route({
    ...contractRoute(api.paymentTypes, {
      access,
      tags,
      summary: 'Payment types (1, 2, 11, 12, 24, 100; default 12) and stored authorisations (none kept)',
    }),
    handler: async (request) => {
      const types = await checkout.paymentTypes(userIdOf(request), request.query.payment_type_id);
      if (!types.ok || !operatorActing(request)) return answer(request, types);
      return answer(
        request,
        ok({
          ...types.data,
          paymentTypes: types.data.paymentTypes.map((p) => ({
            ...p,
            default: p.paymentTypeId === OPERATOR_PAYMENT_TYPE_IDS[0],
            enabled: p.enabled && operatorMayChoose(p.paymentTypeId),
          })),
          defaultPaymentTypeId: OPERATOR_PAYMENT_TYPE_IDS[0] ?? DEFAULT_PAYMENT_TYPE_ID,
        }),
      );
    },
  });

  app.route({
    ...contractRoute(api.giftCheck, {
      access,
      tags,
      summary: 'Whether a gift code is valid for this customer, and what it would take off the open cart',
    }),
    preHandler: giftThrottle,
    handler: async (request) =>
      answer(request, await checkout.giftCheck(userIdOf(request), request.query.code)),
  });

  app.route({
    ...contractRoute(api.giftAdd, {
      access,
      tags,
      summary: 'Applies a gift code to the open cart (one per cart); answers the cart',
      ...cartAnswer,
    }),
    preHandler: giftThrottle,
    handler: async (request) => {
      const o = await checkout.giftAdd(userIdOf(request), request.body.code);
      return answerWithData(request, o.cart, o.failures, o.infos);
    },
  });

  app.route({
    ...contractRoute(api.giftRemove, {
      access,
      tags,
      summary: 'Removes a gift code from the open cart; answers the cart',
      ...cartAnswer,
    }),
    preHandler: giftThrottle,
    handler: async (request) => {
      const o = await checkout.giftRemove(userIdOf(request), request.body.code);
      return answerWithData(request, o.cart, o.failures, o.infos);
    },
  });

  app.route({
    ...contractRoute(api.prepare, {
      access,
      tags,
      summary:
        'Saves the checkout choices and checks the cart; when nothing is missing locks it (cart status 7)',
      ...cartAnswer,
      // the session's statement reads the cart, its products and its checkout row too (two round trips less)
      config: { sessionCompanion: () => checkout.prepareCompanion() },
    }),
    handler: async (request) => {
      const o = await checkout.prepare(
        userIdOf(request),
        request.body ?? {},
        request.session?.user ?? null,
        request.session ?? null,
      );
      return answerWithData(request, o.cart, o.failures, o.infos);
    },
  });

  app.route({
    ...contractRoute(api.unlock, {
      access,
      tags,
      summary: 'Leaving checkout: the locked cart (status 7) opens again for changes',
      ...cartAnswer,
    }),
    handler: async (request) => {
      const o = await checkout.unlock(userIdOf(request));
      return answerWithData(request, o.cart, o.failures, o.infos);
    },
  });

  app.route({
    ...contractRoute(api.cart, {
      access,
      tags,
      summary:
        'The cart as the checkout sees it (gift codes, bags, what is still missing), read without changing its status',
    }),
    handler: async (request) =>
      answerWithData(request, (await checkout.read(userIdOf(request))).cart, [], []),
  });

  app.route({
    ...contractRoute(api.prebilled, {
      access,
      tags,
      summary: 'The pre-authorised amount: total + 25 % of the variable-weight lines + bags',
    }),
    handler: async (request) =>
      answer(
        request,
        await checkout.prebilled(userIdOf(request), request.query.payment_type_id, request.query.order_id),
      ),
  });

  app.route({
    ...contractRoute(api.buy, {
      access,
      tags,
      summary:
        'Buys the prepared cart in one transaction; answers the order and the hosted payment page for online types. Idempotency-Key header: a repeated buy answers the same order',
      headers: z.object({ 'idempotency-key': z.string().max(200).optional() }).loose(),
      // a malformed Idempotency-Key
      alsoAnswers: [400],
      // the session's statement, once the body is parsed, reads the cart with its checkout row, the key's
      // order and the new order's id too (two round trips less)
      config: {
        sessionAfterBody: true,
        sessionCompanion: (request) => {
          const ask = buyAskOf(request);
          return ask && checkout.buyCompanion(ask);
        },
      },
    }),
    handler: async (request, reply) => {
      const paymentTypeId = request.body?.payment_type_id ?? DEFAULT_PAYMENT_TYPE_ID;
      if (operatorActing(request) && !operatorMayChoose(paymentTypeId))
        return answer(request, failWith(CHECKOUT_TEXT.operatorPayment));
      const key = request.headers['idempotency-key'] ?? request.body?.idempotency_key ?? null;
      if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        reply.code(400);
        return answer(request, IDEMPOTENCY_INVALID);
      }
      return answer(
        request,
        await checkout.buy(userIdOf(request), {
          paymentTypeId: request.body?.payment_type_id,
          walletCents: walletCentsOf(request.body?.payment_data) ?? 0,
          idempotencyKey: key,
          user: request.session?.user ?? null,
          session: request.session ?? null,
        }),
      );
    },
  });
};

export default checkoutRoutes;
