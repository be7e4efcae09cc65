import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';

/** helmet's options: the Content-Security-Policy's directives, the cross-origin policies, … */
export type SecurityHeadersOptions = Omit<FastifyHelmetOptions, 'enableCSPNonces' | 'global'>;

type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void) => void;

/** helmet itself: the very package (and version) @fastify/helmet runs, resolved from it. */
const helmetOf = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  options: SecurityHeadersOptions,
) => HelmetMiddleware;

/** What helmet's middleware does to an answer: the headers it sets (by lower-case name) and those it removes. */
export interface SecurityHeaders {
  set: Record<string, string>;
  removed: string[];
}

/** A value of the options that helmet would call per request (a directive computed from the request). */
function hasFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(hasFunction);
}

/**
 * The headers helmet's middleware writes with these options, read once by running it on a stand-in answer that
 * records them. Options with a function (a directive computed per request) are refused: their headers could
 * differ from one request to the next.
 */
export function securityHeadersOf(options: SecurityHeadersOptions): SecurityHeaders {
  if (hasFunction(options))
    throw new Error('security headers: an option computed per request (a function) is not supported');
  const headers: SecurityHeaders = { set: {}, removed: [] };
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      headers.removed.push(name.toLowerCase());
    },
  };
  let done = false;
  helmetOf(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error("security headers: helmet's middleware did not finish at once");
  return headers;
}

/**
 * The security headers of every answer (Content-Security-Policy, Strict-Transport-Security, X-Frame-Options,
 * the cross-origin policies, …): helmet's, with the options @fastify/helmet took before. Their values depend on
 * the options only, so helmet's middleware runs once, at start-up, and every answer gets the same headers as
 * fastify's own (reply.headers): no middleware and no Node `setHeader` per request (decision 059, sessions 46
 * and 48). A route may still replace one (reply.header, e.g. the sign-in popup's opener policy).
 */
export default fp<SecurityHeadersOptions>(
  async (app, options) => {
    const { set, removed } = securityHeadersOf(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(set);
      for (const name of removed) reply.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
