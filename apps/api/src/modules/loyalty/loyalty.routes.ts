import { giftCertificateEndpoints as gifts } from '@spesa/shared/contracts/gift-certificates';
import { loyaltyEndpoints as api } from '@spesa/shared/contracts/loyalty';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { LoyaltyCardService } from './loyalty-card.service';
import { LOYALTY_LIMITS } from './loyalty.messages';
import type { PremiumService } from './premium.service';
import type { PremiumProductService } from './premium-product.service';
import type { GiftCertificatesService } from './gift-certificates.service';
import type { WalletService } from './wallet.service';

const tags = ['loyalty'];

/**
 * The customer's loyalty values (issue 21): the wallet (decision 037), the loyalty card and the premium card
 * (decision 038), the gift certificates and advantages and the promotion variables (decision 040). Thin: the
 * services hold the rules.
 */
const loyaltyRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  cards: LoyaltyCardService;
  premium: PremiumService;
  gifts: GiftCertificatesService;
  premiumProduct: PremiumProductService;
}> = async (app, { wallet, cards, premium, gifts: certificates, premiumProduct }) => {
  // linking guesses a card's holder: throttled per customer and per address, counted in the database
  const linkThrottle = app.authThrottle(
    'card-link',
    (req) => (req.session ? { userId: req.session.userId } : null),
    { maxPerAccount: LOYALTY_LIMITS.linksPerWindow, maxPerAddress: LOYALTY_LIMITS.linksPerWindowPerAddress },
  );

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
    ...contractRoute(api.cardView, {
      access: ACCESS.customer,
      tags,
      summary: "The customer's loyalty card (number, type, validity) and premium state",
    }),
    handler: async (request) => answer(request, await cards.view(userIdOf(request))),
  });

  app.route({
    ...contractRoute(api.cardLink, {
      access: ACCESS.customer,
      tags,
      config: { fieldMessages: true },
      summary: 'Links a loyalty card to the account: its number and the holder’s surname (throttled)',
    }),
    preHandler: linkThrottle,
    handler: async (request) =>
      answer(request, await cards.link(userIdOf(request), request.body.cardNumber, request.body.lastName)),
  });

  app.route({
    ...contractRoute(api.premiumRequest, {
      access: ACCESS.customer,
      tags,
      config: { fieldMessages: true },
      summary:
        'Becomes premium: a digital card at once, or a physical one by post too (asked again: the same)',
    }),
    handler: async (request) =>
      answer(request, await premium.request(userIdOf(request), request.body.channel)),
  });

  app.route({
    ...contractRoute(api.premiumArea, {
      access: ACCESS.customer,
      tags,
      summary: "The premium customers' reserved area: the perks and their use",
    }),
    handler: async (request) => answer(request, await premium.area(userIdOf(request))),
  });

  app.route({
    ...contractRoute(api.premiumProduct, {
      access: ACCESS.customer,
      tags,
      summary: "The premium customer's 20 % product (decision 043) and whether it can be changed now",
    }),
    handler: async (request) => answer(request, await premiumProduct.view(userIdOf(request))),
  });

  app.route({
    ...contractRoute(api.premiumProductChoose, {
      access: ACCESS.customer,
      tags,
      config: { fieldMessages: true },
      summary:
        'Chooses the premium 20 % product: a sold product, no infant formula nor alcohol, once a month',
    }),
    handler: async (request) =>
      answer(request, await premiumProduct.choose(userIdOf(request), request.body.productId)),
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
