import {
  INTEGRATION_LIMITS,
  INTEGRATION_SECURITY_SCHEME,
  integrationEndpoints as api,
  type IntegrationScope,
} from '@spesa/shared/contracts/integration';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute, type RouteDocs } from '../../plugins/contract-route';
import { errorEnvelope, okEnvelope, rootUserOf } from '../../plugins/envelope';
import type { Message } from '../../lib/result';
import type { IntegrationAudit } from './integration-audit';
import type { BatchOutcome } from './integration-batches';
import type { IntegrationCaller, IntegrationClients } from './integration-clients';
import { INTEGRATION_TEXT } from './integration.messages';
import type { IntegrationService } from './integration.service';

/**
 * The integration API's calls under /ebsn/api/integration/v1 (decision 096). Who may call is a bearer access
 * token of the OAuth 2.0 client credentials grant holding the route's scope: checked here, in `onRequest`,
 * before the body is read (a stranger's 16 MB body is never parsed). Every call is audited after its
 * answer; each client's calls are counted on the shop's shared throttle (every process counts the same).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** the scope an integration call needs (its token must hold it) */
    integrationScope?: IntegrationScope;
  }
  interface FastifyRequest {
    /** the client of an integration call's token */
    integration: IntegrationCaller | null;
    /** what the call did, for the audit (applied, replayed, refused, conflict, read…) */
    integrationOutcome: { outcome: string; batchId?: string } | null;
  }
}

export interface IntegrationRoutesOptions {
  clients: IntegrationClients;
  audit: IntegrationAudit;
  service: IntegrationService;
  allowCall: (clientId: number) => Promise<boolean>;
}

const ALSO = [401, 403, 409, 413, 422, 429] as const;
const tags = ['integration'];
const BEARER = 'Bearer realm="spesa-integration"';

function docs(scope: IntegrationScope, summary: string, description: string): RouteDocs {
  return {
    access: ACCESS.signed(
      `an integration client's bearer token with scope ${scope} (checked by integration.routes.ts)`,
    ),
    config: { integrationScope: scope },
    tags,
    summary,
    description,
    alsoAnswers: ALSO,
  };
}

/** The OpenAPI security requirement of a scope. */
const security = (scope: IntegrationScope) => [{ [INTEGRATION_SCOPE_KEY]: [scope] }];
const INTEGRATION_SCOPE_KEY = INTEGRATION_SECURITY_SCHEME;

const refuse = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: Message,
  challenge?: string,
) => {
  if (challenge) reply.header('www-authenticate', challenge);
  request.integrationOutcome = { outcome: message.code.replace('msg.integration.', '') };
  return reply.code(status).send(errorEnvelope(rootUserOf(request), status, [message]));
};

/** A batch's outcome on the wire: the result, 409 for a batch id reused with another body, 422 for bad rows. */
function answerBatch(request: FastifyRequest, reply: FastifyReply, batchId: string, o: BatchOutcome) {
  request.integrationOutcome = { outcome: o.kind, batchId };
  if (o.kind === 'applied' || o.kind === 'replayed') return okEnvelope(rootUserOf(request), o.result);
  if (o.kind === 'conflict')
    return reply.code(409).send(errorEnvelope(rootUserOf(request), 409, [INTEGRATION_TEXT.batchConflict]));
  const rows = o.refusals.map((r) =>
    r.row === 0
      ? { text: r.message, code: INTEGRATION_TEXT.rowRefused.code, field: r.column }
      : {
          text: `Riga ${r.row}, ${r.column}: ${r.message}`,
          code: INTEGRATION_TEXT.rowRefused.code,
          field: `rows[${r.row - 1}].${r.column}`,
        },
  );
  const shownRows = new Set(o.refusals.map((r) => r.row)).size;
  const more =
    o.total > shownRows
      ? [
          {
            text: `…e altre ${o.total - shownRows} righe non valide.`,
            code: INTEGRATION_TEXT.rowRefused.code,
          },
        ]
      : [];
  return reply
    .code(422)
    .send(errorEnvelope(rootUserOf(request), 422, [INTEGRATION_TEXT.rowsRefused, ...rows, ...more]));
}

const integrationRoutes: FastifyPluginAsyncZod<IntegrationRoutesOptions> = async (app, o) => {
  app.decorateRequest('integration', null);
  app.decorateRequest('integrationOutcome', null);

  app.addHook('onRequest', async (request, reply) => {
    const scope = request.routeOptions.config.integrationScope;
    if (!scope) return;
    const bearer = /^Bearer +([A-Za-z0-9._~+/=-]{1,200})$/i.exec(request.headers.authorization ?? '');
    if (!bearer?.[1]) return refuse(request, reply, 401, INTEGRATION_TEXT.tokenMissing, BEARER);
    const caller = await o.clients.resolveToken(bearer[1]);
    if (!caller)
      return refuse(request, reply, 401, INTEGRATION_TEXT.tokenInvalid, `${BEARER}, error="invalid_token"`);
    request.integration = caller;
    if (!caller.scopes.includes(scope))
      return refuse(
        request,
        reply,
        403,
        INTEGRATION_TEXT.scopeMissing,
        `${BEARER}, error="insufficient_scope", scope="${scope}"`,
      );
    if (!(await o.allowCall(caller.clientId))) return refuse(request, reply, 429, INTEGRATION_TEXT.tooMany);
    await o.clients.touch(caller.clientId);
  });

  app.addHook('onResponse', async (request, reply) => {
    const scope = request.routeOptions.config.integrationScope;
    if (!scope) return;
    const done = request.integrationOutcome;
    const status = reply.statusCode;
    await o.audit.record({
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      clientId: request.integration?.clientId ?? null,
      scope,
      batchId: done?.batchId ?? null,
      status,
      outcome: done?.outcome ?? (status < 400 ? 'ok' : `http_${status}`),
    });
  });

  const caller = (request: FastifyRequest) => {
    if (!request.integration) throw new Error('an integration route without its caller');
    return request.integration;
  };

  const products = contractRoute(
    api.products,
    docs(
      'products',
      'Product master upserts by code, a batch applied whole or not at all',
      'Each row has the columns of the catalogue import file (codice, ean, nome, marca, formato, categoria, iva, tipologia, multiplo, solo_multipli, peso_minimo_g, passo_g, max_per_riga, prezzo, ingredienti, allergeni, conservazione, attivo) and is read by the same rules. The same batchId with the same body answers the stored result; with another body 409. A bad row: 422 naming every bad row (at most 50), nothing applied.',
    ),
  );
  app.route({
    ...products,
    bodyLimit: INTEGRATION_LIMITS.productBodyBytes,
    schema: { ...products.schema, security: security('products') },
    handler: async (request, reply) =>
      answerBatch(
        request,
        reply,
        request.body.batchId,
        await o.service.products(caller(request), request.body),
      ),
  });

  const stock = contractRoute(
    api.stock,
    docs(
      'stock',
      'Stock levels by store, full (the levels) or delta (added), one transaction',
      'Rows of storeId, product code and quantity (pieces, kg for loose products). full: the rows are the whole stock of their stores (of storeId when given); delta: each quantity is added (a result below zero is kept at zero, counted in clamped). Idempotent by batchId; 100,000 rows at most.',
    ),
  );
  app.route({
    ...stock,
    bodyLimit: INTEGRATION_LIMITS.stockBodyBytes,
    schema: { ...stock.schema, security: security('stock') },
    handler: async (request, reply) =>
      answerBatch(request, reply, request.body.batchId, await o.service.stock(caller(request), request.body)),
  });

  const prices = contractRoute(
    api.prices,
    docs(
      'prices',
      'List prices by price list with validity dates, one transaction',
      'One price list by its code; rows of product code, priceCents, validFrom and optional validTo (days, Europe/Rome; the last day included). Idempotent by batchId.',
    ),
  );
  app.route({
    ...prices,
    bodyLimit: INTEGRATION_LIMITS.stockBodyBytes,
    schema: { ...prices.schema, security: security('prices') },
    handler: async (request, reply) =>
      answerBatch(
        request,
        reply,
        request.body.batchId,
        await o.service.prices(caller(request), request.body),
      ),
  });

  const feed = contractRoute(
    api.orderEvents,
    docs(
      'orders',
      "The orders' feed: new, changed, cancelled and prepared orders after a cursor",
      'Events in the order they were numbered; pass nextCursor back as cursor. An event carries the order as it stands when read (prepared: the picked quantities and real weights).',
    ),
  );
  app.route({
    ...feed,
    schema: { ...feed.schema, security: security('orders') },
    handler: async (request) => {
      request.integrationOutcome = { outcome: 'read' };
      return okEnvelope(
        rootUserOf(request),
        await o.service.feedPage(request.query.cursor, request.query.limit),
      );
    },
  });
};

export default integrationRoutes;
