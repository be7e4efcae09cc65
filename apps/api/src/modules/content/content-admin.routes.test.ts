import type {
  AdminPageDetail,
  AdminPageSummary,
  AdminRecipe,
  AdminSlide,
  AdminUxBlock,
} from '@spesa/shared/contracts/admin-content';
import type {
  Slide,
  UxBlock,
  WpError,
  WpPage,
  WpPost,
  WpPostWithNeighbours,
} from '@spesa/shared/contracts/content';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, getWp, type EnvelopeBody, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { CONTENT_TEXT } from './content.messages';

/**
 * The content store's pages in the back office (decision 050): editors create and change them (HTML cleaned,
 * audited, served at once), a stale save is refused, customer service only reads, customers and pickers are
 * refused, bad input changes nothing. Runs on both engines.
 */
let t: TestApp;
let editor: string;
let cs: string;
let picker: string;

beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0 });
  editor = await makeStaff(t, (await newCustomer(t, { tag: 'pg-ed' })).userId, [], 'catalogue_manager');
  cs = await makeStaff(t, (await newCustomer(t, { tag: 'pg-cs' })).userId, [], 'customer_service');
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'pg-pk' })).userId, [], 'picker');
});
afterAll(async () => t?.close());

const staffCall = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `/ebsn/api${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });
const shopPage = async (slug: string) =>
  (await getWp<WpPage[]>(t.app, `/p/wp-json/wp/v2/pages?slug=${slug}`)).body[0];
const auditCount = async (pageId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE resource = 'pages' AND resource_id = ${String(pageId)}`,
    )
  )[0]?.n ?? 0;

const NEW_PAGE = {
  slug: 'offerte-natale',
  title: 'Offerte di Natale',
  content: '<h1>Natale</h1><p onclick="x()">Panettoni <script>alert(1)</script>in offerta</p>',
  excerpt: 'Le offerte',
  validityText: 'Dal 1° al 24 dicembre',
  seoTitle: '',
  seoDescription: '',
  published: true,
};

describe('pages in the back office', () => {
  it('an editor creates a page: cleaned, served at once, audited; the slug is then taken', async () => {
    const created = await staffCall<{ data: AdminPageDetail }>(editor, 'POST', '/admin/pages', NEW_PAGE);
    expect(created.body.response.status).toBe(0);
    const page = created.body.data.data;
    expect(page.content).toBe('<h2>Natale</h2><p>Panettoni in offerta</p>');
    const served = await shopPage('offerte-natale');
    expect(served?.content.rendered).toBe(page.content);
    expect(await auditCount(page.id)).toBe(1);
    const again = await staffCall(editor, 'POST', '/admin/pages', NEW_PAGE);
    expect(again.body.response.errors[0]?.error).toBe(CONTENT_TEXT.pageSlugTaken.text);
  });

  it('an editor changes a page with the version read; a stale save is refused; unpublished is not found', async () => {
    const list = await staffCall<{ data: AdminPageSummary[]; total: number }>(
      editor,
      'GET',
      '/admin/pages?q=natale',
    );
    const id = list.body.data.data[0]?.id ?? 0;
    const read = (await staffCall<{ data: AdminPageDetail }>(editor, 'GET', `/admin/pages/${id}`)).body.data
      .data;
    const change = { ...read, title: 'Natale da Spesa', published: false };
    const { id: _id, slug: _slug, template: _tpl, formId: _form, ...body } = change;
    const saved = await staffCall<{ data: AdminPageDetail }>(editor, 'POST', `/admin/pages/${id}`, body);
    expect(saved.body.response.status).toBe(0);
    expect(saved.body.data.data.title).toBe('Natale da Spesa');
    expect(await shopPage('offerte-natale')).toBeUndefined();
    // the same version again: someone saved meanwhile
    const stale = await staffCall(editor, 'POST', `/admin/pages/${id}`, { ...body, title: 'Altro' });
    expect(stale.body.response.errors[0]?.error).toBe(CONTENT_TEXT.pageChanged.text);
    expect(
      (await staffCall<{ data: AdminPageDetail }>(editor, 'GET', `/admin/pages/${id}`)).body.data.data.title,
    ).toBe('Natale da Spesa');
    expect(await auditCount(id)).toBe(2);
  });

  it('customer service reads but may not write; a picker and a customer are refused', async () => {
    expect((await staffCall(cs, 'GET', '/admin/pages')).body.response.status).toBe(0);
    const write = await staffCall(cs, 'POST', '/admin/pages', { ...NEW_PAGE, slug: 'da-cs' });
    expect(write.statusCode).toBe(403);
    expect((await staffCall(picker, 'GET', '/admin/pages')).statusCode).toBe(403);
    const customer = (await newCustomer(t, { tag: 'pg-cust' })).token;
    const asCustomer = await callAs(t.app, customer, 'GET', '/ebsn/api/admin/pages');
    expect(asCustomer.statusCode).toBe(401);
    expect(await count(`content_pages WHERE slug = 'da-cs'`)).toBe(0);
  });

  it('bad input is refused in Italian and changes nothing', async () => {
    const cases: unknown[] = [
      { ...NEW_PAGE, slug: 'Con Spazi' },
      { ...NEW_PAGE, slug: 'vuota', title: '' },
      { ...NEW_PAGE, slug: 'vuota', content: '<script>alert(1)</script>' },
      { ...NEW_PAGE, slug: 'lunga', content: 'x'.repeat(200_001) },
      { ...NEW_PAGE, slug: 'tipo', published: 'si' },
    ];
    for (const body of cases) {
      const res = await staffCall<EnvelopeBody<unknown>>(editor, 'POST', '/admin/pages', body);
      expect(res.body.response.status, JSON.stringify(body).slice(0, 60)).not.toBe(0);
      expect(res.body.response.errors[0]?.error).toMatch(/[a-zà-ù]/);
    }
    expect(await count(`content_pages WHERE slug IN ('vuota', 'lunga', 'tipo')`)).toBe(0);
    const unknown = await staffCall(editor, 'GET', '/admin/pages/999999');
    expect(unknown.body.response.errors[0]?.error).toBe(CONTENT_TEXT.pageNotFound.text);
    const badId = await staffCall(editor, 'POST', '/admin/pages/abc', {});
    expect(badId.statusCode).toBe(400);
  });
});

const NEW_SLIDE = {
  title: 'Consegne della vigilia',
  description: 'Il 24 dicembre consegniamo fino alle 16.',
  img: '',
  link: '/page/servizi',
  validFrom: '2031-12-20',
  validTo: '2031-12-24',
  deliveryServiceIds: [2],
  position: 1,
  active: true,
};
const shopSlides = async (day: string, service?: number) =>
  (
    await getWp<Slide[]>(
      t.app,
      `/p/wp-json/spesa/v1/slides?day=${day}${service ? `&deliveryServiceId=${service}` : ''}`,
    )
  ).body;
const slideAudits = async (slideId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE resource = 'slides' AND resource_id = ${String(slideId)}`,
    )
  )[0]?.n ?? 0;

describe('slides in the back office', () => {
  it('an editor adds a slide for home delivery: the shop shows it on its days for that service only; audited', async () => {
    const created = await staffCall<{ data: AdminSlide }>(editor, 'POST', '/admin/slides', NEW_SLIDE);
    expect(created.body.response.status).toBe(0);
    const slide = created.body.data.data;
    expect(slide).toMatchObject({ ...NEW_SLIDE, id: expect.any(Number) });
    expect((await shopSlides('20311222', 2)).map((s) => s.id)).toContain(slide.id);
    expect((await shopSlides('20311222', 1)).map((s) => s.id)).not.toContain(slide.id);
    expect((await shopSlides('20311225', 2)).map((s) => s.id)).not.toContain(slide.id);
    expect(await slideAudits(slide.id)).toBe(1);
  });

  it('an editor changes a slide and switches it off: gone from the shop at once, still in the list; audited', async () => {
    const list = await staffCall<{ data: AdminSlide[]; total: number }>(
      editor,
      'GET',
      '/admin/slides?q=vigilia',
    );
    const read = list.body.data.data[0];
    if (!read) throw new Error('the slide of the first case is missing');
    const { id, ...body } = read;
    const saved = await staffCall<{ data: AdminSlide }>(editor, 'POST', `/admin/slides/${id}`, {
      ...body,
      title: 'Vigilia: consegne fino alle 16',
      deliveryServiceIds: [],
    });
    expect(saved.body.data.data).toMatchObject({
      title: 'Vigilia: consegne fino alle 16',
      deliveryServiceIds: [],
    });
    // for every service now: also without one
    expect((await shopSlides('20311222')).map((s) => s.title)).toContain('Vigilia: consegne fino alle 16');
    await staffCall(editor, 'POST', `/admin/slides/${id}`, { ...body, active: false });
    expect((await shopSlides('20311222', 2)).map((s) => s.id)).not.toContain(id);
    const after = await staffCall<{ data: AdminSlide }>(editor, 'GET', `/admin/slides/${id}`);
    expect(after.body.data.data.active).toBe(false);
    expect(await slideAudits(id)).toBe(3);
  });

  it('customer service reads but may not write; a picker and a customer are refused', async () => {
    expect((await staffCall(cs, 'GET', '/admin/slides')).body.response.status).toBe(0);
    const before = await count('content_slides');
    expect((await staffCall(cs, 'POST', '/admin/slides', NEW_SLIDE)).statusCode).toBe(403);
    expect((await staffCall(picker, 'GET', '/admin/slides')).statusCode).toBe(403);
    const customer = (await newCustomer(t, { tag: 'sl-cust' })).token;
    expect((await callAs(t.app, customer, 'GET', '/ebsn/api/admin/slides')).statusCode).toBe(401);
    expect(await count('content_slides')).toBe(before);
  });

  it('bad input is refused in Italian and changes nothing', async () => {
    const before = await count('content_slides');
    const cases: [unknown, RegExp][] = [
      [{ ...NEW_SLIDE, title: '' }, /titolo/],
      [{ ...NEW_SLIDE, validFrom: '2031-02-30' }, /Data non valida/],
      [{ ...NEW_SLIDE, validTo: '2031-12-01' }, /non può precedere/],
      [{ ...NEW_SLIDE, link: 'javascript:alert(1)' }, /collegamento/],
      [{ ...NEW_SLIDE, link: 'http://esempio.it' }, /collegamento/],
      // another site for the browser: only one "/" then the shop's path
      [{ ...NEW_SLIDE, link: '//evil.example' }, /percorso del negozio \(una sola \/ seguita dal percorso/],
      [{ ...NEW_SLIDE, link: '/\\evil.example' }, /percorso del negozio \(una sola \/ seguita dal percorso/],
      [{ ...NEW_SLIDE, img: '../../etc/passwd' }, /immagine/],
      [{ ...NEW_SLIDE, deliveryServiceIds: [77] }, /Servizio di consegna/],
      [{ ...NEW_SLIDE, position: -1 }, /./],
      [{ ...NEW_SLIDE, active: 'si' }, /./],
    ];
    for (const [body, text] of cases) {
      const res = await staffCall<EnvelopeBody<unknown>>(editor, 'POST', '/admin/slides', body);
      expect(res.body.response.status, JSON.stringify(body).slice(0, 80)).not.toBe(0);
      expect(res.body.response.errors[0]?.error).toMatch(text);
    }
    expect(await count('content_slides')).toBe(before);
    const unknown = await staffCall(editor, 'POST', '/admin/slides/999999', NEW_SLIDE);
    expect(unknown.body.response.errors[0]?.error).toBe(CONTENT_TEXT.slideNotFound.text);
    expect(await count('content_slides')).toBe(before);
    expect((await staffCall(editor, 'GET', '/admin/slides/abc')).statusCode).toBe(400);
  });
});

const NEW_BLOCK = {
  slug: 'consigli-agrumi',
  title: 'Come conservare gli agrumi',
  content: '<p onmouseover="x()">In un luogo fresco, <script>alert(1)</script>non in frigorifero.</p>',
  terms: ['frutta', 'agrumi'],
  position: 3,
  active: true,
};
const blocksOn = async (term: string) =>
  (await getWp<UxBlock[]>(t.app, `/p/wp-json/spesa/v1/ux-blocks?term=${term}`)).body;
const blockAudits = async (id: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE resource = 'ux-blocks' AND resource_id = ${String(id)}`,
    )
  )[0]?.n ?? 0;

describe('content blocks in the back office', () => {
  it('an editor adds a block on two categories: cleaned, shown there at once, audited; the slug is then taken', async () => {
    const created = await staffCall<{ data: AdminUxBlock }>(editor, 'POST', '/admin/ux-blocks', NEW_BLOCK);
    expect(created.body.response.status).toBe(0);
    const block = created.body.data.data;
    expect(block.content).toBe('<p>In un luogo fresco, non in frigorifero.</p>');
    expect((await blocksOn('agrumi')).map((b) => b.slug)).toContain('consigli-agrumi');
    expect(await blockAudits(block.id)).toBe(1);
    const again = await staffCall(editor, 'POST', '/admin/ux-blocks', NEW_BLOCK);
    expect(again.body.response.errors[0]?.error).toBe(CONTENT_TEXT.blockSlugTaken.text);
  });

  it('an editor moves a block to another category and switches it off; audited', async () => {
    const list = await staffCall<{ data: AdminUxBlock[] }>(editor, 'GET', '/admin/ux-blocks?q=agrumi');
    const read = list.body.data.data.find((b) => b.slug === 'consigli-agrumi');
    if (!read) throw new Error('the block of the first case is missing');
    const { id, slug: _slug, ...body } = read;
    await staffCall(editor, 'POST', `/admin/ux-blocks/${id}`, { ...body, terms: ['verdura'] });
    expect((await blocksOn('agrumi')).map((b) => b.slug)).not.toContain('consigli-agrumi');
    expect((await blocksOn('verdura')).map((b) => b.slug)).toContain('consigli-agrumi');
    await staffCall(editor, 'POST', `/admin/ux-blocks/${id}`, { ...body, terms: ['verdura'], active: false });
    expect((await blocksOn('verdura')).map((b) => b.slug)).not.toContain('consigli-agrumi');
    expect(await blockAudits(id)).toBe(3);
  });

  it('customer service reads but may not write; a picker and a customer are refused', async () => {
    expect((await staffCall(cs, 'GET', '/admin/ux-blocks')).body.response.status).toBe(0);
    const write = await staffCall(cs, 'POST', '/admin/ux-blocks', { ...NEW_BLOCK, slug: 'da-cs' });
    expect(write.statusCode).toBe(403);
    expect((await staffCall(picker, 'GET', '/admin/ux-blocks')).statusCode).toBe(403);
    const customer = (await newCustomer(t, { tag: 'ux-cust' })).token;
    expect((await callAs(t.app, customer, 'GET', '/ebsn/api/admin/ux-blocks')).statusCode).toBe(401);
    expect(await count(`content_ux_blocks WHERE slug = 'da-cs'`)).toBe(0);
  });

  it('bad input is refused in Italian and changes nothing', async () => {
    const before = await count('content_ux_blocks');
    const cases: [unknown, RegExp][] = [
      [{ ...NEW_BLOCK, slug: 'Con Spazi' }, /[a-zà-ù]/],
      [{ ...NEW_BLOCK, slug: 'vuoto', title: '' }, /titolo/],
      [{ ...NEW_BLOCK, slug: 'vuoto', content: '<script>alert(1)</script>' }, /vuoto/],
      [{ ...NEW_BLOCK, slug: 'lungo', content: 'x'.repeat(50_001) }, /troppo lungo/],
      [{ ...NEW_BLOCK, slug: 'termini', terms: ['../frutta'] }, /indirizzo/],
      [{ ...NEW_BLOCK, slug: 'molti', terms: Array.from({ length: 21 }, (_, i) => `c${i}`) }, /20 categorie/],
      [{ ...NEW_BLOCK, slug: 'attivo', active: 'si' }, /./],
    ];
    for (const [body, text] of cases) {
      const res = await staffCall<EnvelopeBody<unknown>>(editor, 'POST', '/admin/ux-blocks', body);
      expect(res.body.response.status, JSON.stringify(body).slice(0, 80)).not.toBe(0);
      expect(res.body.response.errors[0]?.error).toMatch(text);
    }
    expect(await count('content_ux_blocks')).toBe(before);
    const { slug: _s, ...write } = NEW_BLOCK;
    const unknown = await staffCall(editor, 'POST', '/admin/ux-blocks/999999', write);
    expect(unknown.body.response.errors[0]?.error).toBe(CONTENT_TEXT.blockNotFound.text);
    expect((await staffCall(editor, 'GET', '/admin/ux-blocks/abc')).statusCode).toBe(400);
  });
});

const NEW_RECIPE = {
  slug: 'cassoeula',
  title: 'Cassœula',
  excerpt: 'Il piatto d’inverno della Lombardia.',
  content: '<h1>Ingredienti</h1><p onclick="x()">Verza, costine, <script>alert(1)</script>cotenne.</p>',
  course: 'secondi',
  difficulty: 'difficile',
  minutes: 180,
  vegetarian: false,
  img: '',
  published: true,
  publishedAt: '2026-11-20',
};
const shopRecipes = async (query = '') =>
  (await getWp<WpPost[]>(t.app, `/p/wp-json/spesa/v1/posts/ricette${query}`)).body.map((p) => p.slug);
const recipeAudits = async (id: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE resource = 'recipes' AND resource_id = ${String(id)}`,
    )
  )[0]?.n ?? 0;

describe('recipes in the back office', () => {
  it('an editor adds a recipe: cleaned, listed under its course and filters at once, audited; the address is then taken', async () => {
    const created = await staffCall<{ data: AdminRecipe }>(editor, 'POST', '/admin/recipes', NEW_RECIPE);
    expect(created.body.response.status).toBe(0);
    const recipe = created.body.data.data;
    expect(recipe).toMatchObject({
      slug: 'cassoeula',
      course: 'secondi',
      minutes: 180,
      publishedAt: '2026-11-20',
    });
    expect(recipe.content).toBe('<h2>Ingredienti</h2><p>Verza, costine, cotenne.</p>');
    expect(await shopRecipes('?term=secondi&filters=difficolta:difficile')).toContain('cassoeula');
    expect(await shopRecipes('?filters=vegetariana:si')).not.toContain('cassoeula');
    const page = await getWp<WpPostWithNeighbours>(t.app, '/p/wp-json/spesa/v1/posts/ricette/cassoeula');
    expect(page.body.acf.fields).toEqual({ difficolta: 'difficile', tempo: '180', vegetariana: 'no' });
    expect(await recipeAudits(recipe.id)).toBe(1);
    const again = await staffCall(editor, 'POST', '/admin/recipes', NEW_RECIPE);
    expect(again.body.response.errors[0]?.error).toBe(CONTENT_TEXT.postSlugTaken.text);
  });

  it('an editor makes it vegetarian, then unpublishes it: the shop follows at once; audited', async () => {
    const list = await staffCall<{ data: AdminRecipe[] }>(editor, 'GET', '/admin/recipes?q=cassoeula');
    const read = list.body.data.data[0];
    if (!read) throw new Error('the recipe of the first case is missing');
    const { id, slug: _slug, ...body } = read;
    await staffCall(editor, 'POST', `/admin/recipes/${id}`, { ...body, vegetarian: true });
    expect(await shopRecipes('?filters=vegetariana:si')).toContain('cassoeula');
    await staffCall(editor, 'POST', `/admin/recipes/${id}`, { ...body, published: false });
    expect(await shopRecipes()).not.toContain('cassoeula');
    const gone = await getWp<WpError>(t.app, '/p/wp-json/spesa/v1/posts/ricette/cassoeula');
    expect(gone.statusCode).toBe(404);
    expect(gone.body.message).toBe(CONTENT_TEXT.wpPostInvalidSlug.text);
    expect(await recipeAudits(id)).toBe(3);
  });

  it('customer service reads but may not write; a picker and a customer are refused', async () => {
    expect((await staffCall(cs, 'GET', '/admin/recipes')).body.response.status).toBe(0);
    const write = await staffCall(cs, 'POST', '/admin/recipes', { ...NEW_RECIPE, slug: 'da-cs' });
    expect(write.statusCode).toBe(403);
    expect((await staffCall(picker, 'GET', '/admin/recipes')).statusCode).toBe(403);
    const customer = (await newCustomer(t, { tag: 're-cust' })).token;
    expect((await callAs(t.app, customer, 'GET', '/ebsn/api/admin/recipes')).statusCode).toBe(401);
    expect(await count(`content_posts WHERE slug = 'da-cs'`)).toBe(0);
  });

  it('bad input is refused in Italian and changes nothing', async () => {
    const before = await count('content_posts');
    const cases: [unknown, RegExp][] = [
      [{ ...NEW_RECIPE, slug: 'Con Spazi' }, /[a-zà-ù]/],
      [{ ...NEW_RECIPE, slug: 'vuota', title: '' }, /titolo/],
      [{ ...NEW_RECIPE, slug: 'vuota', content: '<script>alert(1)</script>' }, /vuoto/],
      [{ ...NEW_RECIPE, slug: 'portata', course: 'antipasti' }, /portata/],
      [{ ...NEW_RECIPE, slug: 'difficile', difficulty: 'estrema' }, /difficoltà/],
      [{ ...NEW_RECIPE, slug: 'tempo', minutes: 0 }, /1\.440/],
      [{ ...NEW_RECIPE, slug: 'tempo2', minutes: 12.5 }, /minuti/],
      [{ ...NEW_RECIPE, slug: 'data', publishedAt: '2026-02-30' }, /Data non valida/],
      [{ ...NEW_RECIPE, slug: 'foto', img: 'javascript:alert(1)' }, /immagine/],
    ];
    for (const [body, text] of cases) {
      const res = await staffCall<EnvelopeBody<unknown>>(editor, 'POST', '/admin/recipes', body);
      expect(res.body.response.status, JSON.stringify(body).slice(0, 80)).not.toBe(0);
      expect(res.body.response.errors[0]?.error).toMatch(text);
    }
    expect(await count('content_posts')).toBe(before);
    const { slug: _s, ...write } = NEW_RECIPE;
    const unknown = await staffCall(editor, 'POST', '/admin/recipes/999999', write);
    expect(unknown.body.response.errors[0]?.error).toBe(CONTENT_TEXT.postNotFound.text);
    expect((await staffCall(editor, 'GET', '/admin/recipes/abc')).statusCode).toBe(400);
  });
});

async function count(from: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql.raw(`SELECT count(*)::int AS n FROM ${from}`));
  return row?.n ?? 0;
}
