import { LEAFLET_PAGE_RATIO, LEAFLET_VIEWER_SIZES, leafletSrcSet } from '@spesa/shared/leaflets/page-images';
import { leafletKeySchema, type Leaflet } from '@spesa/shared/contracts/leaflets';
import { htmlTemplate } from '../../lib/html';
import type { FirstView } from '../../plugins/web-app';
import type { LeafletsService } from './leaflets.service';

/**
 * The viewer's first screen as plain HTML in the shell (decision 060): the title and the first page, with the
 * same sources and `sizes` as the viewer's picture (leaflet-picture.tsx), so the page's largest image starts
 * loading with the HTML and paints before the JavaScript has rendered the viewer. The shell's CSS (index.html)
 * puts the page where the viewer shows it.
 */
const firstPage = htmlTemplate<{ leaflet: Leaflet; avif: string; webp: string; sizes: string }>(
  '<div class="shell-view shell-leaflet"><div class="shell-title"><%= it.leaflet.title %></div>' +
    '<div class="shell-lf-toolbar"></div><div class="shell-lf-stage"><picture>' +
    '<source type="image/avif" srcset="<%= it.avif %>" sizes="<%= it.sizes %>">' +
    '<source type="image/webp" srcset="<%= it.webp %>" sizes="<%= it.sizes %>">' +
    `<img src="<%= it.leaflet.baseLocation %>0.png" alt="" width="${LEAFLET_PAGE_RATIO.width}" ` +
    `height="${LEAFLET_PAGE_RATIO.height}" fetchpriority="high"></picture></div></div>`,
);

export function leafletFirstView(leaflet: Leaflet): string {
  return firstPage({
    leaflet,
    avif: leafletSrcSet(leaflet.baseLocation, 0, 'avif'),
    webp: leafletSrcSet(leaflet.baseLocation, 0, 'webp'),
    sizes: LEAFLET_VIEWER_SIZES,
  });
}

/** /volantini/:leafletId (number or slug): a current leaflet's first page; nothing for any other. */
export function leafletFirstViewRoute(leaflets: LeafletsService): FirstView {
  return {
    path: '/volantini/:leafletId',
    async render(params) {
      const key = leafletKeySchema.safeParse(params.leafletId ?? '');
      const leaflet = key.success ? await leaflets.current(key.data) : null;
      return leaflet ? leafletFirstView(leaflet) : '';
    },
  };
}
