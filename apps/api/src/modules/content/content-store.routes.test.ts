import type { AdvSlot, ContentSearchData, WpError, WpMenu, WpPage } from '@spesa/shared/contracts/content';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, getWp, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';
import { SEED_PAGES } from '../../db/seed/content-pages';
import { CONTENT_TEXT } from './content.messages';
import { sanitizeContentHtml } from './content-html';
import type { ContentStoreService } from './content-store.service';

/**
 * The content store (decision 050): pages by slug in the WordPress shape, the paged page list, menus, the
 * general search, the ad slots by route path, bad input, and the sanitiser on every write. Runs on both
 * engines.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0 });
});
afterAll(async () => t?.close());

const P = '/p/wp-json';
/** GET /wp/v2/pages?slug=: WordPress's array (one page or none), the page taken out of it. */
const pagesOf = (query: string) => getWp<WpPage[] | WpError>(t.app, `${P}/wp/v2/pages${query}`);
const page = async (slug: string) => {
  const res = await pagesOf(`?slug=${encodeURIComponent(slug)}`);
  return { ...res, page: Array.isArray(res.body) ? res.body[0] : undefined };
};
const storeOf = (app: TestApp): ContentStoreService => app.app.contentStore;

describe('pages as WordPress answers them (GET /wp/v2/pages)', () => {
  it('answers a seeded page by slug: an array of one page in the WordPress shape, no envelope', async () => {
    const res = await pagesOf('?slug=condizioni-generali-di-vendita');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).not.toHaveProperty('response');
    expect(res.headers['x-wp-total']).toBe('1');
    expect(res.headers['x-wp-totalpages']).toBe('1');
    const p = (res.body as WpPage[])[0]!;
    expect(p).toMatchObject({
      id: expect.any(Number),
      slug: 'condizioni-generali-di-vendita',
      status: 'publish',
      type: 'page',
      link: '/page/condizioni-generali-di-vendita',
      title: { rendered: 'Condizioni generali di vendita' },
      template: 'default',
      form_id: null,
    });
    expect(p.excerpt.rendered.length).toBeGreaterThan(0);
    expect(p.validity_text).toMatch(/^In vigore dal/);
    expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(p.modified).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(p.yoast_head_json.title).toBe('Condizioni generali di vendita | Spesa');
    expect(p.yoast_head_json.description.length).toBeGreaterThan(50);
    // the withdrawal right and its exclusions for perishable food
    expect(p.content.rendered).toContain('articolo 59 del Codice del Consumo');
    expect(p.content.rendered).toMatch(/deteriorarsi o scadere rapidamente/);
  });

  it('every seeded page is served, and the credits keep the ODbL attribution', async () => {
    for (const seeded of SEED_PAGES)
      expect((await page(seeded.slug)).page?.slug, seeded.slug).toBe(seeded.slug);
    const credits = (await page('credits')).page!;
    expect(credits.content.rendered).toContain('Open Database License (ODbL) 1.0');
    expect(credits.content.rendered).toContain('https://opendatacommons.org/licenses/odbl/1-0/');
  });

  it('contatti carries its form placeholder and id; punti vendita lists the stores of the delivery module', async () => {
    const contacts = (await page('contatti')).page!;
    expect(contacts.form_id).toBe(1);
    expect(contacts.content.rendered).toContain('[form id=1]');
    expect(contacts.content.rendered).toContain('clienti@spesa.demo');
    const stores = (await page('punti-vendita')).page!;
    expect(stores.template).toBe('stores');
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM warehouses WHERE warehouse_type = 'store'`,
    );
    expect(stores.stores).toHaveLength(count?.n ?? -1);
    expect(stores.stores?.[0]).toMatchObject({ name: expect.any(String), city: expect.any(String) });
  });

  it("an unknown slug answers an empty array, as WordPress does; a page by id, and an unknown id in WordPress's error shape", async () => {
    const unknown = await pagesOf('?slug=non-esiste');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toEqual([]);
    expect(unknown.headers['x-wp-total']).toBe('0');
    const known = (await page('privacy')).page!;
    const byId = await getWp<WpPage>(t.app, `${P}/wp/v2/pages/${known.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.body).toMatchObject({ id: known.id, slug: 'privacy', type: 'page', status: 'publish' });
    const missing = await getWp<WpError>(t.app, `${P}/wp/v2/pages/999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({
      code: 'rest_post_invalid_id',
      message: CONTENT_TEXT.wpPageInvalidId.text,
      data: { status: 404 },
    });
  });

  it('lists every page 10 at a time with X-WP-Total and X-WP-TotalPages, and finds pages by search words', async () => {
    const first = await pagesOf('');
    expect(first.statusCode).toBe(200);
    const total = Number(first.headers['x-wp-total']);
    expect(total).toBeGreaterThanOrEqual(SEED_PAGES.length);
    expect(first.headers['x-wp-totalpages']).toBe(String(Math.ceil(total / 10)));
    expect(first.body).toHaveLength(Math.min(10, total));
    const second = await pagesOf('?page=2&per_page=10');
    const ids = new Set((first.body as WpPage[]).map((p) => p.id));
    expect((second.body as WpPage[]).some((p) => ids.has(p.id))).toBe(false);
    expect((second.body as WpPage[]).length).toBe(total - 10);
    const found = await pagesOf('?search=recesso');
    expect((found.body as WpPage[]).map((p) => p.slug)).toContain('condizioni-generali-di-vendita');
    expect(found.headers['x-wp-total']).toBe(String((found.body as WpPage[]).length));
    const beyond = await pagesOf('?page=99');
    expect(beyond.statusCode).toBe(400);
    expect(beyond.body).toMatchObject({ code: 'rest_post_invalid_page_number', data: { status: 400 } });
    expect((await pagesOf('?_embed=1&per_page=1')).body).toHaveLength(1);
  });

  it('refuses bad parameters with rest_invalid_param, in Italian, naming each one', async () => {
    for (const q of [
      'page=0',
      'page=abc',
      'per_page=0',
      'per_page=101',
      'page=1.5',
      'slug=a%20b',
      'slug=..%2Fetc',
    ]) {
      const res = await pagesOf(`?${q}`);
      expect(res.statusCode, q).toBe(400);
      const name = q.split('=')[0]!;
      expect(res.body, q).toMatchObject({
        code: 'rest_invalid_param',
        message: `Parametri non validi: ${name}.`,
        data: { status: 400, params: { [name]: `Il parametro ${name} non è valido.` } },
      });
    }
    const badId = await getWp<WpError>(t.app, `${P}/wp/v2/pages/abc`);
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
  });
});

describe('menus and search', () => {
  it("the footer menu is the menus plugin's menu object, its items in order; an unknown location is not_found", async () => {
    const res = await getWp<WpMenu>(t.app, `${P}/menus/v1/locations/footer`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toHaveProperty('response');
    expect(res.body).toMatchObject({
      term_id: expect.any(Number),
      slug: 'footer',
      taxonomy: 'nav_menu',
      count: res.body.items.length,
    });
    const urls = res.body.items.map((i) => i.url);
    expect(urls).toContain('/page/condizioni-generali-di-vendita');
    expect(urls).toContain('/page/privacy');
    expect(urls).toContain('/page/cookie-policy');
    expect(urls).toContain('/page/credits');
    const privacy = res.body.items.find((i) => i.url === '/page/privacy');
    expect(privacy).toMatchObject({
      ID: expect.any(Number),
      title: expect.any(String),
      menu_item_parent: '0',
      type: 'post_type',
      object: 'page',
      slug: 'privacy',
      post_type: 'nav_menu_item',
    });
    const orders = res.body.items.map((i) => i.menu_order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    const unknown = await getWp<WpError>(t.app, `${P}/menus/v1/locations/sidebar`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toEqual({
      code: 'not_found',
      message: CONTENT_TEXT.wpMenuNotFound.text,
      data: { status: 404 },
    });
    const bad = await getWp<WpError>(t.app, `${P}/menus/v1/locations/a.b`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });

  it('the general search finds pages (accents and case ignored) and products, 24 per page, totals in the headers', async () => {
    const search = (q: string) => getWp<ContentSearchData>(t.app, `${P}/spesa/v1/search?${q}`);
    const res = await search('s=RECESSO');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toHaveProperty('response');
    expect(res.body.pages.map((p) => p.slug)).toContain('condizioni-generali-di-vendita');
    expect((await search(`s=${encodeURIComponent('piu')}`)).statusCode).toBe(200);
    const products = await search('s=latte');
    expect(products.body.products.length).toBeGreaterThan(0);
    expect(products.body.products.length).toBeLessThanOrEqual(24);
    const total = Number(products.headers['x-wp-total']);
    expect(total).toBeGreaterThanOrEqual(products.body.products.length);
    expect(products.headers['x-wp-totalpages']).toBe(String(Math.ceil(total / 24)));
    // no tag names are matched: "strong" is markup, not text
    expect((await search('s=strong')).body.pages).toEqual([]);
    for (const q of ['', 's=a', 's=latte&per_page=25', 's=latte&page=0']) {
      const refused = await getWp<WpError>(t.app, `${P}/spesa/v1/search?${q}`);
      expect(refused.statusCode, q).toBe(400);
      expect(refused.body.code, q).toBe('rest_invalid_param');
    }
    expect((await search('s=%25%25')).body).toMatchObject({ pages: [] });
  });
});

describe('a path under /p/wp-json no route serves', () => {
  it("answers WordPress's rest_no_route (404) in Italian, whatever the method", async () => {
    for (const [method, url] of [
      ['GET', `${P}/wp/v2/nessuna`],
      ['GET', `${P}/spesa/v1/sconosciuto?x=1`],
      ['GET', `${P}/`],
      ['POST', `${P}/wp/v2/pages`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(JSON.parse(res.body), url).toEqual({
        code: 'rest_no_route',
        message: 'Nessun percorso corrisponde all’URL e al metodo della richiesta.',
        data: { status: 404 },
      });
    }
  });
});

describe('ad slots by route path', () => {
  const slot = (path: string) =>
    getJson<{ adv: AdvSlot }>(t.app, `/ebsn/api/adv/slot?path=${encodeURIComponent(path)}`);

  it('a configured route, a parent path, the default; a product slot shows the product', async () => {
    expect((await slot('/')).body.data.adv).toMatchObject({ kind: 'banner', routePath: '/' });
    expect((await slot('/page/faq/')).body.data.adv).toMatchObject({ kind: 'banner', routePath: '/page' });
    expect((await slot('/category/frutta?x=1')).body.data.adv).toMatchObject({ kind: 'fallback' });
    const cart = (await slot('/cart')).body.data.adv;
    expect(cart.kind).toBe('product');
    expect(cart.product?.productId).toEqual(expect.any(Number));
  });

  it('with no slot at all the built-in fallback answers; bad paths are refused', async () => {
    await t.db.execute(sql`UPDATE ad_slots SET active = false WHERE route_path = '*'`);
    await t.db.execute(sql`UPDATE content_version SET version = version + 1`);
    try {
      expect((await slot('/nessuna/rotta')).body.data.adv).toMatchObject({
        kind: 'fallback',
        routePath: '*',
      });
    } finally {
      await t.db.execute(sql`UPDATE ad_slots SET active = true WHERE route_path = '*'`);
      await t.db.execute(sql`UPDATE content_version SET version = version + 1`);
    }
    for (const bad of ['', 'cart', 'http://x.it/', '/a b', `/${'x'.repeat(300)}`]) {
      const res = await slot(bad);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('sanitiser', () => {
  const hostile =
    '<h1>Titolo</h1><p onclick="x()">Testo <a href="javascript:alert(1)">link</a> <a href="/page/faq" onmouseover="y()">faq</a></p>' +
    '<script>alert(1)</script><img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe>' +
    '<style>body{}</style><table><tr><th scope="col" style="x">A</th></tr></table>';

  it('keeps the allowed tags and link targets, drops scripts, handlers and unsafe schemes', () => {
    const clean = sanitizeContentHtml(hostile);
    expect(clean).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|<img|<iframe|<style|evil/i);
    expect(clean).toContain('<h2>Titolo</h2>');
    expect(clean).toContain('<a href="/page/faq">faq</a>');
    expect(clean).toContain('<th scope="col">A</th>');
  });

  it('no seeded page holds a script or a handler', async () => {
    const rows = await queryRows<{ content: string }>(t.db, sql`SELECT content FROM content_pages`);
    for (const r of rows) expect(r.content).not.toMatch(/<script|onerror=|onclick=|javascript:/i);
  });

  it('a page written with hostile HTML is stored and served clean; a text empty after cleaning is refused', async () => {
    const store = storeOf(t);
    const saved = await store.savePage({ slug: 'prova-sanificazione', title: 'Prova', content: hostile });
    expect(saved.ok).toBe(true);
    const served = (await page('prova-sanificazione')).page!.content.rendered;
    expect(served).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(served).toContain('Testo');
    const empty = await store.savePage({
      slug: 'prova-vuota',
      title: 'Vuota',
      content: '<script>x</script>',
    });
    expect(empty).toMatchObject({ ok: false, code: CONTENT_TEXT.pageEmpty.code });
    expect((await page('prova-vuota')).page).toBeUndefined();
  });
});
