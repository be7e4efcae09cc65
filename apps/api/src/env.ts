import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** absent: embedded PGlite in DATA_DIR */
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'var/pglite')),
  WEB_DIST: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'apps/web/dist')),
  DEMO_DATA_DIR: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'data/demo')),
  /** banner images and other static media served at /media/ */
  MEDIA_DIR: optionalText.transform((v) => resolve(REPO_ROOT, v ?? 'apps/api/media')),
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
  /** lifetime of cached catalogue reads (spec section 9: 15 minutes) */
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
  CACHE_MAX_ENTRIES: z.coerce.number().int().min(50).max(1000).default(500),
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
  /** API version reported by /version.json (spec section 9: client version 1.47.1) */
  APP_VERSION: z.string().default('1.47.1'),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
