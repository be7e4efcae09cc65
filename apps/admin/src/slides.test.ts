import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from './data-provider';

afterEach(() => vi.unstubAllGlobals());

const envelope = (data: unknown) => ({
  response: {
    status: 0,
    errors: [],
    infos: [],
    warnings: [],
    errorsMessage: [],
    infosMessage: [],
    warningsMessage: [],
  },
  data,
});
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
