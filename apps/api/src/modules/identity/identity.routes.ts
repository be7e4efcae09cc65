import { identityEndpoints as api } from '@spesa/shared/contracts/identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failWith, ok, type Failure } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import { clearSessionCookie, sendSessionToken } from '../../plugins/session';
import {
  bindingCookieOptions,
  bindingFor,
  bindingHash,
  heldBinding,
  SIGN_IN_BINDING_COOKIE,
} from './browser-binding';
import { IDENTITY_TEXT } from './identity.messages';
import { type IdentityService, type SignInOutcome, WAITING_IDENTITY_MINUTES } from './identity.service';
import { shopPathOf } from './relay-state';
import { samlProviderOf, type SamlSignIn } from './saml-sign-in';
import type { SocialSignIn } from './social-sign-in';

/** The HttpOnly cookie holding the ticket of an identity that waits for an account or a link. */
export const WAITING_IDENTITY_COOKIE = 'spesa-federated';
/** The shop's page that ends a sign-in: in the popup it tells the opener, otherwise it goes on itself. */
export const SIGN_IN_RESULT_PAGE = '/social-login/callback';

export interface IdentityRoutesOptions {
  identity: IdentityService;
  social: SocialSignIn;
  saml: SamlSignIn;
  /** a new session for the account (the account module's SessionService) */
  startSession: (userId: number, request: FastifyRequest) => Promise<{ token: string; maxAge?: number }>;
  endSession: (tokenHash: string) => Promise<void>;
  publicUrl: string;
  secureCookie: boolean;
}

const tags = ['identity'];

const providerParam = z.object({ providerMobile: z.string().max(60) });
const socialQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  'use-plugin': z.string().max(10).optional(),
  relay_state_url: z.string().max(500).optional(),
  /** 1: the sign-in runs in the login dialog's popup */
  popup: z.string().max(5).optional(),
});
const loginQuery = z.object({
  company: z.string().max(60).optional(),
  relay_state_url: z.string().max(500).optional(),
});
const logoutQuery = z.object({
  relay_state_url: z.string().max(500).optional(),
  checkUser: z.string().max(10).optional(),
});
const acsBody = z.object({
  SAMLResponse: z.string().min(1).max(200_000),
  RelayState: z.string().max(500).optional(),
});

/**
 * Social sign-in (OpenID Connect) and companies' single sign-on (SAML 2.0), decision 054; spec section 7
 * "Single sign-on, social, backoffice". The redirects are plain routes; the calls of the web app's pages
 * (the waiting identity, the link's confirmation, the profile's linked providers) are contract routes.
 */
const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, opts) => {
  const { identity, social, saml } = opts;

  const resultPage = (params: Record<string, string>) =>
    `${SIGN_IN_RESULT_PAGE}?${new URLSearchParams(params).toString()}`;

  const signIn = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    if (request.session) await opts.endSession(request.session.tokenHash);
    const { token, maxAge } = await opts.startSession(userId, request);
    sendSessionToken(request, reply, token, { maxAgeSeconds: maxAge, secureCookie: opts.secureCookie });
  };

  /** The outcome as the result page's query; the session or the waiting identity's cookie set. */
  const settle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: SignInOutcome,
  ): Promise<Record<string, string>> => {
    if (outcome.kind === 'signedIn') {
      await signIn(request, reply, outcome.userId);
      return { outcome: 'signedIn', provider: '', next: outcome.relayStateUrl };
    }
    reply.setCookie(WAITING_IDENTITY_COOKIE, outcome.ticket, {
      path: '/ebsn/api',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookie,
      maxAge: WAITING_IDENTITY_MINUTES * 60,
    });
    return { outcome: outcome.kind, provider: outcome.provider, next: outcome.relayStateUrl };
  };

  const refused = (failure: Failure, provider: string): Record<string, string> => ({
    outcome: 'error',
    provider,
    code: failure.code,
  });

  const log = (request: FastifyRequest) => (error: unknown) =>
    request.log.warn({ err: error }, 'a federated sign-in was refused');

  /** A sign-in starts: the browser gets (or keeps) its binding cookie; answers the binding's hash. */
  const bindBrowser = (request: FastifyRequest, reply: FastifyReply): string => {
    const binding = bindingFor(request.cookies[SIGN_IN_BINDING_COOKIE]);
    reply.setCookie(SIGN_IN_BINDING_COOKIE, binding, bindingCookieOptions(opts.secureCookie));
    return bindingHash(binding);
  };
  /** The provider's answer: the hash of the binding the browser holds, or null. */
  const browserOf = (request: FastifyRequest): string | null => {
    const binding = heldBinding(request.cookies[SIGN_IN_BINDING_COOKIE]);
    return binding ? bindingHash(binding) : null;
  };

  // ---------- social sign-in ----------
  const socialHandler = async (
    request: FastifyRequest<{
      Params: z.infer<typeof providerParam>;
      Querystring: z.infer<typeof socialQuery>;
    }>,
    reply: FastifyReply,
  ) => {
    // the popup goes on to the provider and back: it must not be cut from its opener
    reply.header('cache-control', 'no-store').header('cross-origin-opener-policy', 'unsafe-none');
    const provider = request.params.providerMobile.replace(/-mobile$/, '');
    const query = request.query;
    const usePlugin = query['use-plugin'] === 'true' || query['use-plugin'] === '1';
    if (!social.has(provider) || !request.params.providerMobile.endsWith('-mobile')) {
      if (usePlugin) return answer(request, failWith(IDENTITY_TEXT.providerUnknown, 'notFound'));
      return reply.redirect(resultPage(refused(failWith(IDENTITY_TEXT.providerUnknown), provider)), 303);
    }
    // no code yet: the sign-in starts, the browser goes to the provider
    if (!query.code && !query.error) {
      const relay = shopPathOf(query.relay_state_url, opts.publicUrl);
      if (relay === null) {
        if (usePlugin) return answer(request, failWith(IDENTITY_TEXT.relayForeign));
        return reply.redirect(resultPage(refused(failWith(IDENTITY_TEXT.relayForeign), provider)), 303);
      }
      const started = await social.start(provider, relay, query.popup === '1', bindBrowser(request, reply));
      if (!started.ok) return reply.redirect(resultPage(refused(started, provider)), 303);
      return reply.redirect(started.data.toString(), 303);
    }
    const params = new URLSearchParams();
    for (const key of ['code', 'state', 'iss', 'error'] as const) {
      const v = query[key];
      if (v !== undefined) params.set(key, v);
    }
    const finished = await social.finish(provider, params, browserOf(request), log(request));
    const outcome = finished.ok
      ? await identity.resolve(provider, finished.data.claims, finished.data.login, null)
      : finished;
    const result = outcome.ok ? await settle(request, reply, outcome.data) : refused(outcome, provider);
    if (usePlugin) return answer(request, outcome.ok ? ok(result) : outcome);
    return reply.redirect(resultPage(result), 303);
  };
  for (const url of ['/social-redir/:providerMobile', '/api/social-redir/:providerMobile'])
    app.route({
      method: 'GET',
      url,
      schema: { params: providerParam, querystring: socialQuery, hide: true },
      config: {
        access: ACCESS.signed(
          "a social sign-in: starts it, or checks the provider's answer against the state kept in the database and the browser that started it",
        ),
        ignoreStaleSession: true,
      },
      handler: socialHandler,
    });

  // ---------- companies' single sign-on ----------
  app.route({
    method: 'GET',
    url: '/saml/do-login',
    schema: { querystring: loginQuery, hide: true },
    config: { access: ACCESS.public("starts a company's single sign-on"), ignoreStaleSession: true },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const company = request.query.company ? await saml.company(request.query.company) : null;
      const provider = samlProviderOf(request.query.company ?? '');
      if (!company)
        return reply.redirect(resultPage(refused(failWith(IDENTITY_TEXT.companyUnknown), provider)), 303);
      const relay = shopPathOf(request.query.relay_state_url, opts.publicUrl);
      if (relay === null)
        return reply.redirect(resultPage(refused(failWith(IDENTITY_TEXT.relayForeign), provider)), 303);
      return reply.redirect(await saml.start(company, relay, bindBrowser(request, reply)), 303);
    },
  });

  app.route({
    method: 'POST',
    url: '/saml/acs',
    schema: { body: acsBody, hide: true },
    config: {
      access: ACCESS.signed(
        "a company's identity provider posts its signed answer (checked in the handler, with the browser that asked)",
      ),
      ignoreStaleSession: true,
      // the answer comes from the company's site: the assertion's signature, the request id and the
      // browser's binding cookie protect it
      signedCrossSitePost: true,
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const consumed = await saml.consume(request.body.SAMLResponse, browserOf(request), log(request));
      if (!consumed.ok) return reply.redirect(resultPage(refused(consumed, 'saml')), 303);
      const { company, claims, login } = consumed.data;
      const provider = samlProviderOf(company.slug);
      const outcome = await identity.resolve(provider, claims, login, company);
      if (!outcome.ok) return reply.redirect(resultPage(refused(outcome, provider)), 303);
      return reply.redirect(resultPage(await settle(request, reply, outcome.data)), 303);
    },
  });

  app.route({
    method: 'GET',
    url: '/saml/do-logout',
    schema: { querystring: logoutQuery, hide: true },
    config: {
      access: ACCESS.customerOrAnonymous('signing out answers a visitor without a session too'),
      ignoreStaleSession: true,
      stateChanging: true,
    },
    handler: async (request, reply) => {
      const relay = shopPathOf(request.query.relay_state_url, opts.publicUrl) ?? '/';
      if (request.session) await opts.endSession(request.session.tokenHash);
      clearSessionCookie(reply, opts.secureCookie);
      return reply.header('cache-control', 'no-store').redirect(relay === '/dashboard' ? '/' : relay, 303);
    },
  });

  app.route({
    method: 'GET',
    url: '/saml/metadata',
    schema: { hide: true },
    config: {
      access: ACCESS.public("the shop's service provider metadata, for the companies' identity providers"),
    },
    handler: async (_request, reply) =>
      reply.type('application/samlmetadata+xml; charset=utf-8').send(await saml.metadata()),
  });

  // ---------- the web app's calls ----------
  app.route({
    ...contractRoute(api.options, {
      access: ACCESS.public('the login dialog shows the sign-in ways this server offers'),
      tags,
      summary: 'The social providers and the companies with single sign-on this server offers',
    }),
    handler: async (request) => answer(request, ok(await identity.options())),
  });

  const ticketOf = (request: FastifyRequest): string | undefined => request.cookies[WAITING_IDENTITY_COOKIE];

  app.route({
    ...contractRoute(api.socialUserDetail, {
      access: ACCESS.signed("the waiting identity's ticket (HttpOnly cookie), checked in the handler"),
      tags,
      summary: 'What the provider told of the identity that waits for a registration or a link',
    }),
    handler: async (request) => answer(request, await identity.waitingDetail(ticketOf(request))),
  });

  app.route({
    ...contractRoute(api.socialLinkConfirm, {
      access: ACCESS.signedNotActing(
        "the waiting identity's ticket (HttpOnly cookie) and the account's password; never an operator",
      ),
      config: { fieldMessages: true, ignoreStaleSession: true },
      tags,
      summary: "Links the waiting identity to the account of its e-mail, confirmed by the account's password",
    }),
    preHandler: app.authThrottle('social-link'),
    handler: async (request, reply) => {
      const linked = await identity.confirmLink(
        ticketOf(request),
        request.body.password,
        async (provider) => {
          const slug = provider.startsWith('saml:') ? provider.slice(5) : null;
          return slug ? saml.company(slug) : null;
        },
      );
      if (!linked.ok) return answer(request, linked);
      await signIn(request, reply, linked.data.userId);
      reply.clearCookie(WAITING_IDENTITY_COOKIE, { path: '/ebsn/api' });
      return answer(request, ok({ relayStateUrl: linked.data.relayStateUrl }));
    },
  });

  app.route({
    ...contractRoute(api.linkedIdentities, {
      access: ACCESS.customer,
      tags,
      summary: "The social accounts and companies' sign-ins linked to the customer's account",
    }),
    handler: async (request) => answer(request, await identity.linked(userIdOf(request))),
  });

  app.route({
    ...contractRoute(api.socialUnlink, {
      access: ACCESS.customerNotActing,
      config: { fieldMessages: true },
      tags,
      summary: 'Unlinks a social account (never the last way to sign in)',
    }),
    handler: async (request) =>
      answer(request, await identity.unlink(userIdOf(request), request.body.provider)),
  });
};

export default identityRoutes;
