import { removeItem, STORAGE_KEYS, writeJson, readJson } from './storage';

/**
 * The session (wire notes): the browser build relies on the HttpOnly `X-Ebsn-Account` cookie; when the
 * server sends the token in the header (app build, or rotation) it is kept in session storage and sent back.
 */
export const SESSION_HEADER = 'x-ebsn-account';

export function getSessionToken(): string | null {
  return readJson<string | null>(STORAGE_KEYS.session, null, 'sessionStorage');
}

export function storeSessionToken(token: string): void {
  writeJson(STORAGE_KEYS.session, token, 'sessionStorage');
}

/** Spec section 4, session expiry: clear the stored login flag, session and account. */
export function clearSession(): void {
  removeItem(STORAGE_KEYS.session, 'sessionStorage');
  removeItem(STORAGE_KEYS.loggedIn, 'sessionStorage');
  window.dispatchEvent(new CustomEvent('spesa:logged-out'));
}
