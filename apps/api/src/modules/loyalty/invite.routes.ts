import { inviteEndpoints as api } from '@spesa/shared/contracts/invite';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { InviteService } from './invite.service';

const tags = ['loyalty'];

/** Invite a friend (issue 21, decision 045). Thin: InviteService holds the rules. */
const inviteRoutes: FastifyPluginAsyncZod<{ invites: InviteService }> = async (app, { invites }) => {
  // an invite code names a customer: guessing codes is throttled per customer and per address
  const joinThrottle = app.authThrottle(
    'invite-join',
    (request) => (request.session ? { userId: request.session.userId } : null),
    { maxPerAccount: 10, maxPerAddress: 50 },
  );

  app.route({
    ...contractRoute(api.view, {
      access: ACCESS.customer,
      tags,
      summary:
        "The customer's invite code and link (made on first view), the friends who joined and the vouchers earned",
    }),
    handler: async (request) => answer(request, await invites.view(userIdOf(request))),
  });

  app.route({
    ...contractRoute(api.join, {
      access: ACCESS.customer,
      tags,
      config: { fieldMessages: true },
      summary:
        "A customer who has not ordered yet joins with a friend's code: a certificate for their first order",
    }),
    preHandler: joinThrottle,
    handler: async (request) => answer(request, await invites.join(userIdOf(request), request.body.code)),
  });
};

export default inviteRoutes;
