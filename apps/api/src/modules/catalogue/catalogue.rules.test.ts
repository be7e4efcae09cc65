import { describe, expect, it } from 'vitest';
import { lastSlugSegment, pageOf, parseFacets, seededShuffle } from './catalogue.service';

describe('parseFacets', () => {
  it('reads vendor (or brand) and category ids, comma separated or repeated', () => {
    expect(parseFacets(['vendor:12,brand:15', 'category:10101'])).toEqual({
      vendorIds: [12, 15],
      categoryIds: [10101],
    });
    expect(parseFacets('category:1,category:1')).toEqual({ vendorIds: [], categoryIds: [1] });
  });
  it('ignores anything else', () => {
    expect(parseFacets(["vendor:1'; drop", 'vendor:0', 'vendor:99999999999', 'colour:3', ''])).toEqual({
      vendorIds: [],
      categoryIds: [],
    });
    expect(parseFacets(undefined)).toEqual({ vendorIds: [], categoryIds: [] });
  });
});

describe('paging and slugs', () => {
  it.each([
    [0, 1, 24, 0],
    [24, 1, 24, 1],
    [25, 1, 24, 2],
    [100, 7, 10, 10],
  ])('%i items, page %i of %i -> %i pages', (tot, page, size, pages) => {
    expect(pageOf(tot, page, size)).toEqual({
      selPage: page,
      totPages: pages,
      totItems: tot,
      itemsPerPage: size,
    });
  });
  it('takes the last segment of a path', () => {
    expect(lastSlugSegment('frutta-e-verdura/frutta')).toBe('frutta');
    expect(lastSlugSegment('/category/Frutta/')).toBe('frutta');
    expect(lastSlugSegment('///')).toBe('');
  });
});

describe('seededShuffle', () => {
  it('is a permutation, the same for the same seed and different for another day', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const a = seededShuffle(items, '2025-07-01:x');
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(seededShuffle(items, '2025-07-01:x')).toEqual(a);
    expect(seededShuffle(items, '2025-07-02:x')).not.toEqual(a);
  });
});
