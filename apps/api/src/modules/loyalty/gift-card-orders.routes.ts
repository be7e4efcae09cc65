import { giftCardOrderEndpoints as api } from '@spesa/shared/contracts/gift-card-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { GiftCardOrdersService } from './gift-card-orders.service';
import { GIFT_CARD_ORDER_LIMITS } from './loyalty.messages';

const tags = ['loyalty'];

/**
 * The gift-card partner programme (decision 044): a company's request for gift cards in bulk. Anyone may
 * send one, signed in or not; it sends mail, so it is throttled per client address (decision 026).
 */
const giftCardOrdersRoutes: FastifyPluginAsyncZod<{ giftCards: GiftCardOrdersService }> = async (
  app,
  { giftCards },
) => {
  const throttle = app.authThrottle('gift-card-order', undefined, {
    maxPerAddress: GIFT_CARD_ORDER_LIMITS.perWindowPerAddress,
  });

  app.route({
    ...contractRoute(api.send, {
      access: ACCESS.public('companies ask for gift cards without an account (throttled per address)'),
      tags,
      config: { fieldMessages: true },
      summary:
        'A company’s gift-card request: totals, the 3 % invoice discount from 1.500 €, the expected dates (the same request key answers the stored request)',
    }),
    preHandler: throttle,
    handler: async (request) => answer(request, await giftCards.send(request.body)),
  });
};

export default giftCardOrdersRoutes;
