import { STORED_AT_HEADER } from './offline-texts';

/**
 * The rules of a stored copy of an API answer (decision 055), shared by the service worker (which stores and
 * stamps the copies) and the page (which reads them). A stored copy never speaks for who the customer is:
 * - it is kept without the envelope's root `user`, and the page ignores `user` on any stamped answer
 *   (lib/http.ts), so a copy stored before a sign-in cannot sign the customer out, nor the reverse;
 * - the copies of the shared cache (the catalogue, the same for every visitor of the device) refuse an
 *   answer the server marked `private` or `no-store` (it depends on who asks: their cart's store, their
 *   account) — those are kept, if at all, in the customer's own cache, deleted at logout.
 * No DOM and no worker globals beyond Headers: both sides import it.
 */

/** True when the server lets a shared cache keep this answer (no `private`, no `no-store`). */
export function isShareable(headers: Headers): boolean {
  return !/(^|[\s,])(private|no-store)([\s,;=]|$)/i.test(headers.get('cache-control') ?? '');
}

/** True when the answer is a stored copy (the worker's stamp), not the server's answer to this request. */
export function isStoredCopy(headers: Headers): boolean {
  return headers.has(STORED_AT_HEADER);
}

/**
 * The body to store for an answer: a successful envelope (status 0) without its root `user`; under the content
 * system's WordPress routes (`wordpress`: /p/wp-json/, whose success is the HTTP status alone), also a body in
 * WordPress's shapes (an array, or an object that is not an envelope), kept as it is; null for anything else
 * (a failure, a body that is not JSON), which is never stored.
 */
export function storedCopyBody(text: string, wordpress = false): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, '').trim());
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  if (Array.isArray(parsed)) return wordpress ? text : null;
  const { user: _user, ...rest } = parsed as Record<string, unknown>;
  if (!('response' in rest)) return wordpress ? text : null;
  const status = (rest.response as { status?: unknown } | undefined)?.status;
  if (status !== 0) return null;
  return JSON.stringify(rest);
}
