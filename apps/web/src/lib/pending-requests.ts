import { REQUEST_OVERLAY_DELAY_MS } from './config';
import { noteActivity } from './app-freshness';

/**
 * The pending request count of the local app state (spec sections 3 and 4): every call of the HTTP client,
 * and a cart change from its post to the cart it puts on the page, counts while it is on its way. The
 * request overlay shows while the count is above 0, from REQUEST_OVERLAY_DELAY_MS after it left 0 (the spec
 * names no delay; a quick answer does not flash it). The count never drops below 0; each completion refreshes
 * the time of the last activity (the idle reload's, lib/app-freshness.ts). Framework-free.
 */
let pending = 0;
let overlayShown = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function setOverlay(shown: boolean): void {
  if (shown === overlayShown) return;
  overlayShown = shown;
  for (const l of listeners) l();
}

export function requestStarted(): void {
  pending += 1;
  if (pending === 1 && timer === null)
    timer = setTimeout(() => {
      timer = null;
      setOverlay(pending > 0);
    }, REQUEST_OVERLAY_DELAY_MS);
}

export function requestEnded(): void {
  pending = Math.max(0, pending - 1);
  noteActivity();
  if (pending > 0) return;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  setOverlay(false);
}

export const pendingRequests = (): number => pending;
export const isRequestOverlayShown = (): boolean => overlayShown;

export function subscribeRequestOverlay(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests start from no request on its way. */
export function resetPendingRequests(): void {
  pending = 0;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  setOverlay(false);
}
