import { ADMIN_GRANTS } from '@spesa/shared/contracts/admin';
import { adminOperatorsEndpoints as adminApi } from '@spesa/shared/contracts/admin-operators';
import { operatorsEndpoints as api } from '@spesa/shared/contracts/operators';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failWith, ok } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import { SESSION_HEADER, sendSessionToken, sessionCookieOf } from '../../plugins/session';
import type { LiveSession, SessionService } from '../account/session.service';
import { OPERATORS_TEXT } from './operators.messages';
import type { OperatorsService } from './operators.service';

export interface OperatorsRoutesOptions {
  operators: OperatorsService;
  sessions: SessionService;
  secureCookie: boolean;
}

const tags = ['account'];

/** The session a handler of an `operator` route runs with (the access gate let only those through). */
function sessionOf(request: FastifyRequest): LiveSession {
  if (!request.session?.operator) throw new Error('sessionOf: only an ACCESS.operator route');
  return request.session;
}

/**
 * Operators acting for a customer (spec section 7 "Single sign-on, social, backoffice", decision 053): the
 * operator's shop sign-in, the customer search and selection, the end of acting; the customer's reading of
 * what customer service did; the supervisors' trail in the back office. Thin: OperatorsService decides.
 */
const operatorsRoutes: FastifyPluginAsyncZod<OperatorsRoutesOptions> = async (
  app,
  { operators, sessions, secureCookie },
) => {
  /** The request goes on with the session as it is now (after a selection or the end of acting). */
  const reload = async (request: FastifyRequest, token: string | null) => {
    const live = token ? await sessions.resolve(token) : null;
    request.session = live;
    request.rootUser = live?.rootUser ?? null;
    return live;
  };
  const tokenOf = (request: FastifyRequest): string | null => {
    const header = request.headers[SESSION_HEADER];
    return (Array.isArray(header) ? header[0] : header)?.trim() || sessionCookieOf(request) || null;
  };

  app.route({
    ...contractRoute(api.ssoLogin, {
      access: ACCESS.public('an operator signing in: back-office password and one-time code, throttled'),
      config: { ignoreStaleSession: true, fieldMessages: true },
      tags,
      summary: "Customer service signs in to the shop with the back office's user name, password and code",
    }),
    preHandler: app.authThrottle('login', (request) => {
      const typed = (request.body as { backoffice_user?: unknown } | undefined)?.backoffice_user;
      return typeof typed === 'string' ? { login: typed } : null;
    }),
    handler: async (request, reply) => {
      const body = request.body;
      const result = await operators.signIn(
        { login: body.backoffice_user, password: body.password, otp: body.otp },
        { userAgent: request.headers['user-agent'] ?? '', clientIp: request.ip },
      );
      if (!result.ok) return answer(request, result);
      if (result.data.state === 'codeRequired')
        return answer(request, ok({ state: 'codeRequired', operator: null }));
      // whoever was signed in on this browser is signed out: one live token per sign-in
      if (request.session) await sessions.revoke(request.session.tokenHash);
      const token = result.data.token;
      sendSessionToken(request, reply, token, { maxAgeSeconds: undefined, secureCookie });
      const live = await reload(request, token);
      return answer(request, ok({ state: 'signedIn', operator: live?.rootUser.operator ?? null }));
    },
  });

  app.route({
    ...contractRoute(api.listUser, {
      access: ACCESS.operator,
      tags,
      summary: 'Customers (user type 2) by name, e-mail, card number (cod_int), phone or fiscal code; paged',
    }),
    handler: async (request) => answer(request, await operators.search(request.query)),
  });

  app.route({
    ...contractRoute(api.selectUser, {
      access: ACCESS.operator,
      config: { stateChanging: true },
      tags,
      summary:
        "The operator's session acts for this customer: cart, addresses, slots, checkout, orders, lists",
    }),
    handler: async (request) => {
      const customerUserId = request.query.user_id;
      if (request.acting) request.acting.customerUserId = customerUserId;
      const selected = await operators.select(sessionOf(request), customerUserId);
      if (!selected.ok) return answer(request, selected);
      const operator = (await reload(request, tokenOf(request)))?.rootUser.operator;
      return answer(request, operator ? ok({ operator }) : failWith(OPERATORS_TEXT.operatorsOnly));
    },
  });

  app.route({
    ...contractRoute(api.ssoLogout, {
      access: ACCESS.operator,
      tags,
      summary:
        'Ends acting for the customer; the operator stays signed in (POST /auth/logout signs them out)',
    }),
    handler: async (request) => {
      await operators.stopActing(sessionOf(request));
      const live = await reload(request, tokenOf(request));
      return answer(request, ok({ operator: live?.rootUser.operator ?? null }));
    },
  });

  app.route({
    ...contractRoute(api.operations, {
      access: ACCESS.customer,
      tags,
      summary: 'What customer service did in the account: "operazioni eseguite dal servizio clienti"',
    }),
    handler: async (request) =>
      answer(
        request,
        await operators.operationsOf(userIdOf(request), request.query.page, request.query.page_size),
      ),
  });

  app.route({
    ...contractRoute(adminApi.operatorActions, {
      access: ACCESS.admin(ADMIN_GRANTS.operatorActions.read),
      tags: ['backoffice'],
      summary: "The operators' audit trail: every action taken for a customer and every refusal",
    }),
    handler: async (request) => {
      const q = request.query;
      const list = await operators.adminList(
        { operatorUserId: q.operatorUserId, customerUserId: q.customerUserId, outcome: q.outcome },
        { by: q.sort ?? 'id', desc: q.order === 'DESC' || q.sort === undefined },
        q.perPage,
        (q.page - 1) * q.perPage,
      );
      return answer(request, ok(list));
    },
  });
};

export default operatorsRoutes;
