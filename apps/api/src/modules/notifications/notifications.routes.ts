import { notificationsEndpoints as api } from '@spesa/shared/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { NotificationService } from './notifications.service';

const tags = ['account'];

/** The customer's messages (spec section 7 `GET /notification/history`, decision 048). Thin. */
const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  app.route({
    ...contractRoute(api.history, {
      access: ACCESS.customer,
      tags,
      summary:
        'The messages the shop sent the customer, newest first, optionally of one kind; the page read is marked read',
    }),
    handler: async (request) =>
      answer(request, await notifications.history(userIdOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.unread, {
      access: ACCESS.customer,
      tags,
      summary: "How many of the customer's messages are unread (the profile menu's badge)",
    }),
    handler: async (request) => answer(request, await notifications.unread(userIdOf(request))),
  });
};

export default notificationsRoutes;
