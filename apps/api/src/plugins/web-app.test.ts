import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { heroHtml } from './web-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'spesa-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Spesa</title><div id="root"><div class="shell"><!--first-view--></div></div>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // the build's precompressed sibling (apps/web/vite.config.ts)
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ serveWebApp: true, env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves index.html at / and for unknown pages that accept HTML (SPA fallback), never cached', async () => {
    for (const url of ['/', '/category/frutta-e-verdura', '/product/mele-biologiche-100001?x=1']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("writes the home's first banner into the shell of the home only (decision 022)", async () => {
    const html = { accept: 'text/html' };
    const home = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(home.body).toMatch(
      /<div class="shell-hero"><picture><source media="\(max-width: 599px\)" srcset="\/media\/banners\/[a-z-]+-m\.svg" width="600" height="400"><img src="\/media\/banners\/[a-z-]+\.svg" width="1200" height="400" alt="[^"]*" fetchpriority="high"><\/picture><\/div>/,
    );
    expect(home.body).not.toContain('<!--first-view-->');
    const other = await t.app.inject({ method: 'GET', url: '/category/frutta', headers: html });
    expect(other.body).not.toContain('shell-hero');
    expect(other.body).toContain('<!--first-view-->');
  });

  it('escapes what it writes into the hero', () => {
    const html = heroHtml({ desktop: '/a.svg?x="><script>alert(1)</script>', alt: '<b>"Spesa"</b> & co' });
    expect(html).not.toMatch(/<script|<b>/);
    expect(html).toContain('src="/a.svg?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('alt="&lt;b&gt;&quot;Spesa&quot;&lt;/b&gt; &amp; co"');
    expect(html).not.toContain('<source');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file to clients that accept brotli, the plain one to the others', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps API and missing files out of the fallback', async () => {
    const api = await t.app.inject({
      method: 'GET',
      url: '/ebsn/api/nope',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(JSON.parse(api.body)).toHaveProperty('response.status', 404);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missing.statusCode).toBe(404);
    const media = await t.app.inject({
      method: 'GET',
      url: '/media/banners/none.svg',
      headers: { accept: 'text/html' },
    });
    expect(media.statusCode).toBe(404);
  });
});
