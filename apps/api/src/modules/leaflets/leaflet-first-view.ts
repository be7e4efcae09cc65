import {
  LEAFLET_PAGE_RATIO,
  LEAFLET_SLIDER_SIZES,
  LEAFLET_VIEWER_SIZES,
  leafletSrcSet,
} from '@spesa/shared/leaflets/page-images';
import { leafletKeySchema, type Leaflet } from '@spesa/shared/contracts/leaflets';
import type { FastifyRequest } from 'fastify';
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

/**
 * /volantini's first screen (decision 060): the covers of the first two leaflets the visitor's store shows, as
 * the page's slider shows them (two per view, the slider's `sizes`); the title and the introduction come with
 * the page (their place is kept).
 */
const covers = htmlTemplate<{ leaflets: { avif: string; webp: string; png: string }[]; sizes: string }>(
  '<div class="shell-view shell-leaflets"><div class="shell-lfs-head"></div><div class="shell-covers">' +
    '<% it.leaflets.forEach(function (l) { %><picture>' +
    '<source type="image/avif" srcset="<%= l.avif %>" sizes="<%= it.sizes %>">' +
    '<source type="image/webp" srcset="<%= l.webp %>" sizes="<%= it.sizes %>">' +
    `<img src="<%= l.png %>" alt="" width="${LEAFLET_PAGE_RATIO.width}" ` +
    `height="${LEAFLET_PAGE_RATIO.height}" fetchpriority="high"></picture><% }) %></div></div>`,
);

export function leafletCoversFirstView(leaflets: readonly Leaflet[]): string {
  if (leaflets.length < 2) return ''; // one leaflet: the page opens it (spec section 9)
  return covers({
    leaflets: leaflets.slice(0, 2).map((l) => ({
      avif: leafletSrcSet(l.baseLocation, 0, 'avif'),
      webp: leafletSrcSet(l.baseLocation, 0, 'webp'),
      png: `${l.baseLocation}0.png`,
    })),
    sizes: LEAFLET_SLIDER_SIZES,
  });
}

/** /volantini: the covers of the current leaflets of the visitor's store (as `/leaflet/search` answers). */
export function leafletsFirstViewRoute(
  leaflets: LeafletsService,
  storeOf: (request: FastifyRequest) => Promise<number>,
): FirstView {
  return {
    path: '/volantini',
    async render(_params, request) {
      const found = await leaflets.search({}, await storeOf(request));
      return found.ok ? leafletCoversFirstView(found.data.leaflets) : '';
    },
  };
}
