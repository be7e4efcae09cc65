import {
  adminIntegrationEndpoints as api,
  INTEGRATION_GRANTS,
} from '@spesa/shared/contracts/admin-integration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import { ok } from '../../lib/result';
import type { IntegrationAdmin } from './integration-admin';
import type { IntegrationClients } from './integration-clients';
import type { IntegrationWebhooks } from './integration-webhooks';

const tags = ['backoffice'];
const readers = ACCESS.admin(INTEGRATION_GRANTS.read);
const writers = ACCESS.admin(INTEGRATION_GRANTS.write);

/** The page "Integrazioni" of the back office (decision 096): administrators only. */
const integrationAdminRoutes: FastifyPluginAsyncZod<{
  clients: IntegrationClients;
  admin: IntegrationAdmin;
  webhooks: IntegrationWebhooks;
}> = async (app, { clients, admin, webhooks }) => {
  app.route({
    ...contractRoute(api.clients, {
      access: readers,
      tags,
      summary: 'The integration clients, with their last use',
    }),
    handler: async (request) => answer(request, ok({ clients: await clients.list() })),
  });

  app.route({
    ...contractRoute(api.create, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary: 'Registers a system with its scopes; its secret is answered this once',
    }),
    handler: async (request) => answer(request, await admin.create(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.revoke, {
      access: writers,
      tags,
      summary: "Revokes a system's credentials: its tokens stop working at once",
    }),
    handler: async (request) => answer(request, await admin.revoke(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.webhook, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary: "Sets a system's webhook (URL and events); the signing key is answered the first time",
    }),
    handler: async (request) =>
      answer(request, await admin.setWebhook(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(api.deliveries, {
      access: readers,
      tags,
      summary: 'Webhook deliveries by state (default: dead, the ones to retry)',
    }),
    handler: async (request) => answer(request, ok({ deliveries: await webhooks.list(request.query.state) })),
  });

  app.route({
    ...contractRoute(api.retry, {
      access: writers,
      tags,
      summary: 'Sends a dead delivery again ("riprova")',
    }),
    handler: async (request) => answer(request, await webhooks.retryDead(request.params.id)),
  });
};

export default integrationAdminRoutes;
