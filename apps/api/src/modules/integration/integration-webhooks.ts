import type { AdminDelivery } from '@spesa/shared/contracts/admin-integration';
import type { FeedEvent } from '@spesa/shared/contracts/integration';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { JobQueue } from '../../lib/jobs';
import { failWith, ok, type Result } from '../../lib/result';
import { INTEGRATION_TEXT } from './integration.messages';
import { checkWebhookUrl, guardedLookup, type WebhookTargetPolicy } from './webhook-target';

/**
 * Signed webhooks (decision 096). Each event a client subscribed to is a delivery row, written with the
 * event's numbering (integration-feed.ts) and sent by a job of the shop's queue (decision 026: it survives
 * restarts, one process runs it). The body is the feed's event (JSON); the header
 * `Spesa-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the client's signing key>`
 * lets the receiver check origin, integrity and freshness (as Stripe's). A 2xx answer delivers it; anything
 * else (or no answer in 10 s) is retried after base, 2×base, 4×base… and after the last attempt the delivery
 * is dead: listed in the back office, where "riprova" sends it again.
 */
export const WEBHOOK_JOB = 'integration.webhook';
export const SIGNATURE_HEADER = 'spesa-signature';
const TIMEOUT_MS = 10_000;

export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** The receiver's check (documented for integrators, used by the tests): signature and a 5-minute window. */
export function verifyWebhook(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

interface DeliveryRow {
  deliveryId: number;
  state: string;
  attempts: number;
  payload: FeedEvent;
  eventType: string;
  url: string | null;
  secret: string | null;
}

const DELIVERY_COLUMNS = sql`d.delivery_id AS id, c.name AS "clientName", d.event_type AS "eventType",
  d.event_seq::float8 AS "eventSeq", d.state, d.attempts, d.last_status AS "lastStatus",
  d.last_error AS "lastError", d.updated_at AS "updatedAt"`;

const wireOf = (r: AdminDelivery & { updatedAt: string | Date }): AdminDelivery => ({
  ...r,
  eventSeq: Number(r.eventSeq),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

export class IntegrationWebhooks {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly retry: { baseMs: number; maxAttempts: number },
    private readonly now: () => Date,
    /** where a delivery may go (webhook-target.ts), checked again at each attempt */
    private readonly policy: WebhookTargetPolicy,
  ) {}

  /** The deliveries of newly numbered events to the clients that want them, on the numbering's transaction. */
  async enqueue(events: FeedEvent[], tx: Db): Promise<void> {
    if (events.length === 0) return;
    const clients = await queryRows<{ clientId: number; events: string[] }>(
      tx,
      sql`SELECT client_id AS "clientId", webhook_events AS events FROM integration_clients
          WHERE webhook_url IS NOT NULL AND revoked_at IS NULL AND 'orders' = ANY(scopes)`,
    );
    for (const c of clients)
      for (const e of events) {
        if (!c.events.includes(e.type)) continue;
        const [d] = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO integration_deliveries (client_id, event_seq, event_type, payload)
              VALUES (${c.clientId}, ${e.seq}, ${e.type}, ${JSON.stringify(e)}::jsonb)
              ON CONFLICT (client_id, event_seq) DO NOTHING RETURNING delivery_id AS id`,
        );
        if (d) await this.jobs.enqueue(WEBHOOK_JOB, { deliveryId: d.id }, { db: tx });
      }
  }

  /** The job: one attempt of a pending delivery; a failure schedules the next one or kills it. */
  async deliver(payload: unknown): Promise<void> {
    const deliveryId = Number((payload as { deliveryId?: unknown } | null)?.deliveryId);
    if (!Number.isInteger(deliveryId)) return;
    const [d] = await queryRows<DeliveryRow>(
      this.db,
      sql`SELECT d.delivery_id AS "deliveryId", d.state, d.attempts, d.payload, d.event_type AS "eventType",
                 c.webhook_url AS url, c.webhook_secret AS secret
            FROM integration_deliveries d JOIN integration_clients c ON c.client_id = d.client_id
           WHERE d.delivery_id = ${deliveryId}`,
    );
    if (!d || d.state !== 'pending') return;
    const outcome =
      d.url && d.secret ? await this.post(d, d.url, d.secret) : { status: null, error: 'nessun indirizzo' };
    const attempts = d.attempts + 1;
    const error = outcome.error;
    if (error === null) {
      await this.db.execute(
        sql`UPDATE integration_deliveries SET state = 'delivered', attempts = ${attempts},
              last_status = ${outcome.status}, last_error = NULL, updated_at = now()
            WHERE delivery_id = ${deliveryId} AND state = 'pending'`,
      );
      return;
    }
    const dead = attempts >= this.retry.maxAttempts;
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE integration_deliveries SET state = ${dead ? 'dead' : 'pending'}, attempts = ${attempts},
              last_status = ${outcome.status}, last_error = ${error.slice(0, 300)}, updated_at = now()
            WHERE delivery_id = ${deliveryId} AND state = 'pending'`,
      );
      if (!dead)
        await this.jobs.enqueue(
          WEBHOOK_JOB,
          { deliveryId },
          { db: tx, delayMs: this.retry.baseMs * 2 ** (attempts - 1) },
        );
    });
  }

  private async post(
    d: DeliveryRow,
    url: string,
    secret: string,
  ): Promise<{ status: number | null; error: string | null }> {
    const body = JSON.stringify(d.payload);
    const t = Math.floor(this.now().getTime() / 1000);
    const target = checkWebhookUrl(url, this.policy);
    if (!target.ok) return { status: null, error: target.message };
    return sendPost(target.data.url, this.policy, body, {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(secret, body, t),
      'spesa-event': d.eventType,
      'spesa-delivery': String(d.deliveryId),
    });
  }

  async list(state: AdminDelivery['state']): Promise<AdminDelivery[]> {
    const rows = await queryRows<AdminDelivery>(
      this.db,
      sql`SELECT ${DELIVERY_COLUMNS} FROM integration_deliveries d
            JOIN integration_clients c ON c.client_id = d.client_id
          WHERE d.state = ${state} ORDER BY d.updated_at DESC LIMIT 200`,
    );
    return rows.map(wireOf);
  }

  /** "riprova": a dead delivery sent again now, its attempts counted afresh. */
  async retryDead(id: number): Promise<Result<{ delivery: AdminDelivery }>> {
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<{ state: string; url: string | null }>(
        tx,
        sql`SELECT d.state, c.webhook_url AS url FROM integration_deliveries d
              JOIN integration_clients c ON c.client_id = d.client_id
            WHERE d.delivery_id = ${id} FOR UPDATE OF d`,
      );
      if (!row) return failWith(INTEGRATION_TEXT.deliveryNotFound);
      if (row.state !== 'dead') return failWith(INTEGRATION_TEXT.deliveryNotDead);
      if (!row.url) return failWith(INTEGRATION_TEXT.noWebhook);
      await tx.execute(
        sql`UPDATE integration_deliveries SET state = 'pending', attempts = 0, updated_at = now()
            WHERE delivery_id = ${id}`,
      );
      await this.jobs.enqueue(WEBHOOK_JOB, { deliveryId: id }, { db: tx });
      const [delivery] = await queryRows<AdminDelivery>(
        tx,
        sql`SELECT ${DELIVERY_COLUMNS} FROM integration_deliveries d
              JOIN integration_clients c ON c.client_id = d.client_id WHERE d.delivery_id = ${id}`,
      );
      if (!delivery) throw new Error('delivery vanished');
      return ok({ delivery: wireOf(delivery) });
    });
  }
}

/**
 * One POST of a delivery: the connection's addresses checked by `guardedLookup` (no DNS rebinding), redirects
 * not followed (a 3xx is a failed attempt), the answer's body not read, 10 s at most.
 */
function sendPost(
  url: URL,
  policy: WebhookTargetPolicy,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number | null; error: string | null }> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(policy),
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        resolve(
          status >= 200 && status < 300 ? { status, error: null } : { status, error: `HTTP ${status}` },
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`nessuna risposta in ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (err) => resolve({ status: null, error: err.message }));
    req.end(body);
  });
}
