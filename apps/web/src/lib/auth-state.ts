// types only: the envelope module holds zod schemas, which must stay out of the first chunks
import type { RootUser } from '@spesa/shared/contracts/envelope';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from './storage';

/**
 * Who the customer is, as the server last said (spec section 4, "Login state"): anonymous when userId is -1
 * or missing, authenticated above -1. The web build's session is an HttpOnly cookie, so the client only
 * learns it from the envelope's root `user`, which every answer carries; the HTTP client reports each one
 * here. The login flag is kept in session storage, so a reload in the same tab starts as "authenticated"
 * until the first answer confirms it. No React here: the store is read with useSyncExternalStore.
 */
export type AuthStatus = 'unknown' | 'anonymous' | 'authenticated';
export interface AuthState {
  status: AuthStatus;
  /** the root user of the last answer (first name, e-mail, card...), null until one came */
  user: RootUser | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function initialState(): AuthState {
  return readJson<boolean>(STORAGE_KEYS.loggedIn, false, 'sessionStorage')
    ? { status: 'authenticated', user: null }
    : { status: 'unknown', user: null };
}

const ANONYMOUS_USER: RootUser = { userId: -1, login: null, profileConfirmed: false };

let state: AuthState = initialState();
/** the customer is leaving on purpose (account deletion): the customer area's guard sends them home */
let leaving = false;

function set(next: AuthState): void {
  if (next.status === 'authenticated' && state.status !== 'authenticated') leaving = false;
  if (next.status === 'authenticated') writeJson(STORAGE_KEYS.loggedIn, true, 'sessionStorage');
  else removeItem(STORAGE_KEYS.loggedIn, 'sessionStorage');
  const same = next.status === state.status && JSON.stringify(next.user) === JSON.stringify(state.user);
  state = next;
  if (!same) for (const l of listeners) l();
}

export const isAuthenticatedUser = (user: RootUser | null | undefined): boolean =>
  typeof user?.userId === 'number' && user.userId > -1;

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The root user of an answer (the HTTP client calls this for every envelope that names one). */
export function noteServerUser(user: RootUser): void {
  set(
    isAuthenticatedUser(user)
      ? { status: 'authenticated', user }
      : { status: 'anonymous', user: ANONYMOUS_USER },
  );
}

/** Logout, session expiry, account deletion: back to anonymous. */
export function markLoggedOut(): void {
  set({ status: 'anonymous', user: ANONYMOUS_USER });
}

/**
 * Runs what ends the customer's session on purpose (the account's deletion) and signs them out after it. The
 * answer that ends it already names the anonymous user: from the call on, the customer area's guard reads
 * `signedOutOnPurpose()` and goes to the home page instead of asking to sign in again.
 */
export async function signOutOnPurpose<T>(action: () => Promise<T>): Promise<T> {
  leaving = true;
  try {
    const result = await action();
    markLoggedOut();
    return result;
  } catch (err) {
    if (state.status !== 'anonymous') leaving = false;
    throw err;
  }
}

export const signedOutOnPurpose = (): boolean => leaving && state.status === 'anonymous';

/** Tests start each case from a fresh tab. */
export function resetAuthState(): void {
  leaving = false;
  state = initialState();
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  // session expiry (HTTP 419) clears the stored session and raises this event (lib/session.ts)
  window.addEventListener('spesa:logged-out', markLoggedOut);
}
