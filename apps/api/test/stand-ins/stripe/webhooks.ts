import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type Stripe from 'stripe';
import { randomId, type RequestContext } from './payment-ledger';

/**
 * Events and their delivery to webhook endpoints, as Stripe does it (https://docs.stripe.com/webhooks):
 * - each state change makes an `event` holding a snapshot of the object as it was then (so a late or reordered
 *   delivery carries the older state);
 * - a delivery is a POST of the event's JSON with `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 *   "<t>.<raw body>" keyed with the endpoint's signing secret>`; the SDK's `webhooks.constructEvent` checks it and
 *   refuses a `t` older than its tolerance (300 s);
 * - a non-2xx answer, a timeout or a refused connection is retried with exponential backoff, a bounded number of
 *   times, each attempt signed afresh (Stripe retries for days in live mode; here milliseconds apart).
 * Stripe promises neither order nor exactly-once delivery; the test controls make both visible: hold events back,
 * then release them in any order, deliver one twice, or deliver one with an old signature timestamp.
 */
export type StandInEvent = Pick<
  Stripe.Event,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'
> & { type: Stripe.Event.Type; data: { object: object; previous_attributes?: Record<string, unknown> } };

export interface WebhookEndpoint {
  url: string;
  /** the endpoint's signing secret, `whsec_...` */
  secret: string;
  /** event types sent to it, all by default */
  enabledEvents?: readonly Stripe.Event.Type[];
}

export interface DeliveryAttempt {
  eventId: string;
  type: Stripe.Event.Type;
  url: string;
  attempt: number;
  /** HTTP status, or null when no answer came (refused, reset, timed out) */
  status: number | null;
  signatureTimestamp: number;
}

export interface DeliverOptions {
  /** unix seconds put in `t=` instead of the clock's (a replayed or long-delayed request) */
  signatureTimestamp?: number;
}

export interface WebhookRetryPolicy {
  /** attempts per event and endpoint, the first included */
  maxAttempts: number;
  /** wait before the second attempt; doubled before each further one */
  baseDelayMs: number;
  timeoutMs: number;
}

export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<number | null> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        timeout: timeoutMs,
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? null));
        res.on('error', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class WebhookDispatcher {
  readonly endpoints: WebhookEndpoint[] = [];
  private readonly events: StandInEvent[] = [];
  private readonly held: string[] = [];
  private readonly log: DeliveryAttempt[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private holding: boolean;

  constructor(
    private readonly options: {
      now(): number;
      apiVersion: string;
      retry: WebhookRetryPolicy;
      hold: boolean;
    },
  ) {
    this.holding = options.hold;
  }

  /** a new event from a state change: sent at once, or kept back while holding */
  publish(type: Stripe.Event.Type, object: object, request: RequestContext): StandInEvent {
    const event: StandInEvent = {
      id: randomId('evt_'),
      object: 'event',
      api_version: this.options.apiVersion,
      created: Math.floor(this.options.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: this.endpointsFor(type).length,
      request: { ...request },
      type,
    };
    this.events.push(event);
    if (this.endpointsFor(type).length > 0) {
      if (this.holding) this.held.push(event.id);
      else this.track(this.deliver(event.id));
    }
    return event;
  }

  private endpointsFor(type: Stripe.Event.Type): WebhookEndpoint[] {
    return this.endpoints.filter((e) => !e.enabledEvents || e.enabledEvents.includes(type));
  }

  private track(p: Promise<unknown>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  addEndpoint(endpoint: WebhookEndpoint): void {
    this.endpoints.push(endpoint);
  }

  /** every event so far, oldest first (what `GET /v1/events` lists newest first) */
  all(): StandInEvent[] {
    return [...this.events];
  }

  event(id: string): StandInEvent | undefined {
    return this.events.find((e) => e.id === id);
  }

  ofType(type: Stripe.Event.Type): StandInEvent[] {
    return this.events.filter((e) => e.type === type);
  }

  /** every delivery attempt so far */
  attempts(): DeliveryAttempt[] {
    return [...this.log];
  }

  /** events made from now on wait for `release` or `deliver` */
  hold(): void {
    this.holding = true;
  }

  /** ids of the events held back, oldest first */
  heldEvents(): string[] {
    return [...this.held];
  }

  /**
   * Sends the held events one after the other, in the order given (default: as they happened; 'reverse': newest
   * first; or a list of event ids, the others staying held), and stops holding when all are out.
   */
  async release(order: 'created' | 'reverse' | readonly string[] = 'created'): Promise<DeliveryAttempt[]> {
    const ids =
      order === 'created' ? [...this.held] : order === 'reverse' ? [...this.held].reverse() : [...order];
    for (const id of ids) {
      const at = this.held.indexOf(id);
      if (at < 0) throw new Error(`event ${id} is not held`);
      this.held.splice(at, 1);
    }
    if (this.held.length === 0) this.holding = false;
    const attempts: DeliveryAttempt[] = [];
    for (const id of ids) attempts.push(...(await this.deliver(id)));
    return attempts;
  }

  /** sends one event to its endpoints now (again, if it was sent before), retrying as Stripe does */
  async deliver(eventId: string, options: DeliverOptions = {}): Promise<DeliveryAttempt[]> {
    const event = this.event(eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    const results = await Promise.all(
      this.endpointsFor(event.type).map((e) => this.deliverTo(event, e, options)),
    );
    return results.flat();
  }

  private async deliverTo(
    event: StandInEvent,
    endpoint: WebhookEndpoint,
    options: DeliverOptions,
  ): Promise<DeliveryAttempt[]> {
    const { maxAttempts, baseDelayMs, timeoutMs } = this.options.retry;
    const attempts: DeliveryAttempt[] = [];
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1) await sleep(baseDelayMs * 2 ** (attempt - 2));
      const payload = JSON.stringify(event, null, 2);
      const timestamp = options.signatureTimestamp ?? Math.floor(this.options.now() / 1000);
      const status = await post(
        endpoint.url,
        payload,
        {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(payload, endpoint.secret, timestamp),
        },
        timeoutMs,
      );
      const record = {
        eventId: event.id,
        type: event.type,
        url: endpoint.url,
        attempt,
        status,
        signatureTimestamp: timestamp,
      };
      this.log.push(record);
      attempts.push(record);
      if (status !== null && status >= 200 && status < 300) {
        event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
        break;
      }
    }
    return attempts;
  }

  /** resolves when the deliveries started on their own (not held) are over, retries included */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
