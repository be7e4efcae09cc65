/**
 * Receipts benchmark (issue 22, decision 046), started by `npm run bench -- --part=receipts`
 * (bench/src/bench.ts) on PostgreSQL:
 *
 *   node --import tsx apps/api/src/modules/receipts/receipts.bench.ts --url=postgres://...
 *
 * Builds the real app on a freshly migrated and seeded demo database, stages one customer with a loyalty card
 * and 500 receipts (10 lines each) through the till ingestion, then measures over HTTP on a loopback port:
 * - the receipt list of that customer (first page, then a page in the middle), one call at a time: p50/p95/p99;
 * - till ingestion: 2,000 new receipts sent by 8 tills at once: receipts per second.
 * Prints one JSON line with the figures.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { ensureSeeded, migrate, openDatabase } from '../../db/client';
import { ensureAccountData } from '../../db/seed/accounts';
import { ensureDeliveryData } from '../../db/seed/delivery';
import { DEMO_TILL_SYSTEMS, ensureReceiptData } from '../../db/seed/receipts';
import { loadEnv } from '../../env';
import { linkNewCard } from '../../../test/account-fixtures';
import { stageEmptyCartBuyers } from '../../../test/checkout-fixtures';
import { queryRows } from '../../db/rows';

const { values } = parseArgs({ options: { url: { type: 'string' } } });
if (!values.url) throw new Error('--url=postgres://… is required');
const env = loadEnv({ LOG_LEVEL: 'silent', DATABASE_URL: values.url });
const database = await openDatabase({ url: values.url });
await migrate(database.db);
await ensureSeeded({ dataDir: env.DEMO_DATA_DIR }, database.db);
await ensureAccountData({ demoAccounts: true }, database.db);
await ensureDeliveryData({ dataDir: env.DEMO_DATA_DIR, demoAccounts: true }, database.db);
await ensureReceiptData({ demoAccounts: true }, database.db);
const app = await buildApp({ env, db: database.db, dbKind: database.kind, logger: false, runJobs: false });
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const till = DEMO_TILL_SYSTEMS[0];

const now = new Date();
const [token] = await stageEmptyCartBuyers({ db: database.db }, 1, now);
const [user] = await queryRows<{ userId: number }>(
  database.db,
  sql`SELECT user_id AS "userId" FROM users WHERE login LIKE 'race.%' ORDER BY user_id DESC LIMIT 1`,
);
if (!user || !token) throw new Error('no bench customer');
const card = await linkNewCard(database.db, user.userId);

let seq = 0;
const receipt = (withCard: boolean, daysAgo: number) => ({
  tillCode: String(1 + (seq % 8)),
  documentNumber: `B-${Date.now()}-${seq++}`,
  issuedAt: new Date(now.getTime() - daysAgo * 86_400_000).toISOString(),
  ...(withCard ? { cardNumber: card } : {}),
  paymentMethod: 'card',
  totalCents: 10 * 199,
  lines: Array.from({ length: 10 }, (_, i) => ({
    description: `Articolo ${i + 1}`,
    quantity: 1,
    unitPriceCents: 199,
    amountCents: 199,
    vatRate: i % 2 ? 4 : 22,
  })),
});
const send = async (body: unknown) => {
  const res = await fetch(`${base}/ebsn/api/receipts/till/ingest`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-till-system': till.systemId,
      'x-till-secret': till.secret,
    },
    body: JSON.stringify(body),
  });
  const parsed = (await res.json()) as { response: { status: number } };
  if (!res.ok || parsed.response.status !== 0)
    throw new Error(`ingestion refused: ${JSON.stringify(parsed)}`);
};
const inParallel = async (n: number, inFlight: number, one: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let i = next++; i < n; i = next++) await one(i);
    }),
  );
};

// 500 receipts of the customer, over 180 days
await inParallel(500, 8, (i) => send(receipt(true, (i * 180) / 500)));

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const listTimes: number[] = [];
for (let i = 0; i < 440; i++) {
  const page = i % 2 ? 1 : 20;
  const started = performance.now();
  const res = await fetch(`${base}/ebsn/api/receipts/list?page=${page}`, {
    headers: { cookie: `x-ebsn-account=${token}`, 'accept-encoding': 'br, gzip' },
  });
  const body = (await res.json()) as { data: { page: { totItems: number } } };
  if (i >= 40) listTimes.push(performance.now() - started);
  if (body.data.page.totItems !== 500) throw new Error(`the list has ${body.data.page.totItems} receipts`);
}
const sorted = Float64Array.from(listTimes).sort();

// ingestion throughput: 2,000 new documents from 8 tills at once
const ingestN = 2000;
await inParallel(100, 8, () => send(receipt(false, 0)));
const started = performance.now();
await inParallel(ingestN, 8, () => send(receipt(false, 0)));
const seconds = (performance.now() - started) / 1000;

console.log(
  JSON.stringify({
    list: {
      receipts: 500,
      calls: listTimes.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
    },
    ingest: { receipts: ingestN, inFlight: 8, seconds, perSecond: ingestN / seconds },
  }),
);
await app.close();
await database.close();
process.exit(0);
