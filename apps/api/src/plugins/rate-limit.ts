import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { TOO_MANY_TEXT } from './errors';

/**
 * Throttling of the calls that guess secrets or send mail: sign-in, PIN, password reset, registration
 * (@fastify/rate-limit, in-process store: one Node process serves the shop). Two counters per call:
 * per client address (the socket's, or the proxy's forwarded one only for TRUST_PROXY_HOPS hops, so a
 * forged X-Forwarded-For changes nothing) and per account (the login, e-mail or user the call is about).
 * Over the limit: HTTP 429 with an Italian envelope (errors plugin).
 */

export interface AuthRateLimitOptions {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMinutes: number;
}

export type AccountKeyOf = (request: FastifyRequest) => string | null;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler throttling `scope` per client address and, when `accountKey` gives one, per account */
    authThrottle: (scope: string, accountKey?: AccountKeyOf) => preHandlerAsyncHookHandler;
  }
}

class TooManyRequests extends Error {
  readonly statusCode = 429;
  readonly code = 'FST_TOO_MANY_REQUESTS';
  constructor() {
    super(TOO_MANY_TEXT);
  }
}

export default fp<AuthRateLimitOptions>(
  async (app, opts) => {
    await app.register(rateLimit, { global: false });
    const timeWindow = opts.windowMinutes * 60_000;
    const byAddress = app.createRateLimit({
      max: opts.maxPerAddress,
      timeWindow,
      keyGenerator: (req) => `addr:${req.routeOptions.url ?? ''}:${req.ip}`,
    });
    const byAccount = app.createRateLimit({
      max: opts.maxPerAccount,
      timeWindow,
      // the account key is computed by the route and stashed on the request just before the check
      keyGenerator: (req) => `acct:${(req as FastifyRequest & { throttleKey?: string }).throttleKey ?? ''}`,
    });

    app.decorate('authThrottle', (scope: string, accountKey?: AccountKeyOf) => {
      const handler: preHandlerAsyncHookHandler = async (request) => {
        const address = await byAddress(request);
        if (!address.isAllowed && address.isExceeded) throw new TooManyRequests();
        const key = accountKey?.(request);
        if (!key) return;
        (request as FastifyRequest & { throttleKey?: string }).throttleKey =
          `${scope}:${key.trim().toLowerCase()}`;
        const account = await byAccount(request);
        if (!account.isAllowed && account.isExceeded) throw new TooManyRequests();
      };
      return handler;
    });
  },
  { name: 'auth-rate-limit' },
);
