import { createECDH } from 'node:crypto';
import type { NativePushPlatform, PushPayload } from '@spesa/shared/contracts/notifications';

/** Where a Web Push goes: a browser's subscription. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What a push service answered: delivered, or the subscription or token is gone for good (Web Push 404/410,
 * FCM's UNREGISTERED or invalid token): the device is removed.
 */
export type PushOutcome = 'sent' | 'gone';

/** Sends one Web Push message to one browser; throws when the push service failed otherwise (the job retries). */
export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** Where a native app's push goes: the token its push service gave the app on the device. */
export interface NativePushTarget {
  platform: NativePushPlatform;
  token: string;
}

/**
 * The port of native push (the app's android and ios builds): sends one message to one app's token; throws
 * when the push service failed otherwise (the job retries). Implemented by `FcmPushSender` (push.fcm-sender.ts)
 * when the shop has its Firebase credentials; without them the shop has no native sender and keeps the
 * tokens unsent.
 */
export interface NativePushSender {
  send(target: NativePushTarget, message: PushPayload): Promise<PushOutcome>;
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
    // web-push (and its ASN.1 and JWS packages) is loaded on the first message, not at every start
    const { default: webpush } = await import('web-push');
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
