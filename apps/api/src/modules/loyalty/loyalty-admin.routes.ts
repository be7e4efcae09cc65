import { adminLoyaltyEndpoints as api, WALLET_GRANTS } from '@spesa/shared/contracts/admin-loyalty';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { GiftCertificatesService } from './gift-certificates.service';
import type { WalletService, WalletStaff } from './wallet.service';

/** The member of a route the access gate let through (`ACCESS.admin`): set for sure. */
const memberOf = (request: FastifyRequest): WalletStaff => {
  if (!request.admin) throw new Error('only an ACCESS.admin route has a member for sure');
  return request.admin;
};

const tags = ['backoffice'];

/**
 * A customer's wallet in the back office (decisions 030 and 037), under /ebsn/api/admin/customers/:id:
 * customer service and supervisors read it; customer service and administrators grant goodwill credits. The
 * customer's personal gift certificates likewise (decision 040).
 */
const loyaltyAdminRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  gifts: GiftCertificatesService;
}> = async (app, { wallet, gifts }) => {
  app.route({
    ...contractRoute(api.wallet, {
      access: ACCESS.admin(WALLET_GRANTS.read),
      tags,
      summary: "A customer's wallet: balance and movements, newest first",
    }),
    handler: async (request) =>
      answer(request, await wallet.adminView(request.params.id, request.query.page ?? 1)),
  });

  app.route({
    ...contractRoute(api.goodwillCredit, {
      access: ACCESS.admin(WALLET_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'A goodwill credit on the wallet with the reason the customer reads (audited)',
    }),
    handler: async (request) =>
      answer(
        request,
        await wallet.grantGoodwill(
          memberOf(request),
          request.params.id,
          request.body.amount,
          request.body.reason,
        ),
      ),
  });

  app.route({
    ...contractRoute(api.giftCertificates, {
      access: ACCESS.admin(WALLET_GRANTS.read),
      tags,
      summary: "A customer's personal gift certificates, used and expired ones included",
    }),
    handler: async (request) => answer(request, await gifts.adminList(request.params.id)),
  });

  app.route({
    ...contractRoute(api.grantGiftCertificate, {
      access: ACCESS.admin(WALLET_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary:
        'A personal gift certificate (one use, its own code) with the reason the customer reads (audited)',
    }),
    handler: async (request) =>
      answer(request, await gifts.grant(memberOf(request), request.params.id, request.body)),
  });
};

export default loyaltyAdminRoutes;
