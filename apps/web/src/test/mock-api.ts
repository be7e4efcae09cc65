import { vi } from 'vitest';
import type { z } from 'zod';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import type {
  advDataSchema,
  categoryDataSchema,
  categoryTreeDataSchema,
  Product,
  ProductListData,
  suggestDataSchema,
} from '@spesa/shared/contracts/catalogue';

/** What each mocked endpoint answers, typed with the shared contracts. */
export interface ApiData {
  '/category': z.infer<typeof categoryTreeDataSchema> | z.infer<typeof categoryDataSchema>;
  '/products': ProductListData | Product;
  '/products/suggest': z.infer<typeof suggestDataSchema>;
  '/adv': z.infer<typeof advDataSchema>;
}

export type MockReply<T> =
  { httpStatus?: number; envelope: Envelope<T | null> } | { httpStatus: number; raw: string };
export type ApiHandlers = { [P in keyof ApiData]?: (url: URL) => MockReply<ApiData[P]> };

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

export function failure(status: number, error: string, httpStatus = 200): MockReply<never> {
  return {
    httpStatus,
    envelope: {
      response: {
        status,
        errors: [{ error }],
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

/** Stubs global fetch: /ebsn/api/<path> goes to its handler; unknown paths answer 404 in the envelope. */
export function mockApi(handlers: ApiHandlers) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const path = url.pathname.replace(/^\/ebsn\/api/, '') as keyof ApiData;
    const handler = handlers[path] as ((u: URL) => MockReply<unknown>) | undefined;
    const reply: MockReply<unknown> = handler ? handler(url) : failure(404, 'Not found', 404);
    if ('raw' in reply) return new Response(reply.raw, { status: reply.httpStatus });
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
