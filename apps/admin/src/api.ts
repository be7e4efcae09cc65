import type { EndpointData, EndpointInput } from '@spesa/shared/contracts/endpoint';
import { fillPath } from '@spesa/shared/contracts/endpoint';
import type { EndpointName, Endpoints } from '@spesa/shared/contracts/endpoints';
import type { Envelope } from '@spesa/shared/contracts/envelope';

/** The back office's endpoints (packages/shared contracts/admin.ts). */
export type AdminEndpoint = Extract<EndpointName, `${string} /admin/${string}`>;

/** A refused call: the HTTP status, the envelope's first error (code and Italian text) and its data. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

const GENERIC = 'Operazione non riuscita: riprova tra poco.';

/**
 * Calls a back-office endpoint by its contract's name, `'GET /admin/products'`: the query, parameters and body
 * are checked against the contract and the answer's data is typed by it. The session is the back office's own
 * HttpOnly cookie (sent by the browser on same-origin calls).
 */
export async function adminCall<K extends AdminEndpoint>(
  name: K,
  input: EndpointInput<Endpoints[K]>,
): Promise<EndpointData<Endpoints[K]>> {
  return (await adminAct(name, input)).data;
}

/** Sends one file as multipart/form-data (`file`) to an upload endpoint, e.g. a product's photo. */
export async function adminUpload<K extends AdminEndpoint>(
  name: K,
  params: Record<string, string | number>,
  file: File,
): Promise<EndpointData<Endpoints[K]>> {
  const space = name.indexOf(' ');
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`/ebsn/api${fillPath(name.slice(space + 1), params)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    body: form,
  });
  return (await envelopeOf(res)).data as EndpointData<Endpoints[K]>;
}

/** Sends several files as multipart/form-data (`file` each, in order), e.g. a leaflet's pages. */
export async function adminUploadMany<K extends AdminEndpoint>(
  name: K,
  params: Record<string, string | number>,
  files: readonly File[],
): Promise<EndpointData<Endpoints[K]>> {
  const space = name.indexOf(' ');
  const form = new FormData();
  for (const file of files) form.append('file', file);
  const res = await fetch(`/ebsn/api${fillPath(name.slice(space + 1), params)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    body: form,
  });
  return (await envelopeOf(res)).data as EndpointData<Endpoints[K]>;
}

/** The envelope of an answer; a refusal throws its first Italian error. */
async function envelopeOf(res: Response): Promise<Envelope<unknown>> {
  let envelope: Envelope<unknown> | null = null;
  try {
    envelope = (await res.json()) as Envelope<unknown>;
  } catch {
    throw new AdminApiError(res.status, null, GENERIC, null);
  }
  const first = envelope.response?.errors?.[0];
  if (!res.ok || envelope.response.status !== 0)
    throw new AdminApiError(res.status, first?.code ?? null, first?.error ?? GENERIC, envelope.data);
  return envelope;
}

/** adminCall, with the envelope's Italian notices of what was done (e.g. "Ordine preparato: addebitati …"). */
export async function adminAct<K extends AdminEndpoint>(
  name: K,
  input: EndpointInput<Endpoints[K]>,
): Promise<{ data: EndpointData<Endpoints[K]>; infos: string[] }> {
  const space = name.indexOf(' ');
  const method = name.slice(0, space);
  const parts = input as {
    query?: Record<string, unknown>;
    params?: Record<string, string | number>;
    body?: unknown;
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const qs = search.toString();
  const url = `/ebsn/api${fillPath(name.slice(space + 1), parts.params)}${qs ? `?${qs}` : ''}`;
  const res = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(parts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: parts.body !== undefined ? JSON.stringify(parts.body) : undefined,
  });
  const envelope = await envelopeOf(res);
  return { data: envelope.data as EndpointData<Endpoints[K]>, infos: envelope.response.infosMessage ?? [] };
}
