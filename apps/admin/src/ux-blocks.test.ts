import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from './data-provider';

afterEach(() => vi.unstubAllGlobals());

const BLOCK = {
  id: 7,
  slug: 'consigli-agrumi',
  title: 'Come conservare gli agrumi',
  content: '<p>In un luogo fresco.</p>',
  terms: ['frutta', 'agrumi'],
  position: 3,
  active: true,
};

function stubFetch() {
  const envelope = {
    response: {
      status: 0,
      errors: [],
      infos: [],
      warnings: [],
      errorsMessage: [],
      infosMessage: [],
      warningsMessage: [],
    },
    data: { data: BLOCK },
  };
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(envelope)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sent = (fetchMock: ReturnType<typeof stubFetch>) => {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, body: JSON.parse(String(init.body)) as Record<string, unknown> };
};

describe('the content blocks in the back office’s data provider', () => {
  it('a new block goes with its slug', async () => {
    const fetchMock = stubFetch();
    const { id: _id, ...form } = BLOCK;
    await dataProvider.create('ux-blocks', { data: { ...form, position: '3' } });
    const { url, body } = sent(fetchMock);
    expect(url).toBe('/ebsn/api/admin/ux-blocks');
    expect(body).toEqual(form);
  });

  it('a change goes to the block’s own address, without the slug (fixed once created)', async () => {
    const fetchMock = stubFetch();
    await dataProvider.update('ux-blocks', {
      id: 7,
      data: { ...BLOCK, terms: ['verdura'] },
      previousData: BLOCK,
    });
    const { url, body } = sent(fetchMock);
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
