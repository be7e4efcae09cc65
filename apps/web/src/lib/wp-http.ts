import { fillPath, type EndpointData, type EndpointInput } from '@spesa/shared/contracts/endpoint';
import type { EndpointName, Endpoints } from '@spesa/shared/contracts/endpoints';
import type { ResponseStatus } from '@spesa/shared/contracts/envelope';
import { ApiError } from './http';
import { noteActivity } from './app-freshness';
import { noteAnswerCopy } from './offline-copy';
import { apiHeaders, buildUrl, type QueryValue } from './request-init';
import { takePrefetched } from './prefetch';
import i18n from './i18n';

/**
 * The client of the content system's WordPress routes (contracts with wire `wp`, decision 050): the answer
 * is the data itself, a list's totals come in `X-WP-Total` / `X-WP-TotalPages`. A failure
 * (`{ code, message, data: { status } }`) rejects with the same ApiError as the envelope's calls, its
 * HTTP status kept, so the pages treat "not found" alike whatever the wire. Never shows toasts: the pages
 * that read the content system show their own state.
 */
export interface WpAnswer<T> {
  data: T;
  /** X-WP-Total: the items the query matches (the answer's length when absent) */
  total: number;
  /** X-WP-TotalPages */
  totalPages: number;
}

function failure(httpStatus: number, text: string, code?: string): ApiError {
  const response: ResponseStatus = {
    status: httpStatus || 1,
    errors: [{ error: text, ...(code ? { code } : {}) }],
    infos: [],
    warnings: [],
    errorsMessage: [text],
    infosMessage: [],
    warningsMessage: [],
  };
  return new ApiError(
    { response, user: { userId: -1, login: null, profileConfirmed: false }, data: null },
    httpStatus,
  );
}

/** The ApiError of a lookup WordPress answers with an empty list (a slug no page has). */
export const wpNotFound = (): ApiError => failure(404, i18n.t('toast.genericError'));

const parse = (text: string): unknown => {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) return null;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return null;
  }
};

export async function callWp<K extends EndpointName>(
  name: K,
  input: EndpointInput<Endpoints[K]>,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<WpAnswer<EndpointData<Endpoints[K]>>> {
  const space = name.indexOf(' ');
  const parts = input as { query?: Record<string, QueryValue>; params?: Record<string, string | number> };
  const url = buildUrl(fillPath(name.slice(space + 1), parts.params), parts.query);
  let res: Response;
  try {
    res = await (takePrefetched(url) ??
      fetch(url, {
        method: 'GET',
        headers: apiHeaders(),
        credentials: 'same-origin',
        signal: options.signal,
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw failure(0, i18n.t('toast.genericError'));
  }
  noteActivity();
  noteAnswerCopy(url, res.headers);
  const body = parse(await res.text());
  if (!res.ok || body === null) {
    // WordPress's error, or the envelope the service worker answers offline
    const error = (body ?? {}) as {
      code?: string;
      message?: string;
      response?: { errors?: { error?: string }[] };
    };
    const text = error.message ?? error.response?.errors?.[0]?.error ?? i18n.t('toast.genericError');
    throw failure(res.status, text, error.code);
  }
  const total = Number(res.headers.get('x-wp-total') ?? (Array.isArray(body) ? body.length : 1));
  const totalPages = Number(res.headers.get('x-wp-totalpages') ?? 1);
  return { data: body as EndpointData<Endpoints[K]>, total, totalPages };
}
