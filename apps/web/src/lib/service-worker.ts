/**
 * The service worker (apps/web/sw/sw.ts, decision 055): registered after the first render in the production
 * build (both the web shop and the app), so the shell, the pages visited and the cart and lists stay
 * readable offline. Framework-free: it lives in the entry chunk.
 */
export const ACCOUNT_CACHE = 'spesa-account';

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // a browser that refuses it (private mode, an old one) runs the shop online as before
  });
  // a signed-out customer's cart and lists are not kept on the device
  window.addEventListener('spesa:logged-out', () => void forgetAccountCopies());
}

/** Deletes the stored copies of the customer's cart and lists. */
export async function forgetAccountCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(ACCOUNT_CACHE).catch(() => false);
}

/** A new release is out: the worker checks for its new version now instead of at the next navigation. */
export function updateServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((r) => r?.update())
    .catch(() => {});
}
