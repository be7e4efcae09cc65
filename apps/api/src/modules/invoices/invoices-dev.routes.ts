import type { FastifyPluginAsync } from 'fastify';
import { SDI_STATE_LABEL } from '@spesa/shared/contracts/invoices';
import { htmlTemplate } from '../../lib/html';
import { ACCESS } from '../../plugins/access';
import { isLoopback } from '../mail/mailbox.routes';
import type { InvoicesRepository } from './invoices.repository';

const page = htmlTemplate<{
  rows: Array<{
    number: string;
    kind: string;
    issuedOn: string;
    customer: string;
    total: string;
    state: string;
    errors: string;
  }>;
}>(`<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Coda SDI (sviluppo)</title>
<style>body{font:14px system-ui;margin:2em}td,th{padding:4px 8px;border-bottom:1px solid #ddd;text-align:left}</style></head>
<body><h1>Coda verso il Sistema di Interscambio (sviluppo)</h1>
<p>I documenti emessi e il loro stato: la controfigura locale dello SDI li consegna subito.</p>
<table><thead><tr><th>Numero</th><th>Tipo</th><th>Data</th><th>Cliente</th><th>Totale</th><th>Stato</th><th>Errori</th></tr></thead><tbody>
<% for (const r of it.rows) { %><tr><td><%= r.number %></td><td><%= r.kind %></td><td><%= r.issuedOn %></td><td><%= r.customer %></td><td><%= r.total %></td><td><%= r.state %></td><td><%= r.errors %></td></tr><% } %>
</tbody></table></body></html>`);

/**
 * The development view of the exchange system's queue (/dev/sdi), like the development mailbox: outside
 * production (DEV_MAILBOX) and to clients on this machine only.
 */
const invoicesDevRoutes: FastifyPluginAsync<{ repo: InvoicesRepository }> = async (app, { repo }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.ip)) await reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  app.get(
    '/dev/sdi',
    {
      config: {
        access: ACCESS.public(
          'development view of the SDI queue: never in production, loopback clients only',
        ),
      },
      schema: { hide: true },
    },
    async (_request, reply) => {
      const docs = await repo.list({}, 200, 0);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page({
            rows: docs.map((d) => ({
              number: d.numberText,
              kind: d.kind,
              issuedOn: d.issuedOn,
              customer: d.customerName,
              total: (d.totalCents / 100).toFixed(2),
              state: SDI_STATE_LABEL[d.sdiState],
              errors: d.sdiErrors.map((e) => `${e.code} ${e.description}`).join('; '),
            })),
          }),
        );
    },
  );
};

export default invoicesDevRoutes;
