import { describe, expect, it } from 'vitest';
import { BANNER_SLIDER_STEPS, shouldShowAll, slidesPerView, stepsFromJsonConfig } from './slider-rules';

describe('slidesPerView for product sliders (spec section 9)', () => {
  it.each([
    [320, 1],
    [599, 1],
    [600, 2],
    [959, 2],
    [960, 3],
    [1263, 3],
    [1264, 4],
    [1899, 4],
    [1900, 6],
    [2560, 6],
  ])('%i px → %i slides', (width, slides) => {
    expect(slidesPerView(width)).toBe(slides);
  });
});

describe('shouldShowAll', () => {
  it.each([
    [13, 12, true],
    [12, 12, false],
    [3, 12, false],
    [undefined, 12, false],
  ])('%s items, %s per page → %s', (total, perPage, expected) => {
    expect(shouldShowAll(total, perPage)).toBe(expected);
  });
});

describe('stepsFromJsonConfig', () => {
  it('reads a Swiper-like configuration', () => {
    const steps = stepsFromJsonConfig(
      '{"slidesPerView":1,"breakpoints":{"960":{"slidesPerView":3},"600":{"slidesPerView":2}}}',
      BANNER_SLIDER_STEPS,
    );
    expect(steps).toEqual([
      { minWidth: 0, slides: 1 },
      { minWidth: 600, slides: 2 },
      { minWidth: 960, slides: 3 },
    ]);
    expect(slidesPerView(700, steps)).toBe(2);
  });

  it('falls back on anything unreadable', () => {
    expect(stepsFromJsonConfig('{nope', BANNER_SLIDER_STEPS)).toBe(BANNER_SLIDER_STEPS);
    expect(stepsFromJsonConfig(undefined, BANNER_SLIDER_STEPS)).toBe(BANNER_SLIDER_STEPS);
    expect(stepsFromJsonConfig('{}', BANNER_SLIDER_STEPS)).toBe(BANNER_SLIDER_STEPS);
  });
});
