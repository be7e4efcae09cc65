import { createECDH } from 'node:crypto';
import webpush from 'web-push';

/** Where a push goes: a device's Web Push subscription. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service answered: delivered, or the subscription is gone (HTTP 404/410: remove the device). */
export type PushOutcome = 'sent' | 'gone';

/** Sends one push message to one device; throws when the push service failed otherwise (the job retries). */
export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** The VAPID key pair (RFC 8292) from the stored 32-byte private key (hex): base64url, as browsers want it. */
export function vapidKeysFrom(privateKeyHex: string): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  const priv = Buffer.from(privateKeyHex, 'hex');
  ecdh.setPrivateKey(priv);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: priv.toString('base64url') };
}

/**
 * Web Push through the `web-push` package: it signs the VAPID header (RFC 8292) and encrypts the payload
 * (aes128gcm, RFC 8291); the request itself goes out with fetch, with a timeout, so an answer's status is
 * read the same way for every push service.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;
  readonly #privateKey: string;

  constructor(
    privateKeyHex: string,
    private readonly subject: string,
    private readonly timeoutMs = 10_000,
  ) {
    const keys = vapidKeysFrom(privateKeyHex);
    this.publicKey = keys.publicKey;
    this.#privateKey = keys.privateKey;
  }

  async send(target: PushTarget, payload: string): Promise<PushOutcome> {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: this.subject, publicKey: this.publicKey, privateKey: this.#privateKey },
        contentEncoding: 'aes128gcm',
        // a day: a phone switched off for the night still gets the message
        TTL: 86_400,
        urgency: 'normal',
      },
    );
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ?? null,
      signal: AbortSignal.timeout(this.timeoutMs),
      redirect: 'error',
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    if (!res.ok) throw new Error(`push service answered HTTP ${res.status}`);
    return 'sent';
  }
}
