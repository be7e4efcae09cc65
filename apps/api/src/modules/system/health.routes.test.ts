import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { Lifecycle } from '../../lib/lifecycle';
import { buildTestApp, DEMO_PASSWORD, login, type TestApp } from '../../../test/helper';
import { readinessCheck } from './health.routes';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** One Prometheus sample's value, or undefined when the series is absent. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const text = await t.app.metrics.registry.metrics();
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const [series, value] = line.split(' ');
    if (!series || value === undefined || !(series === name || series.startsWith(`${name}{`))) continue;
    if (wanted.every((w) => series.includes(w))) return Number(value);
  }
  return undefined;
}

describe('health and readiness for a load balancer', () => {
  it('/healthz and /readyz answer a status and one word, never cached, outside the API', async () => {
    for (const [url, body] of [
      ['/healthz', 'ok'],
      ['/readyz', 'ready'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(body);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await t.app.inject({ method: 'GET', url: '/ebsn/api/readyz' })).statusCode).toBe(404);
  });

  it('gives every answer a request id, and keeps a plain one a proxy sent', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'haproxy-7f3a9c01' },
    });
    expect(proxied.headers['x-request-id']).toBe('haproxy-7f3a9c01');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b\nc<script>' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is unready when the database does not answer, or lacks a migration', async () => {
    const lifecycle = new Lifecycle();
    const down = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    expect(await readinessCheck({ db: down, lifecycle })()).toBe(false);
    const hanging = { execute: () => new Promise(() => {}) } as unknown as Db;
    const t0 = performance.now();
    expect(await readinessCheck({ db: hanging, lifecycle })()).toBe(false);
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(await readinessCheck({ db: t.db, lifecycle })()).toBe(true);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM drizzle.__drizzle_migrations
                            WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`);
      expect(await readinessCheck({ db: tx, lifecycle })()).toBe(false);
      tx.rollback();
    }).catch((err: unknown) => {
      if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
    });
  });

  it('turns unready once draining, and asks every client to close its connection', async () => {
    const app = await buildTestApp();
    try {
      app.app.lifecycle.startDraining();
      const ready = await app.app.inject({ method: 'GET', url: '/readyz' });
      expect([ready.statusCode, ready.body]).toEqual([503, 'unready']);
      expect(ready.headers.connection).toBe('close');
      const alive = await app.app.inject({ method: 'GET', url: '/healthz' });
      expect(alive.statusCode).toBe(200);
      const served = await app.app.inject({ method: 'GET', url: '/ebsn/api/version.json' });
      expect(served.statusCode).toBe(200);
      expect(served.headers.connection).toBe('close');
    } finally {
      await app.close();
    }
  });
});

describe('metrics', () => {
  it('times requests by route pattern and status, never by the raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/ebsn/api/products/123456789?x=1' });
    await t.app.inject({ method: 'GET', url: '/no/such/page/42' });
    const text = await t.app.metrics.registry.metrics();
    expect(text).toMatch(
      /spesa_http_request_duration_seconds_count\{method="GET",route="\/ebsn\/api\/products\/:productId",status_code="200"\} 1/,
    );
    expect(text).toMatch(/route="unmatched",status_code="404"/);
    expect(text).not.toContain('123456789');
    expect(text).not.toContain('/no/such/page');
    expect(await sample('spesa_http_requests_in_flight')).toBe(0);
  });

  it("counts a refused sign-in through the shop's events", async () => {
    const before = (await sample('spesa_sign_in_failures_total', { reason: 'credentials' })) ?? 0;
    const refused = await login(t.app, 'mario.rossi@spesa.demo', `${DEMO_PASSWORD}-wrong`);
    expect(refused.body.response.status).not.toBe(0);
    expect(await sample('spesa_sign_in_failures_total', { reason: 'credentials' })).toBe(before + 1);
  });

  it('shows the database pool and the scheduled work', async () => {
    const idle = await sample('spesa_db_pool_connections', { state: 'idle' });
    expect(idle).toBeGreaterThanOrEqual(1);
    expect(await sample('spesa_db_pool_waiting')).toBe(0);
    // a kind no process handles stays due: the backlog and its lag grow
    await t.app.jobs.enqueue('metrics.never-handled', {}, { delayMs: 0 });
    await new Promise((r) => setTimeout(r, 1200));
    expect(await sample('spesa_scheduled_jobs_due')).toBeGreaterThanOrEqual(1);
    expect(await sample('spesa_scheduled_jobs_lag_seconds')).toBeGreaterThan(0);
  });
});
