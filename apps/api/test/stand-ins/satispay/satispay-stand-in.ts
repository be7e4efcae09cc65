import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallbackDispatcher, type CallbackMode } from './callbacks';
import { messagePage, payPage } from './hosted-pages';
import { authenticate, KeyRegistry } from './http-signature';
import { PaymentLedger, type PaymentRecord } from './payments';
import { malformed, SatispayApiError, notFound } from './satispay-errors';

/**
 * A stand-in for Satispay's GBusiness API (decision 082): a real HTTP server on 127.0.0.1 and a free port, state in
 * memory per instance, answering as Satispay's public reference describes it (developers.satispay.com/reference),
 * not as the shop would like:
 * - every API call signed (http-signature.ts): `Digest` of the body, `Date` within the allowed skew, the
 *   `Authorization: Signature keyId=…` verified with the public key registered for the keyId; else 401 code 34;
 * - `POST /g_business/v1/payments` (MATCH_CODE, FUND_LOCK, REFUND), `GET /g_business/v1/payments/{id}`,
 *   `PUT /g_business/v1/payments/{id}` (ACCEPT, CANCEL, CANCEL_OR_REFUND), `GET /g_business/v1/payments` (list):
 *   payments.ts;
 * - errors as `{ code, message, wlt }` (satispay-errors.ts); an unknown path answers 404 code 41;
 * - `Idempotency-Key` on POST (the reference's scope): the first answer of a key is kept for the stand-in's life
 *   (Satispay documents no retention) and replayed for the same key, endpoint and body; the same key with another
 *   endpoint or body answers 403 code 45 (the reference does not say what Satispay answers then); a refusal before
 *   the operation ran (signature, unreadable JSON) is not kept. PUT and GET ignore the header;
 * - the hosted page `GET/POST /pay/{id}` (hosted-pages.ts) where the consumer confirms or refuses, then the
 *   callback (callbacks.ts), then a 303 to the shop's redirect_url.
 * Test controls: an injectable clock (`now`; `sweep()` applies expiries, also run before every request),
 * callbacks held / lost / doubled, `dropResponses(n)` to lose answers after the work was done, `registerKey`.
 */
export interface SatispayStandInOptions {
  /** the stand-in's clock, in ms (default Date.now) */
  now?: () => number;
  /** allowed distance between the request's Date and the clock (default 5 minutes) */
  maxDateSkewMs?: number;
  callbacks?: CallbackMode;
  matchCodeLifetimeMs?: number;
  fundLockLifetimeMs?: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number;
  replayed: boolean;
  dropped: boolean;
}

interface StoredAnswer {
  endpoint: string;
  bodyHash: string;
  status: number;
  body: string;
}

const API = '/g_business/v1';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

export class SatispayStandIn {
  readonly callbacks: CallbackDispatcher;
  readonly requests: LoggedRequest[] = [];
  readonly now: () => number;
  private readonly keys = new KeyRegistry();
  /** keyId -> the shop it belongs to */
  private readonly shops = new Map<string, string>();
  private readonly idempotency = new Map<string, StoredAnswer>();
  private ledger!: PaymentLedger;
  private dropsLeft = 0;
  private baseUrl = '';

  private constructor(
    private readonly server: Server,
    private readonly options: SatispayStandInOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.callbacks = new CallbackDispatcher({ mode: options.callbacks ?? 'send' });
  }

  static async start(options: SatispayStandInOptions = {}): Promise<SatispayStandIn> {
    const server = createServer();
    const standIn = new SatispayStandIn(server, options);
    server.on('request', (req, res) => void standIn.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    standIn.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    standIn.ledger = new PaymentLedger({
      now: standIn.now,
      baseUrl: standIn.baseUrl,
      notify: (record) => void standIn.callbacks.notify(record.object.id, record.callbackUrl),
      ...(options.matchCodeLifetimeMs !== undefined
        ? { matchCodeLifetimeMs: options.matchCodeLifetimeMs }
        : {}),
      ...(options.fundLockLifetimeMs !== undefined ? { fundLockLifetimeMs: options.fundLockLifetimeMs } : {}),
    });
    return standIn;
  }

  /** the base URL to give the client (SATISPAY_API_URL) */
  get url(): string {
    return this.baseUrl;
  }

  /**
   * Registers a shop's public key (PEM), as Satispay's `POST /g_business/v1/authentication_keys` does with an
   * activation code, and answers its keyId. A second key for the same shop: pass its `shopId`.
   */
  registerKey(publicKeyPem: string, shopId: string = randomUUID()): { keyId: string; shopId: string } {
    const keyId = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
    this.keys.register(keyId, publicKeyPem);
    this.shops.set(keyId, shopId);
    return { keyId, shopId };
  }

  /** a payment as the stand-in holds it (for assertions on what the API does not show, e.g. what is refunded) */
  payment(id: string): PaymentRecord | undefined {
    return this.ledger.find(id);
  }

  /** refunds of a payment, oldest first */
  refundsOf(id: string): PaymentRecord[] {
    return [...this.ledger.payments.values()].filter((r) => r.parentId === id);
  }

  async stop(): Promise<void> {
    await this.callbacks.idle();
    await new Promise<void>((resolve, reject) => this.server.close((e) => (e ? reject(e) : resolve())));
  }

  /** applies what the clock has made due: payments past their expire_date */
  sweep(): void {
    this.ledger.lapse();
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
      if (url.pathname.startsWith(`${API}/`) || url.pathname === API) this.api(req, res, url, body);
      else await this.hosted(req, res, url, body);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 1, message: String(error), wlt: 'standin0' }));
    }
  }

  private api(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const method = req.method ?? 'GET';
    const key = method === 'POST' ? header(req, 'idempotency-key') : null;
    const log = (status: number, replayed = false, dropped = false) =>
      this.requests.push({ method, path: url.pathname, idempotencyKey: key, status, replayed, dropped });
    const send = (status: number, text: string, replayed = false) => {
      if (this.dropsLeft > 0) {
        this.dropsLeft--;
        log(status, replayed, true);
        req.socket.destroy();
        return;
      }
      log(status, replayed);
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(text);
    };
    const endpoint = `${method} ${url.pathname}`;
    const bodyHash = createHash('sha256').update(body).digest('hex');
    let storeKey: string | null = null;
    try {
      const keyId = authenticate(req, body, this.keys, {
        now: this.now(),
        maxSkewMs: this.options.maxDateSkewMs ?? 5 * 60 * 1000,
      });
      const shopId = this.shops.get(keyId)!;
      if (key !== null) {
        storeKey = `${keyId} ${key}`;
        const stored = this.idempotency.get(storeKey);
        if (stored) {
          if (stored.endpoint !== endpoint || stored.bodyHash !== bodyHash)
            throw new SatispayApiError(45, 'Idempotency-Key already used with another request', false);
          send(stored.status, stored.body, true);
          return;
        }
      }
      let json: Record<string, unknown> = {};
      if (method === 'POST' || method === 'PUT') {
        if (!/^application\/json\b/.test(header(req, 'content-type') ?? ''))
          throw malformed('Content-Type must be application/json', false);
        try {
          const parsed: unknown = JSON.parse(body);
          if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
          json = parsed as Record<string, unknown>;
        } catch {
          throw malformed('Malformed JSON body', false);
        }
      }
      const result = this.route(method, url, json, shopId);
      const text = JSON.stringify(result);
      if (storeKey) this.idempotency.set(storeKey, { endpoint, bodyHash, status: 200, body: text });
      send(200, text);
    } catch (error) {
      if (!(error instanceof SatispayApiError)) throw error;
      const text = JSON.stringify(error.body());
      if (storeKey && error.storable)
        this.idempotency.set(storeKey, { endpoint, bodyHash, status: error.status, body: text });
      send(error.status, text);
    }
  }

  private route(method: string, url: URL, json: Record<string, unknown>, shopId: string): object {
    const path = url.pathname;
    const one = /^\/g_business\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === `${API}/payments`) return this.ledger.create(json, shopId).object;
    if (method === 'GET' && one) return this.ledger.get(decodeURIComponent(one[1]!), shopId).object;
    if (method === 'PUT' && one) return this.ledger.update(decodeURIComponent(one[1]!), json, shopId).object;
    if (method === 'GET' && path === `${API}/payments`) {
      const q = url.searchParams;
      const limit = q.get('limit');
      const ts = q.get('starting_after_timestamp');
      return this.ledger.list(shopId, {
        ...(q.get('status') ? { status: q.get('status')! } : {}),
        ...(limit ? { limit: Number(limit) } : {}),
        ...(q.get('starting_after') ? { startingAfter: q.get('starting_after')! } : {}),
        ...(ts ? { startingAfterTimestamp: Number(ts) } : {}),
      });
    }
    throw notFound();
  }

  private async hosted(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<void> {
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(text);
    };
    const m = /^\/pay\/([0-9a-f-]{36})$/.exec(url.pathname);
    const record = m ? this.ledger.find(m[1]!) : undefined;
    if (!record || record.object.type !== 'TO_BUSINESS')
      return html(404, messagePage('Pagamento non trovato'));
    if (req.method !== 'POST') return html(200, payPage(record));
    const outcome = new URLSearchParams(body).get('outcome');
    if (record.object.status !== 'PENDING') return html(409, payPage(record));
    if (outcome === 'accept') this.ledger.consumerAccepts(record.object.id);
    else if (outcome === 'refuse') this.ledger.consumerRefuses(record.object.id);
    else return html(400, payPage(record));
    // the callback goes out before the browser is sent back (held or lost ones do not wait)
    await this.callbacks.idle();
    if (!record.merchantRedirectUrl)
      return html(200, messagePage(outcome === 'accept' ? 'Pagamento confermato' : 'Pagamento rifiutato'));
    res.writeHead(303, { Location: record.merchantRedirectUrl });
    res.end();
  }
}
