import { ADMIN_GRANTS } from '@spesa/shared/contracts/admin';
import {
  adminPaymentsEndpoints as api,
  paymentReportQuerySchema,
} from '@spesa/shared/contracts/admin-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { PaymentRefunds } from './payment-refunds.service';
import { paymentReportCsv, type PaymentReports } from './payment-reports';

const tags = ['backoffice'];
const readers = ACCESS.admin(ADMIN_GRANTS.payments.read);
const refunders = ACCESS.admin(ADMIN_GRANTS.payments.write);

/**
 * Orders' money in the back office (decision 085): an order's movements, refunds, the payments to check and
 * the daily report (JSON and CSV). Roles of ADMIN_GRANTS.payments; a store manager sees their stores only.
 */
const paymentAdminRoutes: FastifyPluginAsyncZod<{
  refunds: PaymentRefunds;
  reports: PaymentReports;
}> = async (app, { refunds, reports }) => {
  app.route({
    ...contractRoute(api.money, {
      access: readers,
      tags,
      summary:
        "An order's money: provider, reference, every movement held, taken and returned, what may be refunded",
    }),
    handler: async (request) => answer(request, await refunds.money(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.refund, {
      access: refunders,
      config: { fieldMessages: true },
      tags,
      summary:
        'Refunds part or all of what the provider captured (never more than captured less refunds), once per key',
    }),
    handler: async (request) =>
      answer(request, await refunds.refund(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(api.stuck, {
      access: readers,
      tags,
      summary:
        'Pagamenti da verificare: not captured after the slot, captured not delivered, refunds failed or pending',
    }),
    handler: async (request) => answer(request, await reports.stuck(adminOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.report, {
      access: readers,
      config: { fieldMessages: true },
      tags,
      summary: 'Captured, refunded and disputed totals per Rome day and provider over a period',
    }),
    handler: async (request) => answer(request, await reports.report(adminOf(request), request.query)),
  });

  app.get(
    '/admin/payments/report.csv',
    {
      config: { access: readers, fieldMessages: true },
      schema: {
        tags,
        summary: 'The daily report as CSV for accounting (";" separated, decimal comma, UTF-8 with BOM)',
        querystring: paymentReportQuerySchema,
      },
    },
    async (request, reply) => {
      const rows = await reports.rows(adminOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="pagamenti-${request.query.from}-${request.query.to}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(paymentReportCsv(rows));
    },
  );
};

export default paymentAdminRoutes;
