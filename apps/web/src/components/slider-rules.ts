/**
 * Slider rules (spec section 9). Pure, so the tables can be tested and turned into CSS media queries.
 */
export interface SlidesStep {
  /** from this viewport width in px */
  minWidth: number;
  slides: number;
}

/** CRM and product sliders: 1, 2, 3, 4, 6 slides at 0, 600, 960, 1264, 1900 px. */
export const PRODUCT_SLIDER_STEPS: readonly SlidesStep[] = [
  { minWidth: 0, slides: 1 },
  { minWidth: 600, slides: 2 },
  { minWidth: 960, slides: 3 },
  { minWidth: 1264, slides: 4 },
  { minWidth: 1900, slides: 6 },
];

/** Banner sliders: not fixed by the spec; a block's JSON_CONFIG can override it. */
export const BANNER_SLIDER_STEPS: readonly SlidesStep[] = [
  { minWidth: 0, slides: 1 },
  { minWidth: 600, slides: 2 },
  { minWidth: 1264, slides: 3 },
];

export const SINGLE_SLIDE_STEPS: readonly SlidesStep[] = [{ minWidth: 0, slides: 1 }];

export const SLIDER_GAP_PX = 20;

export function slidesPerView(width: number, steps: readonly SlidesStep[] = PRODUCT_SLIDER_STEPS): number {
  let slides = steps[0]?.slides ?? 1;
  for (const step of steps) if (width >= step.minWidth) slides = step.slides;
  return slides;
}

/** A product slider shows the "show all" link only when there are more items than it shows. */
export function shouldShowAll(totalItems: number | null | undefined, itemsPerPage: number): boolean {
  return typeof totalItems === 'number' && totalItems > itemsPerPage;
}

/**
 * Reads a Swiper-style JSON_CONFIG ({"slidesPerView": 1, "breakpoints": {"600": {"slidesPerView": 2}}})
 * into steps; anything unreadable gives the fallback.
 */
export function stepsFromJsonConfig(json: unknown, fallback: readonly SlidesStep[]): readonly SlidesStep[] {
  let config: unknown = json;
  if (typeof json === 'string') {
    try {
      config = JSON.parse(json);
    } catch {
      return fallback;
    }
  }
  if (!config || typeof config !== 'object') return fallback;
  const c = config as { slidesPerView?: unknown; breakpoints?: Record<string, { slidesPerView?: unknown }> };
  const base = typeof c.slidesPerView === 'number' && c.slidesPerView > 0 ? c.slidesPerView : null;
  const bps = Object.entries(c.breakpoints ?? {})
    .map(([w, v]) => ({ minWidth: Number(w), slides: Number(v?.slidesPerView) }))
    .filter((s) => Number.isFinite(s.minWidth) && s.minWidth > 0 && Number.isFinite(s.slides) && s.slides > 0)
    .sort((a, b) => a.minWidth - b.minWidth);
  if (base == null && bps.length === 0) return fallback;
  return [{ minWidth: 0, slides: base ?? fallback[0]?.slides ?? 1 }, ...bps];
}

/** CSS for the slide width at each step, with the gap between slides. */
export function slideWidthCss(
  steps: readonly SlidesStep[],
): Record<string, { flexBasis: string }> | { flexBasis: string } {
  const css: Record<string, { flexBasis: string }> = {};
  let base = '100%';
  for (const step of steps) {
    const basis = `${100 / step.slides}%`;
    if (step.minWidth === 0) base = basis;
    else css[`@media (min-width: ${step.minWidth}px)`] = { flexBasis: basis };
  }
  return { flexBasis: base, ...css };
}

/** The home's leaflet slider (spec section 9): 2, 2, 4, 6, 6 leaflets at 0, 600, 960, 1264, 1900 px. */
export const LEAFLET_SLIDER_STEPS: readonly SlidesStep[] = [
  { minWidth: 0, slides: 2 },
  { minWidth: 600, slides: 2 },
  { minWidth: 960, slides: 4 },
  { minWidth: 1264, slides: 6 },
  { minWidth: 1900, slides: 6 },
];

/** The leaflets page's slider (spec section 9): 2 per view, 20 px apart. */
export const LEAFLETS_PAGE_STEPS: readonly SlidesStep[] = [{ minWidth: 0, slides: 2 }];
