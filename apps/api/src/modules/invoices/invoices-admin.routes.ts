import { ADMIN_GRANTS } from '@spesa/shared/contracts/admin';
import { adminInvoicesEndpoints as api, invoiceExportQuerySchema } from '@spesa/shared/contracts/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import type { AuditPort } from '../../lib/module';
import { failWith, ok } from '../../lib/result';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import { invoiceExportZip } from './invoice-export';
import { invoiceDataOf, type InvoiceReissue } from './invoice-reissue';
import { adminDocumentWire } from './invoice-wire';
import type { InvoicesRepository } from './invoices.repository';
import { INVOICES_INFO_TEXT, INVOICES_TEXT } from './invoices.messages';
import { SDI_SEND_JOB, type SdiQueue } from './sdi-exchange';

const tags = ['backoffice'];
/** the accountant's and the payments' staff (ADMIN_GRANTS.payments): money documents */
const readers = ACCESS.admin(ADMIN_GRANTS.payments.read);
const senders = ACCESS.admin(ADMIN_GRANTS.payments.write);

/**
 * The back office's documents (decision 087): the list with filters and states, the resend of a rejected
 * document, the accountant's export of a period (ZIP of the XML files and a CSV register). Audited.
 */
const invoicesAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  repo: InvoicesRepository;
  queue: SdiQueue;
  jobs: JobQueue;
  audit: AuditPort;
  reissue: InvoiceReissue;
  sellerVat: string;
}> = async (app, { db, repo, queue, jobs, audit, reissue, sellerVat }) => {
  app.route({
    ...contractRoute(api.list, {
      access: readers,
      config: { fieldMessages: true },
      tags,
      summary: 'Invoices and credit notes, newest first, by period, kind, state at the SDI and order',
    }),
    handler: async (request) => {
      const { page, perPage, ...filter } = request.query;
      const [rows, total] = [
        await repo.list(filter, perPage, (page - 1) * perPage),
        await repo.count(filter),
      ];
      return answer(request, ok({ data: rows.map(adminDocumentWire), total }));
    },
  });

  app.route({
    ...contractRoute(api.resend, {
      access: senders,
      tags,
      summary: 'Puts a document rejected by the SDI back in the queue (the same document: never edited)',
    }),
    handler: async (request) => {
      const staff = adminOf(request);
      const documentId = request.params.id;
      const done = await db.transaction(async (tx) => {
        const before = await repo.document(documentId, tx);
        if (!before) return failWith(INVOICES_TEXT.documentNotFound, 'notFound');
        if (!(await queue.requeue(documentId, tx))) return failWith(INVOICES_TEXT.notRejected);
        await jobs.enqueue(SDI_SEND_JOB, { documentId }, { db: tx });
        await audit(
          {
            staff,
            action: 'resend',
            resource: 'invoices',
            id: documentId,
            before: { sdiState: before.sdiState, sdiErrors: before.sdiErrors },
            after: { sdiState: 'ready' },
          },
          tx,
        );
        return ok(null);
      });
      if (!done.ok) return answer(request, done);
      jobs.kick();
      const doc = await repo.document(documentId);
      if (!doc) return answer(request, failWith(INVOICES_TEXT.documentNotFound, 'notFound'));
      return answer(request, ok({ data: adminDocumentWire(doc) }, [INVOICES_INFO_TEXT.resent]));
    },
  });

  app.route({
    ...contractRoute(api.correction, {
      access: readers,
      tags,
      summary:
        "A rejected document to correct: the SDI's codes and what they point at, the order's invoice data, the numbering it will get",
    }),
    handler: async (request) => {
      const doc = await repo.document(request.params.id);
      if (!doc) return answer(request, failWith(INVOICES_TEXT.documentNotFound, 'notFound'));
      if (doc.sdiState !== 'rejected')
        return answer(request, failWith(INVOICES_TEXT.notRejectedForCorrection));
      const facts = await repo.orderFacts(doc.orderId);
      return answer(
        request,
        ok({ data: { ...reissue.view(doc), invoice: facts?.invoice ? invoiceDataOf(facts.invoice) : null } }),
      );
    },
  });

  app.route({
    ...contractRoute(api.reissue, {
      access: senders,
      config: { fieldMessages: true },
      tags,
      summary:
        'Issues a corrected document in place of one the SDI rejected (never edits it): the same number and date within 5 days of the rejection, the next number after (audited)',
    }),
    handler: async (request) => {
      const staff = adminOf(request);
      const documentId = request.params.id;
      const done = await db.transaction(async (tx) => {
        const made = await reissue.reissue(documentId, request.body.invoice, tx);
        if (!made.ok) return made;
        const { rejected } = made.data;
        await audit(
          {
            staff,
            action: 'reissue',
            resource: 'invoices',
            id: documentId,
            before: {
              number: rejected.numberText,
              sdiState: rejected.sdiState,
              sdiErrors: rejected.sdiErrors,
            },
            after: {
              sdiState: 'replaced',
              documentId: made.data.documentId,
              sameNumber: made.data.sameNumber,
            },
          },
          tx,
        );
        return made;
      });
      if (!done.ok) return answer(request, done);
      jobs.kick();
      const doc = await repo.document(done.data.documentId);
      if (!doc) return answer(request, failWith(INVOICES_TEXT.documentNotFound, 'notFound'));
      const info = done.data.sameNumber ? INVOICES_INFO_TEXT.reissued : INVOICES_INFO_TEXT.reissuedNewNumber;
      return answer(request, ok({ data: adminDocumentWire(doc) }, [info(doc.numberText)]));
    },
  });

  app.get(
    '/admin/invoices/export.zip',
    {
      config: { access: readers, fieldMessages: true },
      schema: {
        tags,
        summary:
          "The accountant's export of a period: every document's XML and the register (CSV: number, date, customer, taxable and VAT by rate)",
        querystring: invoiceExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const zip = await invoiceExportZip(repo, { from, to }, sellerVat);
      await audit(
        {
          staff: adminOf(request),
          action: 'export',
          resource: 'invoices',
          id: 0,
          before: null,
          after: { from, to, documents: zip.count },
        },
        db,
      );
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="fatture-${from}-${to}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(zip.bytes));
    },
  );
};

export default invoicesAdminRoutes;
