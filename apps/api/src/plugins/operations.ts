import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Lifecycle } from '../lib/lifecycle';
import type { Metrics } from '../lib/metrics';

/**
 * What an operator sees of every request (decision 089): its id in the `x-request-id` answer header (the same
 * as `reqId` in its log lines), its duration by route pattern and status, the requests in flight; and, once the
 * process drains, `connection: close` on every answer, so that keep-alive clients reconnect elsewhere.
 */
export interface OperationsOptions {
  lifecycle: Lifecycle;
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** draining and requests in flight (server.ts drains on SIGTERM) */
    lifecycle: Lifecycle;
    /** the Prometheus registry and the shop's counters (server.ts serves them on METRICS_PORT) */
    metrics: Metrics;
  }
}

/** The route pattern of a request (never its raw URL: ids and queries would make a series each). */
const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

export default fp<OperationsOptions>(
  async (app, { lifecycle, metrics }) => {
    app.decorate('lifecycle', lifecycle);
    app.decorate('metrics', metrics);
    // callback hooks: none of them waits for anything, so none costs a promise and a microtask per request
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      lifecycle.requestStarted();
      metrics.inFlight.inc();
      // ended once: answered, or abandoned by the client
      reply.raw.once('close', () => {
        lifecycle.requestEnded();
        metrics.inFlight.dec();
      });
      reply.header('x-request-id', request.id);
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (lifecycle.draining) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      metrics.requestEnded(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'operations' },
);
