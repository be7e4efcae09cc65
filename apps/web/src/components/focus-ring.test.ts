import { describe, expect, it } from 'vitest';
import { focusRingOn } from './focus-ring';

describe('the focus ring colour on a content block background', () => {
  it.each([
    ['#14532d', '#ffffff'], // the home's dark green slider: dark blue would be 1.06:1
    ['#1b5e20', '#ffffff'],
    ['#000', '#ffffff'],
    ['#ffffff', '#0d47a1'],
    ['#f6f7f4', '#0d47a1'],
    ['#e8f5e9', '#0d47a1'],
    ['rgb(1,2,3)', '#0d47a1'], // not a hex colour: the default
  ])('on %s: %s', (bg, ring) => {
    expect(focusRingOn(bg)).toBe(ring);
  });
});
