import {
  adminFormsEndpoints as api,
  adminSubmissionFileParamsSchema,
  FORM_SUBMISSIONS_GRANTS,
} from '@spesa/shared/contracts/admin-forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, failureEnvelope, rootUserOf } from '../../plugins/envelope';
import { failWith } from '../../lib/result';
import { FORMS_TEXT } from './forms.messages';
import type { FormsService } from './forms.service';

const tags = ['backoffice'];
const readers = ACCESS.admin(FORM_SUBMISSIONS_GRANTS.read);

/**
 * The forms' submissions in the back office (decision 051), under /ebsn/api/admin/form-submissions: customer
 * service reads the tickets with their answers and opens their files. Read only; files are sent as
 * attachments with their stored type and `nosniff`, never inline.
 */
const formsAdminRoutes: FastifyPluginAsyncZod<{ forms: FormsService }> = async (app, { forms }) => {
  app.route({
    ...contractRoute(api.list, {
      access: readers,
      tags,
      summary: 'What was sent through the forms, newest first (formId: one form)',
    }),
    handler: async (request) => {
      const { formId, page, perPage } = request.query;
      return answer(request, await forms.adminList(formId, page, perPage));
    },
  });

  app.route({
    ...contractRoute(api.one, {
      access: readers,
      tags,
      summary: 'One submission: its ticket, answers and files',
    }),
    handler: async (request) => answer(request, await forms.adminOne(request.params.id)),
  });

  app.get(
    '/admin/form-submissions/:id/files/:uploadId',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'A file of a submission (the bytes, as an attachment)',
        params: adminSubmissionFileParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await forms.adminFile(request.params.id, request.params.uploadId);
      if (!file)
        return reply
          .code(404)
          .send(failureEnvelope(rootUserOf(request), failWith(FORMS_TEXT.submissionNotFound, 'notFound')));
      const name = file.name.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};

export default formsAdminRoutes;
