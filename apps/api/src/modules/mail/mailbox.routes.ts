import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { htmlTemplates } from '../../lib/html';
import { ACCESS } from '../../plugins/access';
import type { MailService } from './mail.service';
import { TIME_ZONE } from '@spesa/shared/time/rome';

/**
 * The development mailbox (no SMTP server configured): /dev/mailbox lists the outbox, newest first,
 * /dev/mailbox/:mailId shows one mail as the customer would see it, links included. Registered only outside
 * production (DEV_MAILBOX, env.ts), and answered only to a client on this machine (loopback address): it
 * shows every reset link. Plain server-rendered HTML: it works without the web app.
 */
export const isLoopback = (address: string): boolean =>
  /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);

const render = htmlTemplates(new URL('./templates/', import.meta.url));

const mailboxRoutes: FastifyPluginAsync<{ mail: MailService }> = async (app, { mail }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // another machine is told nothing is here
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.ip)) await reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  const devOnly = {
    access: ACCESS.public(
      'development outbox: never in production, and answered only to clients on this machine (loopback)',
    ),
  };

  r.get(
    '/dev/mailbox',
    {
      config: devOnly,
      schema: { hide: true, querystring: z.object({ to: z.string().max(254).optional() }) },
    },
    async (request, reply) => {
      const mails = await mail.list({ to: request.query.to, limit: 100 });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          render('mailbox-list', {
            to: request.query.to ?? '',
            mails: mails.map((m) => ({
              mailId: m.mailId,
              date: m.createdAt.toLocaleString('it-IT', { timeZone: TIME_ZONE }),
              toAddress: m.toAddress,
              subject: m.subject,
            })),
          }),
        );
    },
  );

  r.get(
    '/dev/mailbox/:mailId',
    {
      config: devOnly,
      schema: { hide: true, params: z.object({ mailId: z.coerce.number().int().min(1).max(2_147_483_647) }) },
    },
    async (request, reply) => {
      const m = await mail.get(request.params.mailId);
      const attachments = m ? await mail.attachmentsOf(m.mailId) : [];
      if (!m) return reply.code(404).type('text/plain; charset=utf-8').send('E-mail non trovata.');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          render('mailbox-mail', {
            subject: m.subject,
            toAddress: m.toAddress,
            attachments: attachments.map(
              (a) => `${a.fileName} (${a.contentType}, ${Math.ceil(a.sizeBytes / 1024)} kB)`,
            ),
            mailBody: m.htmlBody.replace(/^[\s\S]*<body[^>]*>|<\/body>[\s\S]*$/g, ''),
          }),
        );
    },
  );
};

export default mailboxRoutes;
