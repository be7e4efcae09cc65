import type { Slide, UxBlock, WpError, WpPost, WpPostWithNeighbours } from '@spesa/shared/contracts/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getWp, type TestApp } from '../../../test/helper';
import { CONTENT_TEXT } from './content.messages';

/**
 * The content store's recipes, ux-blocks and slides (decision 056): lists by term and filters, paged; a post
 * with its neighbours; blocks by slug and by term; slides by day stamp and delivery service, and by id; the
 * cache follows a write at once; all in WordPress's shapes (arrays of post objects, totals in X-WP-Total and
 * X-WP-TotalPages, failures as { code, message, data: { status } } in Italian). Runs on both engines.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0 });
});
afterAll(async () => t?.close());

const P = '/p/wp-json/spesa/v1';
const list = (query = '') => getWp<WpPost[]>(t.app, `${P}/posts/ricette${query}`);
const post = (slug: string) => getWp<WpPostWithNeighbours>(t.app, `${P}/posts/ricette/${slug}`);
const blocks = (query: string) => getWp<UxBlock[]>(t.app, `${P}/ux-blocks${query}`);
const slides = (query: string) => getWp<Slide[]>(t.app, `${P}/slides${query}`);
const failure = (url: string) => getWp<WpError>(t.app, url);

describe('recipes (custom posts)', () => {
  it('lists the seeded recipes as WordPress post objects, newest first, 10 per page, totals in the headers', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).not.toHaveProperty('response');
    const total = Number(res.headers['x-wp-total']);
    expect(total).toBeGreaterThanOrEqual(6);
    expect(res.headers['x-wp-totalpages']).toBe(String(Math.ceil(total / 10)));
    const first = res.body[0]!;
    expect(first).toMatchObject({
      id: expect.any(Number),
      slug: 'risotto-alla-milanese',
      status: 'publish',
      type: 'ricette',
      link: '/ricette/risotto-alla-milanese',
      title: { rendered: 'Risotto alla milanese' },
      content: { rendered: expect.stringContaining('<h2>'), protected: false },
      excerpt: { protected: false },
      featured_media: 0,
      // "primi" is the first term of the taxonomy "portata"
      portata: [1],
      acf: { terms: { portata: ['primi'] }, fields: { difficolta: 'media', vegetariana: 'no' } },
    });
    expect(first.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(first.date_gmt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    // Rome is one or two hours ahead of UTC
    const ahead = (Date.parse(`${first.date}Z`) - Date.parse(`${first.date_gmt}Z`)) / 3_600_000;
    expect([1, 2]).toContain(ahead);
    const dates = res.body.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters by a term of the taxonomy and by fields, and pages', async () => {
    const primi = (await list('?term=primi')).body.map((p) => p.slug);
    expect(primi).toEqual(['risotto-alla-milanese', 'pizzoccheri-della-valtellina']);
    const easyVeg = (await list('?filters=difficolta:facile,vegetariana:si')).body;
    expect(easyVeg.map((p) => p.slug).sort()).toEqual([
      'frittata-di-zucchine',
      'insalata-di-finocchi-e-arance',
      'torta-di-mele',
    ]);
    const secondPage = await list('?per_page=2&page=2');
    expect(secondPage.body).toHaveLength(2);
    expect(secondPage.headers['x-wp-totalpages']).toBe(
      String(Math.ceil(Number(secondPage.headers['x-wp-total']) / 2)),
    );
    const none = await list('?term=antipasti');
    expect(none.body).toEqual([]);
    expect(none.headers['x-wp-total']).toBe('0');
    const beyond = await list('?page=99');
    expect(beyond.statusCode).toBe(400);
    expect(beyond.body).toMatchObject({ code: 'rest_post_invalid_page_number', data: { status: 400 } });
  });

  it('answers a recipe as a post object with its sanitised text and the older and newer recipe', async () => {
    const res = await post('cotoletta-alla-milanese');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toHaveProperty('response');
    const p = res.body;
    expect(p).toMatchObject({ slug: 'cotoletta-alla-milanese', type: 'ricette', status: 'publish' });
    expect(p.content.rendered).toContain('<h2>Ingredienti (4 persone)</h2>');
    expect(p.previous).toMatchObject({ slug: 'frittata-di-zucchine', link: '/ricette/frittata-di-zucchine' });
    expect(p.next).toMatchObject({ slug: 'pizzoccheri-della-valtellina' });
    const newest = (await post('risotto-alla-milanese')).body;
    expect(newest.next).toBeNull();
    expect((await post('torta-di-mele')).body.previous).toBeNull();
  });

  it('a change is served at once and its HTML goes through the sanitiser', async () => {
    await t.app.contentPosts.savePost({
      type: 'ricette',
      slug: 'minestrone-test',
      title: 'Minestrone',
      content: '<p>Verdure<script>alert(1)</script></p><img src=x onerror=alert(1)>',
      excerpt: 'Caldo',
      img: null,
      terms: ['primi'],
      fields: { difficolta: 'facile', tempo: '60', vegetariana: 'si' },
      publishedAt: new Date(Date.now() + 60_000),
    });
    const newest = (await list('?term=primi')).body[0];
    expect(newest?.slug).toBe('minestrone-test');
    const saved = (await post('minestrone-test')).body;
    expect(saved.content.rendered).toBe('<p>Verdure</p>');
    expect(saved.previous?.slug).toBe('risotto-alla-milanese');
  });

  it("refuses unknown types, slugs and malformed filters in WordPress's error shape, in Italian", async () => {
    const unknown = await failure(`${P}/posts/ricette/non-esiste`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toEqual({
      code: 'rest_post_invalid_slug',
      message: CONTENT_TEXT.wpPostInvalidSlug.text,
      data: { status: 404 },
    });
    const type = await failure(`${P}/posts/pagine`);
    expect(type.statusCode).toBe(400);
    expect(type.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { type: 'Il parametro type non è valido.' } },
    });
    for (const bad of [
      '?filters=difficolta',
      "?filters=a:b'--",
      '?per_page=500',
      '?page=0',
      '?term=Primi Piatti',
    ]) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body, bad).toMatchObject({ code: 'rest_invalid_param' });
    }
    const slug = await failure(`${P}/posts/ricette/..%2F..%2Fetc`);
    expect(slug.statusCode).toBe(400);
    expect(slug.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
  });
});

describe('ux-blocks', () => {
  it('answers the block of a slug and the blocks placed on a category, as plain arrays with their totals', async () => {
    const one = await blocks('?slug=come-conserviamo-i-freschi');
    expect(one.statusCode).toBe(200);
    expect(one.body).toHaveLength(1);
    expect(one.body[0]?.title.rendered).toBe('Come conserviamo i freschi');
    expect(one.headers['x-wp-total']).toBe('1');
    const onFruit = await blocks('?term=frutta-e-verdura');
    expect(onFruit.body.map((b) => b.slug)).toEqual([
      'frutta-e-verdura-di-stagione',
      'come-conserviamo-i-freschi',
    ]);
    expect(onFruit.headers['x-wp-total']).toBe('2');
    expect(onFruit.headers['x-wp-totalpages']).toBe('1');
    expect((await blocks('?term=latte')).body).toEqual([]);
  });

  it('an unknown slug answers none, as WordPress does; neither or both of slug and term is refused', async () => {
    const unknown = await blocks('?slug=non-esiste');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toEqual([]);
    const neither = await failure(`${P}/ux-blocks`);
    expect(neither.statusCode).toBe(400);
    expect(neither.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { slug: 'Indica uno tra slug e term.' } },
    });
    expect((await blocks('?slug=a&term=b')).statusCode).toBe(400);
  });
});

describe('slides', () => {
  it('answers the slides of a day for a delivery service, with those for every service', async () => {
    const service = t.app.contentPosts;
    const a = await service.addSlide({
      title: 'Natale',
      description: '',
      img: null,
      link: '/volantini',
      validFrom: '2030-12-20',
      validTo: '2030-12-24',
      deliveryServiceIds: [],
      position: 1,
    });
    const b = await service.addSlide({
      title: 'Solo Drive',
      description: '',
      img: null,
      link: null,
      validFrom: '2030-12-22',
      validTo: '2030-12-22',
      deliveryServiceIds: [1],
      position: 2,
    });
    const ids = (q: string) => slides(q).then((r) => r.body.map((s) => s.id));
    const day = await slides('?day=20301222&deliveryServiceId=1');
    expect(day.statusCode).toBe(200);
    expect(day.body).not.toHaveProperty('response');
    expect(day.headers['x-wp-total']).toBe('2');
    expect(day.body.map((s) => s.id)).toEqual([a, b]);
    expect(await ids('?day=20301222&deliveryServiceId=2')).toEqual([a]);
    expect(await ids('?day=20301222')).toEqual([a]);
    // the lockers' services have ids of their own (10000, 10002)
    expect(await ids('?day=20301222&deliveryServiceId=10000')).toEqual([a]);
    expect(await ids('?day=20301225&deliveryServiceId=1')).toEqual([]);
    const byId = await getWp<Slide[]>(t.app, `${P}/slides_by_id?ids=${b},999999,${a}`);
    expect(byId.body.map((s) => s.id)).toEqual([b, a]);
    expect(byId.headers['x-wp-total']).toBe('2');
    expect(byId.body[1]).toMatchObject({ validFrom: '2030-12-20', validTo: '2030-12-24' });
  });

  it('refuses malformed day stamps and id lists with rest_invalid_param', async () => {
    for (const bad of ['', '?day=2030-12-22', '?day=20301345', '?day=20301222&deliveryServiceId=abc']) {
      const res = await failure(`${P}/slides${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body.code, bad).toBe('rest_invalid_param');
    }
    for (const bad of ['', '?ids=a,b', `?ids=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`]) {
      const res = await failure(`${P}/slides_by_id${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body.code, bad).toBe('rest_invalid_param');
    }
  });
});
