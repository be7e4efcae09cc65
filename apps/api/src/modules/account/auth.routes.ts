import { accountEndpoints as api } from '@spesa/shared/contracts/account';
import { ANONYMOUS_USER } from '@spesa/shared/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/result';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, errorEnvelope } from '../../plugins/envelope';
import { clearSessionCookie, sendSessionToken } from '../../plugins/session';
import { ACCOUNT_TEXT } from './account.messages';
import type { AuthService } from './auth.service';
import type { BotCheckService } from './bot-check.service';
import type { SessionService } from './session.service';
import { toRootUser } from './user.mapper';

export interface AuthRoutesOptions {
  auth: AuthService;
  botCheck: BotCheckService;
  sessions: SessionService;
  secureCookie: boolean;
}

const tags = ['account'];

/** /auth/*: bot-check challenge, sign-in, sign-out, who am I (spec section 7, wire notes). */
const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, botCheck, sessions, secureCookie },
) => {
  app.route({
    ...contractRoute(api.challenge, {
      access: ACCESS.public('the bot-check challenge is solved before signing in'),
      tags,
      summary: 'A proof-of-work challenge (ALTCHA) to solve before /auth/login',
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(request, ok(await botCheck.challenge()));
    },
  });

  app.route({
    ...contractRoute(api.login, {
      access: ACCESS.public('signing in itself (bot check and throttling apply)'),
      config: { ignoreStaleSession: true, fieldMessages: true },
      tags,
      summary: 'Sign in with e-mail, user name or card number and password (form-encoded or JSON)',
      // a failed bot check: HTTP 403, empty data
      alsoAnswers: [403],
    }),
    preHandler: app.authThrottle('login', (req) => {
      const typed = (req.body as { login?: unknown } | undefined)?.login;
      return typeof typed === 'string' ? { login: typed } : null;
    }),
    handler: async (request, reply) => {
      const body = request.body;
      // the bot check is required, but for the PIN of a sign-in that passed it and is still pending
      // (spec section 7: the PIN call comes without a new challenge); wrong PINs count on the account
      const pinOfPendingSignIn =
        !!body.mfa_pin && !body.resend_mfa_pin && (await auth.hasPendingPin(body.login));
      if (!pinOfPendingSignIn && !(await botCheck.verify(request.query.token))) {
        return reply
          .code(403)
          .send(
            errorEnvelope(ANONYMOUS_USER, 403, [
              { text: ACCOUNT_TEXT.botCheck.text, code: ACCOUNT_TEXT.botCheck.code },
            ]),
          );
      }
      const result = await auth.login(
        {
          login: body.login,
          password: body.password,
          rememberMe: body.remember_me ?? false,
          mfaPin: body.mfa_pin,
          resendMfaPin: body.resend_mfa_pin,
        },
        { userAgent: request.headers['user-agent'] ?? '', clientIp: request.ip },
      );
      if (!result.ok) return answer(request, result);
      // a session the caller already had (another account, or the same) ends: one live token per sign-in
      if (request.session) await sessions.revoke(request.session.tokenHash);
      sendSessionToken(request, reply, result.data.token, {
        maxAgeSeconds: sessions.cookieMaxAge(result.data.rememberMe),
        secureCookie,
      });
      request.rootUser = toRootUser(result.data.row, result.data.cardType);
      return answer(request, ok({ user: result.data.user }));
    },
  });

  app.route({
    ...contractRoute(api.logout, {
      access: ACCESS.customerOrAnonymous('signing out answers a visitor without a session too'),
      config: { ignoreStaleSession: true },
      tags,
      summary: 'Sign out: the session ends on the server',
    }),
    handler: async (request, reply) => {
      if (request.session) await auth.logout(request.session.tokenHash);
      clearSessionCookie(reply, secureCookie);
      request.session = null;
      request.rootUser = null;
      return answer(request, ok({}));
    },
  });

  app.route({
    ...contractRoute(api.authTest, {
      access: ACCESS.customerOrAnonymous('who am I: tells a visitor from a customer'),
      tags,
      summary: 'Who am I: the root user tells; a dead session answers 419',
    }),
    handler: async (request) => answer(request, ok({ authenticated: request.session !== null })),
  });
};

export default authRoutes;
