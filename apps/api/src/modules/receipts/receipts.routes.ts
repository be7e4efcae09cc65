import { receiptIdQuerySchema, receiptsEndpoints as api } from '@spesa/shared/contracts/receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failWith } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, failureEnvelope, rootUserOf } from '../../plugins/envelope';
import { receiptPdf } from './receipt-pdf';
import { RECEIPTS_TEXT } from './receipts.messages';
import type { ReceiptsService } from './receipts.service';

const tags = ['receipts'];
/** failed till authentications per address and per system in the throttle window before refusing */
export const TILL_FAILURES_MAX = 10;

/**
 * Receipts (issue 22, decision 046): the customer's receipts, their PDF, the digital receipt service and
 * voucher mode, tax-free refunds, and the stores' till systems sending receipts. Thin: ReceiptsService holds
 * the rules; every customer call is scoped by the signed-in customer.
 */
const receiptsRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (app, { receipts }) => {
  const customer = ACCESS.customer;
  const tillFailures = app.failureThrottle('till-ingest', TILL_FAILURES_MAX);

  app.route({
    ...contractRoute(api.list, {
      access: customer,
      tags,
      summary: "The customer's receipts (in store and online), newest first, paged, filtered by day",
    }),
    handler: async (request) => answer(request, await receipts.list(userIdOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.view, { access: customer, tags, summary: 'One receipt with its lines and VAT' }),
    handler: async (request) => {
      const r = await receipts.detail(userIdOf(request), request.query.receipt_id);
      return answer(request, r.ok ? { ok: true as const, data: { receipt: r.data } } : r);
    },
  });

  app.get(
    '/receipts/pdf',
    {
      config: { access: customer },
      schema: {
        tags,
        summary: 'The PDF of one receipt (a "documento commerciale"); another customer\'s: not found',
        querystring: receiptIdQuerySchema,
      },
    },
    async (request, reply) => {
      const r = await receipts.detail(userIdOf(request), request.query.receipt_id);
      if (!r.ok) return reply.code(404).send(failureEnvelope(rootUserOf(request), r));
      const pdf = await receiptPdf(r.data);
      const name = `scontrino-${r.data.documentNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.route({
    ...contractRoute(api.settings, {
      access: customer,
      tags,
      summary: 'The digital receipt service and voucher mode in force, and a change waiting to take effect',
    }),
    handler: async (request) => answer(request, await receipts.settings(userIdOf(request))),
  });

  app.route({
    ...contractRoute(api.changeSettings, {
      access: customer,
      tags,
      summary: 'Switches the digital receipt service or the voucher mode: effective within 24 hours',
    }),
    handler: async (request) =>
      answer(request, await receipts.changeSettings(userIdOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.taxfree, {
      access: customer,
      tags,
      summary: "The customer's tax-free refunds between two days (default: the last 12 months)",
    }),
    handler: async (request) => answer(request, await receipts.taxfree(userIdOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.ingest, {
      access: ACCESS.signed(
        "a store's till system: its id and secret (x-till-system, x-till-secret) are checked in the handler",
      ),
      tags,
      summary:
        "A till's receipt, once per till and document number; the answer tells the till whether to print paper",
    }),
    handler: async (request, reply) => {
      const systemId = String(request.headers['x-till-system'] ?? '').slice(0, 60);
      const secret = String(request.headers['x-till-secret'] ?? '').slice(0, 200);
      if (await tillFailures.blocked(request, systemId)) {
        reply.code(429);
        return answer(request, failWith(RECEIPTS_TEXT.tooManyFailures));
      }
      const system = systemId && secret ? await receipts.authenticate(systemId, secret) : null;
      if (!system) {
        await tillFailures.failed(request, systemId);
        reply.code(401);
        return answer(request, failWith(RECEIPTS_TEXT.tillUnknown));
      }
      return answer(request, await receipts.ingest(system, request.body));
    },
  });
};

export default receiptsRoutes;
