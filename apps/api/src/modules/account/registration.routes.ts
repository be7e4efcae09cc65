import { accountEndpoints as api, REGISTRATION_MODULE_TYPE_DEFAULT } from '@spesa/shared/contracts/account';
import type { EndpointBody } from '@spesa/shared/contracts/endpoint';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failWith, ok } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, failureEnvelope, rootUserOf } from '../../plugins/envelope';
import { clearSessionCookie, sendSessionToken } from '../../plugins/session';
import { ACCOUNT_TEXT } from './account.messages';
import type { AccountService } from './account.service';
import type { SessionService } from './session.service';

/**
 * A registration that links the social identity waiting for it (decision 054; the identity module, wired in
 * app.ts): the ticket is the waiting identity's HttpOnly cookie.
 */
export interface SocialSignUpPort {
  ticketOf(request: FastifyRequest): string | undefined;
  waiting(
    ticket: string | undefined,
    provider: string,
  ): Promise<{ email: string; emailVerified: boolean } | null>;
  link(ticket: string, userId: number): Promise<void>;
}

export interface RegistrationRoutesOptions {
  account: AccountService;
  sessions: SessionService;
  secureCookie: boolean;
  socialSignUp?: SocialSignUpPort;
}

const meta = (request: FastifyRequest) => ({
  userAgent: request.headers['user-agent'] ?? '',
  clientIp: request.ip,
});

const tags = ['account'];

/**
 * Registration, profile, password reset, e-mail change, PIN switch, deletion, invoice data and privacy
 * disclaimers (spec section 7 "Account and registration"). Paths and parameter names are the platform's;
 * the platform changes state with some GETs: those are flagged `stateChanging` (cross-site protection)
 * and also accept POST, so that our own client never puts a password in a URL.
 */
const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (
  app,
  { account, sessions, secureCookie, socialSignUp },
) => {
  const form = { fieldMessages: true } as const;
  const changing = { stateChanging: true, fieldMessages: true } as const;
  /**
   * Throttled per address and per account: the account named by the first of `fields` that is filled in,
   * in the order the service reads them (so varying the field the service ignores changes nothing).
   */
  const throttleByLogin = (scope: string, fields: readonly ('e_mail' | 'login')[]) =>
    app.authThrottle(scope, (req) => {
      const q = (req.method === 'GET' ? req.query : req.body) as Record<string, unknown> | undefined;
      for (const field of fields) {
        const v = q?.[field];
        if (typeof v === 'string' && v.trim() !== '') return { login: v };
      }
      return null;
    });
  const throttleByUser = (scope: string) =>
    app.authThrottle(scope, (req) => (req.session ? { userId: req.session.userId } : null));

  // ---------- registration ----------
  app.route({
    ...contractRoute(api.registerUser, {
      access: ACCESS.public('registering itself (throttled)'),
      config: form,
      tags,
      summary: 'Register (with loyalty card or by e-mail), 3 steps in one body',
    }),
    preHandler: app.authThrottle('register'),
    handler: async (request, reply) => {
      const provider = request.body.social_login;
      const ticket = provider && socialSignUp ? socialSignUp.ticketOf(request) : undefined;
      const waiting =
        provider && socialSignUp && ticket ? await socialSignUp.waiting(ticket, provider) : null;
      const result = await account.register(request.body, waiting?.emailVerified ? waiting.email : undefined);
      if (result.ok && waiting && ticket && socialSignUp) {
        await socialSignUp.link(ticket, result.data.userId);
        // the provider verified the e-mail: the new customer is signed in at once
        if (!result.data.confirmationRequired) {
          const token = await sessions.create(result.data.userId, true, meta(request));
          sendSessionToken(request, reply, token, {
            maxAgeSeconds: sessions.cookieMaxAge(true),
            secureCookie,
          });
        }
      }
      return answer(request, result);
    },
  });

  app.route({
    ...contractRoute(api.registrationConfirm, {
      access: ACCESS.signed("the confirmation e-mail link's code, checked in the handler"),
      config: { ignoreStaleSession: true },
      tags,
      summary:
        'Confirm the registration from the e-mail link (browsers are redirected to /registration/confirm/:status)',
    }),
    preHandler: app.authThrottle('confirm'),
    handler: async (request, reply) => {
      const outcome = await account.confirmRegistration(request.query.e_mail, request.query.reg_control_code);
      if ((request.headers.accept ?? '').includes('text/html'))
        return reply.redirect(`/registration/confirm/${outcome}`, 303);
      const message =
        outcome === 'ok'
          ? ACCOUNT_TEXT.confirmed
          : outcome === 'already'
            ? ACCOUNT_TEXT.alreadyConfirmed
            : ACCOUNT_TEXT.confirmInvalid;
      return answer(request, outcome === 'ko' ? failWith(message) : ok({}, [message.text]));
    },
  });

  app.route({
    ...contractRoute(api.resendRegistrationEmail, {
      access: ACCESS.public('resending the confirmation e-mail: the same answer for any address (throttled)'),
      config: { stateChanging: true },
      tags,
      summary: 'Send the confirmation e-mail again (same answer for any address)',
    }),
    preHandler: throttleByLogin('resend', ['e_mail']),
    handler: async (request) => answer(request, await account.resendConfirmation(request.query.e_mail)),
  });

  // ---------- profile ----------
  app.route({
    ...contractRoute(api.userDetail, { access: ACCESS.customer, tags, summary: 'The signed-in user' }),
    handler: async (request) => answer(request, await account.userDetail(userIdOf(request))),
  });

  app.route({
    ...contractRoute(api.updateUserDetail, {
      access: ACCESS.customerSupervisorActing,
      config: form,
      tags,
      summary: 'Personal data and domicile',
    }),
    handler: async (request) =>
      answer(request, await account.updateUserDetail(userIdOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.updatePersonInfo, {
      access: ACCESS.customerSupervisorActing,
      config: form,
      tags,
      summary: 'One person info (personInfoTypeId, value)',
    }),
    handler: async (request) =>
      answer(
        request,
        await account.updatePersonInfo(userIdOf(request), request.body.personInfoTypeId, request.body.value),
      ),
  });

  app.route({
    ...contractRoute(api.updateContact, {
      access: ACCESS.customerSupervisorActing,
      config: form,
      tags,
      summary: 'Phones, contact channels and consents',
    }),
    handler: async (request) => answer(request, await account.updateContact(userIdOf(request), request.body)),
  });

  const updatePassword = async (
    request: FastifyRequest,
    input: EndpointBody<typeof api.updatePassword>,
    reply: Parameters<typeof sendSessionToken>[1],
  ) => {
    const result = await account.updatePassword(userIdOf(request), input.old_password, input.new_password, {
      ...meta(request),
      rememberMe: request.session?.rememberMe ?? false,
    });
    if (!result.ok) return failureEnvelope(rootUserOf(request), result);
    sendSessionToken(request, reply, result.data.token, {
      maxAgeSeconds: sessions.cookieMaxAge(request.session?.rememberMe ?? false),
      secureCookie,
    });
    return answer(request, ok({}, result.infos));
  };
  const passwordDocs = (method: string) => ({
    access: ACCESS.customerNotActing,
    config: changing,
    tags,
    summary: `Change the password (${method}); other sessions end, this one gets a new token`,
  });
  app.route({
    ...contractRoute(api.updatePasswordByGet, passwordDocs('GET')),
    preHandler: throttleByUser('password'),
    handler: async (request, reply) => updatePassword(request, request.query, reply),
  });
  app.route({
    ...contractRoute(api.updatePassword, passwordDocs('POST')),
    preHandler: throttleByUser('password'),
    handler: async (request, reply) => updatePassword(request, request.body, reply),
  });

  app.route({
    ...contractRoute(api.updateEmailRequest, {
      access: ACCESS.customerNotActing,
      config: changing,
      tags,
      summary: 'Ask to change the e-mail: a link goes to the new address',
    }),
    preHandler: throttleByUser('email'),
    handler: async (request) =>
      answer(request, await account.requestEmailChange(userIdOf(request), request.query.new_email)),
  });

  app.route({
    ...contractRoute(api.updateEmail, {
      access: ACCESS.signed("the e-mail change link's token, checked in the handler"),
      config: { stateChanging: true, ignoreStaleSession: true },
      tags,
      summary: 'Confirm the new e-mail with the token of the link',
    }),
    preHandler: app.authThrottle('email-confirm'),
    handler: async (request) => answer(request, await account.confirmEmailChange(request.query.token)),
  });

  app.route({
    ...contractRoute(api.updateUsername, {
      access: ACCESS.customerNotActing,
      config: form,
      tags,
      summary: 'Change the login name',
    }),
    handler: async (request) =>
      answer(request, await account.updateUsername(userIdOf(request), request.body.username)),
  });

  // ---------- password reset ----------
  app.route({
    ...contractRoute(api.passwordResetTokenRequest, {
      access: ACCESS.public('a forgotten password: the same answer for any address (throttled)'),
      config: { ...changing, ignoreStaleSession: true },
      tags,
      summary: 'Send a password-reset link (same answer whether or not the account exists)',
    }),
    preHandler: throttleByLogin('reset', ['e_mail', 'login']),
    handler: async (request) => answer(request, await account.requestPasswordReset(request.query)),
  });

  app.route({
    ...contractRoute(api.passwordResetTokenCheck, {
      access: ACCESS.signed("the reset link's token, checked in the handler"),
      config: { ignoreStaleSession: true },
      tags,
      summary: 'Is this reset link still good?',
    }),
    preHandler: throttleByLogin('reset-check', ['login', 'e_mail']),
    handler: async (request) =>
      answer(
        request,
        await account.checkPasswordReset(
          request.query.login ?? request.query.e_mail,
          request.query.reset_token,
        ),
      ),
  });

  const resetDocs = (method: string) => ({
    access: ACCESS.signed("the reset link's token, checked in the handler"),
    config: { ...changing, ignoreStaleSession: true },
    tags,
    summary: `Set a new password with the reset link's token (${method}); every session ends`,
  });
  const resetPassword = async (request: FastifyRequest, input: EndpointBody<typeof api.passwordReset>) =>
    answer(
      request,
      await account.resetPassword(input.login ?? input.e_mail, input.reset_token, input.password),
    );
  app.route({
    ...contractRoute(api.passwordResetByGet, resetDocs('GET')),
    preHandler: throttleByLogin('reset-do', ['login', 'e_mail']),
    handler: async (request) => resetPassword(request, request.query),
  });
  app.route({
    ...contractRoute(api.passwordReset, resetDocs('POST')),
    preHandler: throttleByLogin('reset-do', ['login', 'e_mail']),
    handler: async (request) => resetPassword(request, request.body),
  });

  // ---------- multi-factor ----------
  app.route({
    ...contractRoute(api.mfaEnabled, { access: ACCESS.customerNotActing, tags, summary: 'Is the sign-in PIN on?' }),
    handler: async (request) => answer(request, await account.mfaEnabled(userIdOf(request))),
  });
  app.route({
    ...contractRoute(api.updateMfa, {
      access: ACCESS.customerNotActing,
      config: form,
      tags,
      summary: 'Turn the sign-in PIN on or off',
    }),
    handler: async (request) =>
      answer(request, await account.updateMfa(userIdOf(request), request.body.enabled)),
  });

  // ---------- account deletion ----------
  app.route({
    ...contractRoute(api.anonymizeTokenRequest, {
      access: ACCESS.customerNotActing,
      config: { stateChanging: true },
      tags,
      summary: 'Send the deletion code by e-mail',
    }),
    preHandler: throttleByUser('anonymize-request'),
    handler: async (request) => answer(request, await account.requestAnonymizeToken(userIdOf(request))),
  });
  app.route({
    ...contractRoute(api.anonymizeTokenCheck, {
      access: ACCESS.customerNotActing,
      tags,
      summary: 'Is the deletion code right?',
    }),
    preHandler: throttleByUser('anonymize-check'),
    handler: async (request) =>
      answer(request, await account.checkAnonymizeToken(userIdOf(request), request.query.token)),
  });
  app.route({
    ...contractRoute(api.userAnonymize, {
      access: ACCESS.customerNotActing,
      config: { stateChanging: true },
      tags,
      summary: 'Delete (anonymise) the account; refused while an order awaits pickup',
    }),
    preHandler: throttleByUser('anonymize'),
    handler: async (request, reply) => {
      const token = request.query.token ?? request.query.mfa_token ?? '';
      const result = await account.anonymize(userIdOf(request), token);
      if (result.ok) {
        clearSessionCookie(reply, secureCookie);
        request.session = null;
        request.rootUser = null;
      }
      return answer(request, result);
    },
  });

  // ---------- invoice data ----------
  app.route({
    ...contractRoute(api.updateBillingAddress, {
      access: ACCESS.customerSupervisorActing,
      config: form,
      tags,
      summary: 'Add invoice data (same as /user-person-fiscal/insert-billing-address)',
    }),
    handler: async (request) =>
      answer(request, await account.insertPersonFiscal(userIdOf(request), request.body)),
  });
  app.route({
    ...contractRoute(api.personFiscals, {
      access: ACCESS.customer,
      tags,
      summary: "The user's invoice data",
    }),
    handler: async (request) => answer(request, await account.listPersonFiscals(userIdOf(request))),
  });
  app.route({
    ...contractRoute(api.insertPersonFiscal, {
      access: ACCESS.customerSupervisorActing,
      config: form,
      tags,
      summary: 'Add invoice data: private, company or public administration',
    }),
    handler: async (request) =>
      answer(request, await account.insertPersonFiscal(userIdOf(request), request.body)),
  });
  app.route({
    ...contractRoute(api.deletePersonFiscal, {
      access: ACCESS.customerSupervisorActing,
      config: { stateChanging: true },
      tags,
      summary: 'Delete one of the user’s invoice data',
    }),
    handler: async (request) =>
      answer(request, await account.deletePersonFiscal(userIdOf(request), request.query.person_fiscal_id)),
  });

  // ---------- privacy disclaimers ----------
  app.route({
    ...contractRoute(api.registrationDisclaimers, {
      access: ACCESS.public('the disclaimers of the registration form'),
      tags,
      summary: 'Disclaimers to accept at registration (defaults: module type 2, store 5)',
    }),
    handler: async (request) =>
      answer(
        request,
        await account.listDisclaimers(request.query.registration_module_type_id, request.query.store_id),
      ),
  });
  app.route({
    ...contractRoute(api.userDisclaimers, {
      access: ACCESS.customer,
      tags,
      summary: "The user's answers to the disclaimers",
    }),
    handler: async (request) =>
      answer(
        request,
        await account.listUserDisclaimers(userIdOf(request), request.query.registration_module_type_id),
      ),
  });
  app.route({
    ...contractRoute(api.checkDisclaimers, {
      access: ACCESS.customer,
      tags,
      summary: 'Has the user accepted every required disclaimer?',
    }),
    handler: async (request) =>
      answer(
        request,
        await account.checkDisclaimers(userIdOf(request), request.query.registration_module_type_id),
      ),
  });
  app.route({
    ...contractRoute(api.updateDisclaimers, {
      access: ACCESS.customerSupervisorActing,
      config: form,
      tags,
      summary: "Save the user's answers (required ones cannot be refused)",
    }),
    handler: async (request) =>
      answer(
        request,
        await account.updateDisclaimers(
          userIdOf(request),
          request.body.registration_module_type_id ?? REGISTRATION_MODULE_TYPE_DEFAULT,
          request.body.disclaimers,
        ),
      ),
  });
};

export default registrationRoutes;
