import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { contentFirstView } from '../modules/content/content-first-view';
import { leafletFirstView } from '../modules/leaflets/leaflet-first-view';
import { productFirstView } from '../modules/catalogue/product-first-view';
import { heroHtml } from './web-app';
import { COOKIE_BANNER_SCRIPT, START_APP_SCRIPT } from '@spesa/shared/shell/inline-scripts';

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

  it("allows index.html's two inline scripts by their hashes, and no other inline script (decision 024)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1];
    const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(scriptSrc?.split(' ').sort()).toEqual(
      ["'self'", "'wasm-unsafe-eval'", hashOf(COOKIE_BANNER_SCRIPT), hashOf(START_APP_SCRIPT)].sort(),
    );
  });

  it("writes the home's first banner into the shell of the home only (decision 022)", async () => {
    const html = { accept: 'text/html' };
    const home = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(home.body).toMatch(
      /<div class="shell-view shell-hero"><picture><source media="\(max-width: 599px\)" srcset="\/media\/banners\/[a-z-]+-m\.svg" width="600" height="400"><img src="\/media\/banners\/[a-z-]+\.svg" width="1200" height="400" alt="[^"]*" fetchpriority="high"><\/picture><\/div>/,
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

  it("writes a content page's title, validity and text into the shell (decision 060)", async () => {
    const html = { accept: 'text/html' };
    const res = await t.app.inject({
      method: 'GET',
      url: '/page/condizioni-generali-di-vendita',
      headers: html,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<article class="shell-view shell-page"><div class="shell-title">Condizioni generali di vendita</div><p class="shell-validity">',
    );
    expect(res.body).toMatch(/<div class="shell-body"><h2>[^<]+<\/h2>\s*<p>/);
    expect(res.body).not.toContain('<!--first-view-->');
    // the contact page's form comes with the page, not its placeholder
    const contacts = await t.app.inject({ method: 'GET', url: '/page/contatti', headers: html });
    expect(contacts.body).toContain('class="shell-view shell-page"');
    expect(contacts.body).not.toContain('[form id=');
    // the FAQ (a list the page builds), an unknown page and a malformed slug: the HTML as built
    for (const url of ['/page/faq', '/page/non-esiste', '/page/%3Cscript%3E']) {
      const other = await t.app.inject({ method: 'GET', url, headers: html });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('shell-view');
      expect(other.body, url).toContain('<!--first-view-->');
    }
    // not a browser asking for a page: not found, as before
    const json = await t.app.inject({
      method: 'GET',
      url: '/page/privacy',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
  });

  it("writes a current leaflet's title and first page into the shell, by slug or number (decision 060)", async () => {
    const html = { accept: 'text/html' };
    const list = await t.app.inject({ method: 'GET', url: '/ebsn/api/leaflet/search' });
    const leaflet = (
      list.json() as {
        data: { leaflets: { leafletId: number; slug: string; title: string; baseLocation: string }[] };
      }
    ).data.leaflets[0]!;
    for (const url of [`/volantini/${leaflet.slug}`, `/volantini/${leaflet.leafletId}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(
        `<div class="shell-view shell-leaflet"><div class="shell-title">${leaflet.title}</div>`,
      );
      expect(res.body, url).toContain(
        `<source type="image/avif" srcset="${leaflet.baseLocation}0-480.avif 480w, ${leaflet.baseLocation}0-960.avif 960w" sizes="(min-width: 960px) 560px, 100vw">`,
      );
      expect(res.body, url).toContain(
        `<img src="${leaflet.baseLocation}0.png" alt="" width="1440" height="2036" fetchpriority="high">`,
      );
    }
    for (const url of ['/volantini/non-esiste', '/volantini/999999', '/volantini/%3Cb%3E']) {
      const other = await t.app.inject({ method: 'GET', url, headers: html });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('shell-view');
    }
  });

  it("writes a product's breadcrumbs and image into the shell (decision 060)", async () => {
    const html = { accept: 'text/html' };
    const list = await t.app.inject({ method: 'GET', url: '/ebsn/api/products?q=pasta&page_size=1' });
    const product = (
      list.json() as {
        data: {
          products: { slug: string; name: string; mediaURL: string; breadCrumbs: { name: string }[] }[];
        };
      }
    ).data.products[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/product/${product.slug}`, headers: html });
    expect(res.statusCode).toBe(200);
    // the template's escaping (lib/html.ts): & < > " ' as entities
    const esc = (text: string) =>
      text.replace(
        /[&<>"']/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
      );
    const crumbs = product.breadCrumbs
      .map((b) => `<span class="s">/</span><span class="l">${esc(b.name)}</span>`)
      .join('');
    expect(res.body).toContain(
      `<div class="shell-view shell-product"><div class="shell-crumbs"><span class="l">Home</span>${crumbs}` +
        `<span class="s">/</span><span>${esc(product.name)}</span></div>`,
    );
    expect(res.body).toContain(`alt="${esc(product.name)}" width="400" height="400" fetchpriority="high">`);
    for (const url of ['/product/non-esiste-999999999', '/product/%3Cscript%3E', '/product/A_B']) {
      const other = await t.app.inject({ method: 'GET', url, headers: html });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('shell-view');
    }
  });

  it("writes the first two leaflets' covers into the shell of /volantini, as the slider shows them (decision 060)", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/ebsn/api/leaflet/search' });
    const leaflets = (list.json() as { data: { leaflets: { baseLocation: string }[] } }).data.leaflets;
    expect(leaflets.length).toBeGreaterThanOrEqual(2);
    const res = await t.app.inject({ method: 'GET', url: '/volantini', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div class="shell-view shell-leaflets"><div class="shell-lfs-head"></div>');
    for (const l of leaflets.slice(0, 2))
      expect(res.body).toContain(
        `<source type="image/avif" srcset="${l.baseLocation}0-480.avif 480w, ${l.baseLocation}0-960.avif 960w" sizes="(min-width: 1264px) 16vw, (min-width: 960px) 25vw, 50vw">`,
      );
    expect(res.body.match(/<picture>/g)).toHaveLength(2);
    const json = await t.app.inject({
      method: 'GET',
      url: '/volantini',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
  });

  it('escapes what it writes of a leaflet and a product, and keeps only the text of a page title', () => {
    const leaflet = leafletFirstView({
      title: '<script>alert(1)</script> "Offerte"',
      baseLocation: '/media/x"><script>/pagina-',
    } as Parameters<typeof leafletFirstView>[0]);
    expect(leaflet).not.toMatch(/<script/);
    expect(leaflet).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Offerte&quot;');
    const page = contentFirstView({
      title: { rendered: '<b onclick="x()">Privacy</b> & cookie <script>alert(1)</script>' },
      validity_text: '<i>oggi</i>',
      content: { rendered: '<p>Testo</p>' },
      template: 'default',
    } as Parameters<typeof contentFirstView>[0]);
    expect(page).toContain('<div class="shell-title">Privacy &amp; cookie</div>');
    expect(page).toContain('<p class="shell-validity">&lt;i&gt;oggi&lt;/i&gt;</p>');
    expect(page).not.toMatch(/onclick|<script|<b>/);
    const product = productFirstView({
      name: '<img src=x onerror=alert(1)>',
      mediaURL: '/x.svg" onload="alert(1)',
      breadCrumbs: [{ name: '<script>' }],
    } as Parameters<typeof productFirstView>[0]);
    expect(product).not.toMatch(/<script|<img src=x|" onload/);
    expect(product).toContain('src="/x.svg&quot; onload=&quot;alert(1)"');
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
