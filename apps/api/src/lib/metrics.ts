import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ShopEvent } from './shop-events';

/**
 * The shop's metrics in Prometheus's text format (decision 089), one registry per built app (tests build many
 * apps in one process). Served by server.ts on METRICS_PORT only, never on the shop's port: the lone process
 * answers from this registry, a cluster's primary gathers its workers' (prom-client's AggregatorRegistry).
 * The modules do not import this file: their events reach it through `ShopEvents` (lib/shop-events.ts), the
 * database's pool and the job queue through the sources below.
 */
export interface MetricsSources {
  /** the database's connections: in use, idle, and queries waiting for one */
  pool: () => { total: number; idle: number; waiting: number };
  /** the scheduled work not done yet: due now, and how late the oldest due job is (seconds) */
  jobQueue: () => Promise<{ due: number; lagSeconds: number }>;
  /** tells each wait for a pooled connection (PostgreSQL; PGlite has one connection and no pool) */
  onPoolWait?: ((listener: (seconds: number) => void) => void) | undefined;
}

/** Request durations: 5 ms to 10 s (a listing answers in ~10 ms, a buy in ~50 ms under load). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const requestDuration = new Histogram({
    name: 'spesa_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern (never the raw URL) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const inFlight = new Gauge({
    name: 'spesa_http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers,
  });
  const throttled = new Counter({
    name: 'spesa_throttled_requests_total',
    help: 'Requests refused by a throttle (HTTP 429), by route pattern',
    labelNames: ['route'] as const,
    registers,
  });
  const ordersPlaced = new Counter({
    name: 'spesa_orders_placed_total',
    help: 'Orders placed (the buy committed)',
    registers,
  });
  const payments = new Counter({
    name: 'spesa_payments_total',
    help: "Payment providers' notifications applied to an authorisation, by outcome",
    labelNames: ['outcome'] as const,
    registers,
  });
  const captures = new Counter({
    name: 'spesa_payment_captures_total',
    help: 'Payments captured (money taken on a held authorisation)',
    registers,
  });
  const refunds = new Counter({
    name: 'spesa_payment_refunds_total',
    help: 'Refunds made by staff',
    registers,
  });
  const signInFailures = new Counter({
    name: 'spesa_sign_in_failures_total',
    help: "Customers' sign-ins refused: wrong credentials or a wrong one-time PIN",
    labelNames: ['reason'] as const,
    registers,
  });
  const mails = new Counter({
    name: 'spesa_mails_total',
    help: 'E-mails written to the outbox (queued), and those the SMTP server refused (failed)',
    labelNames: ['result'] as const,
    registers,
  });
  const jobsFailed = new Counter({
    name: 'spesa_scheduled_job_failures_total',
    help: 'Scheduled jobs that threw (each is retried later, up to its attempts)',
    labelNames: ['kind'] as const,
    registers,
  });
  for (const outcome of ['success', 'pending', 'declined']) payments.inc({ outcome }, 0);
  for (const result of ['queued', 'failed']) mails.inc({ result }, 0);

  const onEvent = (event: ShopEvent): void => {
    switch (event.kind) {
      case 'order.placed':
        return ordersPlaced.inc();
      case 'payment.outcome':
        return payments.inc({ outcome: event.outcome.slice(0, 30) });
      case 'payment.captured':
        return captures.inc();
      case 'payment.refunded':
        return refunds.inc();
      case 'signIn.failed':
        return signInFailures.inc({ reason: event.reason });
      case 'mail.queued':
        return mails.inc({ result: 'queued' });
      case 'mail.failed':
        return mails.inc({ result: 'failed' });
    }
  };

  return {
    registry,
    onEvent,
    /** one answered request: `route` is the matched pattern, or "unmatched" */
    requestEnded(method: string, route: string, statusCode: number, seconds: number): void {
      requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
      if (statusCode === 429) throttled.inc({ route });
    },
    inFlight,
    jobFailed: (kind: string) => jobsFailed.inc({ kind }),
    /** The database pool's and the job queue's gauges, read at each scrape. */
    observe(sources: MetricsSources): void {
      observeSources(registry, sources);
    },
    /**
     * The process's own figures: event-loop delay, heap, CPU, handles (prom-client's default metrics). The delay
     * is sampled every 100 ms (prom-client's default, 10 ms, wakes an idle process 100 times a second: 5-7 ms of
     * CPU per second per process; decision 059, session 52): a stall of 100 ms or more is always seen.
     */
    observeProcess(): void {
      collectDefaultMetrics({ register: registry, prefix: 'spesa_', eventLoopMonitoringPrecision: 100 });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

function observeSources(registry: Registry, sources: MetricsSources): void {
  const registers = [registry];
  // one query per scrape for both job gauges; a database that does not answer shows as NaN
  let read: { at: number; value: Promise<{ due: number; lagSeconds: number }> } | null = null;
  const jobQueue = () => {
    if (!read || performance.now() - read.at > 1000)
      read = {
        at: performance.now(),
        value: sources.jobQueue().catch(() => ({ due: Number.NaN, lagSeconds: Number.NaN })),
      };
    return read.value;
  };
  if (sources.onPoolWait) {
    const poolWait = new Histogram({
      name: 'spesa_db_pool_wait_seconds',
      help: 'Time a query waited for a free database connection (PostgreSQL pool)',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    sources.onPoolWait((seconds) => poolWait.observe(seconds));
  }
  new Gauge({
    name: 'spesa_db_pool_connections',
    help: "The database connections of the process: in use, idle (PGlite: one connection, 'in use' while it runs a query)",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { total, idle } = sources.pool();
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'spesa_db_pool_waiting',
    help: 'Queries waiting for a database connection',
    registers,
    collect() {
      this.set(sources.pool().waiting);
    },
  });
  // every process reads the same table: the cluster's figure is any one of them (the largest)
  new Gauge({
    name: 'spesa_scheduled_jobs_due',
    help: 'Scheduled jobs due now and not done (the whole cluster: the same table for every process)',
    aggregator: 'max',
    registers,
    async collect() {
      this.set((await jobQueue()).due);
    },
  });
  new Gauge({
    name: 'spesa_scheduled_jobs_lag_seconds',
    help: 'How late the oldest due scheduled job is (0 when none is due)',
    aggregator: 'max',
    registers,
    async collect() {
      this.set((await jobQueue()).lagSeconds);
    },
  });
}
