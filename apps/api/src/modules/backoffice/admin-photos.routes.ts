import {
  adminAssortmentEndpoints as api,
  ASSORTMENT_GRANTS,
  PHOTOS_ZIP_MAX_BYTES,
  type AdminPhotosResult,
} from '@spesa/shared/contracts/admin-assortment';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failWith } from '../../lib/result';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { AdminPhotos } from './admin-photos';

const NO_FILE = { code: 'msg.admin.photosMissing', text: 'Scegli un archivio ZIP di foto.' };

/** Product photos in bulk from a ZIP (decision 092), beside the single photo upload of backoffice.routes.ts. */
const adminPhotosRoutes: FastifyPluginAsyncZod<{ photos: AdminPhotos }> = async (app, { photos }) => {
  // one file, streamed to a temporary file; the reader cuts it one byte over the limit
  await app.register(multipart, {
    limits: { fileSize: PHOTOS_ZIP_MAX_BYTES + 1, files: 1, fields: 0, parts: 1 },
  });
  app.route({
    ...contractRoute(api.uploadPhotos, {
      access: ACCESS.admin(ASSORTMENT_GRANTS.write),
      tags: ['backoffice'],
      summary:
        'Product photos from a ZIP (50 MB, 200 photos) named by EAN or code, each resized and kept as a single upload',
    }),
    handler: async (request) => {
      if (!request.isMultipart()) return answer<{ data: AdminPhotosResult }>(request, failWith(NO_FILE));
      const part = await request.file().catch(() => undefined);
      if (!part) return answer<{ data: AdminPhotosResult }>(request, failWith(NO_FILE));
      return answer(request, await photos.fromZip(adminOf(request), part.filename, part.file));
    },
  });
};

export default adminPhotosRoutes;
