import { PRODUCTS_PAGE_SIZE } from './lib/config';
import type { LeafletSearchData, LeafletView } from '@spesa/shared/contracts/leaflets';
import { prefetch, preloadFirstBanner, preloadImagesOf } from './lib/prefetch';
import { slugFromCategoryPath } from './features/catalogue/utils/category-tree';
import { parseListingParams, toProductsQuery } from './features/catalogue/utils/listing-params';
import { LEAFLET_SLIDER_SIZES, LEAFLET_VIEWER_SIZES } from '@spesa/shared/leaflets/page-images';
import { leafletPagePreload } from './features/leaflets/utils/page-sources';

// Imported first by main.tsx: the landing page's API calls start before the rest of the entry runs, in
// parallel with the lazy layout and page chunks.

/** Starts the requests the page at `location` makes first; mirrors the query functions of the routes. */
function prefetchForLocation(location: Pick<Location, 'pathname' | 'search'>): void {
  try {
    // no router here (this runs before anything else): the patterns of routes.tsx, by hand
    const pathname = location.pathname.replace(/\/+$/, '') || '/';
    if (pathname === '/') {
      const home = prefetch('GET /category', { slug: 'home' });
      if (home) preloadFirstBanner(home);
    }
    const category = /^\/category\/(.+)$/.exec(pathname);
    if (category) {
      const slug = slugFromCategoryPath(category[1]);
      const page = slug ? prefetch('GET /category', { slug }) : undefined;
      if (page) preloadFirstBanner(page);
    }
    const product = /^\/product\/([^/]+)$/.exec(pathname);
    if (product?.[1]) void prefetch('GET /products', { slug: decodeURIComponent(product[1]) });
    if (pathname === '/search') {
      const sp = new URLSearchParams(location.search);
      const q = (sp.get('q') ?? '').trim();
      if (q)
        void prefetch('GET /products', toProductsQuery(parseListingParams(sp), { q }, PRODUCTS_PAGE_SIZE));
    }
    const contentPage = /^\/page\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(pathname);
    if (contentPage?.[1]) void prefetch('GET /p/wp-json/wp/v2/pages', { slug: contentPage[1] });
    if (pathname === '/volantini') {
      // the slider's first two covers are the page's largest paint
      const leaflets = prefetch('GET /leaflet/search', {});
      if (leaflets)
        preloadImagesOf<LeafletSearchData>(leaflets, (data) =>
          (data?.leaflets ?? [])
            .slice(0, 2)
            .map((l) => leafletPagePreload(l.baseLocation, 0, LEAFLET_SLIDER_SIZES)),
        );
    }
    const leaflet = /^\/volantini\/([^/]+)$/.exec(pathname);
    if (leaflet?.[1]) {
      // the viewer's first page is the page's largest paint
      const view = prefetch('GET /leaflet/view', { leaflet_id: decodeURIComponent(leaflet[1]) });
      if (view)
        preloadImagesOf<LeafletView>(view, (data) =>
          data ? [leafletPagePreload(data.baseLocation, 0, LEAFLET_VIEWER_SIZES)] : [],
        );
    }
    // the header's department links (every page)
    void prefetch('GET /category');
  } catch {
    /* prefetching is only an optimisation */
  }
}

prefetchForLocation(window.location);
