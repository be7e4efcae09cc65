import type { StaffRole } from '@spesa/shared/contracts/admin';
import { ANONYMOUS_USER } from '@spesa/shared/contracts/envelope';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { isActingSupervisor } from '@spesa/shared/contracts/operators';
import type { Message } from '../lib/result';
import { errorEnvelope } from './envelope';
import { API_PREFIX } from './errors';
import { NOT_LOGGED_TEXT, SESSION_READ_HOOK, type LiveOperator } from './session';

/**
 * Who may call a route (decision 027). Every route says it in `config.access`, and the app does not start
 * with a route that does not: access is denied by default, never forgotten. The gate is chosen here, per route at
 * its registration, and runs at preValidation, so an anonymous call answers 401 before its query or body is
 * validated.
 *
 * - `customer`: a signed-in session; none answers the HTTP 401 envelope. An operator's session (decision 053)
 *   passes only while acting for a customer, and as the route's `acting` capability allows (403 otherwise).
 * - `operator`: an operator's shop session (401 without a session, 403 for a customer's).
 * - `admin`: a staff member signed in to the back office with their one-time code (its own session cookie,
 *   decision 030), of one of `roles` when given; none 401, another role 403 (and the refusal is audited).
 * - `public`, `customerOrAnonymous`, `signed`: the gate lets anyone through, so each says why: anyone may
 *   call it; it answers a visitor and a customer differently; the handler checks a signed token (payment
 *   provider, e-mail link). `signedNotActing` is `signed` refused to every operator's session (403).
 */
export type RouteAccess =
  | { readonly kind: 'public'; readonly why: string }
  | { readonly kind: 'customerOrAnonymous'; readonly why: string }
  | { readonly kind: 'signed'; readonly why: string; readonly acting?: 'never' }
  | { readonly kind: 'customer'; readonly acting?: ActingCapability }
  | { readonly kind: 'operator' }
  | { readonly kind: 'admin'; readonly roles: readonly StaffRole[] | null };

/**
 * What an operator acting for a customer may do on a `customer` route (decision 053): `any` (the default:
 * customer service shops, books, orders and reads for the customer), `supervisor` (personal data and
 * consents: supervisors and administrators only), `never` (the customer's password, sign-in methods,
 * multi-factor sign-in and the account's erasure: nobody but the customer).
 */
export type ActingCapability = 'any' | 'supervisor' | 'never';

export type AccessKind = RouteAccess['kind'];

export const ACCESS = {
  /** anyone, signed in or not */
  public: (why: string): RouteAccess => ({ kind: 'public', why }),
  /** anyone; a signed-in customer gets their own answer (the handler reads `request.session`) */
  customerOrAnonymous: (why: string): RouteAccess => ({ kind: 'customerOrAnonymous', why }),
  /** the holder of a signed token (provider HMAC, an e-mail link's code): the handler verifies it */
  signed: (why: string): RouteAccess => ({ kind: 'signed', why }),
  /** `signed`, and never an operator's session (linking a sign-in method is the customer's alone) */
  signedNotActing: (why: string): RouteAccess => ({ kind: 'signed', why, acting: 'never' }),
  /** a signed-in customer (or an operator acting for one): HTTP 401 envelope otherwise */
  customer: Object.freeze<RouteAccess>({ kind: 'customer' }),
  /** a signed-in customer; an operator acting for them only when a supervisor (personal data) */
  customerSupervisorActing: Object.freeze<RouteAccess>({ kind: 'customer', acting: 'supervisor' }),
  /** the signed-in customer themselves, never an operator acting for them (password, MFA, erasure) */
  customerNotActing: Object.freeze<RouteAccess>({ kind: 'customer', acting: 'never' }),
  /** an operator's shop session (signed in with /backoffice-access/sso-login), acting or not */
  operator: Object.freeze<RouteAccess>({ kind: 'operator' }),
  /** a back-office session of one of `roles` when given: `request.admin` is set */
  admin: (roles?: readonly StaffRole[]): RouteAccess => ({ kind: 'admin', roles: roles ?? null }),
} as const;

/**
 * Routes that third-party plugins register, which take no route config: declared here. An entry covers a
 * route without its own declaration when the route is a GET or HEAD, its URL is under `prefix`, and it is
 * registered where `plugin` is registered (this context or a parent). First match wins.
 */
export interface PluginRoutes {
  plugin: string;
  prefix: string;
  access: RouteAccess;
}

export const PLUGIN_ROUTES: readonly PluginRoutes[] = [
  {
    plugin: '@fastify/swagger-ui',
    prefix: `${API_PREFIX}/docs`,
    access: ACCESS.public('the API reference (OpenAPI) describes the public contract'),
  },
  {
    plugin: '@fastify/static',
    prefix: '/media/',
    access: ACCESS.public('product illustrations and banners are shown to anyone'),
  },
  {
    plugin: '@fastify/static',
    prefix: '/',
    access: ACCESS.public("the web app's built files load before anyone signs in"),
  },
];

/** One route as the access plugin saw it at registration. */
export interface AccessTableRow {
  methods: readonly string[];
  url: string;
  access: RouteAccess;
  /** `route` when the route declares it, else the URL prefix of its PLUGIN_ROUTES entry */
  declaredBy: 'route' | string;
  /** `'METHOD /path'` of the contract the route was registered from (plugins/contract-route.ts) */
  endpoint: string | null;
}

/** A staff member signed in to the back office (decision 030), as the gate sets it on `admin` routes. */
export interface AdminMember {
  userId: number;
  name: string;
  email: string;
  role: StaffRole;
  warehouseIds: number[];
}

/** The back office's port (the backoffice module): who holds a request's back-office session, its refusals. */
export interface AdminAccessPort {
  /** the member of the request's back-office session, or null (StaffAuthService through its cookie) */
  adminOf: (request: FastifyRequest) => Promise<AdminMember | null>;
  /** a back-office call refused for its role: recorded in the audit log */
  onAdminRefused: (request: FastifyRequest, member: AdminMember) => Promise<void>;
  /** the answers of an `admin` route to a call without a back-office session, and to another role */
  refusals: { signInRequired: Message; notAllowed: Message };
}

/** The operators' port (the operators module): the answers of the gate to an operator's session (decision 053). */
export interface ActingAccessPort {
  refusals: {
    operatorsOnly: Message;
    chooseCustomer: Message;
    customerOnly: Message;
    supervisorOnly: Message;
  };
}

export interface AccessPluginOptions {
  admins: AdminAccessPort;
  acting: ActingAccessPort;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call the route (plugins/access.ts); routes of third-party plugins get it from PLUGIN_ROUTES */
    access: RouteAccess;
  }
  interface FastifyRequest {
    /** set on `admin` routes */
    admin: AdminMember | null;
    /** the code of the gate's refusal of an operator's call (the operators' audit trail records it) */
    actingRefusal: string | null;
  }
  interface FastifyInstance {
    /** every route registered, with its access (tests, review) */
    accessTable: readonly AccessTableRow[];
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** A route's own hooks of one kind, as a list (a route may give none, one, or several). */
function hooksOf<T>(hooks: T | readonly T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? [...(hooks as readonly T[])] : [hooks as T];
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? [...route.method] : [route.method];
}

/** `/a/docs` covers `/a/docs` and `/a/docs/...`, not `/a/docsearch`. */
const isUnder = (url: string, prefix: string): boolean =>
  url === prefix || url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

function pluginRoutesOf(instance: FastifyInstance, route: RouteOptions): PluginRoutes | null {
  if (!methodsOf(route).every((m) => READ_METHODS.has(m))) return null;
  return (
    PLUGIN_ROUTES.find((entry) => isUnder(route.url, entry.prefix) && instance.hasPlugin(entry.plugin)) ??
    null
  );
}

function checkDeclaration(access: RouteAccess, where: string): void {
  if ('why' in access && access.why.trim() === '')
    throw new Error(`${where}: access ${access.kind} needs a why (who may call it, and why that is safe)`);
  if (access.kind === 'admin' && access.roles?.length === 0)
    throw new Error(`${where}: access admin with an empty list of roles admits no one`);
}

/**
 * The signed-in customer's id, for handlers of `ACCESS.customer` routes: the gate below answers 401 before
 * the handler runs when there is no session, so a missing one here is a bug (a route declared otherwise).
 */
export function userIdOf(request: FastifyRequest): number {
  if (!request.session) throw new Error('userIdOf: only an ACCESS.customer route has a session for sure');
  return request.session.userId;
}

/**
 * The staff member of a back-office route, for handlers of `ACCESS.admin` routes: the gate answers before the
 * handler runs without a back-office session of a named role, so a missing one here is a bug.
 */
export function adminOf(request: FastifyRequest): AdminMember {
  if (!request.admin) throw new Error('adminOf: only an ACCESS.admin route has a member for sure');
  return request.admin;
}

const notLoggedIn = (reply: FastifyReply) =>
  reply
    .code(401)
    .send(errorEnvelope(ANONYMOUS_USER, 401, [{ text: NOT_LOGGED_TEXT, code: 'msg.auth.required' }]));

/** A back-office refusal (no session: 401, another role: 403), answered before any route's input is read. */
const adminRefused = (reply: FastifyReply, code: 401 | 403, message: Message) =>
  reply.code(code).send(errorEnvelope(ANONYMOUS_USER, code, [{ text: message.text, code: message.code }]));

/** Why an operator's session may not call a `customer` route with this capability, or null. */
function actingRefusalOf(
  capability: ActingCapability,
  operator: LiveOperator,
  refusals: ActingAccessPort['refusals'],
): Message | null {
  if (!operator.acting) return refusals.chooseCustomer;
  if (capability === 'never') return refusals.customerOnly;
  if (capability === 'supervisor' && !isActingSupervisor(operator.role)) return refusals.supervisorOnly;
  return null;
}

/** An operator's call refused by the gate: HTTP 403 with the reason, kept for the audit trail (decision 053). */
const actingRefused = (request: FastifyRequest, reply: FastifyReply, message: Message) => {
  request.actingRefusal = message.code;
  return reply
    .code(403)
    .send(
      errorEnvelope(request.rootUser ?? ANONYMOUS_USER, 403, [{ text: message.text, code: message.code }]),
    );
};

export default fp<AccessPluginOptions>(
  async (app, { admins, acting }) => {
    const table: AccessTableRow[] = [];
    app.decorate('accessTable', table);
    app.decorateRequest('admin', null);
    app.decorateRequest('actingRefusal', null);

    /** A back-office route's gate: a member of the back office, of one of the route's roles when it names them. */
    const adminGate =
      (roles: readonly StaffRole[] | null) =>
      async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
        const admin = await admins.adminOf(request);
        if (!admin) return adminRefused(reply, 401, admins.refusals.signInRequired);
        if (roles && !roles.includes(admin.role)) {
          await admins.onAdminRefused(request, admin);
          return adminRefused(reply, 403, admins.refusals.notAllowed);
        }
        request.admin = admin;
        return undefined;
      };

    /** The gate of a route for sessions of the shop: a customer's, an operator's, or one that is not acting. */
    const sessionGate =
      (access: RouteAccess) =>
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
        if ((access.kind === 'customer' || access.kind === 'operator') && !request.session) {
          notLoggedIn(reply);
          return;
        }
        const operator = request.session?.operator ?? null;
        if (access.kind === 'operator' && !operator) {
          actingRefused(request, reply, acting.refusals.operatorsOnly);
          return;
        }
        if (access.kind === 'signed' && access.acting === 'never' && operator) {
          actingRefused(request, reply, acting.refusals.customerOnly);
          return;
        }
        if (access.kind === 'customer' && operator) {
          const refusal = actingRefusalOf(access.acting ?? 'any', operator, acting.refusals);
          if (refusal) {
            actingRefused(request, reply, refusal);
            return;
          }
        }
        done();
      };

    // Only a public route answers everyone alike; any other answer depends on who asks (their cart's store,
    // their account): `private` keeps it out of every shared cache, the service worker's shared copies
    // included (decision 055). A route that chose its own caching keeps it.
    const privateAnswer = (
      _request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: null, payload: unknown) => void,
    ): void => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private');
      done(null, payload);
    };

    // Deny by default: a route that says nothing about access stops the registration. The gate is decided here,
    // once per route: a route that everyone may call gets no gate (anyone, signed-in or not, passes it), the
    // others a gate of their kind at preValidation, after the global hooks (the session read after the body
    // among them), so an anonymous call answers 401 before its query or body is validated; every route that is
    // not public gets `cache-control: private`, before compression (the first of the route's onSend hooks).
    app.addHook('onRoute', function (this: FastifyInstance, route) {
      const methods = methodsOf(route);
      const where = `${methods.join(',')} ${route.url}`;
      const declared = route.config?.access as RouteAccess | undefined;
      const entry = declared ? null : pluginRoutesOf(this, route);
      const access = declared ?? entry?.access;
      if (!access)
        throw new Error(
          `${where} declares no access: add config.access (ACCESS.customer, ACCESS.public(why)...), see plugins/access.ts`,
        );
      checkDeclaration(access, where);
      if (!declared) route.config = { ...route.config, access };
      table.push({
        methods,
        url: route.url,
        access,
        declaredBy: entry ? entry.prefix : 'route',
        endpoint: route.config?.endpoint ?? null,
      });
      const gate =
        access.kind === 'admin'
          ? adminGate(access.roles)
          : access.kind === 'customer' ||
              access.kind === 'operator' ||
              (access.kind === 'signed' && access.acting === 'never')
            ? sessionGate(access)
            : null;
      if (gate) {
        // after the session's read (plugins/session.ts), before the route's own hooks
        const hooks = hooksOf(route.preValidation);
        const at = hooks.filter((hook) => SESSION_READ_HOOK in Object(hook)).length;
        hooks.splice(at, 0, gate as (typeof hooks)[number]);
        route.preValidation = hooks as typeof route.preValidation;
      }
      if (access.kind !== 'public')
        route.onSend = [privateAnswer, ...hooksOf(route.onSend)] as typeof route.onSend;
    });
  },
  { name: 'access', dependencies: ['envelope', 'session'] },
);
