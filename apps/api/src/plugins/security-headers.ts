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

/**
 * The security headers of every answer (Content-Security-Policy, Strict-Transport-Security, X-Frame-Options,
 * the cross-origin policies, …): helmet's, with the options @fastify/helmet took before. @fastify/helmet built
 * helmet's middleware again on every request (it parses and checks every option, and writes the
 * Content-Security-Policy out of its directives each time: ≈ 4 % of the API's CPU on the purchase path,
 * decision 059 session 46); the middleware is built once here, at start-up, and only sets its ready headers per
 * request. A route may still replace one (reply.header, e.g. the sign-in popup's opener policy).
 */
export default fp<SecurityHeadersOptions>(
  async (app, options) => {
    const apply = helmetOf(options);
    app.addHook('onRequest', (request, reply, done) => {
      apply(request.raw, reply.raw, done);
    });
  },
  { name: 'security-headers' },
);
