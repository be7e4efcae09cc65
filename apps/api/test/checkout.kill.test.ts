import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { DEMO_PASSWORD, templateFolder } from './helper';
import { freePort, startApiProcess, type ApiProcess } from './api-servers';
import { halfOrders } from './checkout-fixtures';

/**
 * Crash safety of order placement: the real server (apps/api/src/server.ts) on a temporary PGlite DATA_DIR,
 * a stream of buys from three customers, a SIGKILL in the middle of it, a restart on the same data. Every
 * order the server acknowledged must be there, complete (lines, first status, authorisation), and no order
 * may lack any of them; every booked slot place belongs to an order.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'spesa-kill-'));
let child: ChildProcess | null = null;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The data folder starts as the run's seeded image (global-setup.ts) instead of being seeded by the first
 * start (about 45 s of PGlite work that this test is not about); the server's start then finds the catalogue
 * and the demo data there, as a restarted shop does.
 */
function loadSeededImage(): void {
  cpSync(templateFolder(), dataDir, { recursive: true });
}

/** The real server on this test's data folder, always on PGlite (DATABASE_URL left out). */
function startServer(port: number): Promise<ApiProcess> {
  return startApiProcess(port, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web'),
    BOT_CHECK_MAX_NUMBER: '1000',
    AUTH_RATE_MAX_PER_ACCOUNT: '1000',
    AUTH_RATE_MAX_PER_ADDRESS: '1000',
    PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: '-1',
    NODE_ENV: 'development',
    DATABASE_URL: undefined,
  });
}

/** Resolves when the process has exited, also when it already had (a late 'exit' listener never fires). */
function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((r) => proc.once('exit', () => r()));
}

interface Envelope<T> {
  response: { status: number; errorsMessage: string[] };
  data: T;
}

function client(base: string) {
  let cookie = '';
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> => {
    const res = await fetch(`${base}/ebsn/api${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie: `x-ebsn-account=${cookie}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as Envelope<T>;
  };
  return {
    call,
    async login(email: string) {
      const { solveChallenge } = await import('altcha-lib/v1');
      const ch = (
        await call<{
          algorithm: string;
          challenge: string;
          maxnumber: number;
          salt: string;
          signature: string;
        }>('GET', '/auth/challenge')
      ).data;
      const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
      const token = Buffer.from(
        JSON.stringify({ ...ch, number: solution?.number, maxnumber: undefined }),
      ).toString('base64');
      const res = await fetch(`${base}/ebsn/api/auth/login?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: email, password: DEMO_PASSWORD }),
      });
      const set = res.headers.get('x-ebsn-account');
      if (!set) throw new Error(`login failed for ${email}: ${await res.text()}`);
      cookie = set;
    },
  };
}

type Client = ReturnType<typeof client>;

/**
 * One buy from an empty cart: a product, the first free Drive slot, prepare, buy on delivery (2) or by card
 * (12: a purchase in one statement, decision 059 session 46).
 */
async function buyOnce(c: Client, productId: number, paymentTypeId: 2 | 12): Promise<number | null> {
  await c.call('POST', '/store/select?store_id=13');
  const add = await c.call('POST', '/cart/add', { items: [{ productId, quantity: 1 }] });
  if (add.response.status !== 0) return null;
  const cart = await c.call<{ timeslot: { date: string; timeslotId: number } | null }>('GET', '/cart/view');
  const slot = cart.data.timeslot;
  if (!slot) return null;
  await c.call('GET', `/timeslot/select?sel_date=${slot.date}&timeslot_id=${slot.timeslotId}`);
  const prep = await c.call('POST', '/checkout/prepare', { accept_rules: true });
  if (prep.response.status !== 0) {
    await c.call('POST', '/checkout/unlock');
    return null;
  }
  const bought = await c.call<{ orderId: number }>('POST', '/checkout/buy', {
    payment_type_id: paymentTypeId,
  });
  return bought.response.status === 0 ? bought.data.orderId : null;
}

describe('kill -9 during a stream of buys', () => {
  it('loses no acknowledged order and leaves no half order', async () => {
    loadSeededImage();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startServer(port);
    child = first.proc;
    const products = await client(base).call<{
      products: Array<{
        productId: number;
        available: number;
        selectOptions: unknown[];
        productInfos: Record<string, string>;
      }>;
    }>('GET', '/products?q=pasta&page_size=24');
    const plain = products.data.products.filter(
      (p) =>
        p.available > 20 &&
        p.selectOptions.length === 0 &&
        p.productInfos.TIPOLOGIA === 'Pezzo' &&
        (p.productInfos.QTY_MULT ?? '1') === '1',
    );
    expect(plain.length).toBeGreaterThan(0);
    const customers = ['mario.rossi@spesa.demo', 'giulia.bianchi@spesa.demo', 'master@spesa.demo'];
    const clients = await Promise.all(
      customers.map(async (email) => {
        const c = client(base);
        await c.login(email);
        return c;
      }),
    );
    const acknowledged: number[] = [];
    let stop = false;
    const loops = clients.map(async (c, i) => {
      let n = 0;
      while (!stop) {
        try {
          // the first customer pays by card, the others on delivery: both ways of writing an order
          const id = await buyOnce(c, plain[(i + n++) % plain.length]?.productId ?? 0, i === 0 ? 12 : 2);
          if (id !== null) acknowledged.push(id);
        } catch {
          return; // the server is gone
        }
      }
    });
    // let some orders through, then kill the server in the middle of the stream
    const t0 = Date.now();
    while (acknowledged.length < 6 && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 50));
    first.proc.kill('SIGKILL');
    stop = true;
    await Promise.all(loops);
    await exited(first.proc);
    expect(acknowledged.length).toBeGreaterThanOrEqual(6);

    // restart on the same data: it opens, migrates (nothing to do) and serves
    const second = await startServer(port);
    child = second.proc;
    const check = client(base);
    await check.login('mario.rossi@spesa.demo');
    expect((await check.call('GET', '/cart/view')).response.status).toBe(0);
    second.proc.kill('SIGTERM');
    await exited(second.proc);

    const db = await openDatabase({ dataDir });
    try {
      const found = await queryRows<{ orderId: number }>(
        db.db,
        sql`SELECT order_id AS "orderId" FROM orders WHERE order_id = ANY(${`{${acknowledged.join(',')}}`}::int[])`,
      );
      expect(found.map((r) => r.orderId).sort((a, b) => a - b)).toEqual(
        [...acknowledged].sort((a, b) => a - b),
      );
      expect(await halfOrders(db.db)).toEqual([]);
      const places = await queryRows<{ slotId: number; booked: number; orders: number }>(
        db.db,
        sql`SELECT s.slot_id AS "slotId", s.booked,
              (SELECT count(*)::int FROM orders o WHERE o.slot_id = s.slot_id AND o.order_status_id <> 10) AS orders
            FROM delivery_slots s WHERE s.booked > 0`,
      );
      for (const p of places) expect(p.booked).toBe(p.orders);
    } finally {
      await db.close();
    }
  }, 400_000);
});
