import { pushEndpoints as api } from '@spesa/shared/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { PushService } from './push.service';

const tags = ['account'];

/**
 * The customer's devices for push notifications (spec section 7 `/externalregistration/register` and
 * `/unregister`, decision 055). The platform registers with GETs: they are flagged `stateChanging`, so
 * another site cannot register its own push endpoint on a signed-in customer. Thin.
 */
const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  const changing = { stateChanging: true } as const;

  app.route({
    ...contractRoute(api.register, {
      access: ACCESS.customer,
      config: changing,
      tags,
      summary:
        'Registers the device (platform, uuid) for push notifications: a native app (android, ios) sends the spec’s parameters with uuid = its push token; a browser (web) sends its Web Push endpoint as external_id, p256dh and auth its keys',
    }),
    handler: async (request) => answer(request, await push.register(userIdOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.unregister, {
      access: ACCESS.customer,
      config: changing,
      tags,
      summary: "Removes one of the customer's devices (another customer's: not found)",
    }),
    handler: async (request) => answer(request, await push.unregister(userIdOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.vapidKey, {
      access: ACCESS.public('the shop’s public VAPID key: a browser needs it to subscribe, before signing in'),
      tags,
      summary: 'The VAPID public key (applicationServerKey of PushManager.subscribe)',
    }),
    handler: async (request) => answer(request, push.vapidKey()),
  });
};

export default pushRoutes;
