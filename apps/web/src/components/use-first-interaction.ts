import { useSyncExternalStore } from 'react';

/**
 * What a customer does first on a page: a touch, a click, a key, a wheel turn, focus moving, or any scroll (the
 * page's or an element's, as a screen reader does when its cursor reaches content off screen). Until then the
 * page may leave out what cannot be seen without it (a carousel's slides beyond its first pages); a page load
 * with no one at it (an audit, a prerender) never pays for them.
 */
const EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'focusin', 'scroll'] as const;

let interacted = false;
const listeners = new Set<() => void>();

function onInteraction() {
  if (interacted) return;
  interacted = true;
  for (const name of EVENTS) document.removeEventListener(name, onInteraction, true);
  for (const notify of [...listeners]) notify();
}

function subscribe(notify: () => void): () => void {
  if (!interacted && listeners.size === 0)
    for (const name of EVENTS)
      document.addEventListener(name, onInteraction, { capture: true, passive: true });
  listeners.add(notify);
  return () => {
    listeners.delete(notify);
    if (!interacted && listeners.size === 0)
      for (const name of EVENTS) document.removeEventListener(name, onInteraction, true);
  };
}

/** True once the customer has interacted with the page in any way (and from then on). */
export function useFirstInteraction(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => interacted,
    () => false,
  );
}
