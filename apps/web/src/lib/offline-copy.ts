import { STORED_AT_HEADER } from './offline-texts';

/**
 * Which answers came from the service worker's stored copy (decision 055): the HTTP client notes the
 * `x-spesa-stored-at` stamp of each API answer by path (none: a fresh answer from the server), and the cart
 * and list pages show the copy's age ("Dati di 5 minuti fa, sei offline"). Framework-free.
 */
/** A stored copy: when the worker stored it, and when the page received it. */
export interface StoredCopy {
  storedAt: number;
  receivedAt: number;
}

const storedAt = new Map<string, StoredCopy>();
const listeners = new Set<() => void>();

const pathOf = (url: string) => new URL(url, 'http://x').pathname;

export function noteAnswerCopy(url: string, headers: Headers): void {
  const path = pathOf(url);
  const stamp = headers.get(STORED_AT_HEADER);
  const at = stamp ? Date.parse(stamp) : Number.NaN;
  const before = storedAt.get(path);
  if (Number.isFinite(at)) storedAt.set(path, { storedAt: at, receivedAt: Date.now() });
  else storedAt.delete(path);
  if (before !== storedAt.get(path)) for (const l of listeners) l();
}

/** The last answer of this API path, when it came from the stored copy; null: fresh. */
export function storedCopyAt(path: string): StoredCopy | null {
  return storedAt.get(path) ?? null;
}

export function subscribeStoredCopies(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests. */
export function resetStoredCopies(): void {
  storedAt.clear();
}
