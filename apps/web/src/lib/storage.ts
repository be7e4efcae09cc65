import { COOKIE_PREFERENCES_KEY } from '@spesa/shared/shell/inline-scripts';

/** Browser storage that never throws (private mode, quota, disabled storage). */
function safe(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

export function readJson<T>(
  key: string,
  fallback: T,
  kind: 'localStorage' | 'sessionStorage' = 'localStorage',
): T {
  try {
    const raw = safe(kind)?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(
  key: string,
  value: unknown,
  kind: 'localStorage' | 'sessionStorage' = 'localStorage',
): void {
  try {
    safe(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the preference is simply not remembered */
  }
}

export function removeItem(key: string, kind: 'localStorage' | 'sessionStorage' = 'localStorage'): void {
  try {
    safe(kind)?.removeItem(key);
  } catch {
    /* ignore */
  }
}

/** Keys used by the shop, in one place. */
export const STORAGE_KEYS = {
  productViewMode: 'spesa.productViewMode',
  searchWords: 'spesa.searchWords',
  fastSearchWords: 'spesa.fastSearchWords',
  session: 'spesa.session',
  loggedIn: 'spesa.loggedIn',
  lastTutorialId: 'spesa.lastTutorialId',
  /** the device's own id for push registration (app build, decision 055) */
  deviceId: 'spesa.deviceId',
  cookiePreferences: COOKIE_PREFERENCES_KEY,
} as const;
