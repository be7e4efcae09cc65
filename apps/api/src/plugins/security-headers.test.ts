import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import securityHeaders, { securityHeadersOf, type SecurityHeadersOptions } from './security-headers';

const OPTIONS: SecurityHeadersOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", "'sha256-abc='"],
      imgSrc: ["'self'", 'data:', 'https://tiles.example.org'],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

/** helmet's own middleware, as @fastify/helmet runs it, on a plain Node server: the headers it answers. */
async function helmetAnswer(options: SecurityHeadersOptions): Promise<IncomingHttpHeaders> {
  const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
    o: SecurityHeadersOptions,
  ) => (req: unknown, res: unknown, next: () => void) => void;
  const middleware = helmet(options);
  const server = createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/' }, (res) => {
        res.resume();
        resolve(res.headers);
      })
        .on('error', reject)
        .end();
    });
  } finally {
    server.close();
  }
}

const securityOnly = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type'].includes(name),
    ),
  );

describe('security headers', () => {
  it("answers every request with the very headers helmet's middleware writes with the same options", async () => {
    const app = Fastify();
    await app.register(securityHeaders, OPTIONS);
    app.get('/a', async () => ({ ok: true }));
    app.get('/popup', async (_request, reply) => {
      reply.header('cross-origin-opener-policy', 'unsafe-none');
      return 'popup';
    });
    const expected = securityOnly(await helmetAnswer(OPTIONS));
    expect(expected['content-security-policy']).toContain("img-src 'self' data: https://tiles.example.org");
    for (const url of ['/a', '/missing']) {
      const res = await app.inject(url);
      const got = securityOnly(res.headers);
      expect(got, url).toEqual(expected);
    }
    // a route still replaces one of them
    const popup = await app.inject('/popup');
    expect(popup.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(popup.headers['content-security-policy']).toBe(expected['content-security-policy']);
    await app.close();
  });

  it('refuses options computed per request', () => {
    const perRequest = {
      contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } },
    } as unknown as SecurityHeadersOptions;
    expect(() => securityHeadersOf(perRequest)).toThrow(/computed per request/);
  });
});
