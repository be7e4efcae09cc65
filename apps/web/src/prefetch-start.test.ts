import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPrefetched } from './lib/prefetch';

// prefetch-start.ts runs once, on import, for window.location: each case loads a fresh copy of it at a URL.
const envelope = (data: unknown) =>
  JSON.stringify({
    response: {
      status: 0,
      errors: [],
      infos: [],
      warnings: [],
      errorsMessage: [],
      infosMessage: [],
      warningsMessage: [],
    },
    user: { userId: -1, login: null, profileConfirmed: false },
    data,
  });

function stubFetch(dataFor: (url: string) => unknown) {
  const fn = vi.fn(async (url: string) => new Response(envelope(dataFor(url)), { status: 200 }));
  vi.stubGlobal('fetch', fn);
  return fn;
}

async function landOn(path: string) {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  await import('./prefetch-start');
}

const urls = (fn: ReturnType<typeof stubFetch>) => fn.mock.calls.map(([url]) => url);
const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((l) => ({
    srcset: l.getAttribute('imagesrcset') ?? '',
    sizes: l.getAttribute('imagesizes') ?? '',
    type: l.type,
  }));

afterEach(() => {
  vi.unstubAllGlobals();
  clearPrefetched();
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
});

describe('first-visit prefetch of the content and leaflet pages', () => {
  it('a content page: its page read starts at once, and the page takes it instead of asking again', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify([{ slug: 'contatti' }]), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await landOn('/page/contatti');
    expect(urls(fetch)).toContain('/p/wp-json/wp/v2/pages?slug=contatti');
    const { getPage } = await import('./features/content/api/get-page');
    await getPage('contatti');
    expect(urls(fetch).filter((u) => u.startsWith('/p/wp-json/wp/v2/pages'))).toHaveLength(1);
  });

  it('a malformed page slug starts nothing for it', async () => {
    const fetch = stubFetch(() => ({}));
    await landOn('/page/..%2Fsecret');
    expect(urls(fetch).some((u) => u.includes('/wp/v2/pages'))).toBe(false);
  });

  it('a leaflet: its view starts at once, its first page is preloaded as the viewer will show it', async () => {
    const fetch = stubFetch(() => ({
      leafletId: 1,
      baseLocation: '/media/leaflets/1-x/pagina-',
      title: 'Offerte',
    }));
    await landOn('/volantini/offerte-della-settimana');
    expect(urls(fetch)).toContain('/ebsn/api/leaflet/view?leaflet_id=offerte-della-settimana');
    await vi.waitFor(() => expect(preloads()).toHaveLength(1));
    expect(preloads()[0]).toEqual({
      srcset: '/media/leaflets/1-x/pagina-0-480.avif 480w, /media/leaflets/1-x/pagina-0-960.avif 960w',
      sizes: '(min-width: 960px) 560px, 100vw',
      type: 'image/avif',
    });
    const { viewLeaflet } = await import('./features/leaflets/api/view-leaflet');
    await viewLeaflet('offerte-della-settimana');
    expect(urls(fetch).filter((u) => u.includes('/leaflet/view'))).toHaveLength(1);
  });

  it('the leaflets page: the list starts at once and the first two covers are preloaded', async () => {
    const leaflet = (id: number) => ({ leafletId: id, baseLocation: `/media/leaflets/${id}/pagina-` });
    const fetch = stubFetch((url) =>
      url.includes('/leaflet/search') ? { leaflets: [1, 2, 3].map(leaflet) } : {},
    );
    await landOn('/volantini');
    expect(urls(fetch)).toContain('/ebsn/api/leaflet/search');
    await vi.waitFor(() => expect(preloads()).toHaveLength(2));
    expect(preloads().map((p) => p.srcset.split(' ')[0])).toEqual([
      '/media/leaflets/1/pagina-0-480.avif',
      '/media/leaflets/2/pagina-0-480.avif',
    ]);
    const { searchLeaflets } = await import('./features/leaflets/api/search-leaflets');
    await searchLeaflets();
    expect(urls(fetch).filter((u) => u.includes('/leaflet/search'))).toHaveLength(1);
  });
});
