import {
  anonymizeCheckQuerySchema,
  anonymizeQuerySchema,
  deletePersonFiscalQuerySchema,
  disclaimerCheckDataSchema,
  disclaimerListDataSchema,
  disclaimerListQuerySchema,
  disclaimerTypeQuerySchema,
  emailQuerySchema,
  mfaDataSchema,
  passwordResetCheckSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  personFiscalDataSchema,
  personFiscalFormSchema,
  personFiscalListDataSchema,
  registerUserBodySchema,
  registerUserDataSchema,
  registrationConfirmQuerySchema,
  REGISTRATION_MODULE_TYPE_DEFAULT,
  tokenValidDataSchema,
  updateContactBodySchema,
  updateDisclaimerBodySchema,
  updateEmailQuerySchema,
  updateEmailRequestSchema,
  updateMfaBodySchema,
  updatePasswordSchema,
  updatePersonInfoBodySchema,
  updateUserDetailBodySchema,
  updateUsernameBodySchema,
  userDataSchema,
} from '@spesa/shared/contracts/account';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failWith, ok } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { answer, apiResponse, emptyDataSchema, failureEnvelope, rootUserOf } from '../../plugins/envelope';
import { clearSessionCookie, sendSessionToken } from '../../plugins/session';
import { ACCOUNT_TEXT } from './account.messages';
import type { AccountService } from './account.service';
import type { SessionService } from './session.service';

export interface RegistrationRoutesOptions {
  account: AccountService;
  sessions: SessionService;
  secureCookie: boolean;
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
  { account, sessions, secureCookie },
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
  app.post(
    '/registration/register_user',
    {
      config: { ...form, access: ACCESS.public('registering itself (throttled)') },
      preHandler: app.authThrottle('register'),
      schema: {
        tags,
        summary: 'Register (with loyalty card or by e-mail), 3 steps in one body',
        body: registerUserBodySchema,
        response: { 200: apiResponse(registerUserDataSchema) },
      },
    },
    async (request) => answer(request, await account.register(request.body)),
  );

  app.get(
    '/registration/registration_confirm',
    {
      config: {
        ignoreStaleSession: true,
        access: ACCESS.signed("the confirmation e-mail link's code, checked in the handler"),
      },
      preHandler: app.authThrottle('confirm'),
      schema: {
        tags,
        summary:
          'Confirm the registration from the e-mail link (browsers are redirected to /registration/confirm/:status)',
        querystring: registrationConfirmQuerySchema,
        response: { 200: apiResponse(emptyDataSchema) },
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/registration/registration_resend_email',
    {
      preHandler: throttleByLogin('resend', ['e_mail']),
      config: {
        stateChanging: true,
        access: ACCESS.public(
          'resending the confirmation e-mail: the same answer for any address (throttled)',
        ),
      },
      schema: {
        tags,
        summary: 'Send the confirmation e-mail again (same answer for any address)',
        querystring: emailQuerySchema,
        response: { 200: apiResponse(emptyDataSchema) },
      },
    },
    async (request) => answer(request, await account.resendConfirmation(request.query.e_mail)),
  );

  // ---------- profile ----------
  app.get(
    '/registration/user_detail',
    {
      config: { access: ACCESS.customer },
      schema: { tags, summary: 'The signed-in user', response: { 200: apiResponse(userDataSchema) } },
    },
    async (request) => answer(request, await account.userDetail(userIdOf(request))),
  );

  app.post(
    '/registration/update_user_detail',
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Personal data and domicile',
        body: updateUserDetailBodySchema,
        response: { 200: apiResponse(userDataSchema) },
      },
    },
    async (request) => answer(request, await account.updateUserDetail(userIdOf(request), request.body)),
  );

  app.post(
    '/registration/update_person_info',
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'One person info (personInfoTypeId, value)',
        body: updatePersonInfoBodySchema,
        response: { 200: apiResponse(userDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await account.updatePersonInfo(userIdOf(request), request.body.personInfoTypeId, request.body.value),
      ),
  );

  app.post(
    '/registration/update_contact',
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Phones, contact channels and consents',
        body: updateContactBodySchema,
        response: { 200: apiResponse(userDataSchema) },
      },
    },
    async (request) => answer(request, await account.updateContact(userIdOf(request), request.body)),
  );

  const updatePassword = async (
    request: FastifyRequest,
    input: z.output<typeof updatePasswordSchema>,
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
  const passwordOpts = (method: string) => ({
    config: { ...changing, access: ACCESS.customer },
    preHandler: throttleByUser('password'),
    schema: {
      tags,
      summary: `Change the password (${method}); other sessions end, this one gets a new token`,
      ...(method === 'GET' ? { querystring: updatePasswordSchema } : { body: updatePasswordSchema }),
      response: { 200: apiResponse(emptyDataSchema) },
    },
  });
  app.get('/registration/update_password', passwordOpts('GET'), async (request, reply) =>
    updatePassword(request, request.query as z.output<typeof updatePasswordSchema>, reply),
  );
  app.post('/registration/update_password', passwordOpts('POST'), async (request, reply) =>
    updatePassword(request, request.body as z.output<typeof updatePasswordSchema>, reply),
  );

  app.get(
    '/registration/update_email_request',
    {
      config: { ...changing, access: ACCESS.customer },
      preHandler: throttleByUser('email'),
      schema: {
        tags,
        summary: 'Ask to change the e-mail: a link goes to the new address',
        querystring: updateEmailRequestSchema,
        response: { 200: apiResponse(emptyDataSchema) },
      },
    },
    async (request) =>
      answer(request, await account.requestEmailChange(userIdOf(request), request.query.new_email)),
  );

  app.get(
    '/registration/update_email',
    {
      config: {
        stateChanging: true,
        ignoreStaleSession: true,
        access: ACCESS.signed("the e-mail change link's token, checked in the handler"),
      },
      preHandler: app.authThrottle('email-confirm'),
      schema: {
        tags,
        summary: 'Confirm the new e-mail with the token of the link',
        querystring: updateEmailQuerySchema,
        response: { 200: apiResponse(z.object({ email: z.string() })) },
      },
    },
    async (request) => answer(request, await account.confirmEmailChange(request.query.token)),
  );

  app.post(
    '/registration/update_username',
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Change the login name',
        body: updateUsernameBodySchema,
        response: { 200: apiResponse(userDataSchema) },
      },
    },
    async (request) =>
      answer(request, await account.updateUsername(userIdOf(request), request.body.username)),
  );

  // ---------- password reset ----------
  app.get(
    '/registration/password_reset_token_request',
    {
      config: {
        ...changing,
        ignoreStaleSession: true,
        access: ACCESS.public('a forgotten password: the same answer for any address (throttled)'),
      },
      preHandler: throttleByLogin('reset', ['e_mail', 'login']),
      schema: {
        tags,
        summary: 'Send a password-reset link (same answer whether or not the account exists)',
        querystring: passwordResetRequestSchema,
        response: { 200: apiResponse(emptyDataSchema) },
      },
    },
    async (request) => answer(request, await account.requestPasswordReset(request.query)),
  );

  app.get(
    '/registration/password_reset_token_check',
    {
      config: {
        ignoreStaleSession: true,
        access: ACCESS.signed("the reset link's token, checked in the handler"),
      },
      preHandler: throttleByLogin('reset-check', ['login', 'e_mail']),
      schema: {
        tags,
        summary: 'Is this reset link still good?',
        querystring: passwordResetCheckSchema,
        response: { 200: apiResponse(tokenValidDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await account.checkPasswordReset(
          request.query.login ?? request.query.e_mail,
          request.query.reset_token,
        ),
      ),
  );

  const resetOpts = (method: string) => ({
    config: {
      ...changing,
      ignoreStaleSession: true,
      access: ACCESS.signed("the reset link's token, checked in the handler"),
    },
    preHandler: throttleByLogin('reset-do', ['login', 'e_mail']),
    schema: {
      tags,
      summary: `Set a new password with the reset link's token (${method}); every session ends`,
      ...(method === 'GET' ? { querystring: passwordResetSchema } : { body: passwordResetSchema }),
      response: { 200: apiResponse(emptyDataSchema) },
    },
  });
  const resetPassword = async (request: FastifyRequest, input: z.output<typeof passwordResetSchema>) =>
    answer(
      request,
      await account.resetPassword(input.login ?? input.e_mail, input.reset_token, input.password),
    );
  app.get('/registration/password_reset', resetOpts('GET'), async (request) =>
    resetPassword(request, request.query as z.output<typeof passwordResetSchema>),
  );
  app.post('/registration/password_reset', resetOpts('POST'), async (request) =>
    resetPassword(request, request.body as z.output<typeof passwordResetSchema>),
  );

  // ---------- multi-factor ----------
  app.get(
    '/registration/mfa_enabled',
    {
      config: { access: ACCESS.customer },
      schema: { tags, summary: 'Is the sign-in PIN on?', response: { 200: apiResponse(mfaDataSchema) } },
    },
    async (request) => answer(request, await account.mfaEnabled(userIdOf(request))),
  );
  app.post(
    '/registration/update_mfa',
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Turn the sign-in PIN on or off',
        body: updateMfaBodySchema,
        response: { 200: apiResponse(mfaDataSchema) },
      },
    },
    async (request) => answer(request, await account.updateMfa(userIdOf(request), request.body.enabled)),
  );

  // ---------- account deletion ----------
  app.get(
    '/registration/anonymize_token_request',
    {
      config: { stateChanging: true, access: ACCESS.customer },
      preHandler: throttleByUser('anonymize-request'),
      schema: {
        tags,
        summary: 'Send the deletion code by e-mail',
        response: { 200: apiResponse(emptyDataSchema) },
      },
    },
    async (request) => answer(request, await account.requestAnonymizeToken(userIdOf(request))),
  );
  app.get(
    '/registration/anonymize_token_check',
    {
      config: { access: ACCESS.customer },
      preHandler: throttleByUser('anonymize-check'),
      schema: {
        tags,
        summary: 'Is the deletion code right?',
        querystring: anonymizeCheckQuerySchema,
        response: { 200: apiResponse(tokenValidDataSchema) },
      },
    },
    async (request) =>
      answer(request, await account.checkAnonymizeToken(userIdOf(request), request.query.token)),
  );
  app.get(
    '/registration/user_anonymize',
    {
      config: { stateChanging: true, access: ACCESS.customer },
      preHandler: throttleByUser('anonymize'),
      schema: {
        tags,
        summary: 'Delete (anonymise) the account; refused while an order awaits pickup',
        querystring: anonymizeQuerySchema,
        response: { 200: apiResponse(emptyDataSchema) },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? request.query.mfa_token ?? '';
      const result = await account.anonymize(userIdOf(request), token);
      if (result.ok) {
        clearSessionCookie(reply, secureCookie);
        request.session = null;
        request.rootUser = null;
      }
      return answer(request, result);
    },
  );

  // ---------- invoice data ----------
  app.post(
    '/registration/update_billing_address',
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Add invoice data (same as /user-person-fiscal/insert-billing-address)',
        body: personFiscalFormSchema,
        response: { 200: apiResponse(personFiscalDataSchema) },
      },
    },
    async (request) => answer(request, await account.insertPersonFiscal(userIdOf(request), request.body)),
  );
  app.get(
    '/user-person-fiscal/list',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags,
        summary: "The user's invoice data",
        response: { 200: apiResponse(personFiscalListDataSchema) },
      },
    },
    async (request) => answer(request, await account.listPersonFiscals(userIdOf(request))),
  );
  app.post(
    '/user-person-fiscal/insert-billing-address',
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Add invoice data: private, company or public administration',
        body: personFiscalFormSchema,
        response: { 200: apiResponse(personFiscalDataSchema) },
      },
    },
    async (request) => answer(request, await account.insertPersonFiscal(userIdOf(request), request.body)),
  );
  app.get(
    '/user-person-fiscal/delete-person-fiscal',
    {
      config: { stateChanging: true, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Delete one of the user’s invoice data',
        querystring: deletePersonFiscalQuerySchema,
        response: { 200: apiResponse(emptyDataSchema) },
      },
    },
    async (request) =>
      answer(request, await account.deletePersonFiscal(userIdOf(request), request.query.person_fiscal_id)),
  );

  // ---------- privacy disclaimers ----------
  app.get(
    '/registration-disclaimer/list',
    {
      config: { access: ACCESS.public('the disclaimers of the registration form') },
      schema: {
        tags,
        summary: 'Disclaimers to accept at registration (defaults: module type 2, store 5)',
        querystring: disclaimerListQuerySchema,
        response: { 200: apiResponse(disclaimerListDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await account.listDisclaimers(request.query.registration_module_type_id, request.query.store_id),
      ),
  );
  app.get(
    '/user-registration-disclaimer/list-by-type',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags,
        summary: "The user's answers to the disclaimers",
        querystring: disclaimerTypeQuerySchema,
        response: { 200: apiResponse(disclaimerListDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await account.listUserDisclaimers(userIdOf(request), request.query.registration_module_type_id),
      ),
  );
  app.get(
    '/user-registration-disclaimer/check-disclaimer',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Has the user accepted every required disclaimer?',
        querystring: disclaimerTypeQuerySchema,
        response: { 200: apiResponse(disclaimerCheckDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await account.checkDisclaimers(userIdOf(request), request.query.registration_module_type_id),
      ),
  );
  app.post(
    '/user-registration-disclaimer/update-disclaimer',
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: "Save the user's answers (required ones cannot be refused)",
        body: updateDisclaimerBodySchema,
        response: { 200: apiResponse(disclaimerListDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await account.updateDisclaimers(
          userIdOf(request),
          request.body.registration_module_type_id ?? REGISTRATION_MODULE_TYPE_DEFAULT,
          request.body.disclaimers,
        ),
      ),
  );
};

export default registrationRoutes;
