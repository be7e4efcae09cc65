import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from './data-provider';
import { envelope } from './test-envelope';

afterEach(() => vi.unstubAllGlobals());

const SLIDE = {
  id: 4,
  title: 'Consegne della vigilia',
  description: '',
  img: '',
  link: '/page/servizi',
  validFrom: '2031-12-20',
  validTo: '2031-12-24',
  deliveryServiceIds: [2],
  position: 1,
  active: true,
};

function stubFetch() {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(envelope({ data: SLIDE }))));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sent = (fetchMock: ReturnType<typeof stubFetch>) => {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, method: init.method, body: JSON.parse(String(init.body)) as Record<string, unknown> };
};

// The back office's content editors (decision 056): what their forms send through the data provider.

describe('the slides in the back office’s data provider', () => {
  it('a new slide goes whole, the form’s values as the contract wants them', async () => {
    const fetchMock = stubFetch();
    const { id: _id, ...form } = SLIDE;
    const created = await dataProvider.create('slides', {
      data: { ...form, validFrom: '2031-12-20T00:00:00.000Z', deliveryServiceIds: ['2'], position: '1' },
    });
    expect(created.data).toMatchObject({ id: 4, title: 'Consegne della vigilia' });
    const { url, method, body } = sent(fetchMock);
    expect([url, method]).toEqual(['/ebsn/api/admin/slides', 'POST']);
    expect(body).toEqual({ ...form });
  });

  it('a change goes to the slide’s own address; a switched-off slide says so', async () => {
    const fetchMock = stubFetch();
    await dataProvider.update('slides', { id: 4, data: { ...SLIDE, active: false }, previousData: SLIDE });
    const { url, body } = sent(fetchMock);
    expect(url).toBe('/ebsn/api/admin/slides/4');
    expect(body).toMatchObject({ active: false, title: 'Consegne della vigilia' });
    expect(body).not.toHaveProperty('id');
  });
});

const BLOCK = {
  id: 7,
  slug: 'consigli-agrumi',
  title: 'Come conservare gli agrumi',
  content: '<p>In un luogo fresco.</p>',
  terms: ['frutta', 'agrumi'],
  position: 3,
  active: true,
};

function stubBlockFetch() {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(envelope({ data: BLOCK }))));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sentBlock = (fetchMock: ReturnType<typeof stubBlockFetch>) => {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, body: JSON.parse(String(init.body)) as Record<string, unknown> };
};

describe('the content blocks in the back office’s data provider', () => {
  it('a new block goes with its slug', async () => {
    const fetchMock = stubBlockFetch();
    const { id: _id, ...form } = BLOCK;
    await dataProvider.create('ux-blocks', { data: { ...form, position: '3' } });
    const { url, body } = sentBlock(fetchMock);
    expect(url).toBe('/ebsn/api/admin/ux-blocks');
    expect(body).toEqual(form);
  });

  it('a change goes to the block’s own address, without the slug (fixed once created)', async () => {
    const fetchMock = stubBlockFetch();
    await dataProvider.update('ux-blocks', {
      id: 7,
      data: { ...BLOCK, terms: ['verdura'] },
      previousData: BLOCK,
    });
    const { url, body } = sentBlock(fetchMock);
    expect(url).toBe('/ebsn/api/admin/ux-blocks/7');
    expect(body).toEqual({
      title: BLOCK.title,
      content: BLOCK.content,
      terms: ['verdura'],
      position: 3,
      active: true,
    });
  });
});

const RECIPE = {
  id: 12,
  slug: 'cassoeula',
  title: 'Cassœula',
  excerpt: '',
  content: '<p>Verza e costine.</p>',
  course: 'secondi',
  difficulty: 'difficile',
  minutes: 180,
  vegetarian: false,
  img: '',
  published: true,
  publishedAt: '2026-11-20',
};

describe('the recipes in the back office’s data provider', () => {
  it('a new recipe goes with its address; the number and the date inputs’ values as the contract wants them', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(envelope({ data: RECIPE }))));
    vi.stubGlobal('fetch', fetchMock);
    const { id: _id, ...form } = RECIPE;
    await dataProvider.create('recipes', {
      data: { ...form, minutes: '180', publishedAt: '2026-11-20T00:00:00.000Z' },
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ebsn/api/admin/recipes');
    expect(JSON.parse(String(init.body))).toEqual(form);
  });

  it('a change goes to the recipe’s own address, without the address itself', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(envelope({ data: RECIPE }))));
    vi.stubGlobal('fetch', fetchMock);
    await dataProvider.update('recipes', {
      id: 12,
      data: { ...RECIPE, published: false },
      previousData: RECIPE,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ebsn/api/admin/recipes/12');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ published: false, course: 'secondi' });
    expect(body).not.toHaveProperty('slug');
  });
});
