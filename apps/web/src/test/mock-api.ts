import { vi } from 'vitest';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { EndpointName, EndpointPath, Endpoints } from '@spesa/shared/contracts/endpoints';
import type { Envelope, RootUser } from '@spesa/shared/contracts/envelope';

/** What each endpoint answers, by path, from its contract (a path served by GET and POST: either). */
type ContractData = { [K in EndpointName as EndpointPath<K>]: EndpointData<Endpoints[K]> };

/** What each mocked endpoint answers, typed with the shared contracts. */
export type ApiData = ContractData;

export type MockReply<T> =
  | { httpStatus?: number; envelope: Envelope<T | null> }
  | { httpStatus: number; raw: string }
  | { httpStatus?: number; wp: T; headers?: Record<string, string> };
export type ApiHandlers = { [P in keyof ApiData]?: (url: URL, init?: RequestInit) => MockReply<ApiData[P]> };

/** The root user of a signed-in customer (envelope `user`). */
export const SIGNED_IN_USER: RootUser = {
  userId: 7,
  login: 'mario.rossi@example.it',
  profileConfirmed: true,
  email: 'mario.rossi@example.it',
  firstName: 'Mario',
  lastName: 'Rossi',
  userType: { userTypeId: 2 },
  legals: [],
  fidelityCard: null,
};

/** An answer naming the signed-in customer as its user. */
export function okAs<T>(user: RootUser, data: T): MockReply<T> {
  const reply = ok(data) as { envelope: Envelope<T> };
  return { envelope: { ...reply.envelope, user } };
}

export function ok<T>(data: T): MockReply<T> {
  return {
    envelope: {
      response: {
        status: 0,
        errors: [],
        infos: [],
        warnings: [],
        errorsMessage: [],
        infosMessage: [],
        warningsMessage: [],
      },
      user: { userId: -1, login: null, profileConfirmed: false },
      data,
    },
  };
}

export function failure(
  status: number,
  error: string,
  httpStatus = 200,
  extra: { code?: string; field?: string } = {},
): MockReply<never> {
  return {
    httpStatus,
    envelope: {
      response: {
        status,
        errors: [{ error, ...extra }],
        infos: [],
        warnings: [],
        errorsMessage: [error],
        infosMessage: [],
        warningsMessage: [],
      },
      user: { userId: -1, login: null, profileConfirmed: false },
      data: null,
    },
  };
}

/** A WordPress route's answer (wire `wp`): the data itself, a list's totals in X-WP-Total / X-WP-TotalPages. */
export function wp<T>(data: T, totals?: { total: number; totalPages: number }): MockReply<T> {
  return totals
    ? {
        wp: data,
        headers: { 'X-WP-Total': String(totals.total), 'X-WP-TotalPages': String(totals.totalPages) },
      }
    : { wp: data };
}

/** A WordPress route's failure: `{ code, message, data: { status } }`. */
export function wpFailure(httpStatus: number, code: string, message: string): MockReply<never> {
  return { httpStatus, raw: JSON.stringify({ code, message, data: { status: httpStatus } }) };
}

function notMocked(): MockReply<never> {
  const { envelope } = failure(404, 'Not found', 404) as { envelope: Envelope<null> };
  const { user: _user, ...rest } = envelope;
  return { httpStatus: 404, raw: JSON.stringify(rest) };
}

type AnyHandler = (u: URL, i?: RequestInit) => MockReply<unknown>;

/** The handler of a path: its own key, else a contract path with `:params` ('/rank/product/:id/rating'). */
function handlerOf(handlers: ApiHandlers, path: string): AnyHandler | undefined {
  const byKey = handlers as Record<string, AnyHandler | undefined>;
  const exact = byKey[path];
  if (exact) return exact;
  const template = Object.keys(byKey).find(
    (key) => key.includes('/:') && new RegExp(`^${key.replace(/:[^/]+/g, '[^/]+')}$`).test(path),
  );
  return template ? byKey[template] : undefined;
}

/** Stubs global fetch: /ebsn/api/<path> goes to its handler; unknown paths answer 404 in the envelope. */
export function mockApi(handlers: ApiHandlers) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const path = url.pathname.replace(/^\/ebsn\/api/, '');
    const handler = handlerOf(handlers, path);
    // an unmocked path answers 404 without naming a user: it must not sign the test's customer out
    const reply: MockReply<unknown> = handler ? handler(url, init) : notMocked();
    if ('raw' in reply) return new Response(reply.raw, { status: reply.httpStatus });
    if ('wp' in reply)
      return new Response(JSON.stringify(reply.wp), {
        status: reply.httpStatus ?? 200,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      });
    return new Response(JSON.stringify(reply.envelope), {
      status: reply.httpStatus ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs the app asked for a path (e.g. '/products'). */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === `/ebsn/api${path}`);
}

/** The JSON bodies the app sent to a path (POST calls). */
export function bodiesTo(fetchMock: ReturnType<typeof mockApi>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/ebsn/api${path}`)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}
