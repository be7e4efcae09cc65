import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { isDemoShop } from '../env';
import { DEMO_SHOP_BANNER_TEXT, withDemoShopBanner } from './demo-shop-banner';

/** A demonstration shop says so on every page of the shop and of the back office (decision 084). */
let demo: TestApp;
let real: TestApp;
let dist: string;
const html = { accept: 'text/html' };

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'spesa-demo-dist-'));
  for (const app of ['web', 'admin']) {
    mkdirSync(join(dist, app));
    writeFileSync(
      join(dist, app, 'index.html'),
      `<!doctype html><html lang="it"><body><div id="cookie-consent"></div><div id="root"><div class="shell"><!--first-view--></div></div></body></html>`,
    );
  }
  const env = { WEB_DIST: join(dist, 'web'), ADMIN_DIST: join(dist, 'admin') };
  // the tests' shop is like `npm start`'s: outside production, the sandbox on, so a demonstration by default
  demo = await buildTestApp({ serveWebApp: true, env });
  real = await buildTestApp({ serveWebApp: true, env: { ...env, DEMO_SHOP: 'off' } });
});
afterAll(async () => {
  await demo?.close();
  await real?.close();
  rmSync(dist, { recursive: true, force: true });
});

const bannersIn = (body: string) => body.split('<aside class="demo-shop-banner"').length - 1;

describe("a demonstration shop's banner", () => {
  it('is on every page of the shop and of the back office, once, before the app and after the cookie banner', async () => {
    expect(isDemoShop(demo.env)).toBe(true);
    for (const url of [
      '/',
      '/category/frutta-e-verdura',
      '/checkout',
      '/pagina-che-non-esiste',
      '/admin',
      '/admin/orders',
    ]) {
      const res = await demo.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(bannersIn(res.body), url).toBe(1);
      expect(res.body, url).toContain(
        `<p style="margin:0">${DEMO_SHOP_BANNER_TEXT}</p></aside><div id="root">`,
      );
      expect(res.body.indexOf('id="cookie-consent"'), url).toBeLessThan(res.body.indexOf('demo-shop-banner'));
    }
  });

  it('is a labelled landmark, read as text (no live region that would announce it again)', () => {
    const page = withDemoShopBanner('<body><div id="root"></div></body>');
    expect(page).toMatch(/<aside class="demo-shop-banner" aria-label="Negozio dimostrativo"/);
    expect(page).not.toMatch(/role="(alert|status)"|aria-live/);
    // it scrolls with the page: never fixed over the content
    expect(page).not.toMatch(/position:\s*(fixed|sticky|absolute)/);
    // a page without the app's root gets it first in its body
    expect(withDemoShopBanner('<html><body class="x"><main></main></body></html>')).toMatch(
      /<body class="x"><aside class="demo-shop-banner"[^]*<\/aside><main>/,
    );
  });

  it('is on no page of a shop that is not a demonstration', async () => {
    expect(isDemoShop(real.env)).toBe(false);
    for (const url of ['/', '/category/frutta-e-verdura', '/admin']) {
      const res = await real.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(bannersIn(res.body), url).toBe(0);
      expect(res.body, url).not.toContain(DEMO_SHOP_BANNER_TEXT);
    }
  });
});
