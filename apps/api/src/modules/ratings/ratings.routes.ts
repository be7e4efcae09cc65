import { ratingsEndpoints as api } from '@spesa/shared/contracts/ratings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { RatingsService } from './ratings.service';

const tags = ['ratings'];

/**
 * Product ratings (spec section 7 "Ratings", decision 036). Rating display and voting require a signed-in
 * customer (spec section 6), so every route is `customer`. Thin: the service holds the rules.
 */
const ratingsRoutes: FastifyPluginAsyncZod<{ ratings: RatingsService }> = async (app, { ratings }) => {
  const customer = ACCESS.customer;

  app.route({
    ...contractRoute(api.rating, {
      access: customer,
      tags,
      summary: "A product's counted votes per star (1-5), their number and average (one decimal)",
    }),
    handler: async (request) => answer(request, await ratings.rating(request.params.id)),
  });

  app.route({
    ...contractRoute(api.bought, {
      access: customer,
      tags,
      summary: 'Whether the customer received the product, and their vote with its state',
    }),
    handler: async (request) => answer(request, await ratings.bought(userIdOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.vote, {
      access: customer,
      tags,
      config: { fieldMessages: true },
      summary: 'Votes a received product once (1-5 in half steps, title, comment); text waits for moderation',
    }),
    handler: async (request) =>
      answer(request, await ratings.vote(userIdOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(api.userVotes, {
      access: customer,
      tags,
      summary: "Products received and not voted yet (to-vote, default), or the customer's votes (voted)",
    }),
    handler: async (request) => answer(request, await ratings.userVotes(userIdOf(request), request.query)),
  });
};

export default ratingsRoutes;
