import type { CSSProperties } from 'react';

/** The shop's focus ring colours (shell.css, decision 069): dark blue on light backgrounds, white on dark ones. */
export const FOCUS_RING_ON_LIGHT = '#0d47a1';
export const FOCUS_RING_ON_DARK = '#ffffff';

function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const s = parseInt(h.slice(i, i + 2), 16) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The ring colour with the more contrast on `background` (a content block's own colour, `#rrggbb`): the dark
 * blue unless the background is dark. Colours it cannot read keep the dark blue.
 */
export function focusRingOn(background: string): string {
  const bg = luminance(background);
  if (bg === null) return FOCUS_RING_ON_LIGHT;
  const onLight = contrast(luminance(FOCUS_RING_ON_LIGHT)!, bg);
  const onDark = contrast(1, bg);
  return onLight >= onDark ? FOCUS_RING_ON_LIGHT : FOCUS_RING_ON_DARK;
}

/**
 * The style giving the ring colour seen on `background`: to the elements on it (`--focus-ring`, shell.css),
 * or to the element's own ring where it is drawn inside it (`--focus-ring-inside`: a slide of a carousel,
 * carousel.css).
 */
export function focusRingStyle(
  background: string,
  variable: '--focus-ring' | '--focus-ring-inside' = '--focus-ring',
): CSSProperties {
  return { [variable]: focusRingOn(background) } as CSSProperties;
}
