import { loyaltyEndpoints as api } from '@spesa/shared/contracts/loyalty';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { WalletService } from './wallet.service';

const tags = ['loyalty'];

/** The customer's loyalty values (issue 21, decision 037): the wallet. Thin: the services hold the rules. */
const loyaltyRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  app.route({
    ...contractRoute(api.walletView, {
      access: ACCESS.customer,
      tags,
      summary: "The customer's wallet: balance and movements (newest first, 20 per page), amounts in euros",
    }),
    handler: async (request) =>
      answer(request, await wallet.view(userIdOf(request), request.query.page ?? 1)),
  });
};

export default loyaltyRoutes;
