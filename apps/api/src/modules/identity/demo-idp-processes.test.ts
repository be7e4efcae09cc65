import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SocialProvider } from '@spesa/shared/contracts/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueEmail, type TestApp } from '../../../test/helper';
import { startDemoIdentityProviders, type DemoIdentityProviders } from './demo-oidc-idp';

/**
 * The demo OpenID providers with several API processes (decision 090): two sets of providers, as two processes
 * start them, behind one address that sends each request to the other set in turn (as node:cluster shares
 * the port between the processes). With their state in the database a whole sign-in completes, every hop
 * possibly on the other process; with each one's state in its own memory it cannot.
 */
const API = 'http://localhost:8080/ebsn/api';
const PROVIDERS: SocialProvider[] = ['google', 'facebook'];

/** One address per provider, forwarding each request to the next of its backends' ports. */
class RoundRobin {
  readonly backends: Record<string, number[]> = { google: [], facebook: [] };
  readonly served: Record<string, number[]> = { google: [], facebook: [] };
  readonly ports: Record<string, number> = {};
  readonly #servers: Server[] = [];

  async start(): Promise<this> {
    for (const provider of PROVIDERS) {
      let next = 0;
      const server = createServer((req, res) => {
        const ports = this.backends[provider] ?? [];
        const i = next++ % ports.length;
        this.served[provider]![i] = (this.served[provider]![i] ?? 0) + 1;
        const upstream = request(
          { host: '127.0.0.1', port: ports[i], method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.writeHead(502).end());
        req.pipe(upstream);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      this.ports[provider] = (server.address() as AddressInfo).port;
      this.#servers.push(server);
    }
    return this;
  }

  issuerOf = (provider: SocialProvider) => `http://127.0.0.1:${this.ports[provider]}`;

  async stop(): Promise<void> {
    for (const server of this.#servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
}

/** Two "processes'" demo providers behind the round robin, and a shop using them. */
async function twoProcesses(t: TestApp, inDatabase: boolean) {
  const proxy = await new RoundRobin().start();
  const sets: DemoIdentityProviders[] = [];
  for (let i = 0; i < 2; i++) {
    const set = await startDemoIdentityProviders((p) => `${API}/social-redir/${p}-mobile`, 0, {
      ...(inDatabase ? { db: t.db } : {}),
      issuerOf: (p) => proxy.issuerOf(p),
    });
    for (const provider of set.providers)
      proxy.backends[provider.provider]?.push(set.ports[provider.provider]);
    sets.push(set);
  }
  return { proxy, sets };
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function shopGet(app: TestApp['app'], url: string, cookies: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: {
      cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    },
  });
  return {
    status: res.statusCode,
    location: String(res.headers.location ?? ''),
    cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])),
  };
}

/** The browser at the provider: its form, then the redirects back to the shop; null when it is refused. */
async function atProvider(authorizationUrl: string, login: string): Promise<string | null> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') ?? '', url).href;
      if (next.startsWith(API)) return next.slice('http://localhost:8080'.length);
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) return null;
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    body = new URLSearchParams({ login }).toString();
  }
  return null;
}

async function signIn(app: TestApp['app'], provider: SocialProvider, login: string) {
  const start = await shopGet(app, `/ebsn/api/social-redir/${provider}-mobile?popup=1`);
  expect(start.status).toBe(303);
  const callback = await atProvider(start.location, login);
  if (!callback) return null;
  const end = await shopGet(app, callback, start.cookies);
  return new URL(end.location, 'http://localhost').searchParams.get('outcome');
}

describe('the demo OpenID providers in several processes', () => {
  it('with their state in the database, a sign-in whose every request goes to the other process completes', async () => {
    const { proxy, sets } = await twoProcesses(t, true);
    const shop = await buildTestApp({ socialProviders: sets[0]!.providers });
    try {
      for (const provider of PROVIDERS) {
        expect(await signIn(shop.app, provider, uniqueEmail(`hop-${provider}`))).toBe('register');
        // both processes took part
        expect(proxy.served[provider]?.every((n) => n > 0)).toBe(true);
        expect(proxy.served[provider]).toHaveLength(2);
      }
      // the other process's settings are the same: the shop could be configured with either
      expect(sets[1]!.providers).toEqual(sets[0]!.providers);
    } finally {
      await shop.close();
      for (const s of sets) await s.close();
      await proxy.stop();
    }
  });

  it('with their state in their own memory, the same hops fail', async () => {
    const { proxy, sets } = await twoProcesses(t, false);
    const shop = await buildTestApp({ socialProviders: sets[0]!.providers });
    try {
      expect(await signIn(shop.app, 'google', uniqueEmail('hop-memory'))).not.toBe('register');
    } finally {
      await shop.close();
      for (const s of sets) await s.close();
      await proxy.stop();
    }
  });
});
