import type { z } from 'zod';

/**
 * One endpoint under /ebsn/api: its method, its path (with `:name` parameters), and the zod schemas of its
 * query string, path parameters, JSON body and envelope data. The API registers its route from it
 * (`apps/api/src/plugins/contract-route.ts`) and the web app calls it through `callApi` keyed by
 * `'METHOD /path'` (`apps/web/src/lib/http.ts`), which reads only the types: zod stays out of the web app's
 * first chunk. Every endpoint is listed in `contracts/endpoints.ts`.
 */
export type HttpMethod = 'GET' | 'POST';

/**
 * How an endpoint answers: `envelope` (the platform's `{ response, user, data }`, spec section 8) or `wp`
 * (the content system's WordPress REST shapes: the data itself, lists paged by the `X-WP-Total` and
 * `X-WP-TotalPages` headers, failures as `{ code, message, data: { status } }`).
 */
export type Wire = 'envelope' | 'wp';

/**
 * A contract's issue whose Italian text says more than "Il parametro X non è valido." (e.g. the wallet's
 * amount inside `payment_data`): `ctx.addIssue({ ..., params: OWN_TEXT })`; the API answers its message.
 */
export const OWN_TEXT = { ownText: true } as const;

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  Pa extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  readonly method: M;
  readonly path: P;
  readonly query: Q;
  readonly params: Pa;
  readonly body: B;
  /** the envelope's `data` on success, or (wire `wp`) the whole answer */
  readonly response: R;
  readonly wire: Wire;
}

/** Declares an endpoint; absent schemas are `undefined` (the call takes no query, parameters or body). */
export function endpoint<
  const M extends HttpMethod,
  const P extends string,
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  Pa extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(definition: {
  method: M;
  path: P;
  query?: Q;
  params?: Pa;
  body?: B;
  response: R;
  wire?: Wire;
}): Endpoint<M, P, Q, Pa, B, R> {
  return {
    method: definition.method,
    path: definition.path,
    query: definition.query as Q,
    params: definition.params as Pa,
    body: definition.body as B,
    response: definition.response,
    wire: definition.wire ?? 'envelope',
  };
}

/** `'POST /cart/add'`: how the web app names an endpoint. */
export type EndpointKey<E extends Endpoint> = `${E['method']} ${E['path']}`;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;

/**
 * One part of a call: required when the schema requires something, optional when all of it is optional. Not
 * distributive (`[S]`): read for a name not yet known, the three parts of every contract would otherwise be
 * multiplied into one union too complex for TypeScript.
 */
type Part<K extends string, S> = [S] extends [z.ZodType]
  ? undefined extends InputOf<S>
    ? { [P in K]?: InputOf<S> }
    : object extends InputOf<S>
      ? { [P in K]?: InputOf<S> }
      : { [P in K]: InputOf<S> }
  : { [P in K]?: never };

/** What a caller sends: each part the endpoint declares (a part it does not declare cannot be sent). */
export type EndpointInput<E extends Endpoint> = Part<'query', E['query']> &
  Part<'params', E['params']> &
  Part<'body', E['body']>;

/** The envelope's data of a successful answer. */
export type EndpointData<E extends Endpoint> = OutputOf<E['response']>;
/** The query string, parameters and body as the server's handler reads them (after parsing). */
export type EndpointQuery<E extends Endpoint> = OutputOf<E['query']>;
export type EndpointBody<E extends Endpoint> = OutputOf<E['body']>;

/** Fills `:name` parameters of a path (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  if (!params) return path;
  return path.replace(/:([A-Za-z_]\w*)/g, (match, name: string) => {
    const value = params[name];
    return value === undefined ? match : encodeURIComponent(String(value));
  });
}
