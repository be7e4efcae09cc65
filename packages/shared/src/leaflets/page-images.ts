/**
 * The images of a leaflet's pages (decision 052): `{baseLocation}{n}.png` (n from 0), plus modern formats at
 * several widths. Plain values without zod, so the web's leaflet pages do not download the contracts' library.
 */

/** Widths (px) of the page images in modern formats: `{baseLocation}{n}-{w}.webp` */
export const LEAFLET_IMAGE_WIDTHS: readonly number[] = [480, 960, 1440];
/** ... and `{baseLocation}{n}-{w}.avif` at these */
export const LEAFLET_AVIF_WIDTHS: readonly number[] = [480, 960];
/** The page's shape: every page image is this width / height. */
export const LEAFLET_PAGE_RATIO = { width: 1440, height: 2036 } as const;

/** The `sizes` of a leaflet's cover in a slider (two per view on phones, more on wider screens). */
export const LEAFLET_SLIDER_SIZES = '(min-width: 1264px) 16vw, (min-width: 960px) 25vw, 50vw';

/** The `sizes` of a page in the viewer (one page wide on phones, 560 px from md up). */
export const LEAFLET_VIEWER_SIZES = '(min-width: 960px) 560px, 100vw';

/**
 * `srcset` of one page's images in a modern format: `{baseLocation}{page}-{w}.{format} {w}w`, … The viewer's
 * picture and the page the server writes into the HTML (decision 060) use it, so both pick the same file.
 */
export function leafletSrcSet(baseLocation: string, page: number, format: 'avif' | 'webp'): string {
  const widths = format === 'avif' ? LEAFLET_AVIF_WIDTHS : LEAFLET_IMAGE_WIDTHS;
  return widths.map((w) => `${baseLocation}${page}-${w}.${format} ${w}w`).join(', ');
}
