import { ADMIN_GRANTS } from '@spesa/shared/contracts/admin';
import { adminMailsEndpoints as api } from '@spesa/shared/contracts/admin-mails';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { MailAdmin } from './mail-admin.service';

const tags = ['backoffice'];
const readers = ACCESS.admin(ADMIN_GRANTS.mails.read);
const senders = ACCESS.admin(ADMIN_GRANTS.mails.write);

/**
 * "E-mail non recapitate" in the back office (decision 101, session 51): the SMTP mails by state and the
 * resend of one that did not leave. Roles of ADMIN_GRANTS.mails; the resend is audited.
 */
const mailAdminRoutes: FastifyPluginAsyncZod<{ admin: MailAdmin }> = async (app, { admin }) => {
  app.route({
    ...contractRoute(api.list, {
      access: readers,
      config: { fieldMessages: true },
      tags,
      summary:
        'SMTP mails not delivered (default), waiting or sent, newest first, by recipient; never their bodies',
    }),
    handler: async (request) => answer(request, await admin.list(request.query)),
  });

  app.route({
    ...contractRoute(api.resend, {
      access: senders,
      config: { fieldMessages: true },
      tags,
      summary:
        'Queues a new delivery job for an SMTP mail not sent and not waiting for one (audited); the mail is kept as it is',
    }),
    handler: async (request) => answer(request, await admin.resend(adminOf(request), request.params.id)),
  });
};

export default mailAdminRoutes;
