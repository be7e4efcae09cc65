import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * A small client of Satispay's GBusiness API (decision 082), on node:crypto and node:http(s): no SDK of Satispay's
 * is published for Node on the registry. Every request is signed as Satispay's reference describes
 * (developers.satispay.com/reference/how-to, the Signing HTTP Messages draft):
 * - `Digest: SHA-256=<base64 SHA-256 of the body>` (of the empty body for a GET);
 * - `Date` in RFC 2822 (`Mon, 18 Mar 2019 15:10:24 +0000`);
 * - the message `(request-target): <method> <path?query>\nhost: <host>\ndate: <date>\ndigest: <digest>` signed with
 *   the shop's RSA private key (RSA-SHA256, base64), sent as
 *   `Authorization: Signature keyId="…", algorithm="rsa-sha256", headers="(request-target) host date digest",
 *   signature="…"`.
 * Failures: Satispay answers `{ code, message, wlt }`; the client throws SatispayError with them (and the HTTP
 * status), or with `status: null` when no answer came. As Satispay asks, a call whose answer did not come (or came
 * as 5xx) is retried a few times, a POST with the same Idempotency-Key: it cannot create a second payment.
 */
export const SATISPAY_API_URL = 'https://authservices.satispay.com';

export type SatispayPaymentStatus = 'PENDING' | 'AUTHORIZED' | 'ACCEPTED' | 'CANCELED';

/** The fields of Satispay's payment the shop reads (its answers may carry more: they are ignored). */
export interface SatispayPayment {
  id: string;
  type: 'TO_BUSINESS' | 'REFUND_TO_BUSINESS';
  amount_unit: number;
  currency: string;
  status: SatispayPaymentStatus;
  expired: boolean;
  metadata?: Record<string, unknown>;
  insert_date?: string;
  expire_date?: string;
  external_code?: string;
  redirect_url?: string;
}

export interface CreatePaymentBody {
  flow: 'MATCH_CODE' | 'FUND_LOCK' | 'REFUND';
  amount_unit: number;
  currency: 'EUR';
  parent_payment_uid?: string;
  external_code?: string;
  /** called with GET on every change of status; `{uuid}` becomes the payment id */
  callback_url?: string;
  /** where Satispay's page sends the browser afterwards (no placeholder) */
  redirect_url?: string;
  metadata?: Record<string, string>;
  /** ISO 8601 UTC */
  expiration_date?: string;
}

export interface UpdatePaymentBody {
  action: 'ACCEPT' | 'CANCEL' | 'CANCEL_OR_REFUND';
  /** ACCEPT of an AUTHORIZED fund lock: the amount taken, at most the locked one */
  amount_unit?: number;
}

export class SatispayError extends Error {
  constructor(
    message: string,
    /** HTTP status, null when no answer came */
    readonly status: number | null,
    /** Satispay's error code (`44` illegal state transition, `41` not found, …), as a string */
    readonly code: string | null = null,
    readonly wlt: string | null = null,
  ) {
    super(message);
    this.name = 'SatispayError';
  }
}

export interface SatispayClientOptions {
  keyId: string;
  /** PEM; a literal `\n` stands for a newline (one-line environment variables) */
  privateKey: string;
  /** e.g. http://127.0.0.1:12345 (a stand-in) or the staging host; default Satispay's production API */
  baseUrl?: string | null;
  /** per attempt (default 15 s) */
  timeoutMs?: number;
  /** retries of a call that got no answer or a 5xx (default 2) */
  maxRetries?: number;
  /** first wait before a retry, doubled each time (default 300 ms) */
  retryDelayMs?: number;
  /** the clock the Date header is written from */
  now?: () => number;
}

/** RFC 2822 as Satispay's reference writes it */
export const satispayDate = (ms: number) => new Date(ms).toUTCString().replace(/GMT$/, '+0000');

export const satispayDigest = (body: string) =>
  `SHA-256=${createHash('sha256').update(body, 'utf8').digest('base64')}`;

/** The signed headers of one request (exported for tests and for Satispay's signature test endpoint). */
export function signedHeaders(r: {
  method: string;
  /** path with its query, as sent */
  path: string;
  /** host as sent in the Host header (with the port when it is not the default) */
  host: string;
  body: string;
  keyId: string;
  privateKey: KeyObject;
  now: number;
}): Record<string, string> {
  const date = satispayDate(r.now);
  const digest = satispayDigest(r.body);
  const message = [
    `(request-target): ${r.method.toLowerCase()} ${r.path}`,
    `host: ${r.host}`,
    `date: ${date}`,
    `digest: ${digest}`,
  ].join('\n');
  const signature = sign('sha256', Buffer.from(message, 'utf8'), r.privateKey).toString('base64');
  return {
    Host: r.host,
    Date: date,
    Digest: digest,
    Authorization: `Signature keyId="${r.keyId}", algorithm="rsa-sha256", headers="(request-target) host date digest", signature="${signature}"`,
  };
}

interface RawAnswer {
  status: number;
  text: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SatispayClient {
  private readonly key: KeyObject;
  private readonly base: URL;

  constructor(private readonly options: SatispayClientOptions) {
    this.key = createPrivateKey(options.privateKey.replace(/\\n/g, '\n'));
    this.base = new URL(options.baseUrl ?? SATISPAY_API_URL);
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:')
      throw new Error(`Satispay base URL must be http or https: ${this.base.toString()}`);
  }

  createPayment(body: CreatePaymentBody, idempotencyKey?: string): Promise<SatispayPayment> {
    return this.call('POST', '/g_business/v1/payments', body, idempotencyKey);
  }

  getPayment(id: string): Promise<SatispayPayment> {
    return this.call('GET', `/g_business/v1/payments/${encodeURIComponent(id)}`);
  }

  updatePayment(id: string, body: UpdatePaymentBody): Promise<SatispayPayment> {
    return this.call('PUT', `/g_business/v1/payments/${encodeURIComponent(id)}`, body);
  }

  private async call<T>(method: string, path: string, json?: object, idempotencyKey?: string): Promise<T> {
    const body = json === undefined ? '' : JSON.stringify(json);
    const retries = method === 'POST' && !idempotencyKey ? 0 : (this.options.maxRetries ?? 2);
    let delay = this.options.retryDelayMs ?? 300;
    for (let attempt = 0; ; attempt++) {
      let answer: RawAnswer | null = null;
      let failure: Error | null = null;
      try {
        answer = await this.send(method, path, body, idempotencyKey);
      } catch (error) {
        failure = error as Error;
      }
      const retryable = answer === null || answer.status >= 500;
      if (retryable && attempt < retries) {
        await sleep(delay);
        delay *= 2;
        continue;
      }
      if (answer === null)
        throw new SatispayError(`Satispay did not answer: ${failure?.message ?? 'no response'}`, null);
      let parsed: unknown = null;
      try {
        parsed = answer.text ? JSON.parse(answer.text) : null;
      } catch {
        parsed = null;
      }
      if (answer.status >= 200 && answer.status < 300 && parsed !== null) return parsed as T;
      const err = (parsed ?? {}) as { code?: unknown; message?: unknown; wlt?: unknown };
      throw new SatispayError(
        typeof err.message === 'string' ? err.message : `Satispay answered HTTP ${answer.status}`,
        answer.status,
        err.code === undefined || err.code === null ? null : String(err.code),
        typeof err.wlt === 'string' ? err.wlt : null,
      );
    }
  }

  private send(method: string, path: string, body: string, idempotencyKey?: string): Promise<RawAnswer> {
    const host = this.base.host;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...signedHeaders({
        method,
        path,
        host,
        body,
        keyId: this.options.keyId,
        privateKey: this.key,
        now: (this.options.now ?? Date.now)(),
      }),
      ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      'Content-Length': String(Buffer.byteLength(body)),
    };
    const send = this.base.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(
        {
          protocol: this.base.protocol,
          hostname: this.base.hostname,
          port: this.base.port || undefined,
          method,
          path,
          headers,
          timeout: this.options.timeoutMs ?? 15_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  }
}

export const createSatispayClient = (options: SatispayClientOptions) => new SatispayClient(options);
