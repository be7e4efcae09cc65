import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CheckoutSessions, SESSION_PARAMS } from './checkout-sessions';
import { CUSTOMER_PARAMS, Customers } from './customers';
import { canonicalParams, FormBodyError, parseFormBody, type FormObject } from './form-body';
import { challengePage, checkoutPage, messagePage, returnUrl } from './hosted-pages';
import { PaymentLedger, randomId, type RequestContext } from './payment-ledger';
import { authenticationError, idempotencyError, invalidRequest, StripeApiError } from './stripe-errors';
import { Params } from './stripe-params';
import { AUTHENTICATION_REQUIRED } from './test-cards';
import { WebhookDispatcher, type WebhookEndpoint, type WebhookRetryPolicy } from './webhooks';

/**
 * A stand-in for Stripe's API (decision 080): a real HTTP server on 127.0.0.1 that the official `stripe` SDK talks
 * to through its `host`/`port`/`protocol` options (src/lib/stripe-client.ts), answering in Stripe's JSON shapes
 * and errors as its public API reference describes them, with state in memory per instance. It covers what the
 * shop's card payments use: PaymentIntents (manual capture, off-session with a saved card), Refunds, Customers and
 * their saved PaymentMethods, Checkout Sessions with a hosted page, 3D Secure, Events, webhooks signed like Stripe's, idempotency keys and the lapse of uncaptured authorisations.
 *
 * The request layer:
 * - `Authorization: Bearer <secret key>` (or Basic with the key as user): 401 otherwise;
 * - `Stripe-Version` accepted when it looks like a version (`2026-10-28.endive`), echoed back;
 * - form-encoded bodies with bracketed keys (form-body.ts), unknown parameters refused;
 * - `Idempotency-Key` on POST: the first result is kept 24 hours and replayed (with `Idempotent-Replayed: true`)
 *   for the same key, endpoint and parameters; another endpoint or other parameters answer 400
 *   `idempotency_error`; a refusal before the endpoint ran (bad parameters, authentication) is not kept.
 *   (Stripe's concurrent-request 409 cannot happen here: every endpoint runs to its end in one turn.)
 * Test controls: an injectable clock (`now`, `sweep()` applies the lapses), webhook hold/release/deliver
 * (webhooks.ts), `dropResponses(n)` to lose answers after the work was done (the SDK retries with its key),
 * `failNextOffSessionUse(pm, code)` to have a saved card's next off-session payment refused.
 */
export interface StripeStandInOptions {
  secretKey?: string;
  webhookEndpoints?: WebhookEndpoint[];
  /** keep events back until `webhooks.release()` (default: send each at once) */
  holdWebhooks?: boolean;
  webhookRetry?: Partial<WebhookRetryPolicy>;
  /** the stand-in's clock, in ms (default Date.now) */
  now?: () => number;
  /** how long an uncaptured card authorisation holds (default 7 days, Stripe's for online card payments) */
  authorisationLapseMs?: number;
  /** `api_version` written in events */
  apiVersion?: string;
}

export interface LoggedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number;
  replayed: boolean;
  dropped: boolean;
}

interface StoredResult {
  endpoint: string;
  params: string;
  status: number;
  body: string;
  storedAt: number;
}

type Handler = (match: RegExpMatchArray, raw: FormObject, request: RequestContext) => object;

const SEVEN_DAYS = 7 * 24 * 60 * 60 * 1000;
const IDEMPOTENCY_TTL = 24 * 60 * 60 * 1000;
const VERSION = /^\d{4}-\d{2}-\d{2}(\.[a-z_]+)?$/;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export class StripeStandIn {
  readonly secretKey: string;
  readonly webhooks: WebhookDispatcher;
  readonly requests: LoggedRequest[] = [];
  readonly now: () => number;
  private ledger!: PaymentLedger;
  private checkout!: CheckoutSessions;
  private customers!: Customers;
  private readonly idempotency = new Map<string, StoredResult>();
  private dropsLeft = 0;
  private baseUrl = '';

  private constructor(
    private readonly server: Server,
    private readonly options: StripeStandInOptions,
  ) {
    this.secretKey = options.secretKey ?? randomId('sk_test_', 32);
    this.now = options.now ?? Date.now;
    this.webhooks = new WebhookDispatcher({
      now: this.now,
      apiVersion: options.apiVersion ?? '2026-10-28.endive',
      hold: options.holdWebhooks ?? false,
      retry: { maxAttempts: 3, baseDelayMs: 50, timeoutMs: 5000, ...options.webhookRetry },
    });
    for (const endpoint of options.webhookEndpoints ?? []) this.webhooks.addEndpoint(endpoint);
  }

  static async start(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
    const server = createServer();
    const standIn = new StripeStandIn(server, options);
    server.on('request', (req, res) => void standIn.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    standIn.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const emit = standIn.webhooks.publish.bind(standIn.webhooks);
    standIn.customers = new Customers({ now: standIn.now, emit });
    standIn.ledger = new PaymentLedger({
      now: standIn.now,
      baseUrl: standIn.baseUrl,
      authorisationLapseMs: options.authorisationLapseMs ?? SEVEN_DAYS,
      emit,
      customers: standIn.customers,
    });
    standIn.checkout = new CheckoutSessions(standIn.ledger, {
      now: standIn.now,
      baseUrl: standIn.baseUrl,
      emit,
      customers: standIn.customers,
    });
    return standIn;
  }

  /** the base URL to give the SDK (STRIPE_API_URL) */
  get url(): string {
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await this.webhooks.idle();
    await new Promise<void>((resolve, reject) => this.server.close((e) => (e ? reject(e) : resolve())));
  }

  /** applies what the clock has made due: authorisations past the lapse, open sessions past expires_at */
  sweep(): void {
    this.ledger.lapse();
    this.checkout.lapse();
  }

  /**
   * The saved PaymentMethod's next off-session payment is refused as the bank would: `authentication_required`
   * (the cardholder must authenticate) or `card_declined` (generic decline).
   */
  failNextOffSessionUse(paymentMethod: string, code: 'authentication_required' | 'card_declined'): void {
    const saved = this.customers.paymentMethods.get(paymentMethod);
    if (!saved) throw new Error(`no saved PaymentMethod ${paymentMethod}`);
    saved.failNextOffSession =
      code === 'authentication_required'
        ? AUTHENTICATION_REQUIRED
        : { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  }

  /** the next `count` API answers are lost after the work is done: the connection is cut before the response */
  dropResponses(count: number): void {
    this.dropsLeft = count;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', this.baseUrl);
      this.sweep();
      if (url.pathname.startsWith('/v1/')) this.api(req, res, url, body);
      else this.hosted(req, res, url, body);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    }
  }

  private routes(): [string, RegExp, Handler][] {
    const { ledger, checkout, customers } = this;
    return [
      ['POST', /^\/v1\/customers$/, (_m, raw, rq) => customers.create(new Params(raw, CUSTOMER_PARAMS), rq)],
      ['GET', /^\/v1\/customers\/([^/]+)$/, (m, raw) => (new Params(raw, []), customers.customer(m[1]!))],
      [
        'GET',
        /^\/v1\/payment_methods\/([^/]+)$/,
        (m, raw) => (new Params(raw, []), customers.paymentMethod(m[1]!)),
      ],
      [
        'POST',
        /^\/v1\/payment_intents$/,
        (_m, raw, rq) => ledger.createIntent(new Params(raw, PI_CREATE), rq).object,
      ],
      [
        'GET',
        /^\/v1\/payment_intents\/([^/]+)$/,
        (m, raw) => {
          new Params(raw, ['client_secret']);
          return ledger.intent(m[1]!).object;
        },
      ],
      [
        'POST',
        /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
        (m, raw, rq) =>
          ledger.confirmIntent(m[1]!, new Params(raw, ['payment_method', 'return_url']), rq).object,
      ],
      [
        'POST',
        /^\/v1\/payment_intents\/([^/]+)\/capture$/,
        (m, raw, rq) =>
          ledger.captureIntent(
            m[1]!,
            new Params(raw, ['amount_to_capture', 'metadata', 'statement_descriptor_suffix']),
            rq,
          ).object,
      ],
      [
        'POST',
        /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
        (m, raw, rq) => ledger.cancelIntent(m[1]!, new Params(raw, ['cancellation_reason']), rq).object,
      ],
      ['GET', /^\/v1\/charges\/([^/]+)$/, (m, raw) => (new Params(raw, []), ledger.charge(m[1]!))],
      [
        'POST',
        /^\/v1\/refunds$/,
        (_m, raw, rq) =>
          ledger.createRefund(
            new Params(raw, ['payment_intent', 'charge', 'amount', 'reason', 'metadata']),
            rq,
          ),
      ],
      ['GET', /^\/v1\/refunds\/([^/]+)$/, (m, raw) => (new Params(raw, []), ledger.refund(m[1]!))],
      [
        'GET',
        /^\/v1\/refunds$/,
        (_m, raw) => {
          const p = new Params(raw, ['limit', 'payment_intent', 'charge', 'starting_after', 'ending_before']);
          const all = [...ledger.refunds.values()].filter(
            (r) =>
              (!p.string('payment_intent') || r.payment_intent === p.string('payment_intent')) &&
              (!p.string('charge') || r.charge === p.string('charge')),
          );
          return list('/v1/refunds', all.reverse(), p);
        },
      ],
      ['POST', /^\/v1\/checkout\/sessions$/, (_m, raw) => checkout.create(new Params(raw, SESSION_PARAMS))],
      [
        'GET',
        /^\/v1\/checkout\/sessions$/,
        (_m, raw) => {
          const p = new Params(raw, ['limit', 'payment_intent', 'status', 'starting_after', 'ending_before']);
          const intent = p.string('payment_intent');
          const status = p.oneOf('status', ['open', 'complete', 'expired']);
          const all = [...checkout.sessions.values()]
            .map((r) => r.object)
            .filter((o) => (!intent || o.payment_intent === intent) && (!status || o.status === status));
          return list('/v1/checkout/sessions', all.reverse(), p);
        },
      ],
      [
        'GET',
        /^\/v1\/checkout\/sessions\/([^/]+)$/,
        (m, raw) => (new Params(raw, []), checkout.session(m[1]!).object),
      ],
      [
        'POST',
        /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
        (m, raw, rq) => (new Params(raw, []), checkout.expire(m[1]!, rq)),
      ],
      [
        'GET',
        /^\/v1\/events\/([^/]+)$/,
        (m, raw) => {
          new Params(raw, []);
          const event = this.webhooks.event(m[1]!);
          if (!event)
            throw invalidRequest(`No such event: '${m[1]}'`, { code: 'resource_missing', status: 404 });
          return event;
        },
      ],
      [
        'GET',
        /^\/v1\/events$/,
        (_m, raw) => {
          const p = new Params(raw, ['limit', 'starting_after', 'ending_before', 'type', 'created']);
          const type = p.string('type');
          const all = this.webhooks.all().filter((e) => !type || e.type === type);
          return list('/v1/events', all.reverse(), p);
        },
      ],
    ];
  }

  private api(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const method = req.method ?? 'GET';
    const requestId = randomId('req_', 14);
    const key = method === 'POST' ? header(req, 'idempotency-key') : null;
    const version = header(req, 'stripe-version');
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Request-Id': requestId,
      'Stripe-Version': version ?? this.options.apiVersion ?? '2026-10-28.endive',
      ...(key ? { 'Idempotency-Key': key } : {}),
    };
    const log = (status: number, replayed = false, dropped = false) =>
      this.requests.push({ method, path: url.pathname, idempotencyKey: key, status, replayed, dropped });
    const send = (status: number, text: string, extra: Record<string, string> = {}) => {
      if (this.dropsLeft > 0) {
        this.dropsLeft--;
        log(status, extra['Idempotent-Replayed'] === 'true', true);
        req.socket.destroy();
        return;
      }
      log(status, extra['Idempotent-Replayed'] === 'true');
      res.writeHead(status, { ...headers, ...extra });
      res.end(text);
    };
    const endpoint = `${method} ${url.pathname}`;
    let params = '';
    try {
      this.authenticate(req);
      if (version !== null && !VERSION.test(version))
        throw invalidRequest(`Invalid Stripe API version: ${version}`);
      if (key !== null && key.length > 255)
        throw invalidRequest('Idempotency-Key must be at most 255 characters long.', {
          param: 'Idempotency-Key',
        });
      const raw = parseFormBody(method === 'POST' ? body : url.search.slice(1));
      params = canonicalParams(raw);
      if (key !== null) {
        const stored = this.idempotency.get(key);
        if (stored && stored.storedAt + IDEMPOTENCY_TTL > this.now()) {
          if (stored.endpoint !== endpoint)
            throw idempotencyError(
              `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
            );
          if (stored.params !== params)
            throw idempotencyError(
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            );
          send(stored.status, stored.body, { 'Idempotent-Replayed': 'true' });
          return;
        }
      }
      const route = this.routes().find(([m, pattern]) => m === method && pattern.test(url.pathname));
      if (!route)
        throw invalidRequest(
          `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          { status: 404, storable: false },
        );
      const result = route[2](url.pathname.match(route[1])!, raw, { id: requestId, idempotency_key: key });
      const text = JSON.stringify(this.expand(result, raw.expand), null, 2);
      if (key !== null)
        this.idempotency.set(key, { endpoint, params, status: 200, body: text, storedAt: this.now() });
      send(200, text);
    } catch (error) {
      const failure =
        error instanceof StripeApiError
          ? error
          : error instanceof FormBodyError
            ? invalidRequest(error.message, { storable: false })
            : null;
      if (!failure) throw error;
      const text = JSON.stringify({ error: { ...failure.body, request_log_url: null } }, null, 2);
      if (key !== null && failure.storable)
        this.idempotency.set(key, {
          endpoint,
          params,
          status: failure.status,
          body: text,
          storedAt: this.now(),
        });
      send(failure.status, text);
    }
  }

  private authenticate(req: IncomingMessage): void {
    const auth = header(req, 'authorization');
    let key: string | null = null;
    if (auth?.startsWith('Bearer ')) key = auth.slice(7);
    else if (auth?.startsWith('Basic '))
      key = Buffer.from(auth.slice(6), 'base64').toString().split(':')[0] ?? null;
    if (!key)
      throw authenticationError(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    if (key !== this.secretKey)
      throw authenticationError(
        `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      );
  }

  /** `expand[]=latest_charge` (PaymentIntent), `payment_intent` (Checkout Session, Refund), `charge` (Refund) */
  private expand(result: object, expand: FormObject[string] | undefined): object {
    const fields = Array.isArray(expand) ? expand.filter((f): f is string => typeof f === 'string') : [];
    if (fields.length === 0) return result;
    const copy = structuredClone(result) as Record<string, unknown>;
    for (const field of fields) {
      const id = copy[field];
      if (typeof id !== 'string') continue;
      if (field === 'latest_charge' || field === 'charge') copy[field] = this.ledger.charges.get(id) ?? id;
      else if (field === 'customer') copy[field] = this.customers.customers.get(id) ?? id;
      else if (field === 'payment_method') copy[field] = this.customers.paymentMethods.get(id)?.object ?? id;
      else if (field === 'payment_intent') copy[field] = this.ledger.intents.get(id)?.object ?? id;
      else throw invalidRequest(`This property cannot be expanded (${field}).`, { param: 'expand' });
    }
    return copy;
  }

  private hosted(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(text);
    };
    const redirect = (location: string) => {
      res.writeHead(303, { Location: location });
      res.end();
    };
    const method = req.method ?? 'GET';
    const form = new URLSearchParams(body);
    try {
      let m: RegExpMatchArray | null;
      if ((m = url.pathname.match(/^\/c\/pay\/([^/]+)$/))) {
        const session = this.checkout.session(m[1]!);
        if (method === 'GET') return html(200, checkoutPage(session.object, session.lineItems, null));
        const outcome = this.checkout.pay(m[1]!, form.get('payment_method') ?? '');
        if ('decline' in outcome)
          return html(402, checkoutPage(session.object, session.lineItems, outcome.decline.message));
        const next = outcome.intent.object.next_action?.redirect_to_url?.url;
        if (next) return redirect(next);
        const success = this.checkout.successUrl(session);
        return success ? redirect(success) : html(200, messagePage('Payment complete.'));
      }
      if ((m = url.pathname.match(/^\/c\/pay\/([^/]+)\/return$/))) {
        const session = this.checkout.afterAuthentication(m[1]!);
        const success = this.checkout.successUrl(session);
        if (session.object.status === 'complete')
          return success ? redirect(success) : html(200, messagePage('Payment complete.'));
        const intent = this.ledger.intent(session.object.payment_intent as string).object;
        return html(
          402,
          checkoutPage(session.object, session.lineItems, intent.last_payment_error?.message ?? null),
        );
      }
      if ((m = url.pathname.match(/^\/3d_secure\/([^/]+)$/))) {
        const intent = this.ledger.intent(m[1]!);
        if (method === 'GET') return html(200, challengePage(intent));
        this.ledger.completeAuthentication(m[1]!, form.get('outcome') === 'complete');
        const back = returnUrl(intent);
        return back
          ? redirect(back)
          : html(200, messagePage('Authentication finished: return to the merchant.'));
      }
      html(404, messagePage('Not found.'));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      html(error.status, messagePage(error.message));
    }
  }
}

const PI_CREATE = [
  'amount',
  'currency',
  'capture_method',
  'confirmation_method',
  'confirm',
  'customer',
  'description',
  'metadata',
  'off_session',
  'payment_method',
  'payment_method_types',
  'automatic_payment_methods',
  'receipt_email',
  'return_url',
  'setup_future_usage',
  'statement_descriptor_suffix',
];

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** Stripe's list object, newest first, with cursor pagination on ids */
function list<T extends { id: string }>(path: string, newestFirst: T[], p: Params): object {
  const limit = Math.min(Math.max(p.integer('limit') ?? 10, 1), 100);
  let items = newestFirst;
  const after = p.string('starting_after');
  const before = p.string('ending_before');
  if (after) items = items.slice(items.findIndex((i) => i.id === after) + 1);
  if (before)
    items = items.slice(
      0,
      Math.max(
        0,
        items.findIndex((i) => i.id === before),
      ),
    );
  return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url: path };
}
