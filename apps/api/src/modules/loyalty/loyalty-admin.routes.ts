import { adminLoyaltyEndpoints as api, WALLET_GRANTS } from '@spesa/shared/contracts/admin-loyalty';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { AdminCardData } from '@spesa/shared/contracts/admin-loyalty';
import type { Result } from '../../lib/result';
import type { PremiumProductService } from './premium-product.service';
import type { PremiumService } from './premium.service';
import type { GiftCertificatesService } from './gift-certificates.service';
import type { WalletService } from './wallet.service';

const tags = ['backoffice'];

/**
 * A customer's wallet, loyalty card and gift certificates in the back office (decisions 030, 037, 038 and
 * 040), under /ebsn/api/admin/customers/:id: customer service and supervisors read them; customer service and
 * administrators grant goodwill credits and certificates, exclude a customer from the premium card (or
 * include them again) and move a physical premium card along its way by post.
 */
const loyaltyAdminRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  premium: PremiumService;
  premiumProduct: Pick<PremiumProductService, 'adminChoice'>;
  gifts: GiftCertificatesService;
}> = async (app, { wallet, premium, premiumProduct, gifts }) => {
  /** a card answer with the customer's chosen 20 % product */
  const withProduct = async (
    userId: number,
    result: Result<AdminCardData>,
  ): Promise<Result<AdminCardData>> =>
    result.ok
      ? {
          ...result,
          data: { data: { ...result.data.data, premiumProduct: await premiumProduct.adminChoice(userId) } },
        }
      : result;

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
      summary:
        'A goodwill credit on the wallet with the reason the customer reads, tied to an order or not (audited; an invoiced order gets a credit note)',
    }),
    handler: async (request) =>
      answer(request, await wallet.grantGoodwill(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(api.loyaltyCard, {
      access: ACCESS.admin(WALLET_GRANTS.read),
      tags,
      summary: "A customer's loyalty card, premium state and exclusion",
    }),
    handler: async (request) =>
      answer(request, await withProduct(request.params.id, await premium.adminView(request.params.id))),
  });

  app.route({
    ...contractRoute(api.premiumExclusion, {
      access: ACCESS.admin(WALLET_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'Excludes a customer from the premium card, or includes them again, with a reason (audited)',
    }),
    handler: async (request) =>
      answer(
        request,
        await withProduct(
          request.params.id,
          await premium.setExclusion(
            adminOf(request),
            request.params.id,
            request.body.excluded,
            request.body.reason,
          ),
        ),
      ),
  });

  app.route({
    ...contractRoute(api.premiumCardState, {
      access: ACCESS.admin(WALLET_GRANTS.write),
      tags,
      config: { fieldMessages: true },
      summary: 'A physical premium card one step further: shipped, then delivered (audited)',
    }),
    handler: async (request) =>
      answer(
        request,
        await withProduct(
          request.params.id,
          await premium.advanceCard(adminOf(request), request.params.id, request.body.state),
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
      answer(request, await gifts.grant(adminOf(request), request.params.id, request.body)),
  });
};

export default loyaltyAdminRoutes;
