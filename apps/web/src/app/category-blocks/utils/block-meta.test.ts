import { describe, expect, it } from 'vitest';
import { bannerStyle, categoryRef, metaBool, metaNumber } from './block-meta';

describe('bannerStyle', () => {
  it.each([
    ['ProposalImage', 'image'],
    ['image', 'image'],
    ['card', 'card'],
    ['ProposalCard', 'card'],
    ['horizontal card', 'horizontalCard'],
    ['ProposalHorizontalCard', 'horizontalCard'],
    ['responsive-card', 'responsiveCard'],
    ['header card', 'headerCard'],
    ['ProposalButton', 'button'],
  ])('%s → %s', (name, style) => {
    expect(bannerStyle({ categoryProposalType: { name } })).toBe(style);
  });
});

describe('block metadata', () => {
  it('reads numbers, booleans and category references', () => {
    expect(metaNumber({ PRODUCT_LIMIT: '8' }, 'PRODUCT_LIMIT')).toBe(8);
    expect(metaNumber({}, 'PRODUCT_LIMIT')).toBeUndefined();
    expect(metaBool({ PROMO: 'true' }, 'PROMO')).toBe(true);
    expect(metaBool({ PROMO: false }, 'PROMO', true)).toBe(false);
    expect(categoryRef('10100')).toEqual({ id: 10100 });
    expect(categoryRef('/category/frutta-e-verdura/frutta')).toEqual({ slug: 'frutta' });
    expect(categoryRef(undefined)).toBeNull();
  });
});
