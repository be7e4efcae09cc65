/**
 * The first image of a page whose first content block is a banner slider (the home's header slider): the
 * largest thing on a first visit's screen. The web app preloads it as soon as the page's data arrives
 * (lib/prefetch.ts); the server writes it into the HTML of the home before any JavaScript runs (decision 022).
 * Loose types: the prefetch reads raw JSON.
 */
export interface FirstBanner {
  /** the desktop image (IMAGE_DESKTOP, else the proposal's img) */
  desktop: string;
  /** the phone image (IMAGE_MOBILE), shown up to 599 px */
  mobile?: string;
  alt: string;
}

interface BlockLike {
  templateBlock?: { codInt?: string } | null;
  proposals?:
    { img?: string | null; imgAlt?: string | null; metaData?: Record<string, unknown> | null }[] | null;
}

/** Intrinsic sizes of a header banner: 1200×400 on desktop, 600×400 on phones (the content's format). */
export const HEADER_BANNER_SIZES = { desktop: [1200, 400], mobile: [600, 400] } as const;

/** The first banner of `blocks[0]` when that block is a banner slider with an image; otherwise null. */
export function firstBannerOf(blocks: readonly BlockLike[] | null | undefined): FirstBanner | null {
  const block = blocks?.[0];
  if (!block?.templateBlock?.codInt?.startsWith('BannerSlider')) return null;
  const first = block.proposals?.[0];
  if (!first) return null;
  const text = (key: string): string | undefined => {
    const value = first.metaData?.[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const desktop = text('IMAGE_DESKTOP') ?? (first.img || undefined);
  if (!desktop) return null;
  const mobile = text('IMAGE_MOBILE');
  return { desktop, ...(mobile ? { mobile } : {}), alt: first.imgAlt ?? '' };
}
