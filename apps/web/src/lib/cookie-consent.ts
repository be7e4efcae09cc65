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
/** Dispatched on the window when a choice is saved (the HTML's banner's, the app's). */
export const COOKIE_CHOICE_SAVED_EVENT = 'spesa:cookie-choice-saved';

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
  window.dispatchEvent(new CustomEvent(COOKIE_CHOICE_SAVED_EVENT));
  return prefs;
}

/** Whether the customer has made a cookie choice (the banner is gone); with its subscription, for React. */
export const hasCookieChoice = (): boolean => readCookiePreferences() !== null;
export function subscribeCookieChoice(listener: () => void): () => void {
  window.addEventListener(COOKIE_CHOICE_SAVED_EVENT, listener);
  return () => window.removeEventListener(COOKIE_CHOICE_SAVED_EVENT, listener);
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
  const stopKeepingClear = slot ? keepPageClearOfBanner(slot) : () => undefined;
  const stopAll = () => {
    stop();
    stopKeepingClear();
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
    // a choice made with the keyboard leaves the focus on the banner's button, about to disappear
    const hadFocus = !!banner && banner.contains(document.activeElement);
    if (takeEarlyCookieChoice() !== 'saved') return;
    banner?.remove();
    slot?.removeEventListener('click', take);
    if (hadFocus) focusPageStart();
  }
  window.addEventListener(OPEN_COOKIE_PREFERENCES_EVENT, asked);
  if (readCookiePreferences()) return stopAll;
  if (!slot || !banner) {
    open('first-visit');
    return stopAll;
  }
  take();
  // the banner's own script runs first (a listener on the banner), then this one (on the slot)
  if (!mounted && slot.contains(banner)) slot.addEventListener('click', take);
  return stopAll;
}

/** The CSS variable holding the room the open cookie banner takes at the bottom of the screen (shell.css). */
export const COOKIE_BANNER_SPACE = '--cookie-banner-space';

/**
 * While a cookie banner is shown (the HTML's or the app's, both in `slot`), the page keeps the room it covers
 * at the bottom of the screen: `COOKIE_BANNER_SPACE` on the root element, which shell.css gives to the
 * body's bottom padding (the page's last controls can scroll above the banner) and to the root's
 * `scroll-padding-bottom` (a control reached with Tab scrolls clear of the banner instead of under it; WCAG
 * 2.4.11). Answers a function that stops following the banner.
 */
export function keepPageClearOfBanner(slot: HTMLElement): () => void {
  const root = document.documentElement;
  let measured: HTMLElement | null = null;
  const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => update());
  function update() {
    const banner = slot.querySelector<HTMLElement>('.cookie-banner');
    const shown = banner && !banner.hidden && banner.getClientRects().length > 0 ? banner : null;
    if (shown !== measured) {
      if (measured) resize?.unobserve(measured);
      if (shown) resize?.observe(shown);
      measured = shown;
    }
    if (!shown) return root.style.removeProperty(COOKIE_BANNER_SPACE);
    // from the banner's top edge to the bottom of the screen, and a little air above it
    const space = root.clientHeight - shown.getBoundingClientRect().top + 8;
    root.style.setProperty(COOKIE_BANNER_SPACE, `${Math.max(0, Math.ceil(space))}px`);
  }
  const mutations = new MutationObserver(update);
  mutations.observe(slot, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
  update();
  return () => {
    mutations.disconnect();
    resize?.disconnect();
    root.style.removeProperty(COOKIE_BANNER_SPACE);
  };
}

/**
 * The focus after the cookie banner closed under it: the start of the page, the layout's first skip link
 * (the next stop after the banner in the tab order; shown only to the keyboard, shell.css).
 */
export function focusPageStart(): void {
  document.querySelector<HTMLElement>('#root .skip-link')?.focus();
}

/** The footer's "Preferenze cookie" link reopens the banner. */
export function openCookiePreferences(): void {
  window.dispatchEvent(new CustomEvent(OPEN_COOKIE_PREFERENCES_EVENT));
}
