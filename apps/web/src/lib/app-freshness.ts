import { IDLE_RELOAD_MS, VERSION_CHECK_MS } from './config';
import { updateServiceWorker } from './service-worker';

/**
 * Keeping a long-open tab fresh (spec sections 4 and 9):
 * - idle reload: the time of the last completed API call (or page load) is remembered; when the customer
 *   comes back to a tab idle for longer than IDLE_RELOAD_MS (30 minutes), the page reloads, so prices,
 *   slots and the session are read anew;
 * - version check: /version.json is read every VERSION_CHECK_MS (10 minutes); when the server's build
 *   differs from the one seen at start, the next return to the tab or the next page change reloads, and a
 *   page left open and idle for IDLE_RELOAD_MS reloads at the next check by itself (the service worker is
 *   asked to fetch the new release at once, decision 055).
 * Tiny and framework-free: it lives in the entry chunk.
 */
let lastActivity = Date.now();
let startBuild: string | null = null;
let newVersion = false;

export function noteActivity(now = Date.now()): void {
  lastActivity = now;
}

export function lastActivityAt(): number {
  return lastActivity;
}

/** True when the tab should reload before the customer goes on. */
export function needsReload(now = Date.now()): boolean {
  return newVersion || now - lastActivity > IDLE_RELOAD_MS;
}

async function readBuild(): Promise<string | null> {
  try {
    const res = await fetch('/version.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { build?: unknown; version?: unknown };
    return `${String(body.version ?? '')}+${String(body.build ?? '')}`;
  } catch {
    return null;
  }
}

export async function checkVersion(): Promise<boolean> {
  const build = await readBuild();
  if (!build) return false;
  if (startBuild === null) startBuild = build;
  else if (build !== startBuild && !newVersion) {
    newVersion = true;
    // the new release's service worker installs now, so the reload finds its shell
    updateServiceWorker();
  }
  return newVersion;
}

/** Starts the checks once; `reload` is injectable for tests. */
export function startAppFreshness(reload: () => void = () => window.location.reload()): () => void {
  void checkVersion();
  // a new release found while the customer has been away 30 minutes: the open page reloads by itself
  const poll = async () => {
    if ((await checkVersion()) && Date.now() - lastActivity > IDLE_RELOAD_MS) reload();
  };
  const timer = window.setInterval(() => void poll(), VERSION_CHECK_MS);
  const onReturn = () => {
    if (document.visibilityState === 'visible' && needsReload()) reload();
  };
  document.addEventListener('visibilitychange', onReturn);
  window.addEventListener('focus', onReturn);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onReturn);
    window.removeEventListener('focus', onReturn);
  };
}

/** For tests. */
export function resetAppFreshness(): void {
  lastActivity = Date.now();
  startBuild = null;
  newVersion = false;
}
