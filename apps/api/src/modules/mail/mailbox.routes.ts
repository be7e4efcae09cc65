import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import type { MailService } from './mail.service';

/**
 * The development mailbox (no SMTP server configured): /dev/mailbox lists the outbox, newest first,
 * /dev/mailbox/:mailId shows one mail as the customer would see it, links included. Registered only outside
 * production (DEV_MAILBOX, env.ts), and answered only to a client on this machine (loopback address): it
 * shows every reset link. Plain server-rendered HTML: it works without the web app.
 */
export const isLoopback = (address: string): boolean =>
  /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const page = (title: string, body: string) =>
  `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:Arial,Helvetica,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#1a1a1a}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:8px;border-bottom:1px solid #ddd;vertical-align:top}a{color:#1b5e20}.note{background:#fff8e1;padding:8px 12px;border-radius:4px}</style></head><body>${body}</body></html>`;

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
      const rows = mails
        .map(
          (m) =>
            `<tr><td>${m.createdAt.toLocaleString('it-IT', { timeZone: 'Europe/Rome' })}</td><td>${escapeHtml(m.toAddress)}</td><td><a href="/dev/mailbox/${m.mailId}">${escapeHtml(m.subject)}</a></td></tr>`,
        )
        .join('');
      const filter = request.query.to ? ` per ${escapeHtml(request.query.to)}` : '';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            'Casella di posta di sviluppo',
            `<h1>Casella di posta di sviluppo${filter}</h1><p class="note">Nessun server SMTP configurato: le e-mail del negozio restano qui. Con <code>SMTP_URL</code> vengono spedite davvero.</p>${
              mails.length === 0
                ? '<p>Nessuna e-mail.</p>'
                : `<table><thead><tr><th scope="col">Data</th><th scope="col">Destinatario</th><th scope="col">Oggetto</th></tr></thead><tbody>${rows}</tbody></table>`
            }`,
          ),
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
      if (!m) return reply.code(404).type('text/plain; charset=utf-8').send('E-mail non trovata.');
      // the stored HTML body was rendered by our templates with every value escaped
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            m.subject,
            `<p><a href="/dev/mailbox">&larr; Tutte le e-mail</a></p><dl><dt>A</dt><dd>${escapeHtml(m.toAddress)}</dd><dt>Oggetto</dt><dd>${escapeHtml(m.subject)}</dd></dl><hr><main>${m.htmlBody.replace(/^[\s\S]*<body[^>]*>|<\/body>[\s\S]*$/g, '')}</main>`,
          ),
        );
    },
  );
};

export default mailboxRoutes;
