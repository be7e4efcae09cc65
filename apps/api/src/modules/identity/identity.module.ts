import type { FastifyInstance } from 'fastify';
import { configuredSocialProviders, isFederationDemoOn, publicUrlOf } from '../../env';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { Result } from '../../lib/result';
import { API_PREFIX } from '../../plugins/errors';
import type { AccountRepository, UserRow } from '../account/account.repository';
import { verifyPassword } from '../account/secrets';
import type { SessionService } from '../account/session.service';
import { DEMO_SAML_COMPANY } from './demo-saml-key';
import demoSamlIdpRoutes from './demo-saml-idp.routes';
import { IdentityRepository } from './identity.repository';
import identityRoutes, { WAITING_IDENTITY_COOKIE } from './identity.routes';
import { type AccountFacts, IdentityService } from './identity.service';
import { SamlSignIn } from './saml-sign-in';
import { SocialSignIn, type SocialProviderConfig } from './social-sign-in';

export interface IdentityModuleDeps extends ModuleCore {
  accounts: AccountRepository;
  sessions: SessionService;
  secureCookie: boolean;
  /** the social providers (decision 054); default: the real ones of env.ts */
  socialProviders: readonly SocialProviderConfig[] | undefined;
  /** a company user's work address (the delivery module, decision 042) */
  workplace: { subscribeToWork(userId: number, code: string): Promise<Result<unknown>> };
}

const factsOf = (u: UserRow | null): AccountFacts | null =>
  u && {
    userId: u.userId,
    email: u.email,
    hasPassword: u.passwordHash !== null,
    confirmed: u.profileConfirmed,
    closed: u.anonymizedAt !== null,
  };

/**
 * The identity module: social sign-in and companies' single sign-on (decision 054); the accounts through the
 * account module's repository and sessions, the companies' work addresses through the delivery module.
 */
export function identityModule(app: FastifyInstance, d: IdentityModuleDeps) {
  const { db, env, now, jobs, accounts, sessions } = d;
  const identityRepo = new IdentityRepository(db);
  const apiUrl = `${publicUrlOf(env)}${API_PREFIX}`;
  const socialProviders = d.socialProviders ?? configuredSocialProviders(env);
  const identity = new IdentityService(
    identityRepo,
    {
      byEmail: async (email) => {
        const u = await accounts.findUserByLogin(email);
        return u && u.email.toLowerCase() === email.toLowerCase() ? factsOf(u) : null;
      },
      byId: async (userId) => factsOf(await accounts.findUserById(userId)),
      checkPassword: async (userId, password) =>
        verifyPassword((await accounts.findUserById(userId))?.passwordHash ?? null, password),
      provision: async (person) =>
        (
          await accounts.insertUser({
            login: person.email,
            email: person.email,
            passwordHash: null,
            profileConfirmed: true,
            firstName: person.firstName,
            lastName: person.lastName,
            companyId: person.companyId,
          })
        )?.userId ?? null,
    },
    {
      subscribe: async (userId, code) => {
        const subscribed = await d.workplace.subscribeToWork(userId, code);
        if (!subscribed.ok) app.log.warn({ code: subscribed.code }, 'a company user got no work address');
      },
    },
    socialProviders,
    now,
  );
  const social = new SocialSignIn(
    identityRepo,
    socialProviders,
    (provider) => `${apiUrl}/social-redir/${provider}-mobile`,
    now,
  );
  const saml = new SamlSignIn(identityRepo, { apiUrl, production: env.NODE_ENV === 'production' });
  jobs.every('identity.cleanup', 10 * 60_000, async () => {
    await identityRepo.deleteExpired(now());
  });
  return {
    /** a registration finishing a social sign-in: the waiting identity of the browser's ticket */
    socialSignUp: {
      ticketOf: (request: { cookies: Record<string, string | undefined> }) =>
        request.cookies[WAITING_IDENTITY_COOKIE],
      waiting: (ticket: string | undefined, provider: string) =>
        identity.waitingForRegistration(ticket, provider),
      link: (ticket: string, userId: number) => identity.linkRegistered(ticket, userId),
    },
    routes: (async (api) => {
      await api.register(identityRoutes, {
        identity,
        social,
        saml,
        startSession: async (userId, request) => ({
          token: await sessions.create(userId, true, {
            userAgent: request.headers['user-agent'] ?? '',
            clientIp: request.ip,
          }),
          maxAge: sessions.cookieMaxAge(true),
        }),
        endSession: (tokenHash) => sessions.revoke(tokenHash),
        publicUrl: publicUrlOf(env),
        secureCookie: d.secureCookie,
      });
    }) satisfies RouteRegistrar,
    /** the demo identity provider of the companies' sign-on, when the federation demo is on */
    rootRoutes: (async (root) => {
      if (isFederationDemoOn(env))
        await root.register(demoSamlIdpRoutes, {
          entityId: saml.entityId,
          acsUrl: saml.acsUrl,
          companyName: DEMO_SAML_COMPANY.name,
        });
    }) satisfies RouteRegistrar,
  };
}
