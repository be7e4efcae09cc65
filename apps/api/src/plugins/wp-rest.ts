import { WP_TOTAL_HEADER, WP_TOTAL_PAGES_HEADER, type WpError } from '@spesa/shared/contracts/content';
import type { Endpoint } from '@spesa/shared/contracts/endpoint';
import type { FastifyContextConfig, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Failure } from '../lib/result';
import type { RouteAccess } from './access';

/**
 * The content system's WordPress REST routes (wire `wp`, decision 050): the answer is the data itself, a
 * list carries its totals in `X-WP-Total` / `X-WP-TotalPages`, a failure is WordPress's
 * `{ code, message, data: { status } }` with the HTTP status in `data.status` (errors.ts answers bad
 * parameters and bugs the same way on these routes).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route answers WordPress REST shapes instead of the envelope */
    wire?: 'wp';
  }
}

export interface WpRouteDocs {
  access: RouteAccess;
  tags: string[];
  summary: string;
  description?: string;
}

/** The route options of a `wp` contract: method, URL, request schemas, and the bare answer at 200. */
export function wpRoute<E extends Endpoint>(contract: E, docs: WpRouteDocs) {
  if (contract.wire !== 'wp') throw new Error(`${contract.method} ${contract.path} answers the envelope`);
  const schema = {
    tags: docs.tags,
    summary: docs.summary,
    ...(docs.description ? { description: docs.description } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    response: { 200: contract.response },
  };
  return {
    method: contract.method,
    url: contract.path,
    config: {
      access: docs.access,
      endpoint: `${contract.method} ${contract.path}`,
      wire: 'wp',
    } satisfies FastifyContextConfig,
    schema: schema as {
      tags: string[];
      summary: string;
      querystring: E['query'];
      params: E['params'];
      response: { 200: E['response'] };
    },
  };
}

export function wpError(
  status: number,
  code: string,
  message: string,
  params?: Record<string, string>,
): WpError {
  return { code, message, data: params ? { status, params } : { status } };
}

const HTTP_STATUS_OF: Record<Failure['kind'], number> = { notFound: 404, validation: 400, business: 400 };

/** A service's failure as WordPress answers it: its code (`rest_post_invalid_id`), its Italian text. */
export function sendWpFailure(reply: FastifyReply, failure: Failure) {
  const status = HTTP_STATUS_OF[failure.kind];
  return reply.code(status).send(wpError(status, failure.code, failure.message));
}

/** An answer with its totals in WordPress's headers: how many items match, on how many pages. */
export function wpTotals<T>(reply: FastifyReply, body: T, total: number, totalPages: number): T {
  reply.header(WP_TOTAL_HEADER, String(total));
  reply.header(WP_TOTAL_PAGES_HEADER, String(totalPages));
  return body;
}

/** A page of a list, its totals in WordPress's headers. */
export function wpList<T>(reply: FastifyReply, items: T[], total: number, perPage: number): T[] {
  return wpTotals(reply, items, total, Math.ceil(total / perPage));
}

/** A whole list (no paging): its length in X-WP-Total, one page. */
export const wpAll = <T>(reply: FastifyReply, items: T[]): T[] => wpTotals(reply, items, items.length, 1);

export const WP_NO_ROUTE_CODE = 'rest_no_route';
export const WP_NO_ROUTE_TEXT = 'Nessun percorso corrisponde all’URL e al metodo della richiesta.';

/** WordPress's answer to a path or method no route of /p/wp-json serves. */
export function wpNoRoute(request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ url: request.url, method: request.method }, 'no WordPress route');
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(wpError(404, WP_NO_ROUTE_CODE, WP_NO_ROUTE_TEXT));
}

/**
 * The 404 of the content system's prefix: registered with `{ prefix: '/p/wp-json' }`, so every path under it
 * that no route serves answers `rest_no_route` (the routes themselves are registered elsewhere).
 */
export const wpNoRouteScope: FastifyPluginAsync = async (scope) => {
  scope.setNotFoundHandler(wpNoRoute);
};
