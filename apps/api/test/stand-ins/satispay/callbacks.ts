import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * Satispay's server-to-server callbacks (developers.satispay.com/reference/callback-s2s): on every change of a
 * payment's status, a bare `GET` of the `callback_url` given at creation, with `{uuid}` replaced by the payment
 * id. The callback says only that something changed, never the status: the shop must GET the payment. The
 * reference promises neither a retry nor an order nor a single delivery, and its callbacks carry no signature the
 * shop can rely on: the stand-in sends each once, unsigned, and a non-2xx answer is only logged.
 * Test controls: `mode` 'send' (at once), 'hold' (kept until `release()`), 'never' (lost); `duplicate` sends each
 * twice; `deliver(paymentId)` sends a payment's callback again.
 */
export type CallbackMode = 'send' | 'hold' | 'never';

export interface CallbackAttempt {
  paymentId: string;
  url: string;
  /** HTTP status, or null when no answer came */
  status: number | null;
}

export function callbackUrlOf(template: string, paymentId: string): string {
  return template.split('{uuid}').join(paymentId);
}

function get(url: string, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      { method: 'GET', agent: false, timeout: timeoutMs, headers: { Connection: 'close' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? null));
        res.on('error', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
    req.end();
  });
}

export class CallbackDispatcher {
  mode: CallbackMode;
  duplicate = false;
  private readonly held: { paymentId: string; url: string }[] = [];
  private readonly log: CallbackAttempt[] = [];
  private readonly lost: { paymentId: string; url: string }[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly lastUrl = new Map<string, string>();
  private readonly timeoutMs: number;

  constructor(options: { mode?: CallbackMode; timeoutMs?: number } = {}) {
    this.mode = options.mode ?? 'send';
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  /** a payment changed status: its callback is sent, held or lost according to `mode` */
  notify(paymentId: string, template: string | null): Promise<void> {
    if (!template) return Promise.resolve();
    const url = callbackUrlOf(template, paymentId);
    this.lastUrl.set(paymentId, url);
    if (this.mode === 'hold') {
      this.held.push({ paymentId, url });
      return Promise.resolve();
    }
    if (this.mode === 'never') {
      this.lost.push({ paymentId, url });
      return Promise.resolve();
    }
    const times = this.duplicate ? 2 : 1;
    const p = (async () => {
      for (let i = 0; i < times; i++) await this.send(paymentId, url);
    })();
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
    return p;
  }

  private async send(paymentId: string, url: string): Promise<CallbackAttempt> {
    const attempt = { paymentId, url, status: await get(url, this.timeoutMs) };
    this.log.push(attempt);
    return attempt;
  }

  /** payment ids of the callbacks held back, oldest first */
  heldCallbacks(): string[] {
    return this.held.map((h) => h.paymentId);
  }

  /** callbacks dropped while `mode` was 'never' */
  lostCallbacks(): string[] {
    return this.lost.map((h) => h.paymentId);
  }

  /** sends the held callbacks one after the other (oldest first, or newest first) and stops holding */
  async release(order: 'created' | 'reverse' = 'created'): Promise<CallbackAttempt[]> {
    const out = this.held.splice(0);
    if (order === 'reverse') out.reverse();
    this.mode = 'send';
    const attempts: CallbackAttempt[] = [];
    for (const h of out) attempts.push(await this.send(h.paymentId, h.url));
    return attempts;
  }

  /** sends a payment's callback (again) now */
  async deliver(paymentId: string): Promise<CallbackAttempt> {
    const url = this.lastUrl.get(paymentId);
    if (!url) throw new Error(`no callback known for payment ${paymentId}`);
    return this.send(paymentId, url);
  }

  attempts(): CallbackAttempt[] {
    return [...this.log];
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
