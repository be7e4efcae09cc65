import {
  adminSelfScanningEndpoints as api,
  SELF_SCANNING_GRANTS,
  selfScanningPosterParamsSchema,
} from '@spesa/shared/contracts/admin-smartcart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, failureEnvelope, rootUserOf } from '../../plugins/envelope';
import type { SelfScanningAdminService } from './smartcart-admin.service';
import { storePosterPdf } from './store-poster';

const tags = ['backoffice'];
const readers = ACCESS.admin(SELF_SCANNING_GRANTS.read);
const writers = ACCESS.admin(SELF_SCANNING_GRANTS.write);

/**
 * Self-scanning in the back office (decision 057), under /ebsn/api/admin/self-scanning: the stores' state,
 * re-scan share and sessions of the day; a store switched on or off and its share changed; the entrance
 * poster as a PDF. A store manager works on their own stores. Thin: SelfScanningAdminService holds the rules.
 */
const smartCartAdminRoutes: FastifyPluginAsyncZod<{ admin: SelfScanningAdminService }> = async (
  app,
  { admin },
) => {
  app.route({
    ...contractRoute(api.list, {
      access: readers,
      tags,
      summary: "The stores with their self-scanning state, re-scan share and today's sessions",
    }),
    handler: async (request) => answer(request, await admin.list(adminOf(request))),
  });

  app.route({
    ...contractRoute(api.one, {
      access: readers,
      tags,
      summary: "A store's self-scanning settings and today's sessions with their re-scan outcomes",
    }),
    handler: async (request) => answer(request, await admin.one(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.update, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary: "Switches a store's self-scanning on or off and sets its re-scan share (audited)",
    }),
    handler: async (request) =>
      answer(request, await admin.update(adminOf(request), request.params.id, request.body)),
  });

  app.get(
    '/admin/self-scanning/:id/poster.pdf',
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          "The A4 poster of a store's entrance code (PDF): its name, the CODE 128 barcode, instructions",
        params: selfScanningPosterParamsSchema,
      },
    },
    async (request, reply) => {
      const store = await admin.storeFor(adminOf(request), request.params.id);
      if (!store.ok) return reply.code(404).send(failureEnvelope(rootUserOf(request), store));
      const pdf = await storePosterPdf(store.data);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="self-scanning-negozio-${store.data.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};

export default smartCartAdminRoutes;
