import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { paymentIssues } from './env-payments';
import { SANDBOX_SECRET_MIN_LENGTH } from './modules/payment/sandbox-secret';

/**
 * The only place that reads process.env (house style). Validated once at start-up; every value has a
 * default so that `npm start` runs with nothing set. Paths default relative to the repository root,
 * found from this file's location (apps/api/src/env.ts), never from the working directory.
 */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const API_ROOT = resolve(REPO_ROOT, 'apps/api');

const optionalText = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

/** The demo company's partita IVA (valid check digit): invoices of a demo shop only. */
const DEMO_SELLER_VAT_NUMBER = '01234560587';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** the address the server listens on: this machine only unless set (0.0.0.0 for every interface) */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * API processes sharing the work (node:cluster, decision 026): 1 runs one process; more need DATABASE_URL
   * (the embedded database belongs to one process)
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** absent: embedded PGlite in DATA_DIR */
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'var/pglite')),
  WEB_DIST: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'apps/web/dist')),
  /** the back office's build (apps/admin), served under /admin */
  ADMIN_DIST: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'apps/admin/dist')),
  DEMO_DATA_DIR: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'data/demo')),
  /** where an earlier version kept the forms' uploads: copied into the file store at start (decision 090) */
  FORM_UPLOADS_DIR: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'var/form-uploads')),
  /** banner images and other static media served at /media/ */
  MEDIA_DIR: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'apps/api/media')),
  // ---- files every host sees (decision 090): PostgreSQL unless an S3-compatible bucket is set ----
  /** the bucket of the S3-compatible object storage; unset: files are kept in PostgreSQL */
  FILES_S3_BUCKET: optionalText,
  /** its endpoint (https://s3.eu-south-1.amazonaws.com, a MinIO …); unset: AWS's own for the region */
  FILES_S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FILES_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** the access key; unset: the AWS SDK's own chain (instance role, AWS_* variables, ~/.aws) */
  FILES_S3_ACCESS_KEY_ID: optionalText,
  FILES_S3_SECRET_ACCESS_KEY: optionalText,
  /** a prefix before every key (several shops in one bucket) */
  FILES_S3_PREFIX: optionalText,
  /** where an earlier version kept the leaflets' drawn files: copied into the file store at start (decision 090) */
  LEAFLETS_DIR: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'var/leaflets')),
  /** pad the demo catalogue up to this many products (benchmarks) */
  SEED_PRODUCT_TARGET: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(2_000_000).optional(),
  ),
  /**
   * Proxy hops whose X-Forwarded-For the server believes (0 = none: the client address is the socket's, so a
   * forged header cannot change it — rate limits key on it). Set 1 behind one reverse proxy.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Prometheus metrics (decision 089) at http://METRICS_HOST:METRICS_PORT/metrics, never on the shop's port:
   * 0 (the default) serves none. A cluster's primary answers for all its workers.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * On SIGTERM: how long the process keeps serving, answering /readyz 503 and closing each kept-alive
   * connection after its answer, before it stops listening (decision 089). Set it above the load balancer's
   * health-check interval times its fall count; 0 (the default) stops listening at once.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /**
   * Warm the category listings before listening (decision 020): on, except for a worker the primary starts in
   * place of one that ended, which serves at once and warms while the others carry the load (decision 089)
   */
  WARM_BEFORE_LISTEN: z.enum(['on', 'off']).default('on'),
  /**
   * With WORKERS > 1: one more worker started ahead, built and warm but not listening, that takes the place of
   * a worker that ends at once (decision 089); another spare is then started behind it
   */
  SPARE_WORKER: z.enum(['on', 'off']).default('on'),
  /** set by the primary for the worker it forks as the spare (cluster-supervisor.ts), not by hand */
  WORKER_ROLE: z.enum(['serving', 'spare']).default('serving'),
  /** the longest a shutdown may take (requests finishing, jobs stopping) before the process exits anyway */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** lifetime of cached catalogue reads (spec section 9: 15 minutes) */
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
  /**
   * the least time between two warm-ups of the category listings (decision 020): a day of sell-outs and
   * back-office edits reads the listings again at most this often
   */
  LISTING_WARM_GAP_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(120_000),
  /**
   * the category listings kept warm (decision 020); off: each read when first asked, as after its lifetime
   * (the journeys' servers, whose cached reads live 20 s: a warm-up would be read again by nobody)
   */
  LISTING_WARM: z.enum(['on', 'off']).default('on'),
  /**
   * cached reads kept (least recently used dropped first): a listing page takes ~150 kB with its JSON, so
   * 2000 is ~300 MB at most; it holds every page a burst of shoppers browses (500 thrashed under load)
   */
  CACHE_MAX_ENTRIES: z.coerce.number().int().min(50).max(100_000).default(2000),
  /**
   * products kept one by one for listing pages (the pages share them: memory goes down, not up); 30,000
   * holds every product the start-up warm-up reads (~23,000 of the 100,000-product bench catalogue)
   */
  CACHE_MAX_ITEMS: z.coerce.number().int().min(100).max(1_000_000).default(30_000),
  /** hosts whose links the web app routes internally (comma separated) */
  LINK_WHITELIST: z
    .string()
    .default('localhost,spesa.example.it')
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  /** build id reported by /version.json; defaults to the git sha when the checkout has one */
  BUILD_SHA: optionalText,
  /** public address of the shop, for the links in e-mails */
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // ---- the store map (decision 071) ----
  /**
   * The base map under the Drive tab's stores: an OpenStreetMap-style tile server's address with {z}/{x}/{y}
   * (and optionally {s}, {r}), e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png. Empty (the default): no
   * tiles are fetched, the stores are drawn on a plain plot.
   */
  MAP_TILES_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine((u) => ['{z}', '{x}', '{y}'].every((p) => u.includes(p)), {
        message: 'a tile address names {z}, {x} and {y}',
      })
      .optional(),
  ),
  /** the tile source's attribution, shown on the map as plain text (its licence asks for it) */
  MAP_TILES_ATTRIBUTION: z.string().trim().default('© Contributori di OpenStreetMap'),
  // ---- sessions ----
  /** minutes without requests after which a session ends (remember me: SESSION_REMEMBER_DAYS) */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** hours after sign-in after which a session ends whatever its activity */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  /** "remember on this device": idle and absolute lifetime in days */
  SESSION_REMEMBER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // ---- login protection ----
  /** HMAC key of the proof-of-work bot check; unset: one generated once and kept in the database */
  BOT_CHECK_HMAC_KEY: optionalText,
  /** proof-of-work difficulty (largest number the client may have to try) */
  BOT_CHECK_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** attempts allowed per account (login, reset, PIN) and per client address in AUTH_RATE_WINDOW_MINUTES */
  AUTH_RATE_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(10),
  AUTH_RATE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  AUTH_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** gift-code checks, adds and removals allowed per customer and per client address in the same window */
  GIFT_CODE_RATE_MAX_PER_CUSTOMER: z.coerce.number().int().min(1).max(10_000).default(20),
  GIFT_CODE_RATE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  /** form sends and uploads (admin-ajax.php) allowed per client address in the same window */
  FORM_RATE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(60),
  // ---- cart ----
  /**
   * Anonymous carts (spec section 6): 'false' (the default) makes every cart call need a signed-in customer
   * (HTTP 401 envelope); 'true' lets an anonymous visitor see an empty cart (decision 015).
   */
  ANONYMOUS_CART: z.enum(['true', 'false']).default('false'),
  // ---- payments (decisions 017 and 026) ----
  /**
   * the built-in sandbox payment provider (test cards): on by default outside production; production runs it
   * only in a demonstration shop (DEMO_SHOP=on), switched on explicitly, with its own secret (decision 084)
   */
  PAYMENT_SANDBOX: z.enum(['on', 'off']).optional(),
  /**
   * HMAC key of the sandbox's sessions, returns and webhooks (32+ characters). Required in production;
   * elsewhere, when unset, one is generated once and kept in the database
   */
  PAYMENT_SANDBOX_SECRET: optionalText.pipe(
    z
      .string()
      .min(
        SANDBOX_SECRET_MIN_LENGTH,
        `the sandbox payment secret must have ${SANDBOX_SECRET_MIN_LENGTH} characters or more`,
      )
      .optional(),
  ),
  // ---- real payment providers (issue 49; decisions 080-084) ----
  /** Stripe's secret key (sk_live_… or sk_test_…): cards (payment types 12 and 1) through Stripe */
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(live|test)_[A-Za-z0-9]{8,}$/)
      .optional(),
  ),
  /** Stripe's publishable key (pk_live_… or pk_test_…), for the page's Stripe.js when one is used */
  STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^pk_(live|test)_[A-Za-z0-9]{8,}$/)
      .optional(),
  ),
  /** the signing secret of the webhook endpoint registered at Stripe (whsec_…) */
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/)
      .optional(),
  ),
  /** Stripe's API (default its own, https://api.stripe.com): a stand-in or a proxy in tests */
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Satispay GBusiness: the key id Satispay gave for the shop's public key (payment type 24) */
  SATISPAY_KEY_ID: optionalText,
  /** the shop's RSA private key (PEM, \n allowed for newlines) that signs every request to Satispay */
  SATISPAY_PRIVATE_KEY: optionalText,
  /** Satispay's API (default https://authservices.satispay.com; staging: https://staging.authservices.satispay.com) */
  SATISPAY_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * 'off': no online payment at all (pay on delivery only), which production accepts without a provider
   */
  ONLINE_PAYMENTS: z.enum(['on', 'off']).default('on'),
  /**
   * 'on': a demonstration shop (the sandbox allowed in production, a banner on every page, no e-mail promising a
   * real delivery)
   */
  DEMO_SHOP: z.enum(['on', 'off']).optional(),
  // ---- back office ----
  /**
   * the key (32+ characters) that encrypts the staff's authenticator secrets; outside production one is
   * generated once per database, in production it must come from outside the database
   */
  STAFF_TOTP_KEY: optionalText.pipe(z.string().min(32).optional()),
  /** delay of the sandbox's webhook after the card form (ms); 0: before the browser returns; -1: never sent */
  PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(-1).max(600_000).default(400),
  // ---- mail ----
  /** smtp://user:pass@host:port (or smtps://): send for real; unset: mails stay in the outbox table */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Spesa <noreply@spesa.example.it>'),
  // ---- push notifications (decision 055) ----
  /**
   * the VAPID private key (64 hex digits, a P-256 scalar); absent: generated once and kept in the database
   * (app_secrets), so every process and restart signs with the same key the browsers subscribed with
   */
  PUSH_VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i)
      .optional(),
  ),
  /** the VAPID contact (RFC 8292 `sub`): a mailto: or https: address of the shop */
  PUSH_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/)
    .default('mailto:assistenza@spesa.example.it'),
  /**
   * push services a subscription may point at (comma separated `scheme://host`, `*.` for any subdomain):
   * the browsers' own (Chrome/Edge FCM, Firefox, Safari, Windows)
   */
  PUSH_ENDPOINTS: z
    .string()
    .default(
      'https://fcm.googleapis.com,https://*.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com',
    )
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  /**
   * the native apps' push (android and ios builds, decision 055): the Firebase project's service account key
   * file (JSON). Unset: the apps' tokens are registered and kept, and nothing is sent to them
   */
  PUSH_FCM_CREDENTIALS_FILE: optionalText.transform((v) => (v ? resolve(REPO_ROOT, v) : undefined)),
  /** Firebase Cloud Messaging's HTTP v1 API */
  PUSH_FCM_API_URL: z.url({ protocol: /^https?$/ }).default('https://fcm.googleapis.com'),
  /** the chain's corporate desk: hears of every companies' gift-card request (decision 044) */
  GIFT_CARD_DESK_EMAIL: z.email().default('aziende@spesa.example.it'),
  /**
   * the digital receipt / voucher mode switch takes effect this many ms after it is asked (journeys);
   * unset: at the next Italian midnight, within 24 hours (decision 046)
   */
  RECEIPT_SWITCH_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  /** share of ended self-scanning sessions flagged for a re-scan check at the till, 0..1 (decision 057) */
  SMART_CART_RESCAN_SHARE: z.coerce.number().min(0).max(1).default(0.1),
  /** the development mailbox page /dev/mailbox, for loopback clients only (default on; never in production) */
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  /** seed the demo accounts of the README (default: on unless NODE_ENV=production) */
  DEMO_ACCOUNTS: z.enum(['true', 'false']).optional(),
  // ---- social sign-in and companies' single sign-on (decision 054) ----
  /**
   * the built-in demo identity providers (a Google and a Facebook of demo users, the demo company's SAML
   * IdP): on by default outside production, refused in production
   */
  FEDERATION_DEMO: z.enum(['on', 'off']).optional(),
  /** the first port of the two demo OpenID providers (the second takes the next); 0: any free ports */
  FEDERATION_DEMO_PORT: z.coerce.number().int().min(0).max(65_534).default(0),
  /** a real social provider: its issuer (https), the shop's client id and secret there; all three or none */
  OIDC_GOOGLE_ISSUER: optionalText.pipe(z.url({ protocol: /^https$/ }).optional()),
  OIDC_GOOGLE_CLIENT_ID: optionalText,
  OIDC_GOOGLE_CLIENT_SECRET: optionalText,
  OIDC_FACEBOOK_ISSUER: optionalText.pipe(z.url({ protocol: /^https$/ }).optional()),
  OIDC_FACEBOOK_CLIENT_ID: optionalText,
  OIDC_FACEBOOK_CLIENT_SECRET: optionalText,
  // ---- electronic invoices (FatturaPA, decision 087): the chain as seller; the demo values validate ----
  INVOICE_SELLER_NAME: z.string().trim().min(1).max(80).default('Spesa Online S.p.A.'),
  /** partita IVA, 11 digits with its check digit */
  INVOICE_SELLER_VAT_NUMBER: z
    .string()
    .regex(/^\d{11}$/)
    .default(DEMO_SELLER_VAT_NUMBER),
  /** the company's codice fiscale (a company's is usually its partita IVA) */
  INVOICE_SELLER_FISCAL_CODE: z
    .string()
    .regex(/^[A-Z0-9]{11,16}$/)
    .default('01234560587'),
  INVOICE_SELLER_ADDRESS: z.string().trim().min(1).max(60).default('Via Roma'),
  INVOICE_SELLER_STREET_NUMBER: z.string().trim().max(8).default('1'),
  INVOICE_SELLER_POSTAL_CODE: z
    .string()
    .regex(/^\d{5}$/)
    .default('00185'),
  INVOICE_SELLER_CITY: z.string().trim().min(1).max(60).default('Roma'),
  INVOICE_SELLER_PROVINCE: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('RM'),
  /** the registro delle imprese (REA): the chamber's province and the number */
  INVOICE_SELLER_REA_OFFICE: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('RM'),
  INVOICE_SELLER_REA_NUMBER: z.string().trim().min(1).max(20).default('1234567'),
  /** the intermediary's channel to the SDI (HTTP); unset: the local stand-in keeps what is sent */
  INVOICE_SDI_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** the intermediary's API key, sent as a bearer token */
  INVOICE_SDI_TOKEN: optionalText,
  /** the integration API (decision 096): access tokens' life, calls per client and minute, webhook retries */
  INTEGRATION_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  INTEGRATION_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** the first retry of a failed webhook delivery; each next one waits twice as long */
  INTEGRATION_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  INTEGRATION_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  /**
   * webhooks to this machine or the private network (loopback, private, link-local, CGNAT…: decision 099),
   * for the demo and tests with a local receiver: default 'true' outside production, 'false' in production
   * (where webhook URLs must also be https)
   */
  INTEGRATION_WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).optional(),
  /** API version reported by /version.json (spec section 9: client version 1.47.1) */
  APP_VERSION: z.string().default('1.47.1'),
});

/** Settings that only make sense together; a production shop refuses to start without them. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  const production = env.NODE_ENV === 'production';
  if (production && env.DEV_MAILBOX === 'true')
    ctx.addIssue({
      code: 'custom',
      path: ['DEV_MAILBOX'],
      message: 'the development mailbox shows every mail (reset links included): never in production',
    });
  if (production && !env.STAFF_TOTP_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['STAFF_TOTP_KEY'],
      message:
        "the key of the staff's authenticator secrets must come from outside the database in production (32 random characters or more)",
    });
  for (const issue of paymentIssues(env)) ctx.addIssue({ code: 'custom', ...issue });
  if (production && env.FEDERATION_DEMO === 'on')
    ctx.addIssue({
      code: 'custom',
      path: ['FEDERATION_DEMO'],
      message:
        'the demo identity providers sign anyone in (their keys are public): never in production; configure the real issuers (OIDC_GOOGLE_*, OIDC_FACEBOOK_*)',
    });
  // a real shop's invoices carry the chain's own data and reach the SDI (decision 087); a demo shop's stay local
  if (production && env.DEMO_SHOP !== 'on') {
    if (!env.INVOICE_SDI_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['INVOICE_SDI_URL'],
        message:
          "invoices must reach the exchange system (SDI) in production: set the intermediary's channel (INVOICE_SDI_URL and INVOICE_SDI_TOKEN)",
      });
    if (env.INVOICE_SELLER_VAT_NUMBER === DEMO_SELLER_VAT_NUMBER)
      ctx.addIssue({
        code: 'custom',
        path: ['INVOICE_SELLER_VAT_NUMBER'],
        message: "the invoices' seller is the demo company: set the chain's own data (INVOICE_SELLER_*)",
      });
  }
  for (const p of ['GOOGLE', 'FACEBOOK'] as const) {
    const set = [env[`OIDC_${p}_ISSUER`], env[`OIDC_${p}_CLIENT_ID`], env[`OIDC_${p}_CLIENT_SECRET`]].filter(
      Boolean,
    ).length;
    if (set !== 0 && set !== 3)
      ctx.addIssue({
        code: 'custom',
        path: [`OIDC_${p}_ISSUER`],
        message: `a social provider needs its issuer, client id and client secret together (OIDC_${p}_*)`,
      });
  }
  if (Boolean(env.FILES_S3_ACCESS_KEY_ID) !== Boolean(env.FILES_S3_SECRET_ACCESS_KEY))
    ctx.addIssue({
      code: 'custom',
      path: ['FILES_S3_ACCESS_KEY_ID'],
      message: 'the object storage needs its access key id and secret together (FILES_S3_*)',
    });
  if (!env.FILES_S3_BUCKET && (env.FILES_S3_ENDPOINT || env.FILES_S3_ACCESS_KEY_ID))
    ctx.addIssue({
      code: 'custom',
      path: ['FILES_S3_BUCKET'],
      message: 'the object storage is configured without its bucket (FILES_S3_BUCKET)',
    });
  if (env.WORKERS > 1 && !env.DATABASE_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['WORKERS'],
      message:
        'several processes need PostgreSQL (DATABASE_URL): the embedded database belongs to one process',
    });
});

export type Env = z.infer<typeof envSchema>;

/** How the shop takes payments: the providers configured, the sandbox, a demonstration shop (decision 084). */
export {
  areOnlinePaymentsOn,
  isDemoShop,
  isSandboxOn,
  isSatispayConfigured,
  isStripeConfigured,
} from './env-payments';

/** The switches whose default depends on NODE_ENV. */
export const isDevMailboxOn = (env: Env): boolean =>
  env.NODE_ENV !== 'production' && env.DEV_MAILBOX !== 'false';

export const areDemoAccountsOn = (env: Env): boolean =>
  env.DEMO_ACCOUNTS ? env.DEMO_ACCOUNTS === 'true' : env.NODE_ENV !== 'production';
export const isFederationDemoOn = (env: Env): boolean =>
  env.FEDERATION_DEMO ? env.FEDERATION_DEMO === 'on' : env.NODE_ENV !== 'production';
/** Where webhooks may go (decision 099): internal addresses only when allowed, https only in production. */
export const webhookTargetPolicy = (env: Env) => ({
  allowPrivate: env.INTEGRATION_WEBHOOK_ALLOW_PRIVATE
    ? env.INTEGRATION_WEBHOOK_ALLOW_PRIVATE === 'true'
    : env.NODE_ENV !== 'production',
  httpsOnly: env.NODE_ENV === 'production',
});

/** The real social providers configured (issuer, client id and secret each). */
export const configuredSocialProviders = (env: Env) =>
  (
    [
      ['google', 'Google', env.OIDC_GOOGLE_ISSUER, env.OIDC_GOOGLE_CLIENT_ID, env.OIDC_GOOGLE_CLIENT_SECRET],
      [
        'facebook',
        'Facebook',
        env.OIDC_FACEBOOK_ISSUER,
        env.OIDC_FACEBOOK_CLIENT_ID,
        env.OIDC_FACEBOOK_CLIENT_SECRET,
      ],
    ] as const
  ).flatMap(([provider, name, issuer, clientId, clientSecret]) =>
    issuer && clientId && clientSecret ? [{ provider, name, issuer, clientId, clientSecret }] : [],
  );

/** Where links in e-mails point. */
/** Hosts that mean this machine (or every interface, this one included): the shop is then at localhost. */
const LOCAL_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::']);

/**
 * The shop's one address (decision 071): PUBLIC_URL, else http://localhost:PORT when it listens on this machine
 * (or on every interface), else its HOST. The start log prints it and everything that sends a browser back to
 * the shop uses it — the mails' links, the sign-in providers' return address — so a customer who follows the
 * log stays on one origin, with one set of cookies.
 */
export const publicUrlOf = (env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string => {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, '');
  const host = LOCAL_HOSTS.has(env.HOST) ? 'localhost' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
};

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
