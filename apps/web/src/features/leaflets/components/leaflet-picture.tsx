import { LEAFLET_PAGE_RATIO, leafletSrcSet } from '@spesa/shared/leaflets/page-images';

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
  return (
    <picture>
      <source type="image/avif" srcSet={leafletSrcSet(baseLocation, page, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={leafletSrcSet(baseLocation, page, 'webp')} sizes={sizes} />
      <img
        src={`${baseLocation}${page}.png`}
        alt={alt}
        width={LEAFLET_PAGE_RATIO.width}
        height={LEAFLET_PAGE_RATIO.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        draggable={false}
      />
    </picture>
  );
}
