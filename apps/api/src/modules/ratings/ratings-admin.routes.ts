import { adminRatingsEndpoints as api, RATINGS_GRANTS } from '@spesa/shared/contracts/admin-ratings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { RatingsModerationService } from './ratings.service';

const tags = ['backoffice'];
const readers = ACCESS.admin(RATINGS_GRANTS.read);
const moderators = ACCESS.admin(RATINGS_GRANTS.write);

/**
 * Moderation of product votes in the back office (decisions 030 and 036), under /ebsn/api/admin/votes:
 * customer service, supervisors and administrators approve or reject the votes that hold text.
 */
const ratingsAdminRoutes: FastifyPluginAsyncZod<{ moderation: RatingsModerationService }> = async (
  app,
  { moderation },
) => {
  app.route({
    ...contractRoute(api.list, {
      access: readers,
      tags,
      summary: 'Votes by state (default pending, oldest first) with product name and customer first name',
    }),
    handler: async (request) => answer(request, await moderation.list(request.query)),
  });

  app.route({
    ...contractRoute(api.approve, {
      access: moderators,
      tags,
      summary: 'Approves a pending vote: it counts in the product stars from now on',
    }),
    handler: async (request) =>
      answer(request, await moderation.approve(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.reject, {
      access: moderators,
      tags,
      config: { fieldMessages: true },
      summary: 'Rejects a pending vote with a reason the customer reads (it never counts)',
    }),
    handler: async (request) =>
      answer(request, await moderation.reject(adminOf(request), request.params.id, request.body.reason)),
  });
};

export default ratingsAdminRoutes;
