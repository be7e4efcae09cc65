import type { Endpoint } from '@spesa/shared/contracts/endpoint';
import { ALL_ENDPOINTS } from '@spesa/shared/contracts/endpoints';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { RouteAccess } from './access';
import { apiResponse } from './envelope';

/**
 * The route options of an endpoint contract (packages/shared/src/contracts/endpoint.ts): method, URL and the
 * query, parameter, body and envelope schemas all come from the contract; the module adds who may call it and
 * its documentation. Modules register each endpoint as
 *
 *   app.route({ ...contractRoute(cartEndpoints.add, { access, tags, summary }), handler })
 *
 * so the handler's `request.query` / `request.body` and its answer are typed by the contract.
 */
export interface RouteDocs<H extends z.ZodType | undefined = undefined> {
  access: RouteAccess;
  /** the route's other settings (stateChanging, fieldMessages, ignoreStaleSession) */
  config?: Omit<FastifyContextConfig, 'access' | 'endpoint'>;
  tags: string[];
  summary: string;
  description?: string;
  /** request headers the route reads (e.g. Idempotency-Key) */
  headers?: H;
  /** the route also answers the envelope with these HTTP statuses (e.g. 400 for a malformed header) */
  alsoAnswers?: readonly number[];
}

type EnvelopeSchema<E extends Endpoint> = ReturnType<typeof apiResponse<E['response']>>;

export interface ContractRouteOptions<E extends Endpoint, H extends z.ZodType | undefined> {
  method: E['method'];
  url: E['path'];
  config: FastifyContextConfig & { endpoint: `${E['method']} ${E['path']}` };
  schema: {
    tags: string[];
    summary: string;
    description?: string;
    querystring: E['query'];
    params: E['params'];
    body: E['body'];
    headers: H;
    response: Record<200, EnvelopeSchema<E>> & Record<number, EnvelopeSchema<E>>;
  };
}

export function contractRoute<E extends Endpoint, H extends z.ZodType | undefined = undefined>(
  contract: E,
  docs: RouteDocs<H>,
): ContractRouteOptions<E, H> {
  if (contract.wire !== 'envelope') throw new Error(`${contract.method} ${contract.path}: use wpRoute`);
  const envelope = apiResponse(contract.response);
  const response: Record<number, EnvelopeSchema<E>> = { 200: envelope };
  for (const status of docs.alsoAnswers ?? []) response[status] = envelope;
  const schema = {
    tags: docs.tags,
    summary: docs.summary,
    ...(docs.description ? { description: docs.description } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(docs.headers ? { headers: docs.headers } : {}),
    response,
  };
  return {
    method: contract.method,
    url: contract.path,
    config: { ...docs.config, access: docs.access, endpoint: `${contract.method} ${contract.path}` },
    // absent parts are left out at run time; their types stay `undefined` (the request part is unknown)
    schema: schema as ContractRouteOptions<E, H>['schema'],
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'METHOD /path'` of the contract the route was registered from */
    endpoint?: string;
  }
}

const keyOf = (e: Endpoint) => `${e.method} ${e.path}`;

/**
 * Every contract is served, once: the app does not start when a contract of packages/shared has no route, or
 * two routes claim one (a route registered from a contract carries `config.endpoint`).
 */
export default fp(
  async (app: FastifyInstance) => {
    const registered = new Map<string, number>();
    app.addHook('onRoute', (route) => {
      const endpoint = route.config?.endpoint;
      if (!endpoint || route.method === 'HEAD') return;
      registered.set(endpoint, (registered.get(endpoint) ?? 0) + 1);
    });
    app.addHook('onReady', async () => {
      const missing = ALL_ENDPOINTS.map(keyOf).filter((key) => !registered.has(key));
      const twice = [...registered].filter(([, count]) => count > 1).map(([key]) => key);
      if (missing.length > 0 || twice.length > 0)
        throw new Error(
          `contracts without a route: ${missing.join(', ') || 'none'}; registered twice: ${twice.join(', ') || 'none'}`,
        );
    });
  },
  { name: 'contracts' },
);
