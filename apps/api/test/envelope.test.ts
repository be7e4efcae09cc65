import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GENERIC_ERROR_TEXT } from '@spesa/shared/contracts/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS } from '../src/plugins/access';
import { buildTestApp, getJson, type EnvelopeBody, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    beforeReady: (app) => {
      const test = { config: { access: ACCESS.public('test route') } };
      // routes that fail like a bug would, with internals in the error
      app.get('/ebsn/api/__test/boom', test, async () => {
        throw new Error('relation "secret_table" does not exist at select * from secret_table');
      });
      app.get('/__test/boom', test, async () => {
        throw new Error('boom at /work/secret.ts:12');
      });
      app.post('/ebsn/api/__test/echo', test, async (request) => ({ echo: request.body }));
      // the database out of reach as the driver reports it, wrapped as Drizzle wraps it
      app.get('/ebsn/api/__test/db-down', test, async () => {
        const cause = Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        });
        throw new Error('Failed query: insert into "cart_items" ...', { cause });
      });
      app.get('/ebsn/api/__test/db-refused', test, async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
      });
      app.get('/ebsn/api/__test/db-standby', test, async () => {
        const cause = Object.assign(new Error('cannot execute INSERT in a read-only transaction'), {
          code: '25006',
        });
        throw new Error('Failed query', { cause });
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the envelope', () => {
  it('wraps every answer as { response, user, data } with the anonymous user', async () => {
    const { statusCode, body, headers } = await getJson(t.app, '/ebsn/api/lang/lang-info');
    expect(statusCode).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(body).toEqual({
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
      data: { lang: 'it', fallback: 'it', labels: {} },
    });
  });

  it('emits no blank lines before the JSON', async () => {
    const { raw } = await getJson(t.app, '/ebsn/api/version.json');
    expect(raw.startsWith('{')).toBe(true);
  });

  it('answers an unknown API route with 404 and the envelope', async () => {
    for (const url of ['/ebsn/api/nothing-here', '/ebsn/api/products/1/more', '/ebsn/api']) {
      const { statusCode, body } = await getJson(t.app, url);
      expect(statusCode).toBe(404);
      expect(body.response.status).toBe(404);
      expect(body.response.errorsMessage).toEqual(['Risorsa non trovata.']);
      expect(body.user.userId).toBe(-1);
    }
    const post = await t.app.inject({ method: 'POST', url: '/ebsn/api/products', payload: {} });
    expect(post.statusCode).toBe(404);
    expect((JSON.parse(post.body) as EnvelopeBody).response.errorsMessage).toEqual(['Risorsa non trovata.']);
  });

  it('answers a bug with 500 and the generic Italian text, without internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ebsn/api/__test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/secret|select|relation|\.ts/);
    const body = JSON.parse(res.body) as EnvelopeBody;
    expect(body.response.status).not.toBe(0);
    expect(body.response.errors[0]?.error).toBe(GENERIC_ERROR_TEXT);
    expect(body.response.errorsMessage).toEqual([GENERIC_ERROR_TEXT]);
    expect(body.data).toEqual({});

    const outside = await t.app.inject({ method: 'GET', url: '/__test/boom' });
    expect(outside.statusCode).toBe(500);
    expect(outside.body).toBe(GENERIC_ERROR_TEXT);
  });

  it('answers a database out of reach (shut down, refused, a standby) with 503, Retry-After and an Italian text', async () => {
    for (const url of [
      '/ebsn/api/__test/db-down',
      '/ebsn/api/__test/db-refused',
      '/ebsn/api/__test/db-standby',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).not.toMatch(/cart_items|ECONNREFUSED|10\.0\.0\.5|read-only|administrator/);
      const body = JSON.parse(res.body) as EnvelopeBody;
      expect(body.response.status).toBe(500);
      expect(body.response.errorsMessage).toEqual([
        'Il servizio non è raggiungibile in questo momento: riprova tra qualche secondo.',
      ]);
    }
    // a bug stays a 500
    expect((await t.app.inject({ method: 'GET', url: '/ebsn/api/__test/boom' })).statusCode).toBe(500);
  });

  it('answers a malformed JSON body with a 4xx envelope, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ebsn/api/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(JSON.parse(res.body)).toHaveProperty('response.status');
  });

  it('sends security headers and a CSP that allows the single-page app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ebsn/api/lang/lang-info' });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document generated from the zod contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ebsn/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/ebsn/api/products',
        '/ebsn/api/category',
        '/ebsn/api/products/suggest',
        '/ebsn/api/adv',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/ebsn/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});

/** One request on a fresh connection of the listening server: what a client reads back. */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('answers refused before routing, through a listening server', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const expectEnvelope = (
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
    statusCode: number,
    text: string,
  ) => {
    expect(res.statusCode).toBe(statusCode);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
    const body = JSON.parse(res.body) as EnvelopeBody;
    expect(body.response).toMatchObject({ status: 1, errorsMessage: [text] });
    expect(body.response.errors[0]?.error).toBe(text);
    expect(body.user).toEqual({ userId: -1, login: null, profileConfirmed: false });
    expect(body.data).toEqual({});
  };

  it('request headers over 16 KiB: 431 in the envelope, the connection closed', async () => {
    for (const size of [20_000, 100_000]) {
      const res = await rawGet(port, '/ebsn/api/lang/lang-info', { 'x-big': 'b'.repeat(size) });
      expectEnvelope(res, 431, 'Richiesta troppo grande.');
      expect(res.headers.connection).toBe('close');
    }
    const viaFetch = await fetch(`http://127.0.0.1:${port}/ebsn/api/lang/lang-info`, {
      headers: { cookie: `a=${'c'.repeat(20_000)}` },
    });
    expect(viaFetch.status).toBe(431);
    expect(((await viaFetch.json()) as EnvelopeBody).response.errorsMessage).toEqual([
      'Richiesta troppo grande.',
    ]);
  });

  it('a URL over the header limit: 414 in the envelope', async () => {
    for (const path of [
      `/ebsn/api/products?q=${'a'.repeat(20_000)}`,
      `/ebsn/api/products?q=${'a'.repeat(100_000)}`,
    ]) {
      const res = await rawGet(port, path);
      expectEnvelope(res, 414, 'Indirizzo troppo lungo.');
      expect(res.headers.connection).toBe('close');
    }
  });

  it('a path parameter over the router limit: 414 in the envelope (plain text outside the API)', async () => {
    for (const path of [`/ebsn/api/products/${'9'.repeat(300)}`, `/ebsn/api/geo/cap/${'1'.repeat(300)}`])
      expectEnvelope(await rawGet(port, path), 414, 'Indirizzo troppo lungo.');
    const outside = await rawGet(port, `/dev/mailbox/${'9'.repeat(300)}`);
    expect(outside.statusCode).toBe(414);
    expect(outside.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(outside.body).toBe('Indirizzo troppo lungo.');
  });

  it('a path that is not valid percent-encoding: 400 in the envelope', async () => {
    expectEnvelope(await rawGet(port, '/ebsn/api/products/%E0%A4%A'), 400, 'La richiesta non è valida.');
  });

  it('the server still answers normally afterwards', async () => {
    const res = await rawGet(port, '/ebsn/api/lang/lang-info');
    expect(res.statusCode).toBe(200);
    expect((JSON.parse(res.body) as EnvelopeBody).response.status).toBe(0);
  });
});
