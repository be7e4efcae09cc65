import { fillPath, type EndpointData, type EndpointInput } from '@spesa/shared/contracts/endpoint';
import type { EndpointName, Endpoints } from '@spesa/shared/contracts/endpoints';
import type { Envelope, ResponseMessage, ResponseStatus } from '@spesa/shared/contracts/envelope';
import i18n from './i18n';
import { TOAST_MS } from './config';
import { clearSession, SESSION_HEADER, storeSessionToken } from './session';
import { apiHeaders, buildUrl, type QueryValue } from './request-init';
import { takePrefetched } from './prefetch';
import { noteAnswerCopy } from './offline-copy';
import { noteServerUser } from './auth-state';
import { isShareable, isStoredCopy } from './stored-copy';
import { cachedAnswer, forgetResource, isCachedRead, keepAnswer } from './response-cache';
import { requestEnded, requestStarted } from './pending-requests';
import { showToast } from './toast-store';

/**
 * The HTTP client for /ebsn/api (spec sections 7 and 8, wire notes). Types only from the contracts:
 * zod stays out of the first chunk.
 * - parses the envelope, tolerating blank lines before the JSON;
 * - shows server messages (errors, infos, warnings) as toasts;
 * - status != 0 rejects with an ApiError carrying the envelope (a generic error is added when none came);
 * - HTTP 419 clears the stored session and tells the customer the session expired;
 * - the root `user` of a live answer tells who the customer is; a stored copy (the service worker's, or the
 *   response cache's) never does: its `user` is ignored;
 * - reads of the catalogue and the content go through the spec's response cache (lib/response-cache.ts); a
 *   non-GET call removes the entries of the resource it calls;
 * - every request counts in the pending requests of the request overlay (lib/pending-requests.ts).
 */
export class ApiError extends Error implements Envelope<unknown> {
  readonly response: ResponseStatus;
  readonly user: Envelope<unknown>['user'];
  readonly data: unknown;
  readonly httpStatus: number;

  constructor(envelope: Envelope<unknown>, httpStatus: number) {
    super(firstErrorText(envelope.response));
    this.name = 'ApiError';
    this.response = envelope.response;
    this.user = envelope.user;
    this.data = envelope.data;
    this.httpStatus = httpStatus;
  }

  get status(): number {
    return this.response.status;
  }

  get isNotFound(): boolean {
    return this.httpStatus === 404 || this.response.status === 404;
  }
}

export { buildUrl, type QueryValue };
export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /**
   * true: do not show the server's messages as toasts (the caller shows the failure itself);
   * 'errors': only failures stay quiet, infos of a success still show (forms that show their own errors)
   */
  quiet?: boolean | 'errors';
  /** the messages of a successful answer (a failure carries them in its ApiError) */
  onResponse?: (status: ResponseStatus) => void;
}

const genericText = () => i18n.t('toast.genericError');

function firstErrorText(status: ResponseStatus): string {
  return status.errors[0]?.error ?? status.errorsMessage[0] ?? 'Errore';
}

function emptyStatus(status: number): ResponseStatus {
  return {
    status,
    errors: [],
    infos: [],
    warnings: [],
    errorsMessage: [],
    infosMessage: [],
    warningsMessage: [],
  };
}

const ANONYMOUS = { userId: -1, login: null, profileConfirmed: false };

/** The body, tolerating blank lines (or a BOM) before the JSON, as the real platform's clients do. */
export function parseEnvelopeText(text: string): Envelope<unknown> | null {
  return parseEnvelope(text)?.envelope ?? null;
}

/** The envelope, and whether the answer named its user (a filled-in anonymous user must not sign anyone out). */
function parseEnvelope(text: string): { envelope: Envelope<unknown>; namesUser: boolean } | null {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) return null;
  try {
    const parsed = JSON.parse(trimmed) as Partial<Envelope<unknown>>;
    if (!parsed || typeof parsed !== 'object') return null;
    const response = { ...emptyStatus(parsed.response?.status ?? 0), ...(parsed.response ?? {}) };
    return {
      envelope: { response, user: parsed.user ?? ANONYMOUS, data: parsed.data ?? null },
      namesUser: typeof parsed.user?.userId === 'number',
    };
  } catch {
    return null;
  }
}

const textsOf = (messages: readonly ResponseMessage[] | undefined, key: 'error' | 'info' | 'warning') =>
  (messages ?? []).map((m) => m[key]).filter((m): m is string => typeof m === 'string' && m.length > 0);

/** errors → error toasts, infos → success toasts, warnings → warning toasts (3000 ms). */
export function showResponseMessages(status: ResponseStatus): void {
  const groups = [
    ['error', [...textsOf(status.errors, 'error'), ...(status.errorsMessage ?? [])]],
    ['success', [...textsOf(status.infos, 'info'), ...(status.infosMessage ?? [])]],
    ['warning', [...textsOf(status.warnings, 'warning'), ...(status.warningsMessage ?? [])]],
  ] as const;
  for (const [severity, texts] of groups) {
    for (const text of new Set(texts)) showToast(text.replace(/\\n/g, '\n'), severity, TOAST_MS);
  }
}

function withGenericError(envelope: Envelope<unknown>): Envelope<unknown> {
  if (envelope.response.errors.length > 0) return envelope;
  const text = envelope.response.errorsMessage[0] ?? genericText();
  return { ...envelope, response: { ...envelope.response, errors: [{ error: text }] } };
}

/** The untyped request under `callApi` (and its tests); the app calls endpoints through `callApi` only. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = apiHeaders();
  let body: string | FormData | undefined;
  // multipart (the forms' admin-ajax.php): the browser writes the boundary header itself
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  const isRead = method === 'GET' && body === undefined;
  if (isRead) {
    const cached = isCachedRead(url) ? cachedAnswer(url) : undefined;
    if (cached) {
      options.onResponse?.(cached.status);
      return cached.data as T;
    }
  } else forgetResource(url);

  requestStarted();
  try {
    return await send<T>(url, method, headers, body, options, isRead);
  } finally {
    requestEnded();
  }
}

async function send<T>(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body: string | FormData | undefined,
  options: RequestOptions,
  isRead: boolean,
): Promise<T> {
  // the entry script may already have started this very GET (first visit, see prefetch.ts)
  const prefetched = isRead ? takePrefetched(url) : undefined;
  let res: Response;
  try {
    res = await (prefetched ??
      fetch(url, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const envelope = withGenericError({ response: emptyStatus(1), user: ANONYMOUS, data: null });
    if (!options.quiet) showResponseMessages(envelope.response);
    throw new ApiError(envelope, 0);
  }

  noteAnswerCopy(url, res.headers);
  const rotated = res.headers.get(SESSION_HEADER);
  if (rotated) storeSessionToken(rotated);

  const storedCopy = isStoredCopy(res.headers);
  const parsed = parseEnvelope(await res.text());
  const envelope = parsed?.envelope ?? null;
  // the root user of a live answer tells who the server is talking to (login state, spec section 4)
  if (parsed?.namesUser && !storedCopy) noteServerUser(parsed.envelope.user);

  if (res.status === 419) {
    clearSession();
    showToast(i18n.t('toast.sessionExpired'), 'warning', TOAST_MS);
    throw new ApiError(
      withGenericError(envelope ?? { response: emptyStatus(419), user: ANONYMOUS, data: null }),
      419,
    );
  }

  if (!envelope) {
    const failed = withGenericError({ response: emptyStatus(1), user: ANONYMOUS, data: null });
    if (!options.quiet) showResponseMessages(failed.response);
    throw new ApiError(failed, res.status);
  }

  if (!res.ok || envelope.response.status !== 0) {
    const failed = withGenericError(
      envelope.response.status === 0
        ? { ...envelope, response: { ...envelope.response, status: res.status || 1 } }
        : envelope,
    );
    if (!options.quiet) showResponseMessages(failed.response);
    throw new ApiError(failed, res.status);
  }

  // the server's own answer, the same for everyone: kept by the response cache (reads it covers only)
  if (isRead && !storedCopy && isShareable(res.headers))
    keepAnswer(url, { data: envelope.data, status: envelope.response });
  if (options.quiet !== true) showResponseMessages(envelope.response);
  options.onResponse?.(envelope.response);
  return envelope.data as T;
}

/** The options of a call besides what the contract types (method, path, query, body). */
export type CallOptions = Omit<RequestOptions, 'method' | 'query' | 'body'>;

type CallArgs<K extends EndpointName> =
  object extends EndpointInput<Endpoints[K]>
    ? [input?: EndpointInput<Endpoints[K]>, options?: CallOptions]
    : [input: EndpointInput<Endpoints[K]>, options?: CallOptions];

/**
 * Calls an endpoint by its contract's name, `'POST /cart/add'` (packages/shared contracts/endpoints.ts): the
 * query, path parameters and body are checked against the contract, and the answer's data is typed by it.
 * Only types come from the contracts, so zod stays out of the bundle.
 */
export function callApi<K extends EndpointName>(
  name: K,
  ...[input, options]: CallArgs<K>
): Promise<EndpointData<Endpoints[K]>> {
  const space = name.indexOf(' ');
  const method = name.slice(0, space) as 'GET' | 'POST';
  const parts = ((input as unknown) ?? {}) as {
    query?: object;
    params?: Record<string, string | number>;
    body?: unknown;
  };
  return apiRequest<EndpointData<Endpoints[K]>>(fillPath(name.slice(space + 1), parts.params), {
    ...options,
    method,
    query: parts.query as Record<string, QueryValue> | undefined,
    body: parts.body,
  });
}

/** The server's refusal texts of a failed call (each once), or the fallback when it gave none. */
export function errorTexts(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError) {
    const texts = error.response.errors.map((e) => e.error).filter((e): e is string => Boolean(e));
    if (texts.length) return [...new Set(texts)];
  }
  return [fallback];
}

/**
 * Calls an endpoint whose body is multipart/form-data (the forms' `admin-ajax.php`, decision 051): the same
 * contract key as `callApi`, the answer typed by it; the browser writes the multipart boundary itself.
 */
export function callApiMultipart<K extends EndpointName>(
  name: K,
  body: FormData,
  options?: CallOptions,
): Promise<EndpointData<Endpoints[K]>> {
  const space = name.indexOf(' ');
  return apiRequest<EndpointData<Endpoints[K]>>(name.slice(space + 1), {
    ...options,
    method: name.slice(0, space) as 'GET' | 'POST',
    body,
  });
}
