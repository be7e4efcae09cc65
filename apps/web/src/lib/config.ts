/** Client configuration (spec sections 2 and 9). Build-time values come from Vite's import.meta.env. */
export const CLIENT_VERSION = '1.47.1';
export const API_BASE = '/ebsn/api';
export const IS_APP_BUILD = import.meta.env.VITE_BUILD_TARGET === 'app';
/** Registration is offered in the login dialog (spec section 2: "register button shown only if enabled"). */
export const REGISTRATION_ENABLED = import.meta.env.VITE_REGISTRATION_ENABLED !== 'false';
/** Hosts whose links are routed inside the shop when a route matches (spec section 2). */
export const LINK_WHITELIST_HOSTS: readonly string[] = (
  import.meta.env.VITE_LINK_WHITELIST ?? 'www.spesa.it,spesa.it'
)
  .split(',')
  .map((h: string) => h.trim())
  .filter(Boolean);
/** Days a remembered search word is kept (spec: "configured number of days"). */
export const SEARCH_WORDS_MAX_AGE_DAYS = Number(import.meta.env.VITE_SEARCH_WORDS_DAYS ?? 30) || 30;
export const PRODUCTS_PAGE_SIZE = 24;
export const TOAST_MS = 3000;
export const SNACKBAR_MS = 5000;
export const SNACKBAR_MAX = 5;
export const SUGGEST_DEBOUNCE_MS = 300;
export const CATEGORY_PREFIX = '/category/';
/** spec section 9: version check every 10 minutes, reload after 30 minutes without activity */
export const VERSION_CHECK_MS = 600_000;
export const IDLE_RELOAD_MS = 1_800_000;
/** The content page about the chain's services (the elderly tab's 'i nostri servizi', spec section 2). */
export const SERVICES_PAGE_PATH = import.meta.env.VITE_SERVICES_PAGE ?? '/page/servizi';
/**
 * Cart switches (spec sections 4, 7 and 9), in one place. ANONYMOUS_CART_ALLOWED must match the API's
 * ANONYMOUS_CART (default off: adding asks for login, then address, then slot). Immediate mode: a quantity
 * change goes straight to the cart; off, the control changes a local quantity and "Aggiungi" sends it.
 */
export const ANONYMOUS_CART_ALLOWED = import.meta.env.VITE_ANONYMOUS_CART === 'true';
export const CART_IMMEDIATE_MODE = import.meta.env.VITE_CART_IMMEDIATE_MODE !== 'false';
/** infos.accept_alternatives sent on add: normal products and promo products (product class group 6) */
export const ACCEPT_ALTERNATIVES_DEFAULT = import.meta.env.VITE_ACCEPT_ALTERNATIVES !== 'false';
export const ACCEPT_ALTERNATIVES_PROMO_DEFAULT = import.meta.env.VITE_ACCEPT_ALTERNATIVES_PROMO === 'true';
/** cart calls send show_sectors: lines grouped by department */
export const SHOW_SECTORS = import.meta.env.VITE_SHOW_SECTORS !== 'false';
/** server message codes shown as a popup instead of a toast (spec section 8) */
export const SHOW_IN_POPUP_CODES: readonly string[] = ['msg.cart.availability.errors'];
/** snackbars: offset from the bottom edge (px) and how long a leaving one stays before removal */
export const SNACKBAR_OFFSET = 55;
export const SNACKBAR_LEAVE_MS = 600;
/**
 * The response cache (spec section 9): answers of the catalogue's and the content's reads are kept 15 minutes,
 * at most 50, by URL (lib/response-cache.ts).
 */
export const RESPONSE_CACHE_TTL_MS = 900_000;
export const RESPONSE_CACHE_MAX_ENTRIES = 50;
/**
 * The request overlay (spec section 4) shows while requests are pending; the spec names no delay: it appears
 * once a request has been pending this long, so a quick answer does not flash it over the page.
 */
export const REQUEST_OVERLAY_DELAY_MS = 400;
