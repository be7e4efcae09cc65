import { API_BASE, CLIENT_VERSION, IS_APP_BUILD } from './config';
import { getSessionToken, SESSION_HEADER } from './session';
import { readCookiePreferences } from './cookie-consent';

/**
 * URL and headers of an API request, shared by the HTTP client and the first-visit prefetch (which must
 * produce the very same request to be reused). Small and free of React/MUI: it lives in the entry chunk.
 */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  const qs = params.toString();
  // the content system's calls live at the spec's own paths (/p/wp-json, /p/wp-admin), outside /ebsn/api
  return `${path.startsWith('/p/') ? '' : API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

export const CLIENT_UUID_HEADER = 'x-ebsn-client-uuid';

export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Ebsn-Client': IS_APP_BUILD ? 'production' : 'site',
    'x-ebsn-version': CLIENT_VERSION,
  };
  const token = getSessionToken();
  if (token) headers[SESSION_HEADER] = token;
  // spec section 7: a client UUID from the cookie preferences (once the customer has made a choice)
  const uuid = readCookiePreferences()?.uuid;
  if (uuid && !Object.keys(headers).some((h) => h.toLowerCase() === CLIENT_UUID_HEADER)) {
    headers[CLIENT_UUID_HEADER] = uuid;
  }
  return headers;
}
