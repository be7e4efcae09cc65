import { timingSafeEqual } from 'node:crypto';
import { documentQuerySchema, invoicesEndpoints as api } from '@spesa/shared/contracts/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failWith, ok } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, failureEnvelope, rootUserOf } from '../../plugins/envelope';
import type { FatturaDocument } from './fatturapa/fatturapa-xml';
import { invoicePdf } from './invoice-pdf';
import { documentWire, downloadName } from './invoice-wire';
import type { InvoicesRepository } from './invoices.repository';
import { INVOICES_TEXT } from './invoices.messages';
import type { SdiQueue } from './sdi-exchange';

const tags = ['invoices'];

const sameSecret = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The customer's invoices and credit notes of an order (decision 087): the list, the courtesy copy (PDF) and
 * the XML. Another customer's order or document answers "not found", as one that does not exist.
 */
const invoicesRoutes: FastifyPluginAsyncZod<{
  repo: InvoicesRepository;
  queue: SdiQueue;
  sdiToken: string | undefined;
}> = async (app, { repo, queue, sdiToken }) => {
  const customer = ACCESS.customer;

  app.route({
    ...contractRoute(api.ofOrder, {
      access: customer,
      tags,
      summary: "An order's invoice and credit notes, oldest first (another customer's order: not found)",
    }),
    handler: async (request) => {
      const orderId = request.query.order_id;
      if ((await repo.orderOwner(orderId)) !== userIdOf(request))
        return answer(request, failWith(INVOICES_TEXT.orderNotFound, 'notFound'));
      const documents = await repo.documentsOfOrder(orderId);
      return answer(request, ok({ documents: documents.map(documentWire) }));
    },
  });

  const ownDocument = async (userId: number, documentId: number) => {
    const doc = await repo.document(documentId);
    return doc && doc.userId === userId ? doc : null;
  };

  for (const format of ['pdf', 'xml'] as const)
    app.get(
      `/invoices/${format}`,
      {
        config: { access: customer },
        schema: {
          tags,
          summary:
            format === 'pdf'
              ? 'The courtesy copy (PDF) of one of the customer’s invoices or credit notes'
              : 'The FatturaPA XML of one of the customer’s invoices or credit notes',
          querystring: documentQuerySchema,
        },
      },
      async (request, reply) => {
        const doc = await ownDocument(userIdOf(request), request.query.document_id);
        if (!doc)
          return reply
            .code(404)
            .send(failureEnvelope(rootUserOf(request), failWith(INVOICES_TEXT.documentNotFound)));
        const body =
          format === 'pdf'
            ? Buffer.from(await invoicePdf(doc.data as FatturaDocument))
            : Buffer.from((await repo.xmlOf(doc.documentId)) ?? '', 'utf8');
        return reply
          .type(format === 'pdf' ? 'application/pdf' : 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${downloadName(doc, format)}"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );

  app.route({
    ...contractRoute(api.sdiNotification, {
      access: ACCESS.signed(
        'the SDI intermediary: its bearer token (INVOICE_SDI_TOKEN) is checked in the handler',
      ),
      tags,
      summary: "The exchange system's outcome of a file sent: delivered, or rejected with its error codes",
    }),
    handler: async (request, reply) => {
      const given = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!sdiToken || !sameSecret(given, sdiToken)) {
        reply.code(401);
        return answer(request, failWith(INVOICES_TEXT.documentNotFound, 'notFound'));
      }
      const b = request.body;
      const recorded = await queue.recordOutcome(b.id, {
        delivered: b.outcome === 'delivered',
        errors: b.errors,
      });
      return answer(request, ok({ recorded }));
    },
  });
};

export default invoicesRoutes;
