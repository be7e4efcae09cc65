import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { unauthorized } from './satispay-errors';

/**
 * Satispay's request authentication, checked as its reference describes it (developers.satispay.com/reference/
 * how-to, create-the-digest, create-the-string, sign-the-string, compose-the-authentication-header), which follows
 * the Signing HTTP Messages draft (cavage-10):
 * - `Digest: SHA-256=<base64 of the SHA-256 of the raw body>` (of the empty string for a GET);
 * - the message: one line per header named in `headers`, in that order: `(request-target): <lowercase method>
 *   <path with its query>`, then `<lowercase name>: <value as sent>`, joined by `\n`;
 * - `Authorization: Signature keyId="…", algorithm="rsa-sha256", headers="(request-target) host date digest",
 *   signature="<base64 RSA-SHA256 (PKCS#1 v1.5) of the message>"`, verified with the public key registered for
 *   the keyId.
 * `Date` is RFC 2822 (`Mon, 18 Mar 2019 15:10:24 +0000`). Satispay publishes no tolerance for it; the stand-in
 * refuses a date more than `maxSkewMs` (5 minutes by default) away from its clock, in either direction.
 * Every failure answers 401 code 34, Satispay's "merchant not found or unauthorized".
 */
export const REQUIRED_SIGNED_HEADERS = ['(request-target)', 'host', 'date', 'digest'] as const;

export interface SignatureParams {
  keyId: string;
  algorithm: string;
  headers: string[];
  signature: string;
}

export function parseAuthorization(value: string | undefined): SignatureParams | null {
  if (!value?.startsWith('Signature ')) return null;
  const params = new Map<string, string>();
  const pattern = /\s*([a-zA-Z]+)="([^"]*)"\s*(,|$)/gy;
  const rest = value.slice('Signature '.length);
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = pattern.exec(rest)) !== null) {
    params.set(m[1]!, m[2]!);
    end = pattern.lastIndex;
    if (m[3] === '') break;
  }
  if (end !== rest.length) return null;
  const keyId = params.get('keyId');
  const signature = params.get('signature');
  if (!keyId || !signature) return null;
  return {
    keyId,
    signature,
    algorithm: params.get('algorithm') ?? '',
    headers: (params.get('headers') ?? 'date').toLowerCase().split(' ').filter(Boolean),
  };
}

export const bodyDigest = (body: string) =>
  `SHA-256=${createHash('sha256').update(body, 'utf8').digest('base64')}`;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export class KeyRegistry {
  private readonly keys = new Map<string, KeyObject>();

  register(keyId: string, publicKeyPem: string): void {
    this.keys.set(keyId, createPublicKey(publicKeyPem));
  }

  get(keyId: string): KeyObject | undefined {
    return this.keys.get(keyId);
  }
}

/** Checks a request's Digest, Date and signature; answers the keyId that signed it, or throws 401 code 34. */
export function authenticate(
  req: IncomingMessage,
  body: string,
  keys: KeyRegistry,
  options: { now: number; maxSkewMs: number },
): string {
  const auth = parseAuthorization(header(req, 'authorization'));
  if (!auth) throw unauthorized('Invalid authorization header');
  if (auth.algorithm !== 'rsa-sha256') throw unauthorized(`Unsupported algorithm: ${auth.algorithm}`);
  for (const required of REQUIRED_SIGNED_HEADERS)
    if (!auth.headers.includes(required)) throw unauthorized(`Header ${required} must be signed`);
  const key = keys.get(auth.keyId);
  if (!key) throw unauthorized('Merchant not found or unauthorized');

  const digest = header(req, 'digest');
  if (digest !== bodyDigest(body)) throw unauthorized('Invalid digest');
  const dateHeader = header(req, 'date');
  const date = dateHeader ? Date.parse(dateHeader) : NaN;
  if (Number.isNaN(date)) throw unauthorized('Invalid date');
  if (Math.abs(options.now - date) > options.maxSkewMs) throw unauthorized('Date out of the allowed window');

  const lines: string[] = [];
  for (const name of auth.headers) {
    if (name === '(request-target)') {
      lines.push(`(request-target): ${(req.method ?? 'GET').toLowerCase()} ${req.url ?? '/'}`);
      continue;
    }
    const value = header(req, name);
    if (value === undefined) throw unauthorized(`Signed header ${name} is missing`);
    lines.push(`${name}: ${value.trim()}`);
  }
  const signature = Buffer.from(auth.signature, 'base64');
  if (!verify('sha256', Buffer.from(lines.join('\n'), 'utf8'), key, signature))
    throw unauthorized('Invalid signature');
  return auth.keyId;
}
