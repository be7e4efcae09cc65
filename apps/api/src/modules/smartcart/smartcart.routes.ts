import {
  smartCartEndpoints as api,
  type SmartCart,
  type SmartCartTillClose,
  type SmartCartTillRescan,
  type SmartCartTillView,
} from '@spesa/shared/contracts/smartcart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failWith, type Result } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, answerWithData } from '../../plugins/envelope';
import { SMART_CART_TEXT } from './smartcart.messages';
import type { SmartCartOutcome, SmartCartService, TillSystemRef } from './smartcart.service';

const tags = ['smart-cart'];
/** failed till authentications per address and per system in the throttle window before refusing */
export const SMART_CART_TILL_FAILURES_MAX = 10;

export interface SmartCartRoutesOptions {
  smartCart: SmartCartService;
  /** the receipts module's till systems: id and secret (x-till-system, x-till-secret) */
  authenticateTill(systemId: string, secret: string): Promise<TillSystemRef | null>;
}

/**
 * Self-scanning (spec section 7 "Smart cart", decision 057): the customer's calls answer the whole smart
 * cart, refusals in errors and success texts in infos; the till's calls read an ended session by its code and
 * turn it into a receipt. Thin: SmartCartService holds the rules.
 */
const smartCartRoutes: FastifyPluginAsyncZod<SmartCartRoutesOptions> = async (
  app,
  { smartCart, authenticateTill },
) => {
  const customer = ACCESS.customer;
  const outcome = (request: FastifyRequest, r: Result<SmartCartOutcome>) =>
    r.ok
      ? answerWithData(request, r.data.cart, r.data.failures, r.data.infos)
      : answer<SmartCart>(request, r);
  const tillFailures = app.failureThrottle('till-smart-cart', SMART_CART_TILL_FAILURES_MAX);
  const till = async (request: FastifyRequest, reply: FastifyReply): Promise<TillSystemRef | null> => {
    const systemId = String(request.headers['x-till-system'] ?? '').slice(0, 60);
    const secret = String(request.headers['x-till-secret'] ?? '').slice(0, 200);
    if (await tillFailures.blocked(request, systemId)) {
      reply.code(429);
      return null;
    }
    const system = systemId && secret ? await authenticateTill(systemId, secret) : null;
    if (!system) {
      await tillFailures.failed(request, systemId);
      reply.code(401);
    }
    return system;
  };
  const tillRefused = <T>(request: FastifyRequest, reply: FastifyReply) =>
    answer<T>(
      request,
      failWith(reply.statusCode === 429 ? SMART_CART_TEXT.tooManyFailures : SMART_CART_TEXT.tillUnknown),
    );

  app.route({
    ...contractRoute(api.stores, {
      access: customer,
      tags,
      summary: 'The stores where self-scanning is available',
    }),
    handler: async (request) => answer(request, await smartCart.stores()),
  });

  app.route({
    ...contractRoute(api.view, {
      access: customer,
      tags,
      summary: "The customer's self-scanning session at the store (started when there is none)",
    }),
    handler: async (request) =>
      answer(
        request,
        await smartCart.view(userIdOf(request), request.query.store_id, request.query.show_sectors ?? false),
      ),
  });

  app.route({
    ...contractRoute(api.add, {
      access: customer,
      tags,
      summary: 'Adds products or scanned codes (barcodes, scale labels); each scan id is applied once',
    }),
    handler: async (request) =>
      outcome(
        request,
        await smartCart.add(
          userIdOf(request),
          request.query.store_id,
          request.body.items,
          request.query.show_sectors ?? false,
        ),
      ),
  });

  app.route({
    ...contractRoute(api.update, { access: customer, tags, summary: "A line's new quantity (0 removes it)" }),
    handler: async (request) =>
      outcome(
        request,
        await smartCart.update(
          userIdOf(request),
          request.query.store_id,
          request.body.items,
          request.query.show_sectors ?? false,
        ),
      ),
  });

  app.route({
    ...contractRoute(api.remove, { access: customer, tags, summary: 'Removes lines by itemId' }),
    handler: async (request) =>
      outcome(
        request,
        await smartCart.remove(
          userIdOf(request),
          request.query.store_id,
          request.body.items,
          request.query.show_sectors ?? false,
        ),
      ),
  });

  app.route({
    ...contractRoute(api.updateCartInfo, {
      access: customer,
      tags,
      summary: 'status = end (the till code; doc: codice fiscale) or cancel; reminder_list_id = a list',
    }),
    handler: async (request) =>
      outcome(
        request,
        await smartCart.updateCartInfo(
          userIdOf(request),
          request.body.property,
          request.body.value,
          request.body.doc,
        ),
      ),
  });

  app.route({
    ...contractRoute(api.tillView, {
      access: ACCESS.signed(
        "a store's till system: its id and secret (x-till-system, x-till-secret) are checked in the handler",
      ),
      tags,
      summary: 'The till reads an ended session by its code: lines, total, the re-scan check',
    }),
    handler: async (request, reply) => {
      const system = await till(request, reply);
      if (!system) return tillRefused<SmartCartTillView>(request, reply);
      return answer(request, await smartCart.tillView(system, request.query.code));
    },
  });

  app.route({
    ...contractRoute(api.tillClose, {
      access: ACCESS.signed(
        "a store's till system: its id and secret (x-till-system, x-till-secret) are checked in the handler",
      ),
      tags,
      summary: 'The till closes an ended session: the receipt is written (once per till and document number)',
    }),
    handler: async (request, reply) => {
      const system = await till(request, reply);
      if (!system) return tillRefused<SmartCartTillClose>(request, reply);
      return answer(request, await smartCart.tillClose(system, request.body));
    },
  });

  app.route({
    ...contractRoute(api.tillRescan, {
      access: ACCESS.signed(
        "a store's till system: its id and secret (x-till-system, x-till-secret) are checked in the handler",
      ),
      tags,
      config: { fieldMessages: true },
      summary: "The till reports a flagged session's re-scan check: passed, or the discrepancies and amount",
    }),
    handler: async (request, reply) => {
      const system = await till(request, reply);
      if (!system) return tillRefused<SmartCartTillRescan>(request, reply);
      return answer(request, await smartCart.tillRescan(system, request.body));
    },
  });
};

export default smartCartRoutes;
