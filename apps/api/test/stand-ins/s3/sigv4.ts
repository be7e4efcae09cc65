import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * AWS Signature Version 4 as S3 checks it on a request signed in its `Authorization` header (AWS's "Signature
 * Calculations for the Authorization Header"): the canonical request (method, URI, sorted query, the signed
 * headers, the payload's SHA-256 from `x-amz-content-sha256`), the string to sign and the HMAC chain of the
 * secret key, date, region and service. Returns null when the request is signed right, or S3's error code.
 */
const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

export type SignatureRefusal =
  | 'AccessDenied'
  | 'AuthorizationHeaderMalformed'
  | 'InvalidAccessKeyId'
  | 'SignatureDoesNotMatch'
  | 'XAmzContentSHA256Mismatch';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding, as SigV4 wants it for query names and values. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(search: string): string {
  const pairs = [...new URLSearchParams(search)].map(([k, v]) => [encode(k), encode(v)] as const);
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

export function checkSignature(
  req: IncomingMessage,
  body: Buffer,
  keys: ReadonlyMap<string, string>,
  region: string,
): SignatureRefusal | null {
  const match = AUTH.exec(req.headers.authorization ?? '');
  if (!match) return req.headers.authorization ? 'AuthorizationHeaderMalformed' : 'AccessDenied';
  const [, accessKeyId = '', day = '', credentialRegion = '', signedHeaders = '', signature = ''] = match;
  const secret = keys.get(accessKeyId);
  if (secret === undefined) return 'InvalidAccessKeyId';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day || credentialRegion !== region)
    return 'AuthorizationHeaderMalformed';
  const signed = signedHeaders.split(';');
  if (!['host', 'x-amz-content-sha256', 'x-amz-date'].every((h) => signed.includes(h)))
    return 'AuthorizationHeaderMalformed';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const canonicalHeaders = signed
    .map((h) => {
      const value = req.headers[h];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${h}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    req.method ?? 'GET',
    // the path as sent (the SDK encodes each segment once; S3 does not encode it again)
    url.pathname,
    canonicalQuery(url.search),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature
    ? null
    : 'SignatureDoesNotMatch';
}
