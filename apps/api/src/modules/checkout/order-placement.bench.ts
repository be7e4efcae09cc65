/**
 * Order placement benchmark (decision 017), run by `npm run bench` (bench/src/bench.ts) for each database:
 *
 *   node --import tsx apps/api/src/modules/checkout/order-placement.bench.ts --db=pglite --orders=2000
 *   node --import tsx apps/api/src/modules/checkout/order-placement.bench.ts --db=postgres --url=postgres://...
 *
 * Builds the real app on a freshly migrated and seeded database (PGlite in memory, or the given PostgreSQL),
 * stages N customers whose carts are prepared (one line, a Drive slot with room for all), then fires
 * POST /ebsn/api/checkout/buy through the whole Fastify stack (app.inject: routing, validation, session,
 * the buy transaction, serialisation; no socket) with `concurrency` buys in flight, and prints one JSON line:
 * orders/s, latency percentiles and failures.
 *
 * `--scenario=gift-wallet` (issue 21): each buyer also has a personal 5 € gift certificate applied to the cart
 * (POST /ebsn/api/cart-giftcertificate/add_code) and 10 € in the wallet (a goodwill credit), and pays 5 € of
 * the order with it (`payment_data.wallet_amount`). After the run every certificate must have been used
 * exactly once, by its owner's order, and every wallet must hold what is left of its credit, never less than
 * zero: otherwise the bench exits with an error.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../../app';
import { ensureSeeded, migrate, openDatabase } from '../../db/client';
import { ensureAccountData } from '../../db/seed/accounts';
import { ensureDeliveryData } from '../../db/seed/delivery';
import { ensureOrderData } from '../../db/seed/orders';
import { loadEnv } from '../../env';
import {
  driveSlot,
  giftWalletProblems,
  stageBuyers,
  stageGiftsAndWallets,
  testProduct,
} from '../../../test/checkout-fixtures';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    url: { type: 'string' },
    orders: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '20' },
    scenario: { type: 'string', default: 'plain' },
  },
});
const total = Number(values.orders);
const concurrency = Number(values.concurrency);
const scenario = values.scenario;
if (scenario !== 'plain' && scenario !== 'gift-wallet')
  throw new Error(`--scenario=${scenario}: expected plain or gift-wallet`);
/** the gift-wallet scenario's amounts, cents: the goods, the certificate, the credit, the wallet's part */
const LOYALTY = { priceCents: 2000, giftCents: 500, creditCents: 1000, walletCents: 500 } as const;

const env = loadEnv({
  LOG_LEVEL: 'silent',
  PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: '-1',
  // every staged customer applies their code from this one address (app.inject): no guessing to slow down
  GIFT_CODE_RATE_MAX_PER_ADDRESS: '100000',
  ...(values.db === 'postgres' && values.url ? { DATABASE_URL: values.url } : {}),
});
const database = await openDatabase(values.db === 'postgres' ? { url: values.url } : {});
const t0 = performance.now();
await migrate(database.db);
await ensureSeeded({ dataDir: env.DEMO_DATA_DIR }, database.db);
await ensureAccountData({ demoAccounts: true }, database.db);
await ensureDeliveryData({ dataDir: env.DEMO_DATA_DIR, demoAccounts: true }, database.db);
await ensureOrderData({ demoAccounts: true }, database.db);
const seedMs = performance.now() - t0;

const now = new Date();
const app = await buildApp({ env, db: database.db, dbKind: database.kind, logger: false, now: () => now });
await app.ready();

// a Drive day 2 to 6 days ahead with room for every order
let slot: Awaited<ReturnType<typeof driveSlot>> | null = null;
for (let d = 2; d <= 6 && !slot; d++) {
  const day = new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
  slot = await driveSlot(database.db, day, total + 1000).catch(() => null);
}
if (!slot) throw new Error('no Drive slot in the coming days');
const product = await testProduct(database.db, {
  stock: 10_000_000,
  ...(scenario === 'gift-wallet' ? { priceCents: LOYALTY.priceCents } : {}),
});
const warm = 50;
const tokens = await stageBuyers({ db: database.db }, total + warm, {
  productId: product.productId,
  quantity: 1,
  unitCents: product.priceCents,
  slot,
  now,
});
const stagedAt = performance.now();
const buyers =
  scenario === 'gift-wallet'
    ? await stageGiftsAndWallets({ db: database.db, app }, tokens, { ...LOYALTY, now })
    : [];
const stageGiftsMs = performance.now() - stagedAt;

async function buyOnce(token: string): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/ebsn/api/checkout/buy',
    cookies: { 'x-ebsn-account': token },
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(
      scenario === 'gift-wallet'
        ? {
            payment_type_id: 12,
            payment_data: JSON.stringify({ wallet_amount: LOYALTY.walletCents / 100 }),
          }
        : { payment_type_id: 12 },
    ),
  });
  const ms = performance.now() - started;
  const body = JSON.parse(res.body) as { response: { status: number } };
  return { ms, ok: res.statusCode === 200 && body.response.status === 0 };
}

async function run(list: string[]): Promise<{ latencies: number[]; failures: number; seconds: number }> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const token = list[next++];
        if (token === undefined) break;
        const r = await buyOnce(token);
        latencies.push(r.ms);
        if (!r.ok) failures++;
      }
    }),
  );
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

await run(tokens.slice(0, warm));
const measured = await run(tokens.slice(warm));
const sorted = [...measured.latencies].sort((a, b) => a - b);
const pct = (p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
if (scenario === 'gift-wallet') {
  const problems = await giftWalletProblems(database.db, buyers, LOYALTY);
  if (problems.length > 0) {
    console.error(`gift-wallet checks failed: ${problems.join('; ')} (failed buys: ${measured.failures})`);
    process.exit(1);
  }
}
console.log(
  JSON.stringify({
    db: database.kind,
    scenario,
    orders: total,
    concurrency,
    seconds: measured.seconds,
    ordersPerSecond: total / measured.seconds,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    failures: measured.failures,
    seedSeconds: seedMs / 1000,
    stageGiftsSeconds: stageGiftsMs / 1000,
  }),
);
await app.close();
await database.close();
