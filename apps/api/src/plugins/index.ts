import { createHash, randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { COOKIE_BANNER_SCRIPT, START_APP_SCRIPT } from '@spesa/shared/shell/inline-scripts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, DbKind } from '../db/client';
import type { Env } from '../env';
import { answerZlib } from '../lib/answer-compression';
import { answerSerializerCompiler } from '../lib/answer-serializer';
import type { JobQueue } from '../lib/jobs';
import { memoSerializerCompiler } from '../lib/memo-serializer';
import { maskDeep, maskedError, maskPersonalData } from '../lib/log-mask';
import { redactUrl } from '../lib/redact-url';
import accessPlugin, { type ActingAccessPort, type AdminAccessPort } from './access';
import contractsPlugin from './contract-route';
import dbPlugin from './db';
import envPlugin from './env';
import envelopePlugin from './envelope';
import errorsPlugin, { API_PREFIX, clientErrorHandler, frameworkErrorHandler } from './errors';
import inputHygienePlugin from './input-hygiene';
import rateLimitPlugin, { type AuthRateLimitOptions } from './rate-limit';
import securityHeaders from './security-headers';
import sessionPlugin, { type SessionsPort } from './session';
import { tileImageSource } from '../lib/tile-image-source';

/** The Content-Security-Policy sources of index.html's two inline scripts (packages/shared/src/shell). */
const INLINE_SCRIPT_SOURCES = [COOKIE_BANNER_SCRIPT, START_APP_SCRIPT].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

/** A request id a proxy sent (HAProxy's unique-id, another service's): kept when it is short and plain. */
const FORWARDED_REQUEST_ID = /^[\w.:-]{8,64}$/;

/**
 * The Fastify instance: its logger, request ids, router, error answers before routing, body limit, proxies,
 * zod. The logger writes JSON lines (pino), each with its request's `reqId`; e-mail addresses, card numbers
 * and fiscal codes are masked wherever they appear, secrets in URLs and headers never written (decision 089).
 */
export function createApp(env: Env, logger?: boolean) {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: {
              paths: [
                'req.headers.cookie',
                'req.headers["x-ebsn-account"]',
                'req.headers.authorization',
                '*.password',
                '*.email',
                '*.fiscalCode',
              ],
              censor: '***',
            },
            // some platform calls carry passwords and tokens in the query string: never log them
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: maskPersonalData(redactUrl(req.url)),
                remoteAddress: req.ip,
              }),
              err: (err: Error) => maskedError(err) as { type: string; message: string; stack: string },
            },
            formatters: { log: (record) => maskDeep(record) as Record<string, unknown> },
            hooks: {
              logMethod(args, method) {
                method.apply(
                  this,
                  args.map((a) => (typeof a === 'string' ? maskPersonalData(a) : a)) as typeof args,
                );
              },
            },
          },
    genReqId: (req) => {
      const forwarded = req.headers['x-request-id'];
      return typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // refusals before routing answer the envelope too (plugins/errors.ts)
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    bodyLimit: 1_048_576,
    trustProxy: (_address: string, hop: number) => hop < env.TRUST_PROXY_HOPS,
    // a request on a kept-alive connection during the shut-down is served (answered with connection: close)
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // the answers by the contracts' compiled serializers; outside production zod encodes them too and the
  // bytes are compared, so a test sees an answer that breaks its contract (lib/answer-serializer.ts)
  app.setSerializerCompiler(
    memoSerializerCompiler(answerSerializerCompiler({ checked: env.NODE_ENV !== 'production' })),
  );
  return app;
}

/** The external plugins' settings that come from the modules. */
export interface ExternalPluginsDeps {
  /** pages that speak to the window that opened them, so opt out of the opener isolation (the identity module) */
  openerPages: readonly string[];
}

/** The external plugins: security headers, compression, forms, cookies, the OpenAPI document. */
export async function registerExternalPlugins(
  app: FastifyInstance,
  env: Env,
  { openerPages }: ExternalPluginsDeps,
): Promise<void> {
  // helmet's headers, its middleware built once (plugins/security-headers.ts)
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets our own WebAssembly compile (the camera's barcode reader, decision 057);
        // it allows no JavaScript eval. index.html's two inline scripts (the cookie banner's, decision 024,
        // and the one starting the app after the first paint, decision 021) by their hashes.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...INLINE_SCRIPT_SOURCES],
        // MUI / emotion inject style elements at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        // the stores' map's tiles, when a tile server is configured (decision 071)
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(env.MAP_TILES_URL ? [tileImageSource(env.MAP_TILES_URL)] : []),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // video links open in a dialog (spec section 2)
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // the social sign-in's popup (decision 054) must keep its opener while it visits the provider
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // the sign-in popup's last page speaks to its opener: it opts out of the opener isolation (decision 054)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (openerPages.some((page) => request.url.startsWith(page)))
      reply.header('cross-origin-opener-policy', 'unsafe-none');
    done(null, payload);
  });
  // answers of 1 KB or more; a small one's brotli at a lower quality (lib/answer-compression.ts)
  await app.register(compress, { global: true, threshold: 1024, zlib: answerZlib });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Spesa API',
        description: 'The shop API under /ebsn/api (envelope answers).',
        version: env.APP_VERSION,
      },
      tags: [
        { name: 'catalogue' },
        { name: 'content' },
        { name: 'account' },
        { name: 'identity' },
        { name: 'delivery' },
        { name: 'cart' },
        { name: 'checkout' },
        { name: 'orders' },
        { name: 'payments' },
        { name: 'staff' },
        { name: 'backoffice' },
        { name: 'receipts' },
        { name: 'forms' },
        { name: 'system' },
        { name: 'integration' },
      ],
      components: {
        securitySchemes: {
          // the integration API (decision 096): OAuth 2.0 client credentials, the token as a bearer
          integrationClientCredentials: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: `${API_PREFIX}/integration/oauth/token`,
                scopes: {
                  stock: 'stock levels by store',
                  prices: 'price lists',
                  products: 'product master upserts',
                  orders: "the orders' feed and webhooks",
                },
              },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** A plugin a module brings, registered at its place in the app plugins' order. */
export type AppPluginRegistrar = (app: FastifyInstance) => Promise<void>;

/** What the app plugins take from the modules: each a port declared by its plugin, given by one module. */
export interface AppPluginPorts {
  /** the account module: the account of a typed login, so that throttling counts per account */
  resolveLogin: AuthRateLimitOptions['resolveLogin'];
  /** the account module: the live session of a token */
  sessions: SessionsPort;
  /** the backoffice module: the member of a back-office session, its refusals */
  admins: AdminAccessPort;
  /** the operators module: the gate's answers to an operator's session */
  acting: ActingAccessPort;
  /** the operators module: the trail of what operators do, right after the gate */
  operatorsTrail: AppPluginRegistrar;
}

export interface AppPluginsSettings {
  env: Env;
  db: Db;
  dbKind: DbKind;
  jobs: JobQueue;
  /** poll for scheduled jobs between ready and close */
  runJobs: boolean;
  secureCookie: boolean;
}

/**
 * The app's own plugins, in the house order: configuration, database, envelope, errors, input hygiene,
 * throttling, the job queue's start and stop, sessions, access per route, the operators' trail, contracts and
 * the OpenAPI page (its routes after the access plugin, which checks every route).
 */
export async function registerAppPlugins(
  app: FastifyInstance,
  settings: AppPluginsSettings,
  ports: AppPluginPorts,
): Promise<void> {
  const d = { ...settings, ...ports };
  const { env } = d;
  await app.register(envPlugin, { env });
  await app.register(dbPlugin, { db: d.db, kind: d.dbKind });
  await app.register(envelopePlugin);
  await app.register(errorsPlugin);
  await app.register(inputHygienePlugin);
  await app.register(rateLimitPlugin, {
    db: d.db,
    maxPerAccount: env.AUTH_RATE_MAX_PER_ACCOUNT,
    maxPerAddress: env.AUTH_RATE_MAX_PER_ADDRESS,
    windowMinutes: env.AUTH_RATE_WINDOW_MINUTES,
    resolveLogin: d.resolveLogin,
  });
  // work after the answer and later, once per cluster (decision 026)
  app.decorate('jobs', d.jobs);
  if (d.runJobs) {
    app.addHook('onReady', () => d.jobs.start());
    app.addHook('onClose', () => d.jobs.stop());
  }
  await app.register(sessionPlugin, { sessions: d.sessions, secureCookie: d.secureCookie });
  // every route registered from here on must declare who may call it (decision 027)
  await app.register(accessPlugin, { admins: d.admins, acting: d.acting });
  // what operators do while acting for a customer, and every refusal, in one trail (decision 053)
  await d.operatorsTrail(app);
  // every contract of packages/shared is served by one route
  await app.register(contractsPlugin);
  // swagger-ui registers routes: after the access plugin, which checks every route
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** scheduled work (tests run due jobs with `app.jobs.runDue()`) */
    jobs: JobQueue;
  }
}
