// Buyers of `npm run test:hosts`: the bench's purchase path (bench/src/purchase.ts: cart/add × 3, timeslot/select,
// checkout/prepare, checkout/buy by card, the sandbox's page and card form, the signed return) through the proxy,
// as a client that meets a lost host or a lost database does: what can be repeated safely is repeated (reads; the
// buy with the same Idempotency-Key; the provider's page), what cannot (cart/add) abandons the attempt. Then the
// database is asked whether every order a buyer was told about exists whole and nothing was applied twice.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/api/src/db/client';
import { sleep } from '../lib';
import {
  Browser,
  CARD_PAYMENT,
  CallFailed,
  DRIVE_STORE,
  envelopeData,
  LOOSE_KG,
  SUCCESS_CARD,
  type Setup,
} from '../purchase';
import { API } from '../scenarios';

type Answer = Awaited<ReturnType<Browser['call']>>;

export interface Acknowledged {
  orderId: number;
  token: string;
  key: string;
  /** the hosts that answered this order's calls */
  hosts: Set<string>;
  /** the buy was sent more than once (by this client; the proxy's own retries are not seen here) */
  buyRepeats: number;
}

export interface LoadResult {
  /** orders whose payment return reached "success": the buyer was told the order is placed and paid */
  acknowledged: Acknowledged[];
  /** every order id a buy answered (paid or not) */
  answeredBuys: Map<number, string>;
  attempts: number;
  abandoned: number;
  errorSamples: string[];
  /** when each order was acknowledged (ms since the start): the gap shows an outage */
  ackTimes: number[];
  seconds: number;
}

// a 503 is a host telling that its database is out of reach (a failover), 502/504 the proxy's: a repeatable call
// is sent again; so is a 500, which the failover part counts as a fault (a database away is not a bug)
const transient = (r: Answer) => r.status === 500 || r.status === 502 || r.status === 503 || r.status === 504;

/** The answers of 500 and over the buyers received, by status (reset by the part that reads them). */
export const serverErrors = new Map<number, number>();

/** A call repeated while the answer is a network error or a 500/502/503/504 (up to `tries`). */
async function repeatable(
  b: Browser,
  hosts: Set<string>,
  tries: number,
  send: () => Promise<Answer>,
): Promise<Answer & { sent: number }> {
  let lastErr: unknown = null;
  for (let i = 1; i <= tries; i++) {
    try {
      const r = await send();
      if (r.servedBy) hosts.add(r.servedBy);
      if (r.status >= 500) serverErrors.set(r.status, (serverErrors.get(r.status) ?? 0) + 1);
      if (!transient(r) || i === tries) return { ...r, sent: i };
      lastErr = new CallFailed(`HTTP ${r.status}`);
    } catch (err) {
      lastErr = err;
    }
    await sleep(Math.min(200 * i, 1000));
  }
  throw lastErr instanceof Error ? lastErr : new CallFailed(String(lastErr));
}

/** One order; throws CallFailed when it cannot be finished. */
async function placeOrder(
  b: Browser,
  setup: Setup,
  token: string,
  result: LoadResult,
): Promise<Acknowledged> {
  const hosts = new Set<string>();
  const { pieceA, pieceB, loose } = setup.products;
  for (const item of [
    { productId: pieceA, quantity: 1 },
    { productId: pieceB, quantity: 2 },
    { productId: loose, quantity: LOOSE_KG, weight: LOOSE_KG },
  ]) {
    // not repeatable: a repeat adds the quantity again
    const r = await b.call('POST', `${API}/cart/add`, { json: { items: [item] } });
    if (r.servedBy) hosts.add(r.servedBy);
    envelopeData('cart/add', r);
  }
  envelopeData(
    'timeslot/select',
    await repeatable(b, hosts, 8, () =>
      b.call(
        'GET',
        `${API}/timeslot/select?sel_date=${setup.slot.date}&timeslot_id=${setup.slot.timeslotId}`,
      ),
    ),
  );
  envelopeData(
    'checkout/prepare',
    await repeatable(b, hosts, 8, () =>
      b.call('POST', `${API}/checkout/prepare`, {
        json: {
          accept_rules: true,
          need_invoice: false,
          lottery_code: '',
          extra_email: '',
          meal_vouchers: null,
        },
      }),
    ),
  );
  const key = `hosts-${randomUUID()}`;
  const buyAnswer = await repeatable(b, hosts, 12, () =>
    b.call('POST', `${API}/checkout/buy`, {
      headers: { 'idempotency-key': key },
      json: {
        payment_type_id: CARD_PAYMENT,
        payment_data: JSON.stringify({ return_path: '/checkout/completed' }),
        idempotency_key: key,
      },
    }),
  );
  const bought = envelopeData<{ orderId: number; paymentUrl: string | null; replayed: boolean }>(
    'checkout/buy',
    buyAnswer,
  );
  result.answeredBuys.set(bought.orderId, key);
  if (!bought.paymentUrl)
    throw new CallFailed(`checkout/buy: no payment page (${JSON.stringify(bought).slice(0, 200)})`);
  const pageUrl = new URL(bought.paymentUrl, 'http://shop');
  const page = await repeatable(b, hosts, 8, () => b.call('GET', `${pageUrl.pathname}${pageUrl.search}`));
  if (page.status !== 200) throw new CallFailed(`sandbox page: HTTP ${page.status}`);
  const posted = await repeatable(b, hosts, 8, () =>
    b.call('POST', pageUrl.pathname, {
      form: {
        t: pageUrl.searchParams.get('t') ?? '',
        action: 'pay',
        holder: 'Mario Rossi',
        card_number: SUCCESS_CARD,
        expiry: '12/30',
        cvc: '123',
      },
    }),
  );
  if (posted.status !== 303 || !posted.location)
    throw new CallFailed(`sandbox pay: HTTP ${posted.status} ${posted.text.slice(0, 200)}`);
  const back = new URL(posted.location, 'http://shop');
  const returned = await repeatable(b, hosts, 8, () => b.call('GET', `${back.pathname}${back.search}`));
  if (returned.status !== 302 || !returned.location?.includes('/checkout/completed/success'))
    throw new CallFailed(`payment return: HTTP ${returned.status} → ${returned.location ?? ''}`);
  return { orderId: bought.orderId, token, key, hosts, buyRepeats: buyAnswer.sent - 1 };
}

/**
 * Every buyer places orders one after the other until `seconds` pass or `stop()` is called. `during` runs
 * beside them (the disruption), started `afterMs` into the run.
 */
export async function runBuyers(
  base: string,
  tokens: string[],
  setup: Setup,
  seconds: number,
): Promise<LoadResult> {
  const result: LoadResult = {
    acknowledged: [],
    answeredBuys: new Map(),
    attempts: 0,
    abandoned: 0,
    errorSamples: [],
    ackTimes: [],
    seconds: 0,
  };
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      let b = new Browser(base, token);
      try {
        while (performance.now() < until) {
          result.attempts++;
          try {
            result.acknowledged.push(await placeOrder(b, setup, token, result));
            result.ackTimes.push(performance.now() - t0);
          } catch (err) {
            result.abandoned++;
            if (result.errorSamples.length < 6)
              result.errorSamples.push(err instanceof Error ? err.message.slice(0, 200) : String(err));
            // a fresh connection, as a browser opens after an error
            await b.close().catch(() => {});
            b = new Browser(base, token);
            await sleep(200);
          }
        }
      } finally {
        await b.close().catch(() => {});
      }
    }),
  );
  result.seconds = (performance.now() - t0) / 1000;
  return result;
}

/** The longest time without an acknowledged order, ms (the outage a buyer saw). */
export function longestGap(r: LoadResult): number {
  const times = [0, ...[...r.ackTimes].sort((a, b) => a - b), r.seconds * 1000];
  let gap = 0;
  for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i]! - times[i - 1]!);
  return gap;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const { queryRows } = await import('../../../apps/api/src/db/rows');
  return queryRows<T>(db, query);
}

/**
 * What the database must hold after `results` (all the runs on `setup`'s products and slot): answers the broken
 * rules, and counts.
 */
export async function checkOrders(
  db: Db,
  setup: Setup,
  results: LoadResult[],
): Promise<{ problems: string[]; orders: number; unanswered: number; movements: number }> {
  const problems: string[] = [];
  const acked = results.flatMap((r) => r.acknowledged);
  const answered = new Map<number, string>();
  for (const r of results) for (const [id, key] of r.answeredBuys) answered.set(id, key);
  const ids = [...answered.keys()];
  const found = await rows<{
    orderId: number;
    key: string | null;
    status: number;
    lines: number;
    auths: number;
    movements: number;
  }>(
    db,
    sql`SELECT o.order_id AS "orderId", o.idempotency_key AS key, o.order_status_id AS status,
          (SELECT count(*) FROM order_items i WHERE i.order_id = o.order_id)::int AS lines,
          (SELECT count(*) FROM payment_authorizations a WHERE a.order_id = o.order_id AND a.status IN ('authorized', 'captured'))::int AS auths,
          (SELECT count(*) FROM payment_authorizations a WHERE a.order_id = o.order_id)::int AS movements
        FROM orders o WHERE o.order_id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  const byId = new Map(found.map((r) => [r.orderId, r]));
  let missing = 0;
  let notWhole = 0;
  let unpaid = 0;
  for (const [id, key] of answered) {
    const o = byId.get(id);
    if (!o) missing++;
    else {
      if (o.lines !== 3) notWhole++;
      if (o.key !== key) problems.push(`order ${id}: idempotency key ${o.key} instead of ${key}`);
    }
  }
  for (const a of acked) {
    const o = byId.get(a.orderId);
    if (o && (o.status !== 3 || o.auths !== 1)) unpaid++;
  }
  if (missing) problems.push(`${missing} orders a buy answered are missing from the database`);
  if (notWhole) problems.push(`${notWhole} answered orders without their 3 lines`);
  if (unpaid)
    problems.push(`${unpaid} acknowledged orders not "ordered" with exactly one authorised payment`);
  // nothing applied twice: one order per key, no order of these buyers that no buy answered, one payment each
  const [twice] = await rows<{ keys: number; stray: number; doubledPayments: number; all: number }>(
    db,
    sql`SELECT
          (SELECT count(*) FROM (SELECT idempotency_key FROM orders WHERE slot_id = ${setup.slot.slotId}
             GROUP BY user_id, idempotency_key HAVING count(*) > 1) d)::int AS keys,
          (SELECT count(*) FROM orders WHERE slot_id = ${setup.slot.slotId}
             AND NOT (order_id = ANY(${`{${ids.join(',')}}`}::int[])))::int AS stray,
          (SELECT count(*) FROM (SELECT a.order_id FROM payment_authorizations a JOIN orders o USING (order_id)
             WHERE o.slot_id = ${setup.slot.slotId} AND a.status IN ('authorized', 'captured')
             GROUP BY a.order_id HAVING count(*) > 1) p)::int AS "doubledPayments",
          (SELECT count(*) FROM orders WHERE slot_id = ${setup.slot.slotId})::int AS all`,
  );
  if (twice?.keys) problems.push(`${twice.keys} idempotency keys with more than one order`);
  if (twice?.doubledPayments) problems.push(`${twice.doubledPayments} orders paid twice`);
  // a buy whose answer was lost on the way (a host killed after its commit) leaves an order no buyer heard of:
  // counted, not a fault; the repeat with the same key answered that same order
  for (const [productId, before] of setup.stock0) {
    const [s] = await rows<{ now: string; sold: string }>(
      db,
      sql`SELECT (SELECT COALESCE(stock, 0)::text FROM product_stock
                   WHERE product_id = ${productId} AND warehouse_id = ${DRIVE_STORE}) AS now,
            (SELECT COALESCE(sum(quantity), 0)::text FROM order_items WHERE product_id = ${productId}) AS sold`,
    );
    if (!s || Math.abs(before - Number(s.sold) - Number(s.now)) > 1e-6)
      problems.push(
        `product ${productId}: stock ${s?.now} after selling ${s?.sold} of ${before} (taken twice or lost)`,
      );
  }
  const [slot] = await rows<{ booked: number; orders: number }>(
    db,
    sql`SELECT (SELECT booked FROM delivery_slots WHERE slot_id = ${setup.slot.slotId}) AS booked,
          (SELECT count(*) FROM orders WHERE slot_id = ${setup.slot.slotId})::int AS orders`,
  );
  if (!slot || slot.booked !== slot.orders)
    problems.push(`slot: booked ${slot?.booked} for ${slot?.orders} orders`);
  return {
    problems,
    orders: twice?.all ?? 0,
    unanswered: twice?.stray ?? 0,
    movements: found.reduce((a, r) => a + r.movements, 0),
  };
}
