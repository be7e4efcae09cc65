import {
  adminGiftCardOrderEndpoints as api,
  GIFT_CARD_ORDER_GRANTS,
} from '@spesa/shared/contracts/gift-card-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { GiftCardOrdersService } from './gift-card-orders.service';

const tags = ['backoffice'];

/**
 * Companies' gift-card requests in the back office (decision 044), under /ebsn/api/admin/gift-card-orders:
 * customer service, supervisors and administrators read them; customer service and administrators move them
 * (received -> confirmed -> delivered, or cancelled), every move in the audit log.
 */
const giftCardOrdersAdminRoutes: FastifyPluginAsyncZod<{ giftCards: GiftCardOrdersService }> = async (
  app,
  { giftCards },
) => {
  app.route({
    ...contractRoute(api.list, {
      access: ACCESS.admin(GIFT_CARD_ORDER_GRANTS.read),
      tags,
      summary:
        'Companies’ gift-card requests, newest first, the late ones flagged (still received after 48 h)',
    }),
    handler: async (request) => answer(request, await giftCards.list(request.query)),
  });

  app.route({
    ...contractRoute(api.detail, {
      access: ACCESS.admin(GIFT_CARD_ORDER_GRANTS.read),
      tags,
      summary: 'A gift-card request: the company, the invoice data, the lines, the states it may move to',
    }),
    handler: async (request) => answer(request, await giftCards.detail(request.params.id)),
  });

  app.route({
    ...contractRoute(api.move, {
      access: ACCESS.admin(GIFT_CARD_ORDER_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary:
        'Moves a gift-card request one step (confirming e-mails the delivery information to the company; audited)',
    }),
    handler: async (request) =>
      answer(
        request,
        await giftCards.move(adminOf(request), request.params.id, request.body.state, request.body.note),
      ),
  });
};

export default giftCardOrdersAdminRoutes;
