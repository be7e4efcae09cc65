import { lt, sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { throttleCounters } from '../db/schema';
import { TOO_MANY_TEXT } from './errors';

/**
 * Throttling of the calls that guess secrets or send mail: sign-in, PIN, password reset, registration,
 * gift codes (decision 026). Two fixed-window counters per call, kept in the database (table
 * throttle_counters) so that every API process on it counts the same attempts:
 * - per client address (the socket's, or the proxy's forwarded one only for TRUST_PROXY_HOPS hops, so a
 *   forged X-Forwarded-For changes nothing);
 * - per account: the account the call is about, resolved from whatever was typed (e-mail, card number or
 *   user name all count on one account); a login that names no account counts on its normalised text.
 *   A typed login counts per account AND client address, so a stranger's wrong passwords or codes refuse
 *   the stranger's address, never the owner signing in from theirs (decision 010); a signed-in caller's
 *   own calls (`{ userId }`) count on the account wherever they come from.
 * Over the limit: HTTP 429 with the Italian envelope and its own code (errors plugin). Ended windows are
 * deleted by a recurring job.
 */

export interface AuthRateLimitOptions {
  db: Db;
  maxPerAccount: number;
  maxPerAddress: number;
  windowMinutes: number;
  /** the account a typed login names (e-mail, user name or card number), null when none */
  resolveLogin: (login: string) => Promise<number | null>;
}

/** Who a call is about: a typed login (resolved to its account) or a signed-in customer. */
export type ThrottleSubject = { login: string } | { userId: number };
export type ThrottleSubjectOf = (request: FastifyRequest) => ThrottleSubject | null;

export interface ThrottleLimits {
  maxPerAccount?: number;
  maxPerAddress?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler throttling `scope` per client address and, when `subjectOf` names one, per account */
    authThrottle: (
      scope: string,
      subjectOf?: ThrottleSubjectOf,
      limits?: ThrottleLimits,
    ) => preHandlerAsyncHookHandler;
    /**
     * Failures of `scope` counted per client address and per `key` (e.g. a till system's id): `blocked` says
     * whether either is over `max` in the window (nothing counted), `failed` counts one failure.
     */
    failureThrottle: (
      scope: string,
      max: number,
    ) => {
      blocked: (request: FastifyRequest, key: string) => Promise<boolean>;
      failed: (request: FastifyRequest, key: string) => Promise<void>;
    };
  }
}

class TooManyRequests extends Error {
  readonly statusCode = 429;
  readonly code = 'FST_TOO_MANY_REQUESTS';
  constructor() {
    super(TOO_MANY_TEXT);
  }
}

/**
 * One atomic statement: a new window starts when the stored one has ended. Answers the hits in it. Exported
 * for the counters of other callers than people (the integration API's calls per client).
 */
export async function hit(key: string, windowMs: number, db: Db): Promise<number> {
  const [row] = await queryRows<{ hits: number }>(
    db,
    sql`
    INSERT INTO ${throttleCounters} AS c (key, hits, window_ends_at)
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.hits + 1 END,
      window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
    RETURNING hits`,
  );
  return row?.hits ?? 1;
}

/** Deletes the counters whose window has ended (the recurring clean-up job). */
export async function deleteEndedThrottleWindows(db: Db): Promise<void> {
  await db.delete(throttleCounters).where(lt(throttleCounters.windowEndsAt, sql`now()`));
}

export default fp<AuthRateLimitOptions>(
  async (app, opts) => {
    const windowMs = opts.windowMinutes * 60_000;
    /** counts one attempt on `key` in the window; false when it is over `max` */
    const throttleHit = async (key: string, max: number) => (await hit(key, windowMs, opts.db)) <= max;

    const accountKeyOf = async (subject: ThrottleSubject, ip: string): Promise<string> => {
      if ('userId' in subject) return `u${subject.userId}`;
      const typed = subject.login.trim().toLowerCase();
      const userId = typed ? await opts.resolveLogin(typed) : null;
      return `${userId !== null ? `u${userId}` : `login:${typed}`}:addr:${ip}`;
    };

    app.decorate(
      'authThrottle',
      (scope: string, subjectOf?: ThrottleSubjectOf, limits: ThrottleLimits = {}) => {
        const maxPerAddress = limits.maxPerAddress ?? opts.maxPerAddress;
        const maxPerAccount = limits.maxPerAccount ?? opts.maxPerAccount;
        const handler: preHandlerAsyncHookHandler = async (request) => {
          if (!(await throttleHit(`addr:${scope}:${request.ip}`, maxPerAddress))) throw new TooManyRequests();
          const subject = subjectOf?.(request);
          if (!subject) return;
          const key = await accountKeyOf(subject, request.ip);
          if (!(await throttleHit(`acct:${scope}:${key}`, maxPerAccount))) throw new TooManyRequests();
        };
        return handler;
      },
    );

    app.decorate('failureThrottle', (scope: string, max: number) => {
      const keysOf = (request: FastifyRequest, key: string) => [
        `fail:${scope}:addr:${request.ip}`,
        `fail:${scope}:key:${key.slice(0, 100)}`,
      ];
      return {
        blocked: async (request: FastifyRequest, key: string) => {
          const rows = await queryRows<{ hits: number }>(
            opts.db,
            sql`SELECT hits FROM ${throttleCounters}
                WHERE key IN (${sql.join(
                  keysOf(request, key).map((k) => sql`${k}`),
                  sql`, `,
                )}) AND window_ends_at > now()`,
          );
          return rows.some((r) => r.hits >= max);
        },
        failed: async (request: FastifyRequest, key: string) => {
          for (const k of keysOf(request, key)) await hit(k, windowMs, opts.db);
        },
      };
    });
  },
  { name: 'auth-rate-limit' },
);
