import { WP_TOTAL_HEADER, WP_TOTAL_PAGES_HEADER, type WpError } from '@spesa/shared/contracts/content';
import type { Endpoint } from '@spesa/shared/contracts/endpoint';
import type { FastifyContextConfig, FastifyReply } from 'fastify';
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

/** A page of a list, its totals in WordPress's headers. */
export function wpList<T>(reply: FastifyReply, items: T[], total: number, perPage: number): T[] {
  reply.header(WP_TOTAL_HEADER, String(total));
  reply.header(WP_TOTAL_PAGES_HEADER, String(Math.ceil(total / perPage)));
  return items;
}
