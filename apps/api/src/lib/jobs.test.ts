import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows';
import { buildTestApp, type TestApp } from '../../test/helper';
import { JobQueue, retryDelayMs } from './jobs';

/**
 * The scheduled-work queue on the test database (PGlite, or this file's PostgreSQL database): each job runs
 * once and is marked done (by the next claim's statement, or on its own), a job whose process died is run
 * again, a failing one is retried later and finally left with its error, recurring work keeps one pending run.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ runJobs: false });
});
afterAll(async () => {
  await t?.close();
});

let kinds = 0;
const newKind = () => `test.${Date.now()}.${kinds++}`;
const rowsOf = (kind: string) =>
  queryRows<{ attempts: number; done: boolean; error: string | null; runsLater: boolean }>(
    t.db,
    sql`SELECT attempts, done_at IS NOT NULL AS done, last_error AS error, run_at > now() AS "runsLater"
        FROM scheduled_jobs WHERE kind = ${kind} ORDER BY job_id`,
  );

describe('job queue', () => {
  it("writes a job by another statement's CTE only when its condition holds, due after its delay", async () => {
    const q = new JobQueue(t.db);
    const kind = newKind();
    const seen: unknown[] = [];
    q.register(kind, async (payload) => void seen.push(payload));
    const composed = (when: boolean, payload: unknown, delayMs: number) =>
      t.db.execute(
        sql`WITH ${q.enqueueWrite(kind, payload, { delayMs }).ctes('job', when ? sql`true` : sql`false`)} SELECT 1`,
      );
    await composed(false, { n: 0 }, 0);
    expect(await rowsOf(kind)).toEqual([]);
    await composed(true, { n: 1 }, 60_000);
    await composed(true, { n: 2 }, 0);
    expect((await rowsOf(kind)).map((r) => r.runsLater)).toEqual([true, false]);
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 2 }]);
  });

  it('runs a job once with its payload, and marks it done', async () => {
    const q = new JobQueue(t.db);
    const kind = newKind();
    const seen: unknown[] = [];
    q.register(kind, async (payload) => {
      seen.push(payload);
    });
    await q.enqueue(kind, { orderId: 7 });
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual([{ orderId: 7 }]);
    expect(await rowsOf(kind)).toEqual([{ attempts: 1, done: true, error: null, runsLater: false }]);
  });

  it('runs the due jobs one after the other and marks each done, the last one also when the limit stops the run', async () => {
    const q = new JobQueue(t.db);
    const kind = newKind();
    const seen: unknown[] = [];
    q.register(kind, async (payload) => {
      seen.push(payload);
    });
    for (const n of [1, 2, 3]) await q.enqueue(kind, { n });
    expect(await q.runDue(2)).toBe(2);
    expect(await rowsOf(kind)).toEqual([
      { attempts: 1, done: true, error: null, runsLater: false },
      { attempts: 1, done: true, error: null, runsLater: false },
      { attempts: 0, done: false, error: null, runsLater: false },
    ]);
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect((await rowsOf(kind)).map((r) => r.done)).toEqual([true, true, true]);
  });

  it('a job that outlived its hold is marked done, not claimed again by the claim that marks it', async () => {
    const q = new JobQueue(t.db, { lockMs: 1 });
    const kind = newKind();
    let ran = 0;
    q.register(kind, async () => {
      ran += 1;
      await new Promise((r) => setTimeout(r, 30));
    });
    await q.enqueue(kind, {});
    expect(await q.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect(await rowsOf(kind)).toEqual([{ attempts: 1, done: true, error: null, runsLater: false }]);
  });

  it('does not run a job before its time', async () => {
    const q = new JobQueue(t.db);
    const kind = newKind();
    q.register(kind, async () => {});
    await q.enqueue(kind, {}, { delayMs: 60_000 });
    expect(await q.runDue()).toBe(0);
  });

  it('runs again a job whose process died while holding it, once its hold ran out', async () => {
    const kind = newKind();
    // a process that claimed the job and died: the claim is recorded, the job never finished
    const dead = new JobQueue(t.db, { lockMs: 50 });
    dead.register(kind, () => new Promise<void>(() => {}));
    await dead.enqueue(kind, { n: 1 });
    void dead.runDue();
    await new Promise((r) => setTimeout(r, 100));
    const alive = new JobQueue(t.db);
    let ran = 0;
    alive.register(kind, async () => {
      ran += 1;
    });
    expect(await alive.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect((await rowsOf(kind))[0]).toMatchObject({ attempts: 2, done: true });
  });

  it('a failing job is retried later with its error kept, and left after the last attempt', async () => {
    const q = new JobQueue(t.db, { maxAttempts: 2 });
    const kind = newKind();
    q.register(kind, async () => {
      throw new Error('SMTP non raggiungibile');
    });
    await q.enqueue(kind, {});
    expect(await q.runDue()).toBe(1);
    expect((await rowsOf(kind))[0]).toMatchObject({
      attempts: 1,
      done: false,
      error: 'SMTP non raggiungibile',
      runsLater: true,
    });
    await t.db.execute(sql`UPDATE scheduled_jobs SET run_at = now() WHERE kind = ${kind}`);
    expect(await q.runDue()).toBe(1);
    expect((await rowsOf(kind))[0]).toMatchObject({
      attempts: 2,
      done: true,
      error: 'SMTP non raggiungibile',
    });
  });

  it("a kind's own attempts outlast the queue's", async () => {
    const q = new JobQueue(t.db, { maxAttempts: 1 });
    const kind = newKind();
    q.register(
      kind,
      async () => {
        throw new Error('SMTP non raggiungibile');
      },
      { maxAttempts: 3 },
    );
    await q.enqueue(kind, {});
    for (const attempts of [1, 2]) {
      expect(await q.runDue()).toBe(1);
      expect((await rowsOf(kind))[0]).toMatchObject({ attempts, done: false, runsLater: true });
      await t.db.execute(sql`UPDATE scheduled_jobs SET run_at = now() WHERE kind = ${kind}`);
    }
    expect(await q.runDue()).toBe(1);
    expect((await rowsOf(kind))[0]).toMatchObject({ attempts: 3, done: true });
  });

  it('waits 2, 4, 8… seconds between attempts, at most 10 minutes', () => {
    expect([1, 2, 3, 9, 10, 400].map(retryDelayMs)).toEqual([2000, 4000, 8000, 512_000, 600_000, 600_000]);
  });

  it('recurring work keeps one pending run, however many processes start', async () => {
    const kind = newKind();
    const queues = [new JobQueue(t.db), new JobQueue(t.db), new JobQueue(t.db)];
    let ran = 0;
    for (const q of queues)
      q.every(kind, 60_000, async () => {
        ran += 1;
      });
    await Promise.all(queues.map((q) => q.start()));
    await Promise.all(queues.map((q) => q.stop()));
    expect(await rowsOf(kind)).toHaveLength(1);
    await t.db.execute(sql`UPDATE scheduled_jobs SET run_at = now() WHERE kind = ${kind}`);
    await Promise.all(queues.map((q) => q.runDue()));
    expect(ran).toBe(1);
    // the run wrote the next one
    const rows = await rowsOf(kind);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ done: false, runsLater: true });
  });
});
