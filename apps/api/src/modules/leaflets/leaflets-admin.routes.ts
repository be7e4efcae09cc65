import {
  adminLeafletsEndpoints as api,
  LEAFLET_GRANTS,
  LEAFLET_MAX_PAGES,
  LEAFLET_PDF_MAX_BYTES,
  type AdminLeaflet,
} from '@spesa/shared/contracts/admin-leaflets';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failWith } from '../../lib/result';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import { LEAFLET_TEXT } from './leaflets.messages';
import type { LeafletsAdmin } from './leaflets-admin';

const tags = ['backoffice'];
const readers = ACCESS.admin(LEAFLET_GRANTS.read);
const writers = ACCESS.admin(LEAFLET_GRANTS.write);

/** The leaflets in the back office (decision 097), under /ebsn/api/admin/leaflets. Thin. */
const leafletsAdminRoutes: FastifyPluginAsyncZod<{ admin: LeafletsAdmin }> = async (app, { admin }) => {
  app.route({
    ...contractRoute(api.list, {
      access: readers,
      tags,
      summary: 'The leaflets, newest first, drafts included',
    }),
    handler: async (request) => answer(request, await admin.list(request.query.page, request.query.perPage)),
  });

  app.route({
    ...contractRoute(api.one, {
      access: readers,
      tags,
      summary: 'A leaflet with its stores, pages and products',
    }),
    handler: async (request) => answer(request, await admin.one(request.params.id)),
  });

  app.route({
    ...contractRoute(api.create, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary: 'A new draft leaflet: title, validity, the stores it is for (none: every store)',
    }),
    handler: async (request) => answer(request, await admin.create(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.update, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary: "A draft's title, validity and stores",
    }),
    handler: async (request) =>
      answer(request, await admin.update(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(api.setProducts, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary: "A draft's products by code or EAN, each with its page and the leaflet's price (all or none)",
    }),
    handler: async (request) =>
      answer(request, await admin.setProducts(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(api.publish, {
      access: writers,
      tags,
      summary: 'Publishes a leaflet: customers of its stores see it on its dates',
    }),
    handler: async (request) => answer(request, await admin.publish(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.unpublish, {
      access: writers,
      tags,
      summary: 'Withdraws a leaflet from the shop (a draft again)',
    }),
    handler: async (request) => answer(request, await admin.unpublish(adminOf(request), request.params.id)),
  });

  // the pages arrive as multipart/form-data (a PDF, or images one per page), streamed to temporary files
  await app.register(multipart, {
    limits: { fileSize: LEAFLET_PDF_MAX_BYTES + 1, files: LEAFLET_MAX_PAGES + 1, fields: 0 },
  });

  app.route({
    ...contractRoute(api.uploadPages, {
      access: writers,
      tags,
      summary: `A draft's pages: one PDF (20 MB) or images (8 MB each), at most ${LEAFLET_MAX_PAGES} pages`,
    }),
    handler: async (request) => {
      if (!request.isMultipart())
        return answer<{ data: AdminLeaflet }>(request, failWith(LEAFLET_TEXT.fileMissing));
      return answer(request, await admin.uploadPages(adminOf(request), request.params.id, request.files()));
    },
  });
};

export default leafletsAdminRoutes;
