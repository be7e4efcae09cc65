import { leafletSrcSet } from '@spesa/shared/leaflets/page-images';

/** A page's AVIF images as a preload (prefetch-start.ts): the same choice the `<picture>` will make. */
export function leafletPagePreload(baseLocation: string, page: number, sizes: string) {
  return { srcset: leafletSrcSet(baseLocation, page, 'avif'), sizes, type: 'image/avif' };
}
