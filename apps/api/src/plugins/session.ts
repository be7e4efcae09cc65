import { ANONYMOUS_USER, ENVELOPE_STATUS, SESSION_EXPIRED_TEXT } from '@spesa/shared/contracts/envelope';
import type { RootUser } from '@spesa/shared/contracts/envelope';
import type { SQL } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { users } from '../db/schema';
import { errorEnvelope } from './envelope';
import { isApiUrl } from './errors';

/**
 * Who is calling (wire notes "Session", decision 010). The token comes in the `x-ebsn-account` header (app build)
 * or in the HttpOnly cookie `X-Ebsn-Account` (web build; the platform's name, and cookie names are
 * case-sensitive), also read under the spelling `x-ebsn-account`, which is cleared whenever the cookie is.
 * - no token: anonymous;
 * - a token that is unknown, expired or revoked: HTTP 419 with the spec's text, and the cookie is cleared
 *   (login and logout ignore a dead token instead, so signing in again always works);
 * - a live token: `request.session` and the envelope's root `user`.
 * Cross-site protection (CSRF): a request that changes state (any method but GET/HEAD/OPTIONS, or a GET
 * route flagged `config.stateChanging`, since the platform changes state with some GETs) coming from
 * another site (Fetch Metadata `Sec-Fetch-Site`, or a foreign `Origin`) is refused with HTTP 403.
 * The cookie is also SameSite=Lax.
 * A route flagged `config.withoutSession` (signed by a payment provider) is anonymous: the token is not read.
 * A route flagged `config.sessionAfterBody` has its session read at `preValidation` instead of `onRequest`;
 * what must know who is calling as soon as it is known (the operators' audit) listens with
 * `app.onSessionRead`.
 */
/** The session cookie under the platform's name, the one set. */
export const SESSION_COOKIE = 'X-Ebsn-Account';
/** The same cookie in lower case: read when the platform's name is absent, cleared with it. */
export const SESSION_COOKIE_LOWER = 'x-ebsn-account';
export const SESSION_HEADER = 'x-ebsn-account';
export const NOT_LOGGED_TEXT = "Devi effettuare l'accesso per continuare.";
export const CROSS_SITE_TEXT = 'Richiesta non consentita.';

declare module 'fastify' {
  interface FastifyRequest {
    session: LiveSession | null;
  }
  interface FastifyInstance {
    /** `listener` runs each time a request's live session has just been read (before the access gate) */
    onSessionRead(listener: (request: FastifyRequest) => void): void;
  }
  interface FastifyContextConfig {
    /** a GET that changes state: gets the same cross-site protection as a POST */
    stateChanging?: boolean;
    /** a dead token is ignored (treated as anonymous) instead of answering 419 */
    ignoreStaleSession?: boolean;
    /**
     * a read the route's handler needs, made by the session's own statement (SessionCompanion); null from the
     * request: none (the handler reads it itself)
     */
    sessionCompanion?: (request: FastifyRequest) => SessionCompanion | null;
    /**
     * the session is read once the body is parsed (at `preValidation`, before the access gate), so that the
     * route's `sessionCompanion` can be keyed by the body; a body that does not parse answers before the
     * session is read
     */
    sessionAfterBody?: boolean;
    /**
     * a form another site posts on purpose, carrying a message the handler verifies by its signature (a
     * company's SAML answer): the cross-site refusal does not apply
     */
    signedCrossSitePost?: boolean;
    /**
     * a route the shop's session has nothing to do with, authenticated by a signature its handler checks (a
     * payment provider's hosted page, its return and its webhook): the session is not read, the request is
     * anonymous (`request.session` null, no 419 for a dead token); the cross-site refusal still applies
     */
    withoutSession?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Marks the route-level hook that reads the session once the body is parsed (the access gate follows it). */
export const SESSION_READ_HOOK = Symbol('session read after the body');

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** True when a browser tells us the request was started by another site. */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = headerValue(request, 'sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = headerValue(request, 'origin');
  if (!origin || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== headerValue(request, 'host');
  } catch {
    return true;
  }
}

/** The staff member behind an operator's session (decision 053), as the access gate and the audit see them. */
export interface LiveOperator {
  userId: number;
  username: string;
  name: string;
  role: string;
  /** the session acts for a customer: `LiveSession.userId` is theirs */
  acting: boolean;
}

/**
 * The columns of the user's row the session's statement reads: what the envelope's root user, the cart's
 * prices (`pricingOn`) and checkout (personal data complete, a company's payment types) use of it. Nothing
 * else of the row (the password hash, the profile) travels with every request; a reader that needs more reads
 * the user (`AccountService`).
 */
export type SessionUser = Pick<
  typeof users.$inferSelect,
  | 'userId'
  | 'login'
  | 'profileConfirmed'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'userTypeId'
  | 'legalIds'
  | 'betaTester'
  | 'cardNumber'
  | 'crmSegmentIds'
  | 'companyId'
  | 'mobilePhone'
  | 'homePhone'
  | 'italianCitizen'
  | 'fiscalCode'
>;

/** A live session of the request's token: what the rest of the request knows of who is calling. */
export interface LiveSession {
  tokenHash: string;
  /** whom the session acts as: the customer, or the operator themselves before they choose one */
  userId: number;
  /** an operator's session (null: the customer's own) */
  operator: LiveOperator | null;
  rememberMe: boolean;
  rootUser: RootUser;
  /** the user's columns read with the session, at the start of this request (SessionUser) */
  user: SessionUser;
  /**
   * What prices the user is entitled to on `today` (YYYY-MM-DD, decision 032), from the card and segments
   * read with the session: a loyalty card valid that day, the CRM segments. The cart prices with it instead
   * of reading them again.
   */
  pricingOn(today: string): { card: boolean; segments: number[] };
  /** what the route's SessionCompanion read, as its column answered it (absent or null: none asked, or none found) */
  companion?: unknown;
}

/**
 * A read of the module that owns it, made by the session's one statement (decision 059, session 46): a
 * column keyed by the session's user (`userId`, an SQL value), with its placeholders' `values`. `name` names
 * the prepared statement (one per companion). The session's checks are the same: a dead token answers 419
 * and the column's answer is dropped.
 */
export interface SessionCompanion {
  name: string;
  column: (userId: SQL) => SQL;
  values: Record<string, unknown>;
}

/** The sessions' port (the account module's SessionService): the live session of a token, or null. */
export interface SessionsPort {
  resolve(token: string, companion?: SessionCompanion): Promise<LiveSession | null>;
}

export interface SessionPluginOptions {
  sessions: SessionsPort;
  secureCookie: boolean;
}

export default fp<SessionPluginOptions>(
  async (app, { sessions, secureCookie }) => {
    app.decorateRequest('session', null);
    const listeners: Array<(request: FastifyRequest) => void> = [];
    app.decorate('onSessionRead', (listener: (request: FastifyRequest) => void) => {
      listeners.push(listener);
    });

    /** The token's live session on the request, or the 419 of a dead token: true when it answered. */
    const readSession = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
      const config = request.routeOptions.config;
      const fromHeader = headerValue(request, SESSION_HEADER)?.trim();
      const token = fromHeader || sessionCookieOf(request);
      if (!token) return false;
      const live = await sessions.resolve(token, config.sessionCompanion?.(request) ?? undefined);
      if (live) {
        request.session = live;
        request.rootUser = live.rootUser;
        for (const listener of listeners) listener(request);
        return false;
      }
      if (!fromHeader) clearSessionCookie(reply, secureCookie);
      if (config.ignoreStaleSession) return false;
      reply
        .code(419)
        .send(
          errorEnvelope(ANONYMOUS_USER, ENVELOPE_STATUS.sessionExpired, [
            { text: SESSION_EXPIRED_TEXT, code: 'msg.session.expired' },
          ]),
        );
      return true;
    };

    // a callback hook: a request without a token, or outside the API, costs no promise (an answer sent here
    // ends the request's hooks: `done` is not called)
    app.addHook('onRequest', (request, reply, done) => {
      if (!isApiUrl(request.url)) return done();
      const config = request.routeOptions.config;
      const changesState = !SAFE_METHODS.has(request.method) || config.stateChanging === true;
      if (changesState && !config.signedCrossSitePost && isCrossSite(request)) {
        reply
          .code(403)
          .send(
            errorEnvelope(ANONYMOUS_USER, 403, [{ text: CROSS_SITE_TEXT, code: 'msg.request.crossSite' }]),
          );
        return;
      }
      if (config.withoutSession || config.sessionAfterBody) return done();
      readSession(request, reply).then((answered) => {
        if (!answered) done();
      }, done);
    });

    // only the routes that read the session once the body is parsed get this hook, as the route's first
    // preValidation hook; the access plugin puts its gate right after it (SESSION_READ_HOOK)
    const readAfterBody = Object.assign(
      async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
        if (!isApiUrl(request.url)) return undefined;
        return (await readSession(request, reply)) ? reply : undefined;
      },
      { [SESSION_READ_HOOK]: true },
    );
    app.addHook('onRoute', (route) => {
      const config = route.config as FastifyContextConfig | undefined;
      if (!config?.sessionAfterBody || config.withoutSession) return;
      const own = route.preValidation === undefined ? [] : [route.preValidation].flat();
      route.preValidation = [readAfterBody, ...own] as typeof route.preValidation;
    });
  },
  { name: 'session', dependencies: ['envelope'] },
);

/** The session cookie's token: the platform's spelling first, then the lower-case one. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || request.cookies[SESSION_COOKIE_LOWER] || undefined;
}

/** Hands a new session to the client: the cookie always, the header too for clients that are not the web build. */
export function sendSessionToken(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  opts: { maxAgeSeconds: number | undefined; secureCookie: boolean },
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secureCookie,
    ...(opts.maxAgeSeconds ? { maxAge: opts.maxAgeSeconds } : {}),
  });
  // a token held under the lower-case spelling is replaced, not left beside the new one
  if (request.cookies[SESSION_COOKIE_LOWER] !== undefined)
    clearCookieNamed(reply, SESSION_COOKIE_LOWER, opts.secureCookie);
  if (headerValue(request, 'x-ebsn-client') !== 'site') reply.header(SESSION_HEADER, token);
}

function clearCookieNamed(reply: FastifyReply, name: string, secureCookie: boolean): void {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie });
}

/** Clears the session cookie under both spellings. */
export function clearSessionCookie(reply: FastifyReply, secureCookie: boolean): void {
  clearCookieNamed(reply, SESSION_COOKIE, secureCookie);
  clearCookieNamed(reply, SESSION_COOKIE_LOWER, secureCookie);
}
