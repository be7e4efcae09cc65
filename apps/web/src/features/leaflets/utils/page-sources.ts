import {
  LEAFLET_AVIF_WIDTHS,
  LEAFLET_IMAGE_WIDTHS,
} from '@spesa/shared/leaflets/page-images';

/** The `sizes` of a page in the viewer (one page wide on phones, 560 px from md up). */
export const LEAFLET_VIEWER_SIZES = '(min-width: 960px) 560px, 100vw';
/** The `sizes` of a leaflet's cover in a slider (two per view on phones, more on wider screens). */
export const LEAFLET_SLIDER_SIZES = '(min-width: 1264px) 16vw, (min-width: 960px) 25vw, 50vw';

/** `srcset` of one page's images in a modern format: `{baseLocation}{page}-{w}.{format} {w}w`, … */
export function leafletSrcSet(baseLocation: string, page: number, format: 'avif' | 'webp'): string {
  const widths = format === 'avif' ? LEAFLET_AVIF_WIDTHS : LEAFLET_IMAGE_WIDTHS;
  return widths.map((w) => `${baseLocation}${page}-${w}.${format} ${w}w`).join(', ');
}

/** A page's AVIF images as a preload (prefetch-start.ts): the same choice the `<picture>` will make. */
export function leafletPagePreload(baseLocation: string, page: number, sizes: string) {
  return { srcset: leafletSrcSet(baseLocation, page, 'avif'), sizes, type: 'image/avif' };
}
