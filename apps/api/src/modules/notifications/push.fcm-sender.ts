import { createSign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PushPayload } from '@spesa/shared/contracts/notifications';
import type { NativePushSender, NativePushTarget, PushOutcome } from './push.sender';

/** The fields of a Google service account's key file (JSON) the sender needs. */
export interface FcmServiceAccount {
  project_id: string;
  client_email: string;
  /** PEM, PKCS#8 */
  private_key: string;
  /** the OAuth 2.0 token endpoint (https://oauth2.googleapis.com/token) */
  token_uri: string;
}

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** the message waits a day for a phone switched off (like Web Push's TTL) */
const TTL_SECONDS = 86_400;

/** A service account key file's text, checked: null when a field the sender needs is missing. */
export function parseFcmServiceAccount(text: string): FcmServiceAccount | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const a = json as Partial<Record<keyof FcmServiceAccount, unknown>>;
  const fields = [a.project_id, a.client_email, a.private_key, a.token_uri];
  if (!fields.every((f) => typeof f === 'string' && f !== '')) return null;
  return a as FcmServiceAccount;
}

/** The sender of a service account key file (start-up: a file that is not one stops the server). */
export async function fcmSenderFromFile(path: string, apiUrl: string): Promise<FcmPushSender> {
  const account = parseFcmServiceAccount(await readFile(path, 'utf8'));
  if (!account)
    throw new Error(
      `${path} is not a service account key file (project_id, client_email, private_key, token_uri)`,
    );
  return new FcmPushSender(account, apiUrl);
}

interface FcmErrorBody {
  error?: { status?: string; details?: Array<{ '@type'?: string; errorCode?: string }> };
}

/**
 * Native push through Firebase Cloud Messaging's HTTP v1 API (`POST /v1/projects/{project}/messages:send`),
 * which reaches android apps and, through APNs, ios apps registered with FCM. Authorised by an OAuth 2.0
 * access token obtained with the service account's signed JWT (RFC 7523 grant), kept until a minute before it
 * expires. An answer whose FcmError says UNREGISTERED (404) or INVALID_ARGUMENT (a token FCM does not know)
 * means the token is gone; anything else throws, and the job retries.
 */
export class FcmPushSender implements NativePushSender {
  #accessToken: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly account: FcmServiceAccount,
    private readonly apiUrl = 'https://fcm.googleapis.com',
    private readonly timeoutMs = 10_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async send(target: NativePushTarget, m: PushPayload): Promise<PushOutcome> {
    const res = await fetch(
      `${this.apiUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(this.account.project_id)}/messages:send`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          message: {
            token: target.token,
            notification: { title: m.title, body: m.body },
            // FCM's data values are strings
            data: {
              notificationId: String(m.notificationId),
              messageTypeId: String(m.messageTypeId),
              url: m.url,
            },
            android: { ttl: `${TTL_SECONDS}s`, priority: 'normal' },
            apns: { headers: { 'apns-expiration': String(Math.floor(this.now() / 1000) + TTL_SECONDS) } },
          },
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      },
    );
    if (res.ok) {
      await res.body?.cancel();
      return 'sent';
    }
    const body = (await res.json().catch(() => ({}))) as FcmErrorBody;
    const fcmCode = body.error?.details?.find((d) => d['@type']?.endsWith('.FcmError'))?.errorCode;
    if (fcmCode === 'UNREGISTERED' || fcmCode === 'INVALID_ARGUMENT') return 'gone';
    if (res.status === 401) this.#accessToken = null;
    throw new Error(`FCM answered HTTP ${res.status} ${body.error?.status ?? ''}`.trim());
  }

  /** The OAuth 2.0 access token of the service account (scope firebase.messaging). */
  private async accessToken(): Promise<string> {
    if (this.#accessToken && this.#accessToken.expiresAt - 60_000 > this.now())
      return this.#accessToken.value;
    const iat = Math.floor(this.now() / 1000);
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({
      iss: this.account.client_email,
      scope: FCM_SCOPE,
      aud: this.account.token_uri,
      iat,
      exp: iat + 3600,
    })}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(this.account.private_key, 'base64url');
    const res = await fetch(this.account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${signature}`,
      }).toString(),
      signal: AbortSignal.timeout(this.timeoutMs),
      redirect: 'error',
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`the FCM service account's token endpoint answered HTTP ${res.status}`);
    }
    const t = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof t.access_token !== 'string') throw new Error('the token endpoint gave no access token');
    const seconds = typeof t.expires_in === 'number' ? t.expires_in : 3600;
    this.#accessToken = { value: t.access_token, expiresAt: this.now() + seconds * 1000 };
    return t.access_token;
  }
}
