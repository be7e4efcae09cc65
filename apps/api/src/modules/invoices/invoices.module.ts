import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AuditPort, ModuleCore, RouteRegistrar } from '../../lib/module';
import type { OrderTransitionsPort } from '../../lib/order-transitions';
import { sellerOf } from './invoice-document';
import { InvoiceReissue } from './invoice-reissue';
import { InvoicesRepository } from './invoices.repository';
import { InvoicesService, type GrantedGoodwill, type SettledRefund } from './invoices.service';
import { SDI_SEND_JOB, SdiQueue, sdiChannelOf, type SdiChannel } from './sdi-exchange';
import invoicesRoutes from './invoices.routes';
import invoicesAdminRoutes from './invoices-admin.routes';
import invoicesDevRoutes from './invoices-dev.routes';
import { isDevMailboxOn, publicUrlOf } from '../../env';
import type { MailService } from '../mail/mail.service';
import { issuedMail } from './invoices.mails';

export interface InvoicesModuleDeps extends ModuleCore {
  /** the orders' status transitions (decision 074): prepared checks the data, delivery issues */
  orderTransitions: OrderTransitionsPort;
  /** the refunds the payment provider made (the payment module): each one after the invoice, a credit note */
  refundsMade: { onSettled(listener: (refund: SettledRefund, tx: Db) => Promise<void>): void };
  /** the goodwill credits on the wallet tied to an order (the loyalty module): an invoiced one, a credit note */
  goodwillGranted: { onGoodwill(listener: (credit: GrantedGoodwill, tx: Db) => Promise<void>): void };
  /** the back office's audit log (the backoffice module) */
  audit: AuditPort;
  /** the customer's e-mail saying a document was issued (the mail module) */
  mail: Pick<MailService, 'send'>;
}

/**
 * Electronic invoices (issue 51, decisions 087 and 094): FatturaPA invoices issued at delivery, credit notes
 * for refunds (of a line or an amount) and goodwill credits on an order, corrected re-issues after a
 * rejection, numbering without gaps, the exchange system's queue, the customer's and the staff's documents.
 */
export function invoicesModule(app: FastifyInstance, d: InvoicesModuleDeps) {
  const { db, env, now, jobs } = d;
  const repo = new InvoicesRepository(db);
  const invoices = new InvoicesService(repo, sellerOf(env), now);
  const reissue = new InvoiceReissue(repo, invoices, now);
  const channel = sdiChannelOf(env);
  const queue = new SdiQueue(db, repo, channel, env.INVOICE_SELLER_VAT_NUMBER, now);
  invoices.onIssued((doc, tx) => jobs.enqueue(SDI_SEND_JOB, { documentId: doc.documentId }, { db: tx }));
  invoices.onIssued(issuedMail(repo, d.mail, publicUrlOf(env)));
  jobs.register(SDI_SEND_JOB, async (payload) => {
    await queue.send(payload);
  });
  d.orderTransitions.onTransition(ORDER_STATUS.prepared, 'invoices: invoice data checked', (order, tx) =>
    invoices.checkBeforePrepared(order, tx),
  );
  for (const delivered of [ORDER_STATUS.delivered, ORDER_STATUS.partiallyDelivered])
    d.orderTransitions.onTransition(delivered, 'invoices: invoice issued', (order, tx) =>
      invoices.issueOnDelivery(order, tx),
    );
  d.refundsMade.onSettled((refund, tx) => invoices.creditRefund(refund, tx));
  d.goodwillGranted.onGoodwill((credit, tx) => invoices.creditGoodwill(credit, tx));
  app.decorate('invoices', invoices);
  app.decorate('sdiQueue', queue);
  app.decorate('sdiChannel', channel);
  return {
    invoices,
    queue,
    channel,
    routes: (async (api) => {
      await api.register(invoicesRoutes, { repo, queue, sdiToken: env.INVOICE_SDI_TOKEN });
    }) satisfies RouteRegistrar,
    adminRoutes: (async (api) => {
      await api.register(invoicesAdminRoutes, {
        ...{ db, repo, queue, jobs, audit: d.audit, reissue },
        sellerVat: env.INVOICE_SELLER_VAT_NUMBER,
      });
    }) satisfies RouteRegistrar,
    rootRoutes: (async (root) => {
      if (isDevMailboxOn(env)) await root.register(invoicesDevRoutes, { repo });
    }) satisfies RouteRegistrar,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** electronic invoices (tests call the issuing directly) */
    invoices: InvoicesService;
    /** the exchange system's queue (tests run its work) */
    sdiQueue: SdiQueue;
    /** the channel to the exchange system: the local stand-in unless INVOICE_SDI_URL is set */
    sdiChannel: SdiChannel;
  }
}
