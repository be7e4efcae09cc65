import { screen, waitFor } from '@testing-library/react';
import type { Leaflet, LeafletView } from '@spesa/shared/contracts/leaflets';
import { describe, expect, it } from 'vitest';
import {
  LEAFLET_SLIDER_STEPS,
  LEAFLETS_PAGE_STEPS,
  slideWidthCss,
  slidesPerView,
} from '../../../components/slider-rules';
import { makeProduct } from '../../../test/fixtures';
import { callsTo, failure, mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const leaflet = (id: number, title: string): Leaflet => ({
  leafletId: id,
  slug: `volantino-${id}`,
  title,
  fromDate: '2026-11-24',
  toDate: '2026-12-01',
  baseLocation: `/media/leaflets/${id}-0123456789ab/pagina-`,
  firstPagePreview: `/media/leaflets/${id}-0123456789ab/pagina-0.png`,
  leafletTypeId: 1,
  leafletTypeName: 'Volantino',
  warehouseId: null,
  warehouseName: null,
  pageCount: 3,
  pdfUrl: `/media/leaflets/${id}-0123456789ab/volantino.pdf`,
  description: 'Le offerte della settimana.',
});
const page = (n: number) => ({ selPage: 1, totPages: 1, totItems: n, itemsPerPage: 24 });
const view = (l: Leaflet): LeafletView => ({
  ...l,
  departments: [{ name: 'Frutta e verdura', page: 1, productCount: 1 }],
  hotspots: [{ productId: 7, page: 0, x: 0.1, y: 0.3, w: 0.4, h: 0.3 }],
});

function mockLeaflets(list: Leaflet[]) {
  return mockApi({
    '/leaflet/search': () => ok({ leaflets: list, page: page(list.length) }),
    '/leaflet/view': (url) => {
      const found = list.find((l) => l.slug === url.searchParams.get('leaflet_id'));
      return found
        ? ok(view(found))
        : failure(404, 'Il volantino richiesto non esiste o non è più valido.', 200, {
            code: 'msg.leaflet.notFound',
          });
    },
    '/leaflet/product-search': () =>
      ok({ products: [makeProduct({ productId: 7, name: 'Mele Golden' })], page: page(1) }),
  });
}

describe('leaflet slider counts (spec section 9)', () => {
  it.each([
    [320, 2],
    [599, 2],
    [600, 2],
    [959, 2],
    [960, 4],
    [1263, 4],
    [1264, 6],
    [1900, 6],
    [2560, 6],
  ])('home slider at %i px shows %i leaflets', (width, slides) => {
    expect(slidesPerView(width, LEAFLET_SLIDER_STEPS)).toBe(slides);
  });

  it('the leaflets page shows 2 per view at every width', () => {
    for (const width of [320, 960, 1920]) expect(slidesPerView(width, LEAFLETS_PAGE_STEPS)).toBe(2);
    expect(slideWidthCss(LEAFLETS_PAGE_STEPS)).toEqual({ flexBasis: '50%' });
    expect(slideWidthCss(LEAFLET_SLIDER_STEPS)).toEqual({
      flexBasis: '50%',
      '@media (min-width: 600px)': { flexBasis: '50%' },
      '@media (min-width: 960px)': { flexBasis: '25%' },
      '@media (min-width: 1264px)': { flexBasis: `${100 / 6}%` },
      '@media (min-width: 1900px)': { flexBasis: `${100 / 6}%` },
    });
  });
});

describe('/volantini', () => {
  it('lists the current leaflets in a slider, each linking to its viewer', async () => {
    mockLeaflets([leaflet(1, 'Offerte della settimana'), leaflet(2, 'Speciale convenienza')]);
    renderApp('/volantini');
    expect(await screen.findByRole('heading', { level: 1, name: 'Volantini' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Sfoglia Offerte della settimana/ })).toHaveAttribute(
      'href',
      '/volantini/volantino-1',
    );
    expect(screen.getByRole('link', { name: /^Sfoglia Speciale convenienza/ })).toHaveAttribute(
      'href',
      '/volantini/volantino-2',
    );
  });

  it('opens the only leaflet at once', async () => {
    const fetchMock = mockLeaflets([leaflet(5, 'Offerte della settimana')]);
    const { router } = renderApp('/volantini');
    await waitFor(() => expect(router.state.location.pathname).toBe('/volantini/volantino-5'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Offerte della settimana' }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/leaflet/view')[0]?.searchParams.get('leaflet_id')).toBe('volantino-5');
    // the first page in modern formats, the PDF, the products with their hot-spot
    const first = screen.getByAltText('Offerte della settimana, pagina 1');
    expect(first).toHaveAttribute('src', '/media/leaflets/5-0123456789ab/pagina-0.png');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByRole('link', { name: 'Scarica il PDF' })).toHaveAttribute(
      'href',
      '/media/leaflets/5-0123456789ab/volantino.pdf',
    );
    expect(await screen.findByRole('link', { name: 'Mele Golden: vedi il prodotto' })).toBeInTheDocument();
    // the list under the pages renders in the background, after the hot-spots
    expect(
      await screen.findByRole('button', { name: 'Aggiungi Mele Golden alla lista del volantino' }),
    ).toBeInTheDocument();
  });

  it('zooms with the buttons and the keyboard', async () => {
    mockLeaflets([leaflet(5, 'Offerte della settimana')]);
    const { user } = renderApp('/volantini/volantino-5');
    await user.click(await screen.findByRole('button', { name: 'Ingrandisci' }));
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('Zoom 150%');
    screen.getByRole('group', { name: /pagina 1/ }).focus();
    await user.keyboard('+');
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('Zoom 200%');
    await user.keyboard('0');
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('Zoom 100%');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Pagina 2 di 3')).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown leaflet', async () => {
    mockLeaflets([leaflet(1, 'Offerte della settimana'), leaflet(2, 'Speciale convenienza')]);
    renderApp('/volantini/non-esiste');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeInTheDocument();
  });
});
