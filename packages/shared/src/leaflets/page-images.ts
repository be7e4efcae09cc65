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
