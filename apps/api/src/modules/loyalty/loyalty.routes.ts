import { giftCertificateEndpoints as gifts } from '@spesa/shared/contracts/gift-certificates';
import { loyaltyEndpoints as api } from '@spesa/shared/contracts/loyalty';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { GiftCertificatesService } from './gift-certificates.service';
import type { WalletService } from './wallet.service';

const tags = ['loyalty'];

/**
 * The customer's loyalty values (issue 21, decisions 037 and 040): the wallet, the gift certificates and
 * advantages, the promotion variables. Thin: the services hold the rules.
 */
const loyaltyRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  gifts: GiftCertificatesService;
}> = async (app, { wallet, gifts: certificates }) => {
  app.route({
    ...contractRoute(api.walletView, {
      access: ACCESS.customer,
      tags,
      summary: "The customer's wallet: balance and movements (newest first, 20 per page), amounts in euros",
    }),
    handler: async (request) =>
      answer(request, await wallet.view(userIdOf(request), request.query.page ?? 1)),
  });

  app.route({
    ...contractRoute(gifts.list, {
      access: ACCESS.customer,
      tags,
      summary:
        'What the customer can use now: their personal gift certificates and the advantages they qualify for',
    }),
    handler: async (request) => answer(request, await certificates.usable(userIdOf(request))),
  });

  app.route({
    ...contractRoute(gifts.listManualAssigned, {
      access: ACCESS.customer,
      tags,
      summary: "The customer's personal gift certificates; show_history=true adds the used and expired ones",
    }),
    handler: async (request) =>
      answer(request, await certificates.personal(userIdOf(request), request.query.show_history ?? false)),
  });

  app.route({
    ...contractRoute(gifts.refreshPromovar, {
      access: ACCESS.customer,
      tags,
      summary: 'Recomputes the customer’s promotion variables (profile level), at most once every 5 minutes',
    }),
    handler: async (request) => answer(request, await certificates.refreshPromovar(userIdOf(request))),
  });
};

export default loyaltyRoutes;
