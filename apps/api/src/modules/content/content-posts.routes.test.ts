import type { PostListData, Slide, UxBlock, WpPost } from '@spesa/shared/contracts/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../../../test/helper';
import { CONTENT_TEXT } from './content.messages';

/**
 * The content store's recipes, ux-blocks and slides (decision 056): lists by term and filters, paged; a post
 * with its neighbours; blocks by slug and by term; slides by day stamp and delivery service, and by id; the
 * cache follows a write at once; bad input answers the Italian envelope. Runs on both engines.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0 });
});
afterAll(async () => t?.close());

const P = '/p/wp-json/spesa/v1';
const list = (query = '') => getJson<PostListData>(t.app, `${P}/posts/ricette${query}`);
const post = (slug: string) => getJson<{ post: WpPost }>(t.app, `${P}/posts/ricette/${slug}`);
const blocks = (query: string) => getJson<{ blocks: UxBlock[] }>(t.app, `${P}/ux-blocks${query}`);
const slides = (query: string) => getJson<{ slides: Slide[] }>(t.app, `${P}/slides${query}`);

describe('recipes (custom posts)', () => {
  it('lists the seeded recipes newest first with their terms and fields, 10 per page by default', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const { posts, page, terms } = res.body.data;
    expect(page.itemsPerPage).toBe(10);
    expect(page.totItems).toBeGreaterThanOrEqual(6);
    expect(posts[0]).toMatchObject({
      type: 'ricette',
      slug: 'risotto-alla-milanese',
      link: '/ricette/risotto-alla-milanese',
      terms: { portata: ['primi'] },
      fields: { difficolta: 'media', vegetariana: 'no' },
    });
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(terms).toEqual(
      expect.arrayContaining([
        { term: 'primi', count: 2 },
        { term: 'dolci', count: 1 },
      ]),
    );
  });

  it('filters by a term of the taxonomy and by fields, and pages', async () => {
    const primi = (await list('?term=primi')).body.data.posts.map((p) => p.slug);
    expect(primi).toEqual(['risotto-alla-milanese', 'pizzoccheri-della-valtellina']);
    const easyVeg = (await list('?filters=difficolta:facile,vegetariana:si')).body.data.posts;
    expect(easyVeg.map((p) => p.slug).sort()).toEqual([
      'frittata-di-zucchine',
      'insalata-di-finocchi-e-arance',
      'torta-di-mele',
    ]);
    const secondPage = (await list('?per_page=2&page=2')).body.data;
    expect(secondPage.posts).toHaveLength(2);
    expect(secondPage.page).toMatchObject({ selPage: 2, itemsPerPage: 2 });
    expect((await list('?term=antipasti')).body.data.posts).toEqual([]);
  });

  it('answers a recipe with its sanitised text and the older and newer recipe', async () => {
    const res = await post('cotoletta-alla-milanese');
    expect(res.body.response.status).toBe(0);
    const p = res.body.data.post;
    expect(p.content.rendered).toContain('<h2>Ingredienti (4 persone)</h2>');
    expect(p.previous).toMatchObject({ slug: 'frittata-di-zucchine', link: '/ricette/frittata-di-zucchine' });
    expect(p.next).toMatchObject({ slug: 'pizzoccheri-della-valtellina' });
    const newest = (await post('risotto-alla-milanese')).body.data.post;
    expect(newest.next).toBeNull();
    expect((await post('torta-di-mele')).body.data.post.previous).toBeNull();
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
    const newest = (await list('?term=primi')).body.data.posts[0];
    expect(newest?.slug).toBe('minestrone-test');
    const saved = (await post('minestrone-test')).body.data.post;
    expect(saved.content.rendered).toBe('<p>Verdure</p>');
    expect(saved.previous?.slug).toBe('risotto-alla-milanese');
  });

  it('refuses unknown types, slugs and malformed filters with the Italian envelope', async () => {
    const unknown = await post('non-esiste');
    expect(unknown.body.response.status).toBe(404);
    expect(unknown.body.response.errors[0]?.error).toBe(CONTENT_TEXT.postNotFound.text);
    const type = await getJson(t.app, `${P}/posts/pagine`);
    expect(type.statusCode).toBe(400);
    expect(type.body.response.status).not.toBe(0);
    for (const bad of [
      '?filters=difficolta',
      "?filters=a:b'--",
      '?per_page=500',
      '?page=0',
      '?term=Primi Piatti',
    ])
      expect((await list(bad)).statusCode, bad).toBe(400);
    const slug = await getJson(t.app, `${P}/posts/ricette/..%2F..%2Fetc`);
    expect(slug.statusCode).toBe(400);
  });
});

describe('ux-blocks', () => {
  it('answers one block by slug and the blocks placed on a category, in their order', async () => {
    const one = (await blocks('?slug=come-conserviamo-i-freschi')).body.data.blocks;
    expect(one).toHaveLength(1);
    expect(one[0]?.title.rendered).toBe('Come conserviamo i freschi');
    const onFruit = (await blocks('?term=frutta-e-verdura')).body.data.blocks.map((b) => b.slug);
    expect(onFruit).toEqual(['frutta-e-verdura-di-stagione', 'come-conserviamo-i-freschi']);
    expect((await blocks('?term=latte')).body.data.blocks).toEqual([]);
  });

  it('an unknown slug is not found; neither or both of slug and term is refused', async () => {
    const unknown = await blocks('?slug=non-esiste');
    expect(unknown.body.response.status).toBe(404);
    expect(unknown.body.response.errors[0]?.error).toBe(CONTENT_TEXT.blockNotFound.text);
    const neither = await blocks('');
    expect(neither.statusCode).toBe(400);
    expect(neither.body.response.errors[0]?.error).toBe('Indica uno tra slug e term.');
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
    const ids = (q: string) => slides(q).then((r) => r.body.data.slides.map((s) => s.id));
    expect(await ids('?day=20301222&deliveryServiceId=1')).toEqual([a, b]);
    expect(await ids('?day=20301222&deliveryServiceId=2')).toEqual([a]);
    expect(await ids('?day=20301222')).toEqual([a]);
    // the lockers' services have ids of their own (10000, 10002)
    expect(await ids('?day=20301222&deliveryServiceId=10000')).toEqual([a]);
    expect(await ids('?day=20301225&deliveryServiceId=1')).toEqual([]);
    const byId = await getJson<{ slides: Slide[] }>(t.app, `${P}/slides_by_id?ids=${b},999999,${a}`);
    expect(byId.body.data.slides.map((s) => s.id)).toEqual([b, a]);
    expect(byId.body.data.slides[1]).toMatchObject({ validFrom: '2030-12-20', validTo: '2030-12-24' });
  });

  it('refuses malformed day stamps and id lists', async () => {
    for (const bad of ['', '?day=2030-12-22', '?day=20301345', '?day=20301222&deliveryServiceId=abc'])
      expect((await slides(bad)).statusCode, bad).toBe(400);
    for (const bad of ['', '?ids=a,b', `?ids=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`])
      expect((await getJson(t.app, `${P}/slides_by_id${bad}`)).statusCode, bad).toBe(400);
  });
});
