import {
  LEAFLET_AVIF_WIDTHS,
  LEAFLET_IMAGE_WIDTHS,
  LEAFLET_PAGE_RATIO,
} from '@spesa/shared/contracts/leaflets';

/**
 * A leaflet page's image in modern formats at the widths the screen needs (AVIF, WebP, the PNG of the wire
 * notes as the fallback). `priority`: the viewer's first page, the page's largest paint.
 */
export function LeafletPicture({
  baseLocation,
  page,
  alt,
  sizes,
  priority = false,
}: {
  baseLocation: string;
  page: number;
  alt: string;
  sizes: string;
  priority?: boolean;
}) {
  const set = (widths: readonly number[], format: string) =>
    widths.map((w) => `${baseLocation}${page}-${w}.${format} ${w}w`).join(', ');
  return (
    <picture>
      <source type="image/avif" srcSet={set(LEAFLET_AVIF_WIDTHS, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={set(LEAFLET_IMAGE_WIDTHS, 'webp')} sizes={sizes} />
      <img
        src={`${baseLocation}${page}.png`}
        alt={alt}
        width={LEAFLET_PAGE_RATIO.width}
        height={LEAFLET_PAGE_RATIO.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        draggable={false}
      />
    </picture>
  );
}
