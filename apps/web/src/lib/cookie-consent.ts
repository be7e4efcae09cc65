import { readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * Cookie preferences (spec sections 3 and 9): technical cookies are always on; analytics and profilation
 * default to off. The choice is stored in localStorage with the date it was saved and a client UUID, which
 * the HTTP client sends as `x-ebsn-client-uuid`. Kept tiny: request-init.ts (entry chunk) reads it.
 */
export interface CookiePreferences {
  technical: true;
  analytics: boolean;
  profilation: boolean;
  /** ISO date-time of the choice */
  saveDate: string;
  uuid: string;
}

export const COOKIE_DEFAULTS = { technical: true, analytics: false, profilation: false } as const;
export const OPEN_COOKIE_PREFERENCES_EVENT = 'spesa:open-cookie-preferences';

export function readCookiePreferences(): CookiePreferences | null {
  const stored = readJson<Partial<CookiePreferences> | null>(STORAGE_KEYS.cookiePreferences, null);
  if (!stored || typeof stored.uuid !== 'string' || typeof stored.saveDate !== 'string') return null;
  return {
    technical: true,
    analytics: stored.analytics === true,
    profilation: stored.profilation === true,
    saveDate: stored.saveDate,
    uuid: stored.uuid,
  };
}

function newUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // very old browsers: a random v4-shaped id
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(Math.random() * 16);
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/** Saves a choice, keeping the UUID of an earlier one. */
export function saveCookiePreferences(choice: {
  analytics: boolean;
  profilation: boolean;
}): CookiePreferences {
  const prefs: CookiePreferences = {
    technical: true,
    analytics: choice.analytics,
    profilation: choice.profilation,
    saveDate: new Date().toISOString(),
    uuid: readCookiePreferences()?.uuid ?? newUuid(),
  };
  writeJson(STORAGE_KEYS.cookiePreferences, prefs);
  return prefs;
}

/**
 * A choice made on the banner the HTML paints (index.html) before the app's banner took its place: the page's
 * inline script keeps it on the slot as `data-choice` (packages/shared/src/shell/inline-scripts.ts).
 * Accept and reject are saved here ('saved'); 'customise' asks the app's banner to open on the choices.
 */
export function takeEarlyCookieChoice(): 'saved' | 'customise' | null {
  const slot = typeof document === 'undefined' ? null : document.getElementById('cookie-consent');
  const choice = slot?.getAttribute('data-choice');
  if (!slot || !choice) return null;
  slot.removeAttribute('data-choice');
  if (choice === 'customise') return 'customise';
  const all = choice === 'accept';
  saveCookiePreferences({ analytics: all, profilation: all });
  return 'saved';
}

/** Why the app's cookie banner opens: a first visit without the HTML's banner, the footer's link, "Personalizza". */
export type CookieBannerOpening = 'first-visit' | 'asked' | 'customise';

/**
 * On a first visit the banner the HTML painted (index.html, decision 024) stays the page's banner: its script
 * hides it on "Accetta tutti" or "Rifiuta" and keeps the choice on the slot, which this saves (also one made
 * before the app started). The app's banner, a React root of its own, is mounted only when it is needed:
 * "Personalizza", the footer's "Preferenze cookie", or no banner in the HTML. `mount` is called once, with
 * why; from then on the app's banner listens to the footer's link itself. A keyboard user's focus on the
 * HTML's buttons stays where it is while the app starts, and a first visit renders no banner in React.
 * Answers a function that stops listening (the tests'; the shop listens for the page's life).
 */
export function startCookieConsent(mount: (opening: CookieBannerOpening) => void): () => void {
  const slot = document.getElementById('cookie-consent');
  const banner = slot?.firstElementChild ?? null;
  let mounted = false;
  const asked = () => open('asked');
  const stop = () => {
    window.removeEventListener(OPEN_COOKIE_PREFERENCES_EVENT, asked);
    slot?.removeEventListener('click', take);
  };
  function open(opening: CookieBannerOpening) {
    if (mounted) return;
    mounted = true;
    stop();
    mount(opening);
  }
  function take() {
    // "Personalizza": the app's banner takes the choice from the slot and opens on the choices
    if (slot?.getAttribute('data-choice') === 'customise') return open('customise');
    if (takeEarlyCookieChoice() !== 'saved') return;
    banner?.remove();
    slot?.removeEventListener('click', take);
  }
  window.addEventListener(OPEN_COOKIE_PREFERENCES_EVENT, asked);
  if (readCookiePreferences()) return stop;
  if (!slot || !banner) {
    open('first-visit');
    return stop;
  }
  take();
  // the banner's own script runs first (a listener on the banner), then this one (on the slot)
  if (!mounted && slot.contains(banner)) slot.addEventListener('click', take);
  return stop;
}

/** The footer's "Preferenze cookie" link reopens the banner. */
export function openCookiePreferences(): void {
  window.dispatchEvent(new CustomEvent(OPEN_COOKIE_PREFERENCES_EVENT));
}
