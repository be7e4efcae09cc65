import { leafletSrcSet } from '@spesa/shared/leaflets/page-images';

/** The `sizes` of a leaflet's cover in a slider (two per view on phones, more on wider screens). */
export const LEAFLET_SLIDER_SIZES = '(min-width: 1264px) 16vw, (min-width: 960px) 25vw, 50vw';

/** A page's AVIF images as a preload (prefetch-start.ts): the same choice the `<picture>` will make. */
export function leafletPagePreload(baseLocation: string, page: number, sizes: string) {
  return { srcset: leafletSrcSet(baseLocation, page, 'avif'), sizes, type: 'image/avif' };
}
