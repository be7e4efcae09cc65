import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ComposedWrite } from './composed-write';
import { PreparedSql, queryRows } from '../db/rows';
import { scheduledJobs } from '../db/schema';

/**
 * Work done after the answer or later, once per cluster (decision 026), kept in the table scheduled_jobs
 * so that it survives restarts and crashes:
 * - `enqueue` writes a job (inside the caller's transaction when given one);
 * - every process polls; a due job is claimed with FOR UPDATE SKIP LOCKED and held for `lockMs`, so two
 *   processes never run it at once, and a job whose process died is claimed again when its hold runs out;
 * - a handler that throws is retried with a growing delay (2, 4, 8… s, then every 10 minutes), up to
 *   `maxAttempts` (the queue's, or its kind's), then left with its error;
 * - `every` declares recurring work: one pending run per cluster (singleton key), the next one written when
 *   a run ends.
 * Delivery is at least once: handlers are idempotent (each one says how).
 */
export type JobHandler = (payload: unknown) => Promise<void>;

export interface JobQueueOptions {
  /** how often a process looks for due jobs (ms) */
  pollMs?: number;
  /** how long a claimed job is held before another process may take it (ms) */
  lockMs?: number;
  maxAttempts?: number;
  onError?: (err: unknown, job: { kind: string; jobId: number }) => void;
}

interface ClaimedJob {
  job_id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  singleton_key: string | null;
}

const p = (name: string) => sql.placeholder(name);

/** The wait before a failed job's next attempt, after `attempts` attempts: 2, 4, 8… seconds, at most 10 minutes. */
export const retryDelayMs = (attempts: number): number => Math.min(600_000, 1000 * 2 ** attempts);

/**
 * A job's write (`enqueue`'s statement, `enqueueSql`'s CTE): one job per row of `from` when given, only when
 * `when` holds, due `delay` ms from now; a waiting job of the same singleton key wins.
 */
function jobInsertSql(job: {
  kind: SQL;
  payload: SQL;
  delay: SQL;
  singletonKey: SQL;
  from?: SQL | undefined;
  when?: SQL | undefined;
}): SQL {
  return sql`INSERT INTO ${scheduledJobs} (kind, payload, run_at, singleton_key)
    SELECT ${job.kind}::text, (${job.payload})::jsonb, now() + ${job.delay}::int * interval '1 millisecond',
      ${job.singletonKey}::text
    ${job.from ? sql`FROM ${job.from}` : sql``} ${job.when ? sql`WHERE ${job.when}` : sql``}
    ON CONFLICT (singleton_key) WHERE done_at IS NULL DO NOTHING`;
}

/** The queue's statements run for every job (decision 059, session 47): their texts built once, prepared by name. */
const JOB_SQL = {
  enqueue: new PreparedSql<never>('jobs_enqueue', () =>
    jobInsertSql({
      kind: sql`${p('kind')}`,
      payload: sql`${p('payload')}`,
      delay: sql`${p('delay')}`,
      singletonKey: sql`${p('singletonKey')}`,
    }),
  ),
  /**
   * the next due job of the kinds this process runs (`kinds`: their names, a text[]), and the job this process
   * finished just before (`doneId`, null for none) marked done in the same statement: one write transaction per
   * job instead of two (decision 059, session 49). The finished job is never the one claimed (its hold may have
   * run out while it ran). The kinds go through a sub-select so that no plan sees their count and the generic
   * plan is kept (planned once per connection, not at every poll: decision 059, session 48)
   */
  claim: new PreparedSql<ClaimedJob>(
    'jobs_claim',
    () => sql`
      WITH finished AS (
        UPDATE ${scheduledJobs} SET done_at = now(), locked_until = NULL WHERE job_id = ${p('doneId')}::bigint)
      UPDATE ${scheduledJobs}
         SET locked_until = now() + ${p('lockMs')} * interval '1 millisecond', attempts = attempts + 1
       WHERE job_id = (
         SELECT job_id FROM ${scheduledJobs}
          WHERE done_at IS NULL AND run_at <= now()
            AND (locked_until IS NULL OR locked_until < now())
            AND kind = ANY (ARRAY(SELECT unnest(${p('kinds')}::text[])))
            AND job_id IS DISTINCT FROM ${p('doneId')}::bigint
          ORDER BY run_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
      RETURNING job_id::int AS job_id, kind, payload, attempts, singleton_key`,
  ),
  done: new PreparedSql<never>(
    'jobs_done',
    () => sql`UPDATE ${scheduledJobs} SET done_at = now(), locked_until = NULL WHERE job_id = ${p('jobId')}`,
  ),
};

export class JobQueue {
  readonly #handlers = new Map<string, JobHandler>();
  /** the kinds whose attempts differ from the queue's `maxAttempts` */
  readonly #attemptsOfKind = new Map<string, number>();
  readonly #recurring = new Map<string, number>();
  readonly #pollMs: number;
  readonly #lockMs: number;
  readonly #maxAttempts: number;
  readonly #onError: NonNullable<JobQueueOptions['onError']>;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;

  constructor(
    private readonly db: Db,
    opts: JobQueueOptions = {},
  ) {
    this.#pollMs = opts.pollMs ?? 1000;
    this.#lockMs = opts.lockMs ?? 60_000;
    this.#maxAttempts = opts.maxAttempts ?? 8;
    this.#onError = opts.onError ?? (() => {});
  }

  /**
   * The handler of one kind of job (one per kind); `maxAttempts`: this kind's, when its work must outlast a
   * longer outage than the queue's attempts span (a mail to send: decision 101).
   */
  register(kind: string, handler: JobHandler, opts: { maxAttempts?: number } = {}): void {
    if (this.#handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.#handlers.set(kind, handler);
    if (opts.maxAttempts !== undefined) this.#attemptsOfKind.set(kind, opts.maxAttempts);
  }

  /** Recurring work every `intervalMs`: one run at a time in the whole cluster. */
  every(kind: string, intervalMs: number, handler: JobHandler): void {
    this.register(kind, handler);
    this.#recurring.set(kind, intervalMs);
  }

  /** Writes a job; `db` is the caller's transaction when the job must exist only if it commits. */
  async enqueue(
    kind: string,
    payload: unknown,
    opts: { delayMs?: number; singletonKey?: string; db?: Db } = {},
  ): Promise<void> {
    const delay = Math.max(0, Math.round(opts.delayMs ?? 0));
    await JOB_SQL.enqueue.rows(opts.db ?? this.db, {
      kind,
      payload: JSON.stringify(payload),
      delay,
      singletonKey: opts.singletonKey ?? null,
    });
    // a job due now is run by this process at once (others would find it at their next poll)
    if (delay === 0 && !opts.db) this.kick();
  }

  /**
   * A job written by another statement (decision 059, session 52), as the body of one of its CTEs: one job per
   * row of `from` (a CTE of that statement; absent: one job) when `when` holds, its payload and singleton key SQL
   * over that row's columns, due after `delayMs`. As `enqueue` in a transaction: the next poll runs it once the
   * statement has committed.
   */
  enqueueSql(
    kind: string,
    job: { payload: SQL; singletonKey?: SQL | null; from?: SQL; when?: SQL; delayMs?: number },
  ): SQL {
    return jobInsertSql({
      kind: sql`${kind}`,
      payload: job.payload,
      delay: sql`${Math.max(0, Math.round(job.delayMs ?? 0))}`,
      singletonKey: job.singletonKey ?? sql`NULL`,
      from: job.from,
      when: job.when,
    });
  }

  /** `enqueue` as a `ComposedWrite` for another statement (`enqueueSql`'s job written when its condition holds). */
  enqueueWrite(kind: string, payload: unknown, opts: { delayMs?: number } = {}): ComposedWrite {
    return {
      ctes: (name, when) =>
        sql`${sql.raw(name)} AS (${this.enqueueSql(kind, { payload: sql`${JSON.stringify(payload)}`, when, ...opts })})`,
    };
  }

  /**
   * The job of `singletonKey` not done yet (due, waiting for its retry, or running), or null; `db`: the
   * caller's transaction when its answer decides a write there.
   */
  async pending(
    singletonKey: string,
    db: Db = this.db,
  ): Promise<{ jobId: number; attempts: number; runAt: Date } | null> {
    const [job] = await db
      .select({ jobId: scheduledJobs.jobId, attempts: scheduledJobs.attempts, runAt: scheduledJobs.runAt })
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.singletonKey, singletonKey), isNull(scheduledJobs.doneAt)))
      .limit(1);
    return job ?? null;
  }

  /** Starts polling (and writes the first run of each recurring kind). */
  async start(): Promise<void> {
    this.#stopped = false;
    for (const [kind, intervalMs] of this.#recurring)
      await this.enqueue(kind, {}, { singletonKey: kind, delayMs: Math.min(intervalMs, 5_000) });
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** Runs the due jobs now (in the background); a run already going on runs once more after it. */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.runDue()
      .catch((err: unknown) => this.#onError(err, { kind: '(poll)', jobId: 0 }))
      .then(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** Waits for this process's run in progress, then runs what is due (tests: "after the answer" is over). */
  async drain(): Promise<void> {
    while (this.#running) await this.#running;
    await this.runDue();
  }

  /**
   * Claims and runs due jobs until none is left (or `limit` ran); answers how many ran. A job that succeeded
   * is marked done by the next claim's statement (the last one's by a claim that finds nothing, or on its own
   * when `limit` stops the run). A claim that fails leaves that job not done: it is run again once its hold
   * runs out, as after a crash (delivery is at least once).
   */
  async runDue(limit = 100): Promise<number> {
    let ran = 0;
    let finished: number | null = null;
    while (ran < limit) {
      const job = await this.#claim(finished);
      finished = null;
      if (!job) break;
      ran += 1;
      finished = await this.#run(job);
    }
    if (finished !== null) await JOB_SQL.done.rows(this.db, { jobId: finished });
    return ran;
  }

  /** The cluster's backlog: jobs due now and not done, and how late the oldest of them is (the metrics). */
  async backlog(): Promise<{ due: number; lagSeconds: number }> {
    const [row] = await queryRows<{ due: number; lagSeconds: number }>(
      this.db,
      sql`SELECT count(*)::int AS due,
                 COALESCE(EXTRACT(EPOCH FROM now() - min(run_at)), 0)::float8 AS "lagSeconds"
            FROM ${scheduledJobs} WHERE done_at IS NULL AND run_at <= now()`,
    );
    return row ?? { due: 0, lagSeconds: 0 };
  }

  /** Deletes jobs finished more than a day ago (their payloads may hold personal data). */
  async deleteFinished(): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${scheduledJobs} WHERE done_at < now() - interval '1 day'`);
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.kick();
      this.#schedule();
    }, this.#pollMs);
    this.#timer.unref();
  }

  /** The next due job; `doneId`: the job this process just finished, marked done by the same statement. */
  async #claim(doneId: number | null): Promise<ClaimedJob | null> {
    const kinds = [...this.#handlers.keys()];
    if (kinds.length === 0) return null;
    const [job] = await JOB_SQL.claim.rows(this.db, { lockMs: this.#lockMs, kinds, doneId });
    return job ?? null;
  }

  /**
   * Runs a claimed job; answers its id when it succeeded and is still to be marked done (by the next claim),
   * null when its row is written already (a failure, or recurring work: its next run is written only once
   * this one is done, the singleton key admitting one pending run).
   */
  async #run(job: ClaimedJob): Promise<number | null> {
    const handler = this.#handlers.get(job.kind);
    const intervalMs = this.#recurring.get(job.kind);
    const recurring =
      intervalMs !== undefined && job.singleton_key ? { intervalMs, key: job.singleton_key } : null;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      if (!recurring) return job.job_id;
      await JOB_SQL.done.rows(this.db, { jobId: job.job_id });
    } catch (err) {
      this.#onError(err, { kind: job.kind, jobId: job.job_id });
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const giveUp = job.attempts >= (this.#attemptsOfKind.get(job.kind) ?? this.#maxAttempts);
      const retryMs = retryDelayMs(job.attempts);
      await this.db.execute(sql`
        UPDATE ${scheduledJobs}
           SET last_error = ${message}, locked_until = NULL,
               done_at = ${giveUp ? sql`now()` : sql`NULL`},
               run_at = now() + ${retryMs} * interval '1 millisecond'
         WHERE job_id = ${job.job_id}`);
    }
    if (recurring)
      await this.enqueue(job.kind, {}, { singletonKey: recurring.key, delayMs: recurring.intervalMs });
    return null;
  }
}
